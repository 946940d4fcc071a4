// Keeps secrets (master secret, auth code, tokens, signatures) out of anything an error can print. Errors never
// store a secret on purpose; this is for text that comes from elsewhere: a service's desc or violations, a fetch
// implementation's messages, a parser's excerpt of an answer that echoed a token.

export const REDACTED = '[redacted]';

/**
 * A run of this many characters of a secret counts as a leak of it. Shorter runs are left alone: ordinary words
 * share them with secrets made of words (`sandbox` and `sandbox-mastersecret`), and blanking them garbles messages.
 */
export const FRAGMENT = 16;

/** A secret shorter than this is replaced only where it stands as a word: `s` or `test` is in too many words. */
export const SHORT_SECRET = 8;

/** Fields of a foreign error worth keeping (all plain data): why a connection failed, and where. */
const KEPT_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'hostname'] as const;
const MAX_CAUSE_DEPTH = 8;

/** What counts as part of a word around a short secret: identifiers such as `push_single` or `nobody-here` are one word. */
const WORD_CHAR = /[\p{L}\p{N}_-]/u;

/** The forms a secret takes in a message: as sent, escaped inside a JSON string, URL-encoded (path or query). */
function formsOf(secret: string): Set<string> {
  const forms = new Set([
    secret,
    JSON.stringify(secret).slice(1, -1),
    new URLSearchParams({ s: secret }).toString().slice(2),
  ]);
  try {
    forms.add(encodeURIComponent(secret));
  } catch {
    // A lone surrogate has no URI form: it cannot appear in a URL either.
  }
  return forms;
}

/** Whether [from, to) lies inside a marker already in the text, which is never redacted again. */
function insideMarker(text: string, from: number, to: number): boolean {
  for (let at = Math.max(0, to - REDACTED.length); at <= from; at++) if (text.startsWith(REDACTED, at)) return true;
  return false;
}

/** A set of secrets that grows as tokens are issued, and scrubs them out of text (see scrub). */
export class SecretSet {
  /** Forms of secrets of SHORT_SECRET to FRAGMENT - 1 characters: replaced wherever they appear. */
  readonly #whole = new Set<string>();
  /** Forms of secrets under SHORT_SECRET characters: replaced where they stand as a word. */
  readonly #words = new Set<string>();
  /** Every run of FRAGMENT characters of a form of a longer secret (a whole one is made of such runs). */
  readonly #fragments = new Set<string>();

  add(value: string | undefined | null): void {
    if (typeof value !== 'string' || value === '') return;
    for (const form of formsOf(value)) {
      if (value.length < SHORT_SECRET) this.#words.add(form);
      else if (form.length < FRAGMENT) this.#whole.add(form);
      else for (let i = 0; i + FRAGMENT <= form.length; i++) this.#fragments.add(form.slice(i, i + FRAGMENT));
    }
  }

  /**
   * The text with each secret replaced by [redacted]: whole, in any of its forms; as any run of FRAGMENT of its
   * characters; and, for a short secret, only where it is a word of its own. A [redacted] already in the text
   * (a scrubbed desc inside a message) stays as it is.
   */
  scrub(text: string): string {
    const marked = new Uint8Array(text.length);
    let any = false;
    const mark = (from: number, to: number) => {
      if (insideMarker(text, from, to)) return;
      marked.fill(1, from, to);
      any = true;
    };
    if (this.#fragments.size > 0) {
      for (let i = 0; i + FRAGMENT <= text.length; i++)
        if (this.#fragments.has(text.slice(i, i + FRAGMENT))) mark(i, i + FRAGMENT);
    }
    for (const secret of this.#whole) {
      for (let i = text.indexOf(secret); i !== -1; i = text.indexOf(secret, i + 1)) mark(i, i + secret.length);
    }
    for (const secret of this.#words) {
      for (let i = text.indexOf(secret); i !== -1; i = text.indexOf(secret, i + 1)) {
        const end = i + secret.length;
        if (!WORD_CHAR.test(text[i - 1] ?? ' ') && !WORD_CHAR.test(text[end] ?? ' ')) mark(i, end);
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
      if (inner !== undefined)
        Object.defineProperty(copy, 'cause', { value: inner, configurable: true, writable: true });
      if (Array.isArray(source.errors))
        fields.errors = source.errors.slice(0, 8).map((e) => this.copyCause(e, depth + 1));
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
  if (Array.isArray(errors))
    for (const e of errors) {
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
