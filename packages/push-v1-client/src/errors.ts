import { ClientError } from '@pushapi/client-core';
import { knownValues } from './generated/known-values.js';

export { ClientError, HttpError, NetworkError, TimeoutError } from '@pushapi/client-core';

/** `result` values the document lists in the `Result` schema's `x-known-values`. */
export const KNOWN_RESULTS = knownValues.Result;

/** A known result value; the service may send others, so the type used for `result` stays open. */
export type KnownResult = (typeof KNOWN_RESULTS)[number];

/** An open result code: autocompletes the known values and still accepts any string. */
export type Result = KnownResult | (string & {});

/**
 * The service answered, and its `result` is not `ok` (nor a value the operation returns as data,
 * such as user_status `no_user`).
 */
export class PushApiError extends ClientError {
  override name = 'PushApiError';
  readonly result: Result;
  /** The service's error description, if it sent one. */
  readonly desc: string | undefined;

  constructor(result: string, desc: string | undefined, options: { operation: string; cause?: unknown }) {
    super(`${options.operation}: ${result}${desc ? ` (${desc})` : ''}`, options);
    this.result = result;
    this.desc = desc;
  }
}
