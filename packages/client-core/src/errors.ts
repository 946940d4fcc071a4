// The error classes every client throws. Each client bundles this module, so a program using two clients has
// two copies of each class: `instanceof` is therefore decided by a brand under a global symbol (one for all
// copies, see Symbol.hasInstance below), and a DMP NetworkError is `instanceof` the push client's NetworkError.
// Errors hold plain data about the failed call and never a credential; text from elsewhere arrives scrubbed.
import type { Violation } from './violations.js';

const KINDS = Symbol.for('@pushapi/client-core/error-kinds');
const SCRUB = new WeakMap<object, (text: string) => string>();

/** What every error knows about the call. */
export interface ErrorContext {
  /** The call that failed: method and path template, such as `POST /push_single`. */
  operation: string;
  /** The sign-in this call waited for, when the failure happened there, such as `POST /auth_sign`. */
  signIn?: string | undefined;
  /** Requests sent for the call (retries included); 0 when it failed before sending one. */
  attempts?: number | undefined;
  /** Already made safe (SecretSet.copyCause). */
  cause?: unknown;
  /** Applied to the message, so that not even a path parameter can carry a secret into it. */
  scrub?: ((text: string) => string) | undefined;
}

/** Base class of every error the clients throw. */
export class ClientError extends Error {
  /** The brand that `instanceof` checks; unique per class, the same in every copy of the class. */
  static readonly kind: string = 'ClientError';

  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = (value as { [KINDS]?: unknown } | null)?.[KINDS];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, so a subclass checks its own kind.
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  override name = 'ClientError';
  /** The call that failed, such as `POST /push_single`. */
  operation: string;
  /** The sign-in this call waited for when the failure happened there (`POST /auth_sign`); otherwise undefined. */
  signIn: string | undefined;
  /** Requests sent for the call, retries included (0: it failed before sending one). */
  attempts: number;

  constructor(context: ErrorContext) {
    super('', context.cause === undefined ? undefined : { cause: context.cause });
    const kinds: string[] = [];
    for (
      let c: unknown = new.target;
      typeof c === 'function' && Object.hasOwn(c, 'kind');
      c = Object.getPrototypeOf(c)
    ) {
      kinds.push((c as typeof ClientError).kind);
    }
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
    if (context.scrub) SCRUB.set(this, context.scrub);
    this.operation = context.operation;
    this.signIn = context.signIn;
    this.attempts = context.attempts ?? 1;
    // A subclass sets its own fields first: it calls refresh() at the end of its constructor.
    if (new.target === ClientError) this.refresh();
  }

  /** What went wrong, after the operation's name (each class says it from its own fields). */
  protected describe(): string {
    return 'failed';
  }

  /** Sets the message from the fields; called again when the transport learns more (attempts, time spent). */
  refresh(): void {
    const scrub = SCRUB.get(this) ?? ((text: string) => text);
    const where = this.signIn ? `${this.operation} (during its sign-in, ${this.signIn})` : this.operation;
    this.message = scrub(`${where}: ${this.describe()}`);
  }

  /** " after 3 attempts" when there were retries. */
  protected attemptsText(): string {
    return this.attempts > 1 ? `, after ${this.attempts} attempts` : '';
  }

  /**
   * A copy of this error (same class and fields) as an error of `operation`, which was waiting for the sign-in
   * that failed with this error. Each waiting call gets its own copy.
   */
  duringSignInOf(operation: string): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    for (const key of Reflect.ownKeys(this)) {
      if (key === 'stack') continue;
      Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(this, key)!);
    }
    const scrub = SCRUB.get(this);
    if (scrub) SCRUB.set(copy, scrub);
    copy.signIn = this.operation;
    copy.operation = operation;
    copy.refresh();
    // A fresh stack (V8 formats its first line from the message when it is first read); elsewhere, none.
    (Error as { captureStackTrace?: (target: object, omit?: unknown) => void }).captureStackTrace?.(
      copy,
      this.duringSignInOf,
    );
    return copy;
  }

  /** Plain fields for logs, the cause chain included (already scrubbed). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) out[key] = value;
    const cause = causeJson(this.cause);
    if (cause !== undefined) out.cause = cause;
    return out;
  }
}

function causeJson(cause: unknown, depth = 0): unknown {
  if (cause === undefined || depth > 8) return undefined;
  if (!(cause instanceof Error)) return typeof cause === 'object' ? undefined : cause;
  const out: Record<string, unknown> = { name: cause.name, message: cause.message };
  for (const [key, value] of Object.entries(cause)) if (typeof value !== 'object') out[key] = value;
  const inner = causeJson(cause.cause, depth + 1);
  if (inner !== undefined) out.cause = inner;
  return out;
}

export interface HttpErrorDetails {
  status: number;
  /** The request URL, scrubbed. */
  url: string;
  violations?: readonly Violation[] | undefined;
  /** A short reason the answer gave when it listed no violation (problem detail, desc), scrubbed. */
  detail?: string | undefined;
}

/** The server answered with a status the client cannot use, or with a body it cannot read. */
export class HttpError extends ClientError {
  static override readonly kind: string = 'HttpError';
  override name = 'HttpError';
  status: number;
  /** The request URL, with no secret in it. */
  url: string;
  /** What the server found wrong with the request (422/400 validation list, `sl-violations`), in its order. */
  violations: readonly Violation[];
  /** A short reason from the answer when it listed no violation. */
  detail: string | undefined;

  constructor(details: HttpErrorDetails, context: ErrorContext) {
    super(context);
    this.status = details.status;
    this.url = details.url;
    this.violations = details.violations ?? [];
    this.detail = details.detail;
    this.refresh();
  }

  protected statusText(): string {
    return `HTTP ${this.status}`;
  }

  protected override describe(): string {
    return `${this.statusText()}${violationsText(this.violations) ?? (this.detail ? `: ${this.detail}` : '')}${this.attemptsText()}`;
  }
}

/** ", 3 violations, the first: body.message.msgtype: must be equal to one of the allowed values" */
export function violationsText(violations: readonly Violation[]): string | undefined {
  const [first] = violations;
  if (!first) return undefined;
  const count = violations.length === 1 ? '1 violation' : `${violations.length} violations, the first`;
  return `, ${count}: ${first.location.length ? `${first.location.join('.')}: ` : ''}${first.message}`;
}

/** No answer arrived in time. The request may or may not have reached the server. */
export class TimeoutError extends ClientError {
  static override readonly kind: string = 'TimeoutError';
  override name = 'TimeoutError';
  /** The limit of each attempt (and of the wait for a sign-in), in ms. */
  timeoutMs: number;
  /** Time from the start of the call to giving up, in ms (all attempts and the waits between them). */
  elapsedMs: number;

  constructor(details: { timeoutMs: number; elapsedMs?: number }, context: ErrorContext) {
    super(context);
    this.timeoutMs = details.timeoutMs;
    this.elapsedMs = details.elapsedMs ?? details.timeoutMs;
    this.refresh();
  }

  protected override describe(): string {
    if (this.attempts <= 1) return `no answer within ${this.timeoutMs} ms`;
    return `no answer within ${this.timeoutMs} ms in each of ${this.attempts} attempts, ${seconds(this.elapsedMs)} in all`;
  }
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The request failed before an HTTP answer arrived (DNS, refused or reset connection, TLS). */
export class NetworkError extends ClientError {
  static override readonly kind: string = 'NetworkError';
  override name = 'NetworkError';
  /** The cause's code, such as ECONNREFUSED or ENOTFOUND, when the fetch implementation gave one. */
  code: string | undefined;
  /** The host (and port) the request went to. */
  host: string;
  /** The innermost message of the cause (scrubbed), for failures without a code. */
  reason: string | undefined;

  constructor(
    details: { code?: string | undefined; host: string; reason?: string | undefined },
    context: ErrorContext,
  ) {
    super(context);
    this.code = details.code;
    this.host = details.host;
    this.reason = details.reason;
    this.refresh();
  }

  protected override describe(): string {
    const what = this.code ? `network error ${this.code}` : 'network error';
    const why = !this.code && this.reason ? ` (${this.reason})` : '';
    return `${what} reaching ${this.host}${why}${this.attemptsText()}`;
  }
}
