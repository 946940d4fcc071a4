// The one client runtime: typed calls go through openapi-fetch, which builds each request and hands it to the
// transport below through its documented `fetch` option. The transport owns the token, the timeout, the retries
// and the error mapping; a client supplies only a profile of what differs between services.
import createClient from 'openapi-fetch';
import { ClientError, HttpError, NetworkError, TimeoutError, type ErrorContext, type HttpErrorDetails } from './errors.js';
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

/** One call as the transport and the profile see it. */
export interface CallInfo {
  method: Method;
  /** The path template, such as `/user_status/{cid}`. */
  path: string;
  /** `GET /user_status/{cid}`: how errors name the call. */
  operation: string;
}

/** One answer, read whole within the attempt's time limit. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** What a profile gets to judge an answer with. */
export interface Reading {
  call: CallInfo;
  /** The body as JSON; undefined when it is not JSON (the parser's message, which may quote the body, is dropped). */
  readonly json: unknown;
  /** Status, URL, violations and detail of the answer, ready for an HttpError or a subclass. */
  http(detail?: string): HttpErrorDetails;
  /** The context of an error of this call. */
  context: ErrorContext;
  scrub(text: string): string;
}

/** What the sign-in of a profile gets: requests without a token, and a way to declare derived secrets. */
export interface SignInTools {
  request(method: Method, path: string, init?: object): Promise<unknown>;
  /** Declares a value to redact from every error from now on (a signature derived from a secret). */
  secret(value: string): void;
  now(): number;
}

/** What differs between the services. */
export interface Profile {
  /** The operation that issues a token; calls to it carry none. */
  signIn: { method: Method; path: string; run(tools: SignInTools): Promise<StoredToken> };
  applyToken(headers: Headers, token: string): void;
  /** Whether the error says the token is not (or no longer) valid: the call is then repeated once with a new token. */
  tokenRejected(error: ClientError): boolean;
  /** Accepts an answer by returning, or throws the typed error it amounts to. */
  interpret(answer: Answer, reading: Reading): void;
  /** Whether a call may be sent again after a network error, a timeout, a 5xx or a 429. */
  retrySafe(call: CallInfo): boolean;
  /** A service's own verdict on retrying an error (push `too_frequent`); undefined leaves it to the rule above. */
  retryable?(error: ClientError): boolean | undefined;
  /** Completes a body once per call, before openapi-fetch serializes it (push fills in requestid). */
  prepareBody?(path: string, body: unknown): unknown;
  /** Headers of every request. */
  headers?: Record<string, string>;
  /** Secrets the client was given (redacted, whole or in part, from every error). */
  secrets: string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const WAIT_TIMED_OUT = Symbol('wait timed out');

/** The parts of a call's init the transport takes; everything else is openapi-fetch's. */
interface CallSettings {
  timeoutMs?: number;
  retry?: RetryOptions | false;
  signal?: AbortSignal | null;
  body?: unknown;
}

interface Call extends CallInfo {
  timeoutMs: number;
  retry: ResolvedRetry;
  signal: AbortSignal | undefined;
  /** A token to send as it is, never renewed (close() revoking the token it holds). */
  token?: string | undefined;
  /** The JSON body, as openapi-fetch's body serializer (this client's) wrote it. */
  body?: string | undefined;
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
  request(method: Method, path: string, init?: object, token?: string): Promise<unknown>;
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
    () => profile.signIn.run({ request: (method, path, init) => request(method, path, init), secret: (v) => secrets.add(v), now }),
    now,
    options.tokenStore,
    (token) => secrets.add(token),
  );

  async function request(method: Method, path: string, init: object = {}, token?: string): Promise<unknown> {
    const { timeoutMs, retry, signal, body, ...rest } = init as CallSettings;
    const call: Call = {
      method,
      path,
      operation: `${method} ${path}`,
      timeoutMs: timeoutMs ?? defaultTimeoutMs,
      retry: retry === undefined ? defaultRetry : resolveRetry(retry),
      signal: signal ?? undefined,
      token,
    };
    const prepared = body === undefined || !profile.prepareBody ? body : profile.prepareBody(path, body);
    // Serialized once, here: every attempt sends these bytes, without reading them back from the Request.
    const bodySerializer = (value: unknown) => (call.body = JSON.stringify(value));
    const fetch = (request: Request) => send(request, call);
    // openapi-fetch builds the request (path and query serialization, headers) and hands it to this call's `fetch`.
    const answer = await api.request(method.toLowerCase() as 'get', path as never, { ...rest, body: prepared, bodySerializer, signal: call.signal, fetch } as never);
    return (answer as { data?: unknown }).data;
  }

  const context = (call: CallInfo, attempts: number): ErrorContext => ({ operation: call.operation, attempts, scrub });

  /** The transport: a plain (Request) => Promise<Response> for one call, given to openapi-fetch as its `fetch`. */
  async function send(request: Request, call: Call): Promise<Response> {
    const started = Date.now();
    const url = request.url;
    // The Request is this transport's: its headers get the token, and every attempt sends them.
    const headers = request.headers;
    const body = call.body;
    const needsToken = !(call.method === profile.signIn.method && call.path === profile.signIn.path);
    let token = needsToken ? (call.token ?? tokens.current() ?? (await waitForToken(call, started))) : undefined;
    let renewed = call.token !== undefined;
    let retries = 0;
    for (let attempts = 1; ; attempts++) {
      if (token !== undefined) profile.applyToken(headers, token);
      let answer: Answer | undefined;
      try {
        answer = await exchange(url, call, headers, body, attempts);
        profile.interpret(answer, reading(answer, url, call, attempts));
        return new Response(NULL_BODY_STATUS.has(answer.status) ? null : answer.text, {
          status: answer.status,
          headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
        });
      } catch (error) {
        // Anything else is the caller's own abort reason, passed on as it is.
        if (!(error instanceof ClientError)) throw error;
        if (needsToken && !renewed && profile.tokenRejected(error)) {
          // The token was refused: get another (one sign-in for every call refused with it) and repeat the call once.
          renewed = true;
          token = await waitForToken(call, started, token);
          continue;
        }
        if (retries < call.retry.maxRetries && retryable(error, call)) {
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
  }

  function retryable(error: ClientError, call: Call): boolean {
    const own = profile.retryable?.(error);
    if (own !== undefined) return own;
    if (!profile.retrySafe(call)) return false;
    return error instanceof NetworkError || error instanceof TimeoutError || (error instanceof HttpError && (error.status >= 500 || error.status === 429));
  }

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

  function reading(answer: Answer, url: string, call: Call, attempts: number): Reading {
    let parsed: { value: unknown } | undefined;
    const json = () => {
      if (!parsed) {
        try {
          parsed = { value: JSON.parse(answer.text) as unknown };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    };
    return {
      call,
      get json() {
        return json();
      },
      http: (detail) => ({
        status: answer.status,
        url: safeUrl(url),
        violations: readViolations(answer.headers.get('sl-violations'), json(), scrub),
        detail: detail ?? detailOf(json()),
      }),
      context: context(call, attempts),
      scrub,
    };
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
    return text === undefined ? undefined : scrub(text.length > 200 ? `${text.slice(0, 200)}…` : text);
  }

  /**
   * One attempt: sends the request and reads the whole answer within the time limit. Whichever ends the attempt
   * first decides: the timer gives TimeoutError (whatever the fetch does with its signal, which is then aborted),
   * the caller's signal rethrows the caller's reason, any other failure is a NetworkError.
   */
  async function exchange(url: string, call: Call, headers: Headers, body: string | undefined, attempts: number): Promise<Answer> {
    // Nothing is sent once the caller's signal has aborted.
    if (call.signal?.aborted) throw call.signal.reason;
    const controller = new AbortController();
    const init: RequestInit = { method: call.method, headers, body: body ?? null, signal: controller.signal };
    const attempt = async (): Promise<Answer> => {
      // Looked up at each call, so that a fetch replaced after the client was made (tests, instrumentation) is used.
      const response = await (options.fetch ? options.fetch(new Request(url, init)) : globalThis.fetch(url, init));
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    try {
      return await bounded(attempt(), call.signal, call.timeoutMs);
    } catch (error) {
      controller.abort();
      if (call.signal?.aborted && error === call.signal.reason) throw error;
      if (error === WAIT_TIMED_OUT) throw new TimeoutError({ timeoutMs: call.timeoutMs }, context(call, attempts));
      const reason = innermostMessage(error);
      throw new NetworkError(
        { code: causeCode(error), host: new URL(url).host, reason: reason === undefined ? undefined : scrub(reason) },
        { ...context(call, attempts), cause: secrets.copyCause(error) },
      );
    }
  }

  return {
    request,
    heldToken: () => tokens.peek(),
    forget: () => tokens.forget(),
  };
}
