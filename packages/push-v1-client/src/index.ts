export { createPushClient, TOKEN_INVALID_RESULTS } from './client.js';
export type { PushClient, PushClientOptions } from './client.js';
export type { Args, Data, Data as PushData, Path, PushInit } from './call-types.js';
export type { DeleteCalls, GetCalls, PostCalls } from './generated/calls.js';
export {
  ClientError,
  HttpError,
  KNOWN_RESULTS,
  NetworkError,
  PushApiError,
  TimeoutError,
  type KnownResult,
  type Result,
  type Violation,
} from './errors.js';
export { pushSign } from './sign.js';
export { newRequestId } from './request-id.js';
export type { CallOptions, RetryOptions, StoredToken, TokenStore } from '@pushapi/client-core';
export type { paths, components, operations } from './generated/schema.js';
