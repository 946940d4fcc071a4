// One HTTP exchange under a timeout, and the retry loop around exchanges.
// The whole answer body is read inside the timeout, so a retry never leaves a half-read connection behind.
import { ClientError, NetworkError, TimeoutError } from './errors.js';
import { backoffDelay, type ResolvedRetry } from './retry.js';
import type { SecretSet } from './redact.js';

export type FetchLike = (input: Request) => Promise<Response>;

/**
 * One request as plain data. The default fetch gets it as URL + init: a WHATWG Request with a body builds a
 * stream, costly per call on Node 20, and fetch would build its own Request from it again.
 */
export interface Outgoing {
  url: string;
  method: string;
  /** Owned by this call: the transport sets its credentials on it before each attempt. */
  headers: Headers;
  body?: string | undefined;
  /** The caller's signal, if any. */
  signal?: AbortSignal | null | undefined;
}

/** What a client needs from its environment; tests inject the clock, sleep and randomness. */
export interface Runtime {
  /** A custom fetch, given one Request per attempt; undefined: globalThis.fetch, given URL + init. */
  fetch: FetchLike | undefined;
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
 * Waits for `run()` unless `signal` aborts first; then rejects with the signal's reason at once, without waiting
 * for work that may ignore the signal (a custom fetch, a shared sign-in). A late rejection of that work is dropped.
 */
export function untilAborted<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  if (signal === undefined) return run();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    let work: Promise<T>;
    try {
      work = run();
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

/**
 * Sends one request and reads its body. Whichever ends the attempt first decides the error: the timer gives
 * TimeoutError (whatever the fetch implementation rejects with, a raw AbortError included), the caller's own
 * signal rethrows the caller's reason as it is (the caller asked for it), any other failure is a NetworkError.
 */
export async function exchange(
  rt: Runtime,
  operation: string,
  out: Outgoing,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined } = {},
): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? rt.timeoutMs;
  const userSignal = options.signal;
  const controller = new AbortController();
  let abortedBy: 'timeout' | 'caller' | undefined;
  let stop: (reason: unknown) => void = () => {};
  // Rejects when the attempt is aborted. Raced against the fetch, so a fetch that ignores its signal still ends
  // on time; settled directly by abort() rather than through an abort listener, which costs more per call.
  const stopped = new Promise<never>((_resolve, reject) => (stop = reject));
  const abort = (by: 'timeout' | 'caller', reason?: unknown) => {
    if (abortedBy !== undefined) return;
    abortedBy = by;
    controller.abort(reason);
    stop(controller.signal.reason);
  };
  const onUserAbort = () => abort('caller', userSignal?.reason);
  if (userSignal?.aborted) onUserAbort();
  else userSignal?.addEventListener('abort', onUserAbort, { once: true });
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs) && abortedBy === undefined ? setTimeout(() => abort('timeout'), timeoutMs) : undefined;
  const attempt = async (): Promise<Answer> => {
    const init: RequestInit = { method: out.method, headers: out.headers, body: out.body ?? null, signal: controller.signal };
    // Looked up at each call, so a fetch replaced after the client was made (tests, instrumentation) is used.
    const response = await (rt.fetch ? rt.fetch(new Request(out.url, init)) : globalThis.fetch(out.url, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  };
  try {
    // Nothing is sent once the caller's signal has aborted.
    return await (abortedBy === undefined ? Promise.race([attempt(), stopped]) : stopped);
  } catch (error) {
    if (abortedBy === 'timeout') throw new TimeoutError(timeoutMs, { operation, cause: rt.secrets.scrubCause(error) });
    if (abortedBy === 'caller') throw userSignal?.reason ?? error;
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
