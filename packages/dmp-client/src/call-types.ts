// The argument and answer types of the generated call signatures (generated/calls.ts), from openapi-fetch's
// helper types over the generated `paths`.
import type { CallData, CallInit, HttpMethod, InitArgs, OperationOf, PathOf } from '@pushapi/client-core';
import type { paths } from './generated/schema.js';

export type Path<M extends HttpMethod> = PathOf<paths, M>;
/** The init of a call: params, body, headers, signal, timeoutMs, retry. */
export type DmpInit<P extends Path<M>, M extends HttpMethod> = CallInit<OperationOf<paths, P, M>>;
export type Init<P extends Path<M>, M extends HttpMethod> = DmpInit<P, M>;
export type Args<P extends Path<M>, M extends HttpMethod> = InitArgs<DmpInit<P, M>>;
/** The success answer of a call. */
export type Data<P extends Path<M>, M extends HttpMethod> = CallData<paths, P, M>;
