import { HttpError, type ErrorContext, type HttpErrorDetails } from '@pushapi/client-core';

export { ClientError, HttpError, NetworkError, TimeoutError, type Violation } from '@pushapi/client-core';

/**
 * The service refused the call: HTTP 400, 401 (after one renewal of the token) or 403, or a 200 answer whose
 * `code` is not "0". An HttpError with the answer's `code` and `desc` (and, for a 400, its violations).
 */
export class DmpApiError extends HttpError {
  static override readonly kind: string = 'DmpApiError';
  override name = 'DmpApiError';
  /** The answer's `code`, when it sent one. */
  code: string | undefined;
  /** The answer's `desc`, when it sent one (scrubbed of secrets). */
  desc: string | undefined;

  constructor(
    details: HttpErrorDetails & { code?: string | undefined; desc?: string | undefined },
    context: ErrorContext,
  ) {
    super(details, context);
    this.code = details.code;
    this.desc = details.desc;
    this.refresh();
  }

  protected override statusText(): string {
    return `HTTP ${this.status}${this.code === undefined ? '' : `, code ${this.code}`}`;
  }
}
