// The push v1 client: openapi-fetch typed by the generated `paths`, with a transport that signs in,
// holds the token, fills in requestids, retries what is safe to retry and turns failures into typed errors.
import createClient, { type Client } from 'openapi-fetch';
import {
  callThrough,
  exchange,
  HttpError,
  isTransportError,
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
  type StrictUnion,
  type SuccessData,
  type TokenStore,
} from '@pushapi/client-core';
import type { paths } from './generated/schema.js';
import { PushApiError } from './errors.js';
import { fillRequestIds, fillRequestIdsInText, REQUEST_ID_OPERATIONS } from './request-id.js';
import { pushSign } from './sign.js';

export interface PushClientOptions {
  /** Service base, without `/v1/<appid>` (the client appends it). */
  baseUrl: string;
  appId: string;
  appKey: string;
  masterSecret: string;
  /** fetch to use; defaults to globalThis.fetch. */
  fetch?: FetchLike;
  /** Per-attempt timeout in ms. Default 15000; 0 turns it off. */
  timeoutMs?: number;
  /** Retry settings, or `false` for none. Default: 2 retries, 300 ms base, 8 s cap, full jitter. */
  retry?: RetryOptions | false;
  /** Hooks to supply and store the token (a fleet of processes sharing one token). */
  tokenStore?: TokenStore;
  /** How long a token is used before signing in again. Default 20 hours (the service's tokens last 1 day). */
  tokenTtlMs?: number;
  /** Clock in epoch ms, for the sign-in timestamp and token expiry; override to correct clock skew or in tests. */
  now?: () => number;
}

/** `result` values that mean the token is not (or no longer) valid: sign in again and repeat the call once. */
export const TOKEN_INVALID_RESULTS: readonly string[] = ['not_auth'];

/** `result` values that an operation returns as data instead of failing. */
const DATA_RESULTS: Readonly<Record<string, readonly string[]>> = { user_status: ['no_user'] };

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_TOKEN_TTL_MS = 20 * 60 * 60 * 1000;

// ---- call signatures, derived from the generated paths ----

type KeysOf<T> = T extends unknown ? keyof T : never;

/** requestid becomes optional (the client fills it in), also in array items such as `msg_list`. */
type RelaxRequestId<T> = T extends unknown
  ? {
      [K in keyof T as K extends 'requestid' ? never : K]: T[K] extends readonly (infer I)[]
        ? 'requestid' extends KeysOf<I>
          ? RelaxRequestId<StrictUnion<I>>[]
          : T[K]
        : T[K];
    } & ('requestid' extends keyof T ? { requestid?: T['requestid'] } : {})
  : never;

type PushBody<O> = O extends { requestBody?: infer RB }
  ? NonNullable<RB> extends { content: { 'application/json': infer B } }
    ? RelaxRequestId<StrictUnion<B>>
    : never
  : never;

/** The init argument of a call: path parameters, body (requestid optional), and call options. */
export type PushInit<P extends keyof paths, M extends 'get' | 'post' | 'delete'> = ParamsInit<OperationOf<paths, P, M>> &
  BodyInit<OperationOf<paths, P, M>, PushBody<OperationOf<paths, P, M>>> &
  CallOptions;

/** The success answer of a call. */
export type PushData<P extends keyof paths, M extends 'get' | 'post' | 'delete'> = SuccessData<OperationOf<paths, P, M>>;

type Method<M extends 'get' | 'post' | 'delete'> = <P extends PathsWith<paths, M>>(path: P, ...init: InitArgs<PushInit<P, M>>) => Promise<PushData<P, M>>;

export interface PushClient {
  /** Calls a GET operation; resolves with the answer, throws a typed error otherwise. */
  GET: Method<'get'>;
  /** Calls a POST operation. requestid is filled in when left out. */
  POST: Method<'post'>;
  /** Calls a DELETE operation. */
  DELETE: Method<'delete'>;
  /**
   * The underlying openapi-fetch client, typed exactly as the document says (requestid required),
   * sharing this client's sign-in, retries and errors. Returns `{ data, response }`.
   */
  readonly api: Client<paths, 'application/json'>;
  /** Calls auth_close for the held token (if any) and forgets it. The next call signs in again. */
  close(): Promise<void>;
}

// ---- runtime ----

export function createPushClient(options: PushClientOptions): PushClient {
  const { appId, appKey, masterSecret } = options;
  if (!options.baseUrl || !appId || !appKey || !masterSecret) {
    throw new TypeError('createPushClient: baseUrl, appId, appKey and masterSecret are required');
  }
  const secrets = new SecretSet();
  secrets.add(masterSecret);
  const apiBase = `${options.baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(appId)}`;
  const apiPrefix = `${apiBase}/`;
  const basePath = new URL(apiBase).pathname;
  const rt: Runtime = {
    fetch: options.fetch,
    now: options.now ?? Date.now,
    sleep: realSleep,
    random: Math.random,
    retry: resolveRetry(options.retry),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets,
  };
  const tokenTtlMs = options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;

  /** Operation name from a request URL: the first path segment after `/v1/<appid>`. */
  const operationOf = (url: string) => {
    const path = url.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : new URL(url).pathname.slice(basePath.length + 1);
    const end = path.search(/[/?#]/);
    return end === -1 ? path : path.slice(0, end);
  };

  /** One attempt's answer, accepted with its parsed JSON, or a typed error. */
  const interpret = (operation: string, answer: Answer): Accepted => {
    if (answer.status < 200 || answer.status > 299) throw new HttpError(answer.status, { operation });
    let body: { result?: unknown; desc?: unknown };
    try {
      body = JSON.parse(answer.text);
    } catch (error) {
      throw new HttpError(answer.status, { operation, detail: 'answer is not JSON', cause: secrets.scrubCause(error) });
    }
    const result = typeof body?.result === 'string' ? body.result : undefined;
    if (result === undefined) throw new HttpError(answer.status, { operation, detail: 'answer has no result' });
    if (result !== 'ok' && !DATA_RESULTS[operation]?.includes(result)) {
      const desc = typeof body.desc === 'string' ? secrets.scrub(body.desc) : undefined;
      throw new PushApiError(secrets.scrub(result), desc, { operation });
    }
    return { ...answer, json: body };
  };

  const verdictFor =
    (idempotent: boolean) =>
    (error: unknown): RetryVerdict => {
      // too_frequent: rate control refused the call before doing anything, so it is safe to repeat.
      if (error instanceof PushApiError) return { retry: error.result === 'too_frequent' };
      if (error instanceof HttpError) return { retry: idempotent && error.status >= 500 };
      return { retry: idempotent && isTransportError(error) };
    };

  /** Sends a request (built by openapi-fetch, or by sign-in/close) through auth, retries and error mapping. */
  const transport = async (out: Outgoing, call: CallSettings = {}): Promise<Accepted> => {
    const operation = operationOf(out.url);
    const method = out.method.toUpperCase();
    const signal = out.signal ?? undefined;
    // Any requestid was filled in before: every attempt, retries included, sends this same body.
    const body = out.body === '' ? undefined : out.body;
    const headers = out.headers;
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    // GET and DELETE are idempotent; a POST only when a requestid protects it (or it is the sign-in).
    const idempotent = method === 'GET' || method === 'DELETE' || operation in REQUEST_ID_OPERATIONS || operation === 'auth_sign';
    const needsToken = operation !== 'auth_sign';
    // auth_close refused for its token has nothing left to close: never sign in just to close.
    const renewable = needsToken && operation !== 'auth_close';
    const retry = call.retry === undefined ? rt.retry : resolveRetry(call.retry);

    // A caller's abort also ends the wait for a sign-in, which goes on for the other callers sharing it.
    let token = needsToken ? (headers.get('authtoken') ?? tokens.current() ?? (await untilAborted(signal, () => tokens.get()))) : undefined;
    const send = () =>
      withRetries(
        rt,
        async () => {
          if (token !== undefined) headers.set('authtoken', token);
          const answer = await exchange(rt, operation, { url: out.url, method, headers, body }, { signal, timeoutMs: call.timeoutMs });
          return interpret(operation, answer);
        },
        verdictFor(idempotent),
        retry,
      );
    try {
      return await send();
    } catch (error) {
      if (!(renewable && token !== undefined && error instanceof PushApiError && TOKEN_INVALID_RESULTS.includes(error.result))) throw error;
      // The token was refused: sign in again (once, shared with concurrent callers) and repeat the call once.
      const rejected = token;
      token = await untilAborted(signal, () => tokens.renew(rejected));
      return send();
    }
  };

  const signIn = async (): Promise<StoredToken> => {
    const timestamp = String(rt.now());
    const sign = await pushSign(appKey, timestamp, masterSecret);
    const answer = await transport({
      url: `${apiBase}/auth_sign`,
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ sign, timestamp, appkey: appKey }),
    });
    const { auth_token: token } = answer.json as { auth_token?: unknown };
    if (typeof token !== 'string' || token === '') {
      throw new HttpError(answer.status, { operation: 'auth_sign', detail: 'answer has no auth_token' });
    }
    return { token, expiresAt: rt.now() + tokenTtlMs };
  };

  const tokens = new TokenCache(signIn, rt.now, options.tokenStore, (token) => secrets.add(token));

  // requestids are filled in once per call, before the first attempt, so that every retry sends the same one.
  const api = createClient<paths, 'application/json'>({
    baseUrl: apiBase,
    fetch: async (request: Request) => {
      const out = await toOutgoing(request);
      if (out.body !== undefined) out.body = fillRequestIdsInText(operationOf(out.url), out.body);
      return responseOf(await transport(out));
    },
  });
  const typedCall = callThrough(api, transport);

  const call =
    (method: 'GET' | 'POST' | 'DELETE') =>
    (path: string, init: (CallOptions & { params?: unknown; body?: unknown }) | undefined = {}): Promise<unknown> =>
      // On the body object, before openapi-fetch serializes it (once).
      typedCall(method, path, init.body === undefined ? init : { ...init, body: fillRequestIds(path.split('/')[1] ?? '', init.body) });

  return {
    GET: call('GET') as PushClient['GET'],
    POST: call('POST') as PushClient['POST'],
    DELETE: call('DELETE') as PushClient['DELETE'],
    api,
    async close() {
      const token = tokens.peek();
      try {
        if (token !== undefined) {
          await transport({ url: `${apiBase}/auth_close`, method: 'POST', headers: new Headers({ authtoken: token }) }, { retry: false });
        }
      } catch (error) {
        // A token the service no longer knows is closed already.
        if (!(error instanceof PushApiError && TOKEN_INVALID_RESULTS.includes(error.result))) throw error;
      } finally {
        await tokens.forget();
      }
    },
  };
}
