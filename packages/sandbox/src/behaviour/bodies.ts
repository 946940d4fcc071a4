// The request bodies behaviour reads, typed by the generated types of the documents: push v1 and DMP from their
// clients' generated types, the control API from this package's. The validator (interfaces/check.ts) is the one
// place where an `unknown` body becomes one of these.
import type { operations as DmpOperations } from '@pushapi/dmp-client';
import type { operations as PushOperations } from '@pushapi/push-v1-client';
import type { OperationRequestBodyContent } from 'openapi-typescript-helpers';
import type { operations as ControlOperations } from '../generated/schema.js';

export type PushBody<Op extends keyof PushOperations> = NonNullable<OperationRequestBodyContent<PushOperations[Op]>>;
export type DmpBody<Op extends keyof DmpOperations> = NonNullable<OperationRequestBodyContent<DmpOperations[Op]>>;
export type ControlBody<Op extends keyof ControlOperations> = NonNullable<
  OperationRequestBodyContent<ControlOperations[Op]>
>;

/** The body as a request carries it: undefined where the operation's body is optional. */
export type SentBody<Operation> = OperationRequestBodyContent<Operation>;

/** What every push carries: the envelope, its template (named by msgtype) and push_info. */
export type PushPayload = PushBody<'saveListBody'>;
export type Condition = NonNullable<PushBody<'queryUserCount'>['condition']>;
