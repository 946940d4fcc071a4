// Push v1 authentication: auth_sign checks `sign = sha256(appkey + timestamp + mastersecret)` and issues a
// token that lives one day of the app's clock; auth_close invalidates it. An expired, closed or unknown token
// answers `not_auth`.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_TOKEN_TTL_MS } from '../shared/config.js';
import { serviceRefusal } from '../shared/refusal.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { PushBody } from './bodies.js';

/** Valid tokens kept per app; beyond it, expired then oldest tokens are dropped. */
const TOKENS_KEPT = 1000;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The auth_sign signature: lowercase hex sha256(appkey + timestamp + mastersecret). The MCP server signs with it too. */
export const pushSignOf = (appkey: string, timestamp: string, mastersecret: string): string =>
  createHash('sha256').update(`${appkey}${timestamp}${mastersecret}`).digest('hex');

export function authSign(unit: Unit, app: AppState, body: PushBody<'authSign'>, now: number) {
  const { appkey, mastersecret, settings } = app.record;
  if (body.appkey !== appkey)
    throw serviceRefusal('appid_notmatch', `appkey does not belong to app ${app.record.appid}`);
  const expected = pushSignOf(body.appkey, body.timestamp, mastersecret);
  if (!sameText(body.sign.toLowerCase(), expected)) {
    throw serviceRefusal('sign_error', 'sign does not match sha256(appkey + timestamp + mastersecret)');
  }
  const skew = Math.abs(Number(body.timestamp) - now);
  if (settings.maxClockSkewMs !== null && !(skew <= settings.maxClockSkewMs)) {
    throw serviceRefusal(
      'sign_error',
      `timestamp is ${Number.isFinite(skew) ? `${skew} ms` : 'far'} from the app's clock; this app accepts at most ${settings.maxClockSkewMs} ms`,
    );
  }
  const token = randomBytes(32).toString('hex');
  unit.put('token', app, { token, expiresAt: now + AUTH_TOKEN_TTL_MS });
  // The app keeps its newest TOKENS_KEPT tokens that have not expired (the one just made among them).
  const live = [...app.tokens.values()].filter((record) => record.expiresAt > now);
  const kept = new Set(live.slice(-TOKENS_KEPT));
  for (const record of [...app.tokens.values()]) if (!kept.has(record)) unit.remove('token', app, record);
  return { result: 'ok', auth_token: token };
}

/** Throws `not_auth` unless the token is one of the app's and has not expired. */
export function checkToken(app: AppState, token: string | undefined, now: number): string {
  if (!token) throw serviceRefusal('not_auth', 'header authtoken is missing; sign in with auth_sign');
  const record = app.tokens.get(token);
  if (!record)
    throw serviceRefusal('not_auth', 'authtoken is not valid (unknown, or closed by auth_close); sign in again');
  if (now >= record.expiresAt)
    throw serviceRefusal('not_auth', "authtoken has expired (tokens live one day of the app's clock); sign in again");
  return token;
}

export function authClose(unit: Unit, app: AppState, token: string) {
  const record = app.tokens.get(token);
  if (record) unit.remove('token', app, record);
  return { result: 'ok' };
}
