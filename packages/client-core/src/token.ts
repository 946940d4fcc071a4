// A cached credential with one sign-in in flight at a time, and optional hooks to share it across processes.

export interface StoredToken {
  /** The token as the service issued it. */
  token: string;
  /** Epoch milliseconds after which this client stops using the token and signs in again. */
  expiresAt: number;
}

/** Hooks to supply and store the token, for a fleet of processes sharing one token. */
export interface TokenStore {
  get(): StoredToken | undefined | null | Promise<StoredToken | undefined | null>;
  set(token: StoredToken): void | Promise<void>;
  /** Called by close(); optional. */
  clear?(): void | Promise<void>;
}

export class TokenCache {
  #current: StoredToken | undefined;
  #inFlight: Promise<StoredToken> | undefined;

  constructor(
    private readonly signIn: () => Promise<StoredToken>,
    private readonly now: () => number,
    private readonly store?: TokenStore,
    private readonly onToken?: (token: string) => void,
  ) {}

  /** A valid token: the cached one, the store's, or a fresh sign-in shared by all concurrent callers. */
  async get(): Promise<string> {
    if (this.#usable(this.#current)) return this.#current.token;
    return (await this.#refresh(undefined)).token;
  }

  /**
   * The service rejected `rejected`: drop it and get another. If a concurrent caller (or another
   * process, through the store) already replaced it, that newer token is used without a new sign-in.
   */
  async renew(rejected: string): Promise<string> {
    if (this.#current?.token === rejected) this.#current = undefined;
    if (this.#usable(this.#current)) return this.#current.token;
    return (await this.#refresh(rejected)).token;
  }

  /** The cached token while it is usable, without waiting (the common case of every call). */
  current(): string | undefined {
    return this.#usable(this.#current) ? this.#current.token : undefined;
  }

  /** The token in memory, if any (used by close()). */
  peek(): string | undefined {
    return this.#current?.token;
  }

  async forget(): Promise<void> {
    this.#current = undefined;
    await this.store?.clear?.();
  }

  #usable(token: StoredToken | undefined | null): token is StoredToken {
    return !!token && typeof token.token === 'string' && token.token !== '' && this.now() < token.expiresAt;
  }

  #refresh(rejected: string | undefined): Promise<StoredToken> {
    this.#inFlight ??= (async () => {
      try {
        const shared = await this.store?.get();
        if (this.#usable(shared) && shared.token !== rejected) return this.#accept(shared);
        const fresh = await this.signIn();
        this.#accept(fresh);
        await this.store?.set(fresh);
        return fresh;
      } finally {
        this.#inFlight = undefined;
      }
    })();
    return this.#inFlight;
  }

  #accept(token: StoredToken): StoredToken {
    this.onToken?.(token.token);
    this.#current = token;
    return token;
  }
}
