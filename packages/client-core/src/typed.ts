// Type machinery that turns openapi-typescript's `paths` into call signatures, for any document.
// Nothing here names an operation: every signature is derived from the generated types.
import type { RetryOptions } from './retry.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Paths of `Paths` that have an operation for `M`. */
export type PathsWith<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: { responses: unknown } } ? P : never;
}[keyof Paths] &
  string;

/** The operation object of `M` on path `P`. */
export type OperationOf<Paths, P extends keyof Paths, M extends HttpMethod> = Paths[P] extends { [K in M]: infer O } ? O : never;

type KeysWithValue<T> = { [K in keyof T]-?: [Exclude<T[K], undefined>] extends [never] ? never : K }[keyof T];
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** Parameter groups the operation really has (openapi-typescript writes `query?: never` for absent ones). */
type ParamGroups<O> = O extends { parameters: infer Ps } ? Pick<Ps, KeysWithValue<Ps>> : {};

export type ParamsInit<O> = [keyof ParamGroups<O>] extends [never]
  ? { params?: never }
  : [RequiredKeys<ParamGroups<O>>] extends [never]
    ? { params?: ParamGroups<O> }
    : { params: ParamGroups<O> };

/** The JSON body of a media-type map, preferring application/json. */
export type JsonOf<C> = C extends { 'application/json': infer B } ? B : C[keyof C];

type BodyContent<O> = O extends { requestBody?: infer RB } ? (NonNullable<RB> extends { content: infer C } ? JsonOf<C> : never) : never;
type BodyRequired<O> = O extends { requestBody: { content: unknown } } ? true : false;

/** `body` as the operation declares it, after `Transform` (a client's relaxation such as an optional requestid). */
export type BodyInit<O, B = BodyContent<O>> = [B] extends [never]
  ? { body?: never }
  : BodyRequired<O> extends true
    ? { body: B }
    : { body?: B };

/** The JSON of the operation's success answer (2XX), preferring application/json. */
export type SuccessData<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202 | 203 | 204 | '2XX' ? (R[S] extends { content: infer C } ? JsonOf<C> : undefined) : never;
    }[keyof R]
  : never;

/** Options every call accepts besides params and body. */
export interface CallOptions {
  /** Aborts the call (not retried). */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms for this call; overrides the client's. 0 turns it off. */
  timeoutMs?: number;
  /** Retry settings for this call; `false` turns retries off. */
  retry?: RetryOptions | false;
}

/** Makes the init argument optional when nothing in it is required. */
export type InitArgs<Init> = [RequiredKeys<Init>] extends [never] ? [init?: Init] : [init: Init];

type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/**
 * Turns a union of object types into one whose members forbid the keys of the other members.
 * A `oneOf` of "exactly one template" or "cid or alias" then rejects a body carrying two of them,
 * which plain TypeScript unions accept.
 */
export type StrictUnion<T, All = T> = T extends unknown ? T & { [K in Exclude<KeysOfUnion<All>, keyof T>]?: never } : never;
