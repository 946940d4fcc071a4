// Error classes shared by both clients. Every field is plain data about the failed call;
// none holds a credential, so message, stack, toJSON(), String() and util.inspect stay clean.

export interface ClientErrorOptions {
  /** Name of the operation that failed, such as `push_single` or `tags/user`. */
  operation: string;
  cause?: unknown;
}

/** Base class of every error the clients throw. */
export class ClientError extends Error {
  override name = 'ClientError';
  /** The operation that failed. */
  readonly operation: string;

  constructor(message: string, options: ClientErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.operation = options.operation;
  }

  /** Plain fields for logs; the cause is reduced to its name and message. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause') out[key] = value;
    }
    if (this.cause instanceof Error) out.cause = { name: this.cause.name, message: this.cause.message };
    return out;
  }
}

/** The server answered with an HTTP status the client cannot use (or a body that is not JSON). */
export class HttpError extends ClientError {
  override name = 'HttpError';
  readonly status: number;

  constructor(status: number, options: ClientErrorOptions & { detail?: string }) {
    super(`${options.operation}: HTTP ${status}${options.detail ? ` (${options.detail})` : ''}`, options);
    this.status = status;
  }
}

/** The call did not complete within its timeout. The request may or may not have reached the server. */
export class TimeoutError extends ClientError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options: ClientErrorOptions) {
    super(`${options.operation}: no answer within ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** fetch failed before an HTTP answer arrived (DNS, refused or reset connection, TLS). */
export class NetworkError extends ClientError {
  override name = 'NetworkError';

  constructor(options: ClientErrorOptions) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`${options.operation}: network error: ${reason}`, options);
  }
}
