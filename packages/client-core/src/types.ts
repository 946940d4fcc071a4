// The call signatures' building blocks, made of openapi-fetch's and openapi-typescript's own helper types: each
// client's src/call-types.ts applies them to its generated `paths`, and src/generated/calls.ts uses those per
// operation. The body and answer types are openapi-typescript-helpers' plain ones: openapi-fetch's
// RequestBodyOption and MethodResponse also strip readOnly/writeOnly markers (Writable, Readable), which the
// generated types do not have, at a cost of about twenty times the type instantiations per call.
import type { HeadersOptions, ParamsOption } from 'openapi-fetch';
import type {
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  PathsWithMethod,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { RetryOptions } from './retry.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Options every call takes besides `params` and `body`. */
export interface CallOptions {
  /** Headers of this call only (a client's own headers, such as its token, win). */
  headers?: HeadersOptions;
  /** Aborts the call, also while it waits for a sign-in or before a retry; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Limit of each attempt, and of the wait for a sign-in, in ms, for this call; 0 turns it off. */
  timeoutMs?: number;
  /** Retry settings for this call; `false` turns retries off. */
  retry?: RetryOptions | false;
}

/** The paths of `Paths` that have a `M` operation. */
export type PathOf<Paths extends {}, M extends HttpMethod> = PathsWithMethod<Paths, M>;

/** The operation object of `M` on path `P`. */
export type OperationOf<Paths, P extends keyof Paths, M extends HttpMethod> = Paths[P] extends { [K in M]: infer O }
  ? O
  : never;

/** `body` as the operation declares it: required, optional or absent. */
export type BodyOption<Op> = [OperationRequestBodyContent<Op>] extends [never]
  ? { body?: never }
  : IsOperationRequestBodyOptional<Op> extends true
    ? { body?: OperationRequestBodyContent<Op> }
    : { body: OperationRequestBodyContent<Op> };

/** The init of a call: openapi-fetch's `params`, the operation's `body` (`Body` lets a client relax it), and the call options. */
export type CallInit<Op, Body = BodyOption<Op>> = ParamsOption<Op> & Body & CallOptions;

/** The init argument, optional when nothing in it is required. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends Init` asks whether every field of Init is optional.
export type InitArgs<Init> = {} extends Init ? [init?: Init] : [init: Init];

/** What a call resolves with: the operation's success answer. */
export type CallData<Paths, P extends keyof Paths, M extends HttpMethod> = SuccessResponse<
  ResponseObjectMap<OperationOf<Paths, P, M>>
>;

/**
 * The branches of an answer union `T` whose `result` is one of `R`: what a client resolves with when it throws on
 * any other `result` (the push v1 answers are `oneOf` an ok shape and a failure shape). An answer that is not such
 * a union (no branch has that `result` literal) is kept whole.
 */
export type ResultData<T, R extends string> = [Extract<T, { result: R }>] extends [never]
  ? T
  : Extract<T, { result: R }>;
