// Keeps secrets (master secret, auth code, tokens) out of anything an error can print.
// Errors of the clients never store a secret on purpose; this is the second line of defence
// for text that comes from elsewhere (a server's desc, a fetch implementation's message).

export const REDACTED = '[redacted]';

/** A set of secret strings that grows as tokens are issued. Short values are ignored: they would redact ordinary words. */
export class SecretSet {
  readonly #values = new Set<string>();

  add(value: string | undefined | null): void {
    if (typeof value === 'string' && value.length >= 6) this.#values.add(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.#values) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  /** A copy of an error (or any thrown value) whose message and stack hold no secret. */
  scrubCause(cause: unknown): unknown {
    if (!(cause instanceof Error)) {
      return typeof cause === 'string' ? this.scrub(cause) : cause;
    }
    const message = this.scrub(cause.message);
    const stack = cause.stack === undefined ? undefined : this.scrub(cause.stack);
    if (message === cause.message && stack === cause.stack && cause.cause === undefined) return cause;
    const copy = new Error(message);
    copy.name = cause.name;
    if (stack !== undefined) copy.stack = stack;
    if (cause.cause !== undefined) {
      Object.defineProperty(copy, 'cause', { value: this.scrubCause(cause.cause), configurable: true, writable: true });
    }
    return copy;
  }
}
