// The argument and answer types of the generated call signatures (generated/calls.ts), from openapi-fetch's
// helper types over the generated `paths`. One change to the document's types: requestid may be left out,
// at the top of a body or in each `msg_list` item, because the client fills it in.
import type {
  BodyOption,
  CallData,
  CallInit,
  HttpMethod,
  InitArgs,
  OperationOf,
  PathOf,
  ResultData,
} from '@pushapi/client-core';
import type { DataResult } from './data-results.js';
import type { paths } from './generated/schema.js';

export type Path<M extends HttpMethod> = PathOf<paths, M>;

type OptionalRequestId<T> = T extends unknown
  ? 'requestid' extends keyof T
    ? Omit<T, 'requestid'> & { requestid?: T['requestid'] }
    : T
  : never;
type WithOptionalRequestId<B> = B extends { msg_list: (infer Item)[] }
  ? Omit<B, 'msg_list'> & { msg_list: OptionalRequestId<Item>[] }
  : OptionalRequestId<B>;
type PushBody<Option> = Option extends { body: infer B } ? { body: WithOptionalRequestId<B> } : Option;

/** The init of a call: params, body (requestid optional), headers, signal, timeoutMs, retry. */
export type PushInit<P extends Path<M>, M extends HttpMethod> = CallInit<
  OperationOf<paths, P, M>,
  PushBody<BodyOption<OperationOf<paths, P, M>>>
>;
export type Init<P extends Path<M>, M extends HttpMethod> = PushInit<P, M>;
export type Args<P extends Path<M>, M extends HttpMethod> = InitArgs<PushInit<P, M>>;
/**
 * The success answer of a call: the ok shape of its answer (and user_status's `no_user` shape), since the client
 * throws PushApiError on any other `result`. So a successful push_single's `taskid` is a `string`.
 */
export type Data<P extends Path<M>, M extends HttpMethod> = ResultData<CallData<paths, P, M>, DataResult<P, M>>;
