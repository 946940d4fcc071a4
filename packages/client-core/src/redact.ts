// Keeps secrets (master secret, auth code, tokens, signatures) out of anything an error can print. Errors never
// store a secret on purpose; this is for text that comes from elsewhere: a service's desc or violations, a fetch
// implementation's messages, a parser's excerpt of an answer that echoed a token.

export const REDACTED = '[redacted]';

/** Any run of this many characters taken from a secret counts as a leak of that secret. */
export const FRAGMENT = 6;

/** Fields of a foreign error worth keeping (all plain data): why a connection failed, and where. */
const KEPT_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'hostname'] as const;
const MAX_CAUSE_DEPTH = 8;

/** A set of secrets that grows as tokens are issued, and scrubs them (whole or in part) out of text. */
export class SecretSet {
  readonly #short = new Set<string>();
  readonly #fragments = new Set<string>();

  add(value: string | undefined | null): void {
    if (typeof value !== 'string' || value === '') return;
    if (value.length < FRAGMENT) {
      this.#short.add(value);
      return;
    }
    for (let i = 0; i + FRAGMENT <= value.length; i++) this.#fragments.add(value.slice(i, i + FRAGMENT));
  }

  /** The text with every secret, and every run of FRAGMENT or more characters of one, replaced by [redacted]. */
  scrub(text: string): string {
    const marked = new Uint8Array(text.length);
    let any = false;
    for (let i = 0; i + FRAGMENT <= text.length; i++) {
      if (this.#fragments.has(text.slice(i, i + FRAGMENT))) {
        marked.fill(1, i, i + FRAGMENT);
        any = true;
      }
    }
    for (const secret of this.#short) {
      for (let i = text.indexOf(secret); i !== -1; i = text.indexOf(secret, i + 1)) {
        marked.fill(1, i, i + secret.length);
        any = true;
      }
    }
    if (!any) return text;
    let out = '';
    for (let i = 0; i < text.length; i++) {
      if (!marked[i]) out += text[i];
      else if (i === 0 || !marked[i - 1]) out += REDACTED;
    }
    return out;
  }

  /**
   * A copy of a thrown value that is safe to keep as an error's cause: a plain Error holding only the name,
   * message, stack and the network fields of the original (and of its causes and aggregated errors), scrubbed.
   * Never the original object, which may hold anything (a custom fetch's error may carry the Request and its token).
   */
  copyCause(cause: unknown, depth = 0): unknown {
    if (cause === undefined || cause === null) return undefined;
    if (typeof cause !== 'object') return this.scrub(String(cause));
    const source = cause as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };
    const copy = new Error(this.scrub(typeof source.message === 'string' ? source.message : ''));
    copy.name = this.scrub(typeof source.name === 'string' ? source.name : 'Error');
    copy.stack = typeof source.stack === 'string' ? this.scrub(source.stack) : `${copy.name}: ${copy.message}`;
    const fields = copy as unknown as Record<string, unknown>;
    for (const key of KEPT_FIELDS) {
      const value = source[key];
      if (typeof value === 'number') fields[key] = value;
      else if (typeof value === 'string') fields[key] = this.scrub(value);
    }
    if (depth < MAX_CAUSE_DEPTH) {
      const inner = source.cause === undefined ? undefined : this.copyCause(source.cause, depth + 1);
      if (inner !== undefined) Object.defineProperty(copy, 'cause', { value: inner, configurable: true, writable: true });
      if (Array.isArray(source.errors)) fields.errors = source.errors.slice(0, 8).map((e) => this.copyCause(e, depth + 1));
    }
    return copy;
  }
}

/** The first `code` (such as ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET) in a cause chain, aggregated errors included. */
export function causeCode(cause: unknown, depth = 0): string | undefined {
  if (!cause || typeof cause !== 'object' || depth > MAX_CAUSE_DEPTH) return undefined;
  const { code, cause: inner, errors } = cause as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  const fromInner = causeCode(inner, depth + 1);
  if (fromInner) return fromInner;
  if (Array.isArray(errors)) for (const e of errors) {
    const found = causeCode(e, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The innermost message of a cause chain ("connect ECONNREFUSED 127.0.0.1:9" rather than "fetch failed"). */
export function innermostMessage(cause: unknown): string | undefined {
  let message: string | undefined;
  let at = cause as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; at && typeof at === 'object' && depth <= MAX_CAUSE_DEPTH; depth++) {
    if (typeof at.message === 'string' && at.message) message = at.message;
    at = at.cause as typeof at;
  }
  return message;
}
