// One HTTP exchange under a timeout, and the retry loop around exchanges.
// The whole answer body is read inside the timeout, so a retry never leaves a half-read connection behind.
import { ClientError, NetworkError, TimeoutError } from './errors.js';
import { backoffDelay, type ResolvedRetry } from './retry.js';
import type { SecretSet } from './redact.js';

export type FetchLike = (input: Request) => Promise<Response>;

/** What a client needs from its environment; tests inject the clock, sleep and randomness. */
export interface Runtime {
  fetch: FetchLike;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  retry: ResolvedRetry;
  /** Per-attempt timeout in ms; 0 or Infinity turns it off. */
  timeoutMs: number;
  secrets: SecretSet;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request and reads its body. Timeouts become TimeoutError, transport failures NetworkError;
 * an abort by the caller's own signal is rethrown as it is (the caller asked for it).
 */
export async function exchange(
  rt: Runtime,
  operation: string,
  makeRequest: (signal: AbortSignal) => Request,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined } = {},
): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? rt.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const userSignal = options.signal;
  const onUserAbort = () => controller.abort(userSignal?.reason);
  if (userSignal?.aborted) onUserAbort();
  else userSignal?.addEventListener('abort', onUserAbort, { once: true });
  try {
    const response = await rt.fetch(makeRequest(controller.signal));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (timedOut) throw new TimeoutError(timeoutMs, { operation, cause: rt.secrets.scrubCause(error) });
    if (userSignal?.aborted) throw userSignal.reason ?? error;
    throw new NetworkError({ operation, cause: rt.secrets.scrubCause(error) });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    userSignal?.removeEventListener('abort', onUserAbort);
  }
}

/** Tells the retry loop that an error may be retried, optionally after a server-given delay. */
export interface RetryVerdict {
  retry: boolean;
  afterMs?: number | undefined;
}

/**
 * Runs `attempt` until it succeeds, `verdict` says the error is final, or the retries are used up.
 * The last error is thrown unchanged.
 */
export async function withRetries<T>(
  rt: Runtime,
  attempt: (n: number) => Promise<T>,
  verdict: (error: unknown) => RetryVerdict,
  retry: ResolvedRetry = rt.retry,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const v = verdict(error);
      if (!v.retry || n >= retry.maxRetries) throw error;
      await rt.sleep(backoffDelay(n + 1, retry, rt.random, v.afterMs));
    }
  }
}

/** Network errors and timeouts may be retried: the request may never have reached the server. */
export function isTransportError(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError;
}

export function isClientError(error: unknown): error is ClientError {
  return error instanceof ClientError;
}
