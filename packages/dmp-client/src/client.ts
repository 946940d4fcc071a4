// The DMP tag query client: the profile of the DMP service for the shared client runtime (@pushapi/client-core).
import { createClientCore, HttpError, type CommonOptions, type Profile, type StoredToken } from '@pushapi/client-core';
import type { GetCalls, PostCalls } from './generated/calls.js';
import { DmpApiError } from './errors.js';
import { dmpSigns } from './sign.js';

export interface DmpClientOptions extends CommonOptions {
  /** Service base (`{dmp_url}`). */
  baseUrl: string;
  userCode: string;
  authCode: string;
  /** The token is renewed this long before `expires_in` ends. Default 5 minutes. */
  tokenMarginMs?: number;
}

export interface DmpClient {
  /** Calls a GET operation; resolves with the answer's JSON, throws a typed error otherwise. */
  GET: GetCalls;
  /** Calls a POST operation (`/tags/user`). */
  POST: PostCalls;
  /** Forgets the access token (the service has no call to revoke it). */
  close(): Promise<void>;
}

/** The media type the service recommends for naming the interface version. */
export const DMP_ACCEPT = 'application/vnd.dmp.v1+json';

const DEFAULT_MARGIN_MS = 5 * 60 * 1000;
const REFUSALS = new Set([400, 401, 403]);

export function createDmpClient(options: DmpClientOptions): DmpClient {
  const { userCode, authCode } = options;
  if (!options.baseUrl || !userCode || !authCode) {
    throw new TypeError('createDmpClient: baseUrl, userCode and authCode are required');
  }
  const marginMs = options.tokenMarginMs ?? DEFAULT_MARGIN_MS;

  const profile: Profile = {
    signIn: {
      method: 'GET',
      path: '/accesser/auth',
      async run({ request, secret, now }): Promise<StoredToken> {
        const timestamp = now();
        const { sign1, sign2 } = dmpSigns(userCode, authCode, String(timestamp));
        // The signs stand for the auth code during their timestamp's validity: never in an error's URL.
        secret(sign1);
        secret(sign2);
        const query = { user_code: userCode, sign1, sign2, timestamp };
        // judge() has checked that an accepted token answer carries the token.
        const answer = (await request('GET', '/accesser/auth', { params: { query } })) as {
          access_token: string;
          expires_in?: unknown;
        };
        // expires_in is in seconds (7200 by default). Renew a margin early; for very short lifetimes, at half-life.
        const lifetimeMs =
          (typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 7200) * 1000;
        return {
          token: answer.access_token,
          expiresAt: now() + (lifetimeMs > 2 * marginMs ? lifetimeMs - marginMs : lifetimeMs / 2),
        };
      },
    },
    tokenHeaders: (token) => ({ authorization: `Bearer ${token}` }),
    judge(answer) {
      const body = answer.body as { code?: unknown; desc?: unknown; access_token?: unknown } | undefined;
      const code =
        typeof body?.code === 'string'
          ? answer.scrub(body.code)
          : typeof body?.code === 'number'
            ? String(body.code)
            : undefined;
      const desc = typeof body?.desc === 'string' ? answer.scrub(body.desc) : undefined;
      const refused = () => new DmpApiError({ ...answer.http(), code, desc }, answer.context);
      // 401: the token expired or was revoked; get another and repeat the call once.
      if (REFUSALS.has(answer.status)) return { error: refused(), renewToken: answer.status === 401 };
      if (answer.status < 200 || answer.status > 299) return { error: new HttpError(answer.http(), answer.context) };
      if (!body || typeof body !== 'object')
        return { error: new HttpError(answer.http('answer is not a JSON object'), answer.context) };
      if (code !== '0') return { error: refused() };
      if (
        answer.call.path === '/accesser/auth' &&
        (typeof body.access_token !== 'string' || body.access_token === '')
      ) {
        return { error: new HttpError(answer.http('answer has no access_token'), answer.context) };
      }
      return undefined;
    },
    headers: { accept: DMP_ACCEPT, 'content-type': 'application/json' },
    secrets: [authCode],
  };
  const core = createClientCore(profile, options.baseUrl.replace(/\/+$/, ''), options);

  // Every DMP operation is a query (/tags/user uses POST only for the size of its parameters): all may be repeated.
  const how = { retrySafe: true };
  return {
    GET: ((path: string, init?: object) => core.request('GET', path, init, how)) as GetCalls,
    POST: ((path: string, init?: object) => core.request('POST', path, init, how)) as PostCalls,
    close: () => core.forget(),
  };
}
