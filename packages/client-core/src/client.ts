// The one client runtime. A call is one loop, in request() below: get a token, send one attempt through
// openapi-fetch (which builds the request, sends it with `fetch`, and reads and parses the answer once), let the
// service's judge() say what the answer amounts to, then return the data, renew the token, retry or throw.
// A client supplies only a profile of what differs between services: its sign-in, token header and judge.
import createClient, { type HeadersOptions } from 'openapi-fetch';
import {
  ClientError,
  HttpError,
  NetworkError,
  TimeoutError,
  type ErrorContext,
  type HttpErrorDetails,
} from './errors.js';
import { causeCode, innermostMessage, SecretSet } from './redact.js';
import { backoffDelay, parseRetryAfter, resolveRetry, sleep, type ResolvedRetry, type RetryOptions } from './retry.js';
import { TokenCache, type StoredToken, type TokenStore } from './token.js';
import { readViolations } from './violations.js';

export type FetchLike = (request: Request) => Promise<Response>;
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** Options every client takes. */
export interface CommonOptions {
  /** fetch to use, given one Request per attempt; defaults to globalThis.fetch (looked up at each call). */
  fetch?: FetchLike | undefined;
  /** Limit of each attempt, and of the wait for a sign-in, in ms. Default 15000; 0 turns it off. */
  timeoutMs?: number | undefined;
  /** Retry settings, or `false` for none. Default: 2 retries, 300 ms base, 8 s cap, full jitter. */
  retry?: RetryOptions | false | undefined;
  /** Hooks to supply and store the token (a fleet of processes sharing one token). */
  tokenStore?: TokenStore | undefined;
  /** Clock in epoch ms, for sign-in timestamps and token expiry; override to correct clock skew, or in tests. */
  now?: (() => number) | undefined;
}

/** One call as errors and the profile see it. */
export interface CallInfo {
  method: Method;
  /** The path template, such as `/user_status/{cid}`. */
  path: string;
  /** `GET /user_status/{cid}`: how errors name the call. */
  operation: string;
}

/** How a client sends a call, decided where the call starts (the client's GET, POST...). */
export interface CallHow {
  /** Whether the call may be sent again after a network error, a timeout, a 5xx or a 429. Default: yes, but for POST and PATCH. */
  retrySafe?: boolean | undefined;
  /** A token to send as it is, never renewed (close() revoking the token it holds). */
  token?: string | undefined;
}

/** One answer, read and parsed once by openapi-fetch, as the profile's judge sees it. */
export interface Answer {
  call: CallInfo;
  status: number;
  headers: Headers;
  /** The body as JSON; undefined when it is empty or not JSON (the parser's message, which may quote the body, is dropped). */
  body: unknown;
  /** Status, URL, violations and detail of the answer, ready for an HttpError or a subclass. */
  http(detail?: string): HttpErrorDetails;
  /** The context of an error of this call. */
  context: ErrorContext;
  scrub(text: string): string;
}

/** What a refused answer amounts to. */
export interface Verdict {
  error: ClientError;
  /** The token was refused: get another (one sign-in for every call refused with it) and repeat the call once. */
  renewToken?: boolean;
  /** The service's own word on repeating the call (push `too_frequent`); left out, the rule of retryable() decides. */
  retry?: boolean;
}

/** What the sign-in of a profile gets: requests without a token, and a way to declare derived secrets. */
export interface SignInTools {
  request(method: Method, path: string, init?: object, how?: CallHow): Promise<unknown>;
  /** Declares a value to redact from every error from now on (a signature derived from a secret). */
  secret(value: string): void;
  now(): number;
}

/** What differs between the services. */
export interface Profile {
  /** The operation that issues a token; calls to it carry none. */
  signIn: { method: Method; path: string; run(tools: SignInTools): Promise<StoredToken> };
  /** The headers that carry a token. */
  tokenHeaders(token: string): Record<string, string>;
  /** Judges an answer: undefined accepts it (its body is what the call resolves with); a verdict refuses it. */
  judge(answer: Answer): Verdict | undefined;
  /** Headers of every request. */
  headers?: Record<string, string>;
  /** Secrets the client was given (redacted from every error: see SecretSet.scrub). */
  secrets: string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
const WAIT_TIMED_OUT = Symbol('wait timed out');

/** The parts of a call's init the loop takes; everything else is openapi-fetch's. */
interface CallSettings {
  timeoutMs?: number;
  retry?: RetryOptions | false;
  signal?: AbortSignal | null;
  headers?: HeadersOptions;
}

interface Call extends CallInfo {
  timeoutMs: number;
  retry: ResolvedRetry;
  retrySafe: boolean;
  signal: AbortSignal | undefined;
}

const limited = (ms: number) => ms > 0 && Number.isFinite(ms);

/**
 * Waits for `work` unless the signal aborts (rejects with its reason) or `ms` pass (rejects with WAIT_TIMED_OUT)
 * first, without waiting for work that ignores both (a fetch deaf to its signal, a shared sign-in that goes on
 * for other calls). A late failure of the work is handled here.
 */
function bounded<T>(work: Promise<T>, signal: AbortSignal | undefined, ms: number): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (!signal && !limited(ms)) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => done(() => reject(signal?.reason));
    const timer = limited(ms) ? setTimeout(() => done(() => reject(WAIT_TIMED_OUT)), ms) : undefined;
    const done = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => done(() => resolve(value)),
      (error: unknown) => done(() => reject(error)),
    );
  });
}

export interface ClientCore {
  /** Sends a call (the clients' GET/POST/... are this, typed by the generated call signatures). */
  request(method: Method, path: string, init?: object, how?: CallHow): Promise<unknown>;
  /** The token held now, if any. */
  heldToken(): string | undefined;
  /** Forgets the token (and clears the token store). */
  forget(): Promise<void>;
}

export function createClientCore(profile: Profile, baseUrl: string, options: CommonOptions): ClientCore {
  const secrets = new SecretSet();
  for (const secret of profile.secrets) secrets.add(secret);
  const scrub = (text: string) => secrets.scrub(text);
  const now = options.now ?? Date.now;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const defaultRetry = resolveRetry(options.retry);
  const signInOperation = `${profile.signIn.method} ${profile.signIn.path}`;
  const api = createClient({ baseUrl, ...(profile.headers ? { headers: profile.headers } : {}) });

  const tokens = new TokenCache(
    () => profile.signIn.run({ request, secret: (v) => secrets.add(v), now }),
    now,
    options.tokenStore,
    (token) => secrets.add(token),
  );

  /** The request loop: a token, then attempts until one is accepted, renewing the token once and retrying what is safe. */
  async function request(method: Method, path: string, init: object = {}, how: CallHow = {}): Promise<unknown> {
    const { timeoutMs, retry, signal, headers, ...rest } = init as CallSettings;
    const call: Call = {
      method,
      path,
      operation: `${method} ${path}`,
      timeoutMs: timeoutMs ?? defaultTimeoutMs,
      retry: retry === undefined ? defaultRetry : resolveRetry(retry),
      retrySafe: how.retrySafe ?? !(method === 'POST' || method === 'PATCH'),
      signal: signal ?? undefined,
    };
    const started = Date.now();
    const needsToken = !(method === profile.signIn.method && path === profile.signIn.path);
    let token = needsToken ? (how.token ?? tokens.current() ?? (await waitForToken(call, started))) : undefined;
    let renewed = how.token !== undefined;
    let retries = 0;
    for (let attempts = 1; ; attempts++) {
      let answer: Answer | undefined;
      let verdict: Verdict | undefined;
      try {
        answer = await attempt(call, rest, token === undefined ? headers : withToken(headers, token), attempts);
        verdict = profile.judge(answer);
        if (!verdict) return answer.body;
      } catch (error) {
        // Anything else is the caller's own abort reason, or a call that could not be sent (a body JSON cannot write).
        if (!(error instanceof ClientError)) throw error;
        verdict = { error };
      }
      const { error } = verdict;
      if (needsToken && !renewed && verdict.renewToken) {
        renewed = true;
        token = await waitForToken(call, started, token);
        continue;
      }
      if (retries < call.retry.maxRetries && (verdict.retry ?? retryable(error, call))) {
        retries += 1;
        const retryAfter = answer ? parseRetryAfter(answer.headers.get('retry-after'), Date.now()) : undefined;
        await sleep(backoffDelay(retries, call.retry, Math.random, retryAfter), call.signal);
        continue;
      }
      error.attempts = attempts;
      if (error instanceof TimeoutError) error.elapsedMs = Date.now() - started;
      error.refresh();
      throw error;
    }
  }

  /** The call's headers with the token's, which win over a header of the same name given by the caller. */
  function withToken(headers: HeadersOptions | undefined, token: string): HeadersOptions {
    const own = profile.tokenHeaders(token);
    if (headers === undefined) return own;
    if (!(headers instanceof Headers || Array.isArray(headers))) return { ...headers, ...own };
    const given: Record<string, string> = {};
    new Headers(headers as HeadersInit).forEach((value, name) => (given[name] = value));
    return { ...given, ...own };
  }

  function retryable(error: ClientError, call: Call): boolean {
    if (!call.retrySafe) return false;
    return (
      error instanceof NetworkError ||
      error instanceof TimeoutError ||
      (error instanceof HttpError && (error.status >= 500 || error.status === 429))
    );
  }

  const context = (call: CallInfo, attempts: number): ErrorContext => ({ operation: call.operation, attempts, scrub });

  /** A token for the call: the cache's, the store's or a new sign-in's, within the call's time limit. */
  async function waitForToken(call: Call, started: number, rejected?: string): Promise<string> {
    try {
      return await bounded(rejected === undefined ? tokens.get() : tokens.renew(rejected), call.signal, call.timeoutMs);
    } catch (error) {
      if (error === WAIT_TIMED_OUT) {
        throw new TimeoutError(
          { timeoutMs: call.timeoutMs, elapsedMs: Date.now() - started },
          { operation: call.operation, signIn: signInOperation, attempts: 0, scrub },
        );
      }
      if (error instanceof ClientError) throw error.duringSignInOf(call.operation);
      throw error;
    }
  }

  /**
   * One attempt: openapi-fetch builds the request, sends it with the fetch below, and reads and parses the answer,
   * all within the time limit. Whichever ends the attempt first decides: the timer gives TimeoutError (whatever the
   * fetch does with its signal, which is then aborted), the caller's signal rethrows the caller's reason, a failure
   * of the fetch or of reading its answer is a NetworkError.
   */
  async function attempt(
    call: Call,
    init: object,
    headers: HeadersOptions | undefined,
    attempts: number,
  ): Promise<Answer> {
    // Nothing is sent once the caller's signal has aborted.
    if (call.signal?.aborted) throw call.signal.reason;
    const controller = new AbortController();
    const custom = options.fetch;
    let sent: Request | undefined;
    let response: Response | undefined;
    // A custom fetch gets the attempt's signal in its Request; the platform's fetch gets it as its init, which it
    // follows in place of the Request's own (a Request that follows a signal costs about 25 µs on Node 20).
    // globalThis.fetch is looked up at each attempt, so that one replaced after the client was made is used.
    const send = (request: Request) => {
      sent = request;
      const answered = custom ? custom(request) : globalThis.fetch(request, { signal: controller.signal });
      return answered.then((value) => (response = value));
    };
    try {
      const method = call.method.toLowerCase() as 'get';
      const signal = custom ? controller.signal : undefined;
      const result = await bounded(
        api.request(method, call.path as never, { ...init, headers, signal, fetch: send } as never),
        call.signal,
        call.timeoutMs,
      );
      const { data, error } = result as { data?: unknown; error?: unknown };
      // openapi-fetch gives the text of an error answer that is not JSON: not a body to read fields from.
      return new CallAnswer(
        call,
        attempts,
        sent!,
        response!,
        response!.ok ? data : typeof error === 'string' ? undefined : error,
      );
    } catch (error) {
      controller.abort();
      if (call.signal?.aborted && error === call.signal.reason) throw error;
      if (error === WAIT_TIMED_OUT) throw new TimeoutError({ timeoutMs: call.timeoutMs }, context(call, attempts));
      // Nothing was sent: the call itself could not be made (openapi-fetch's error, as it is).
      if (!sent) throw error;
      // An answer whose body is not JSON (openapi-fetch's parser threw; its message, which quotes the body, is dropped).
      if (response && error instanceof SyntaxError) return new CallAnswer(call, attempts, sent, response, undefined);
      const reason = innermostMessage(error);
      throw new NetworkError(
        {
          code: causeCode(error),
          host: new URL(sent.url).host,
          reason: reason === undefined ? undefined : scrub(reason),
        },
        { ...context(call, attempts), cause: secrets.copyCause(error) },
      );
    }
  }

  /** An answer as the judge sees it; what only a refusal needs is made when asked for. */
  class CallAnswer implements Answer {
    readonly status: number;
    readonly headers: Headers;
    readonly scrub = scrub;
    constructor(
      readonly call: Call,
      readonly attempts: number,
      readonly request: Request,
      readonly response: Response,
      readonly body: unknown,
    ) {
      this.status = response.status;
      this.headers = response.headers;
    }
    get context(): ErrorContext {
      return context(this.call, this.attempts);
    }
    http(detail?: string): HttpErrorDetails {
      return {
        status: this.status,
        url: safeUrl(this.request.url),
        violations: readViolations(this.headers.get('sl-violations'), this.body, scrub),
        detail: detail ?? detailOf(this.body),
      };
    }
  }

  /** The URL without user info, scrubbed (a query may carry signatures). */
  function safeUrl(url: string): string {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return scrub(parsed.href);
  }

  /** A short reason a failed answer gives: problem+json `detail` or `title`, or the service's `desc`. */
  function detailOf(body: unknown): string | undefined {
    if (!body || typeof body !== 'object') return undefined;
    const { detail, title, desc } = body as Record<string, unknown>;
    const text = [detail, desc, title].find((t): t is string => typeof t === 'string' && t.trim() !== '');
    if (text === undefined) return undefined;
    // Scrubbed before it is cut, so that the cut leaves no part of a secret behind.
    const clean = scrub(text);
    return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
  }

  return {
    request,
    heldToken: () => tokens.peek(),
    forget: () => tokens.forget(),
  };
}
