export {
  ClientError,
  HttpError,
  NetworkError,
  TimeoutError,
  violationsText,
  type ErrorContext,
  type HttpErrorDetails,
} from './errors.js';
export { readViolations, type Violation } from './violations.js';
export { SecretSet, REDACTED, FRAGMENT, SHORT_SECRET, causeCode, innermostMessage } from './redact.js';
export {
  DEFAULT_RETRY,
  backoffDelay,
  parseRetryAfter,
  resolveRetry,
  sleep,
  type ResolvedRetry,
  type RetryOptions,
} from './retry.js';
export {
  createClientCore,
  type Answer,
  type CallHow,
  type CallInfo,
  type ClientCore,
  type CommonOptions,
  type FetchLike,
  type Method,
  type Profile,
  type SignInTools,
  type Verdict,
} from './client.js';
export { sha256Hex, toHex } from './hex.js';
export { TokenCache, type StoredToken, type TokenStore } from './token.js';
export type {
  BodyOption,
  CallData,
  CallInit,
  CallOptions,
  HttpMethod,
  InitArgs,
  OperationOf,
  PathOf,
  ResultData,
} from './types.js';
