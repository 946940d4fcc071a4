// Secrets given on the command line (master secret, DMP auth code) and those the services hand out (tokens,
// signs) never leave the process: every text written anywhere passes through one Redactor.

export const REDACTED = '<redacted>';

/** Header names whose values are credentials. */
export const SECRET_HEADERS = new Set(['authtoken', 'authorization', 'cookie', 'set-cookie']);
/** Body and query fields whose values are credentials. */
export const SECRET_FIELDS = new Set([
  'sign',
  'sign1',
  'sign2',
  'auth_token',
  'access_token',
  'mastersecret',
  'masterSecret',
  'authCode',
  'auth_code',
]);

export class Redactor {
  readonly #secrets = new Set<string>();

  /** Remembers a value to hide wherever it appears (values shorter than 4 characters would hide too much). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.#secrets.add(secret);
  }

  /** The text with every remembered secret replaced. */
  text(text: string): string {
    let out = text;
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A copy of a JSON value with secret fields and remembered secrets replaced. */
  value<T>(value: T): T {
    const walk = (v: unknown, key?: string): unknown => {
      if (key !== undefined && SECRET_FIELDS.has(key) && v !== undefined && v !== null) return REDACTED;
      if (typeof v === 'string') return this.text(v);
      if (Array.isArray(v)) return v.map((x) => walk(x));
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = Object.create(null);
        for (const [k, x] of Object.entries(v)) out[this.text(k)] = walk(x, k);
        return { ...out };
      }
      return v;
    };
    return walk(value) as T;
  }

  /** Headers with credential values replaced. */
  headers(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : this.text(v)]),
    );
  }
}
