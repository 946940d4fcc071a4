import { ClientError } from '@pushapi/client-core';

export { ClientError, HttpError, NetworkError, TimeoutError } from '@pushapi/client-core';

/**
 * The service refused the call: HTTP 400, 401 (after one renewal of the token) or 403, or a 200 answer
 * whose `code` is not "0". `code` is the answer's code when it sent one.
 */
export class DmpApiError extends ClientError {
  override name = 'DmpApiError';
  readonly code: string | undefined;
  readonly status: number;

  constructor(status: number, code: string | undefined, options: { operation: string; cause?: unknown }) {
    super(`${options.operation}: HTTP ${status}${code === undefined ? '' : `, code ${code}`}`, options);
    this.status = status;
    this.code = code;
  }
}
