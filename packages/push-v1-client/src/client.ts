// The push v1 client: the profile of the push service for the shared client runtime (@pushapi/client-core).
import {
  createClientCore,
  HttpError,
  type CommonOptions,
  type Method,
  type Profile,
  type StoredToken,
} from '@pushapi/client-core';
import type { Data } from './call-types.js';
import type { DeleteCalls, GetCalls, PostCalls } from './generated/calls.js';
import { DATA_RESULTS } from './data-results.js';
import { PushApiError } from './errors.js';
import { fillRequestIds, REQUEST_ID_PATHS } from './request-id.js';
import { pushSign } from './sign.js';

export interface PushClientOptions extends CommonOptions {
  /** Service base, without `/v1/<appid>` (the client appends it). */
  baseUrl: string;
  appId: string;
  appKey: string;
  masterSecret: string;
  /** How long a token is used before signing in again. Default 20 hours (the service's tokens last 1 day). */
  tokenTtlMs?: number;
}

export interface PushClient {
  /** Calls a GET operation; resolves with the answer's JSON, throws a typed error otherwise. */
  GET: GetCalls;
  /** Calls a POST operation; requestid is filled in when left out (and reused by retries). */
  POST: PostCalls;
  /** Calls a DELETE operation. */
  DELETE: DeleteCalls;
  /** Calls auth_close for the held token (if any) and forgets it. The next call signs in again. */
  close(): Promise<void>;
}

/** `result` values that mean the token is not (or no longer) valid: sign in again and repeat the call once. */
export const TOKEN_INVALID_RESULTS: readonly string[] = ['not_auth'];

/** An accepted sign-in answer: the ok shape of auth_sign's answer, with a token that is not empty. */
function isSignedIn(body: unknown): body is Data<'/auth_sign', 'post'> {
  return (
    typeof body === 'object' &&
    body !== null &&
    'auth_token' in body &&
    typeof body.auth_token === 'string' &&
    body.auth_token !== ''
  );
}

const DEFAULT_TOKEN_TTL_MS = 20 * 60 * 60 * 1000;

export function createPushClient(options: PushClientOptions): PushClient {
  const { appId, appKey, masterSecret } = options;
  if (!options.baseUrl || !appId || !appKey || !masterSecret) {
    throw new TypeError('createPushClient: baseUrl, appId, appKey and masterSecret are required');
  }
  const tokenTtlMs = options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;

  const profile: Profile = {
    signIn: {
      method: 'POST',
      path: '/auth_sign',
      async run({ request, now }): Promise<StoredToken> {
        const timestamp = String(now());
        const sign = await pushSign(appKey, timestamp, masterSecret);
        // A sign-in may be repeated. judge() has refused an answer without the token, so the check only narrows.
        const answer = await request(
          'POST',
          '/auth_sign',
          { body: { sign, timestamp, appkey: appKey } },
          { retrySafe: true },
        );
        if (!isSignedIn(answer)) throw new TypeError('auth_sign: the answer has no auth_token');
        return { token: answer.auth_token, expiresAt: now() + tokenTtlMs };
      },
    },
    tokenHeaders: (token) => ({ authtoken: token }),
    judge(answer) {
      const fail = (detail?: string) => ({ error: new HttpError(answer.http(detail), answer.context) });
      if (answer.status < 200 || answer.status > 299) return fail();
      const body = answer.body as { result?: unknown; desc?: unknown } | undefined;
      if (!body || typeof body !== 'object') return fail('answer is not a JSON object');
      if (typeof body.result !== 'string') return fail('answer has no result');
      if (
        body.result !== 'ok' &&
        !(DATA_RESULTS as Readonly<Record<string, readonly string[]>>)[answer.call.operation]?.includes(body.result)
      ) {
        const desc = typeof body.desc === 'string' ? answer.scrub(body.desc) : undefined;
        return {
          error: new PushApiError({ result: answer.scrub(body.result), desc }, answer.context),
          renewToken: TOKEN_INVALID_RESULTS.includes(body.result),
          // too_frequent: rate control refused the call before doing anything, so it is safe to repeat; no other result is.
          retry: body.result === 'too_frequent',
        };
      }
      if (answer.call.path === '/auth_sign' && !isSignedIn(body)) return fail('answer has no auth_token');
      return undefined;
    },
    secrets: [masterSecret],
  };
  const core = createClientCore(
    profile,
    `${options.baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(appId)}`,
    options,
  );

  /**
   * A call: requestid filled in once (every retry sends the same), then the shared request loop. GET and DELETE
   * are idempotent; a POST may be repeated only when a requestid protects it.
   */
  const call = (method: Method, path: string, init: { body?: unknown } = {}) => {
    const body = fillRequestIds(path, init.body);
    return core.request(method, path, body === init.body ? init : { ...init, body }, {
      retrySafe: method !== 'POST' || path in REQUEST_ID_PATHS,
    });
  };

  return {
    GET: ((path: string, init?: object) => call('GET', path, init)) as GetCalls,
    POST: ((path: string, init?: object) => call('POST', path, init)) as PostCalls,
    DELETE: ((path: string, init?: object) => call('DELETE', path, init)) as DeleteCalls,
    async close() {
      const token = core.heldToken();
      try {
        if (token !== undefined) await core.request('POST', '/auth_close', { retry: false }, { token });
      } catch (error) {
        // A token the service no longer knows is closed already.
        if (!(error instanceof PushApiError && TOKEN_INVALID_RESULTS.includes(error.result))) throw error;
      } finally {
        await core.forget();
      }
    },
  };
}
