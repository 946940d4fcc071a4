export { ClientError, HttpError, NetworkError, TimeoutError, type ClientErrorOptions } from './errors.js';
export { SecretSet, REDACTED } from './redact.js';
export { DEFAULT_RETRY, backoffDelay, parseRetryAfter, resolveRetry, type ResolvedRetry, type RetryOptions } from './retry.js';
export {
  exchange,
  isClientError,
  isTransportError,
  realSleep,
  untilAborted,
  withRetries,
  type Answer,
  type FetchLike,
  type Outgoing,
  type RetryVerdict,
  type Runtime,
} from './exchange.js';
export {
  callThrough,
  PlainRequest,
  responseOf,
  toOutgoing,
  type Accepted,
  type CallSettings,
  type Transport,
} from './through-openapi-fetch.js';
export { sha256Hex, toHex } from './hex.js';
export { TokenCache, type StoredToken, type TokenStore } from './token.js';
export type {
  BodyInit,
  CallOptions,
  HttpMethod,
  InitArgs,
  JsonOf,
  OperationOf,
  ParamsInit,
  PathsWith,
  StrictUnion,
  SuccessData,
} from './typed.js';
