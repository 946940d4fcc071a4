import { ClientError, type ErrorContext } from '@pushapi/client-core';
import { knownValues } from './generated/known-values.js';

export { ClientError, HttpError, NetworkError, TimeoutError, type Violation } from '@pushapi/client-core';

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
  static override readonly kind: string = 'PushApiError';
  override name = 'PushApiError';
  result: Result;
  /** The service's error description, if it sent one (scrubbed of secrets). */
  desc: string | undefined;

  constructor(details: { result: string; desc?: string | undefined }, context: ErrorContext) {
    super(context);
    this.result = details.result;
    this.desc = details.desc;
    this.refresh();
  }

  protected override describe(): string {
    return `${this.result}${this.desc ? ` (${this.desc})` : ''}${this.attemptsText()}`;
  }
}
