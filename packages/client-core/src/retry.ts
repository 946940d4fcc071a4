// Exponential backoff with full jitter, capped; the retry settings shared by the clients; a sleep that a signal ends.

export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 turns retries off. */
  maxRetries?: number;
  /** Delay before the first retry, before jitter. Default 300 ms. */
  baseDelayMs?: number;
  /** Upper bound of any single delay. Default 8000 ms. */
  maxDelayMs?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

export const DEFAULT_RETRY: ResolvedRetry = { maxRetries: 2, baseDelayMs: 300, maxDelayMs: 8000 };

export function resolveRetry(retry: RetryOptions | false | undefined): ResolvedRetry {
  if (retry === false) return { ...DEFAULT_RETRY, maxRetries: 0 };
  const out = { ...DEFAULT_RETRY, ...retry };
  out.maxRetries = Math.max(0, Math.floor(out.maxRetries));
  return out;
}

/**
 * Delay before retry number `retry` (1-based): a random value in [0, min(cap, base * 2^(retry-1))].
 * Full jitter spreads a fleet of clients that failed together. A server's Retry-After wins when given,
 * still capped.
 */
export function backoffDelay(
  retry: number,
  options: ResolvedRetry,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** Parses a Retry-After header (seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (a backoff never outlasts the caller). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve(); // no backoff (Retry-After: 0): retry now, not after a turn of the timers
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
