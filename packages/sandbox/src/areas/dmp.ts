// The tag query service (DMP). Each app has one party (user_code, auth_code). /accesser/auth checks
// sign1 = MD5(user_code + MD5(timestamp)) and sign2 = MD5(user_code + auth_code + MD5(timestamp)) and issues a
// token that expires after `expires_in` seconds of the app's clock; /tags/user finds a device of the party's app
// by any of its raw or hashed ids; /config/tags lists the party's tag catalogue. 401 without a valid token, 403
// without permission.
import { createHash, randomBytes } from 'node:crypto';
import type { DeviceRecord } from '../state/model.js';
import type { AppState } from '../state/state.js';
import { appNow, type World } from '../world.js';

export interface DmpAnswer {
  status: number;
  body: Record<string, unknown>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Access tokens kept per party; beyond it, those that expire first are dropped (as auth tokens per app). */
const TOKENS_KEPT = 1000;

export const dmpError = (status: number, desc: string): DmpAnswer => ({ status, body: { code: String(status), desc } });

export function accesserAuth(world: World, query: Record<string, string>): DmpAnswer {
  const appid = world.state.parties.get(query.user_code!);
  const app = appid === undefined ? undefined : world.state.apps.get(appid);
  if (!app) return dmpError(401, `user_code "${query.user_code}" is not a registered party`);
  const { party } = app.record;
  const hashedTimestamp = md5(query.timestamp!);
  const sign1 = md5(party.userCode + hashedTimestamp);
  const sign2 = md5(party.userCode + party.authCode + hashedTimestamp);
  if (query.sign1!.toLowerCase() !== sign1) return dmpError(401, 'sign1 does not match MD5(user_code + MD5(timestamp))');
  if (query.sign2!.toLowerCase() !== sign2) return dmpError(401, 'sign2 does not match MD5(user_code + auth_code + MD5(timestamp))');
  const now = appNow(world, app);
  for (const [token, record] of world.state.dmpTokens) if (record.appid === app.record.appid && record.expiresAt <= now) world.state.removeDmpToken(token);
  const token = randomBytes(20).toString('hex');
  world.state.putDmpToken(token, { appid: app.record.appid, expiresAt: now + party.expiresIn * 1000 });
  const own = [...world.state.dmpTokens].filter(([, record]) => record.appid === app.record.appid);
  if (own.length > TOKENS_KEPT) {
    own.sort(([, a], [, b]) => a.expiresAt - b.expiresAt);
    for (const [old] of own.slice(0, own.length - TOKENS_KEPT)) world.state.removeDmpToken(old);
  }
  return { status: 200, body: { code: '0', access_token: token, expires_in: party.expiresIn } };
}

const bearerToken = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];

/** The app a bearer token was issued for, valid or not (to log the call and apply its faults). */
export function appOfToken(world: World, authorization: string | undefined): AppState | undefined {
  const record = world.state.dmpTokens.get(bearerToken(authorization) ?? '');
  return record && world.state.apps.get(record.appid);
}

/** The app of a valid bearer token, or the 401 to answer. */
export function appOfBearer(world: World, authorization: string | undefined): AppState | DmpAnswer {
  const token = bearerToken(authorization);
  if (token === undefined) return dmpError(401, 'no authorization: send Authorization: Bearer <access_token> from /accesser/auth');
  const record = world.state.dmpTokens.get(token);
  const app = record && world.state.apps.get(record.appid);
  if (!record || !app) return dmpError(401, 'the access token is not valid; get one from /accesser/auth');
  if (appNow(world, app) >= record.expiresAt) return dmpError(401, "the access token has expired (expires_in of the app's clock); get a new one");
  return app;
}

/** Every identifier the body of /tags/user may carry, as the device yields it. */
function identifiersOf(device: DeviceRecord): Record<string, string> {
  const ids = device.dmpIds;
  const out: Record<string, string> = {};
  if (ids.imei) out.imeiMD5 = md5(ids.imei);
  if (ids.mac) out.macMD5 = md5(ids.mac.replaceAll(':', '').toLowerCase());
  if (ids.imsi) out.imsiMD5 = md5(ids.imsi);
  if (ids.phone) out.mb = md5(ids.phone);
  if (ids.idfa) {
    out.idfa = ids.idfa.toUpperCase();
    out.idfaMD5 = md5(out.idfa);
  }
  if (ids.oaid) {
    out.oaid = ids.oaid;
    out.oaidMD5 = md5(ids.oaid);
  }
  if (ids.androidId) {
    out.androidId = ids.androidId;
    out.androidIdMD5 = md5(ids.androidId);
  }
  return out;
}

const comparable = (field: string, value: string) => (field.endsWith('MD5') || field === 'mb' ? value.toLowerCase() : value);

/** The tags of the device that any given identifier names; a device nobody registered has none. */
export function tagsUser(app: AppState, body: Record<string, unknown>): DmpAnswer {
  if (!app.record.party.permissions.tagsUser) return dmpError(403, `party ${app.record.party.userCode} has no permission for /tags/user`);
  const given = Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  for (const device of app.devices.values()) {
    const ids = identifiersOf(device.record);
    if (given.some(([field, value]) => ids[field] !== undefined && comparable(field, ids[field]!) === comparable(field, value))) {
      return { status: 200, body: { code: '0', data: device.record.dmpTags } };
    }
  }
  return { status: 200, body: { code: '0', data: [] } };
}

export function configTags(app: AppState): DmpAnswer {
  if (!app.record.party.permissions.configTags) return dmpError(403, `party ${app.record.party.userCode} has no permission for /config/tags`);
  return { status: 200, body: { code: '0', data: app.record.party.tags } };
}
