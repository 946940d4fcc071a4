export { createPushClient, TOKEN_INVALID_RESULTS } from './client.js';
export type { PushClient, PushClientOptions, PushData, PushInit } from './client.js';
export {
  ClientError,
  HttpError,
  KNOWN_RESULTS,
  NetworkError,
  PushApiError,
  TimeoutError,
  type KnownResult,
  type Result,
} from './errors.js';
export { pushSign } from './sign.js';
export { newRequestId } from './request-id.js';
export type { CallOptions, RetryOptions, StoredToken, TokenStore } from '@pushapi/client-core';
export type { paths, components, operations } from './generated/schema.js';
