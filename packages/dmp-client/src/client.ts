// The DMP tag query client: openapi-fetch typed by the generated `paths`, with a transport that gets and
// renews the access token, sends the service's headers, retries safely and turns failures into typed errors.
import createClient, { type Client } from 'openapi-fetch';
import {
  callThrough,
  exchange,
  HttpError,
  isTransportError,
  parseRetryAfter,
  realSleep,
  resolveRetry,
  responseOf,
  SecretSet,
  TokenCache,
  toOutgoing,
  untilAborted,
  withRetries,
  type Accepted,
  type Answer,
  type BodyInit,
  type CallOptions,
  type CallSettings,
  type FetchLike,
  type InitArgs,
  type OperationOf,
  type Outgoing,
  type ParamsInit,
  type PathsWith,
  type RetryOptions,
  type RetryVerdict,
  type Runtime,
  type StoredToken,
  type SuccessData,
  type TokenStore,
} from '@pushapi/client-core';
import type { paths } from './generated/schema.js';
import { DmpApiError } from './errors.js';
import { dmpSigns } from './sign.js';

export interface DmpClientOptions {
  /** Service base (`{dmp_url}`). */
  baseUrl: string;
  userCode: string;
  authCode: string;
  /** fetch to use; defaults to globalThis.fetch. */
  fetch?: FetchLike;
  /** Per-attempt timeout in ms. Default 15000; 0 turns it off. */
  timeoutMs?: number;
  /** Retry settings, or `false` for none. Default: 2 retries, 300 ms base, 8 s cap, full jitter. */
  retry?: RetryOptions | false;
  /** Hooks to supply and store the access token (a fleet of processes sharing one token). */
  tokenStore?: TokenStore;
  /** The token is renewed this long before `expires_in` ends. Default 5 minutes. */
  tokenMarginMs?: number;
  /** Clock in epoch ms (the auth timestamp, in milliseconds, and token expiry); override for clock skew or tests. */
  now?: () => number;
}

/** The media type the service recommends for naming the interface version. */
export const DMP_ACCEPT = 'application/vnd.dmp.v1+json';

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MARGIN_MS = 5 * 60 * 1000;

// ---- call signatures, derived from the generated paths ----

type DmpMethod = 'get' | 'post';

/** The init argument of a call: parameters, body and call options. */
export type DmpInit<P extends keyof paths, M extends DmpMethod> = ParamsInit<OperationOf<paths, P, M>> &
  BodyInit<OperationOf<paths, P, M>> &
  CallOptions;

/** The success answer of a call. */
export type DmpData<P extends keyof paths, M extends DmpMethod> = SuccessData<OperationOf<paths, P, M>>;

type Method<M extends DmpMethod> = <P extends PathsWith<paths, M>>(path: P, ...init: InitArgs<DmpInit<P, M>>) => Promise<DmpData<P, M>>;

export interface DmpClient {
  /** Calls a GET operation (`/config/tags`); resolves with the answer, throws a typed error otherwise. */
  GET: Method<'get'>;
  /** Calls a POST operation (`/tags/user`). */
  POST: Method<'post'>;
  /** The underlying openapi-fetch client, sharing this client's token, retries and errors. Returns `{ data, response }`. */
  readonly api: Client<paths>;
  /** Forgets the access token (the service has no call to revoke it). */
  close(): Promise<void>;
}

export function createDmpClient(options: DmpClientOptions): DmpClient {
  const { userCode, authCode } = options;
  if (!options.baseUrl || !userCode || !authCode) {
    throw new TypeError('createDmpClient: baseUrl, userCode and authCode are required');
  }
  const secrets = new SecretSet();
  secrets.add(authCode);
  const base = options.baseUrl.replace(/\/+$/, '');
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const rt: Runtime = {
    fetch: options.fetch,
    now: options.now ?? Date.now,
    sleep: realSleep,
    random: Math.random,
    retry: resolveRetry(options.retry),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets,
  };
  const marginMs = options.tokenMarginMs ?? DEFAULT_MARGIN_MS;

  /** Operation name from a request URL, such as `tags/user`. */
  const operationOf = (url: string) =>
    (url.startsWith(`${base}/`) ? url.slice(base.length) : new URL(url).pathname.slice(basePath.length)).split(/[?#]/)[0]!.replace(/^\/+/, '');

  const parse = (text: string): { code?: unknown } | undefined => {
    try {
      const body = JSON.parse(text) as unknown;
      return typeof body === 'object' && body !== null ? (body as { code?: unknown }) : undefined;
    } catch {
      return undefined;
    }
  };

  /** One attempt's answer, accepted with its parsed JSON, or a typed error. */
  const interpret = (operation: string, answer: Answer): Accepted => {
    const body = parse(answer.text);
    const code = typeof body?.code === 'string' ? secrets.scrub(body.code) : typeof body?.code === 'number' ? String(body.code) : undefined;
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) throw new DmpApiError(answer.status, code, { operation });
    if (answer.status < 200 || answer.status > 299) {
      const error = new HttpError(answer.status, { operation });
      retryAfter.set(error, parseRetryAfter(answer.headers.get('retry-after'), rt.now()));
      throw error;
    }
    if (body === undefined) throw new HttpError(answer.status, { operation, detail: 'answer is not JSON' });
    if (code !== '0') throw new DmpApiError(answer.status, code, { operation });
    return { ...answer, json: body };
  };

  const retryAfter = new WeakMap<HttpError, number | undefined>();
  // Every DMP operation is a query (/tags/user uses POST only for the size of its parameters): all may be repeated.
  const verdict = (error: unknown): RetryVerdict => {
    if (error instanceof HttpError) return { retry: error.status >= 500 || error.status === 429, afterMs: retryAfter.get(error) };
    return { retry: isTransportError(error) };
  };

  const transport = async (out: Outgoing, call: CallSettings = {}): Promise<Accepted> => {
    const operation = operationOf(out.url);
    const method = out.method.toUpperCase();
    const signal = out.signal ?? undefined;
    const body = out.body === '' ? undefined : out.body;
    const headers = out.headers;
    headers.set('accept', DMP_ACCEPT);
    headers.set('content-type', 'application/json');
    const needsToken = operation !== 'accesser/auth';
    const retry = call.retry === undefined ? rt.retry : resolveRetry(call.retry);
    // A caller's abort also ends the wait for a token, which goes on for the other callers sharing it.
    let token = needsToken ? (tokens.current() ?? (await untilAborted(signal, () => tokens.get()))) : undefined;
    const send = () =>
      withRetries(
        rt,
        async () => {
          if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
          const answer = await exchange(rt, operation, { url: out.url, method, headers, body }, { signal, timeoutMs: call.timeoutMs });
          return interpret(operation, answer);
        },
        verdict,
        retry,
      );
    try {
      return await send();
    } catch (error) {
      if (!(needsToken && token !== undefined && error instanceof DmpApiError && error.status === 401)) throw error;
      // 401: the token expired or was revoked. Get a new one (shared with concurrent callers) and repeat once.
      const rejected = token;
      token = await untilAborted(signal, () => tokens.renew(rejected));
      return send();
    }
  };

  const signIn = async (): Promise<StoredToken> => {
    const timestamp = String(rt.now());
    const { sign1, sign2 } = dmpSigns(userCode, authCode, timestamp);
    const query = new URLSearchParams({ user_code: userCode, sign1, sign2, timestamp });
    const answer = await transport({ url: `${base}/accesser/auth?${query}`, method: 'GET', headers: new Headers() });
    const { access_token: token, expires_in: expiresIn } = answer.json as { access_token?: unknown; expires_in?: unknown };
    if (typeof token !== 'string' || token === '') {
      throw new HttpError(answer.status, { operation: 'accesser/auth', detail: 'answer has no access_token' });
    }
    secrets.add(token);
    // expires_in is in seconds (7200 by default). Renew a margin early; for very short lifetimes, at half-life.
    const lifetimeMs = (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200) * 1000;
    const useForMs = lifetimeMs > 2 * marginMs ? lifetimeMs - marginMs : lifetimeMs / 2;
    return { token, expiresAt: rt.now() + useForMs };
  };

  const tokens = new TokenCache(signIn, rt.now, options.tokenStore, (token) => secrets.add(token));

  const api = createClient<paths>({
    baseUrl: base,
    fetch: async (request: Request) => responseOf(await transport(await toOutgoing(request))),
  });
  const typedCall = callThrough(api, transport);

  const call =
    (method: 'GET' | 'POST') =>
    (path: string, init: (CallOptions & { params?: unknown; body?: unknown }) | undefined = {}): Promise<unknown> =>
      typedCall(method, path, init);

  return {
    GET: call('GET') as DmpClient['GET'],
    POST: call('POST') as DmpClient['POST'],
    api,
    close: () => tokens.forget(),
  };
}
