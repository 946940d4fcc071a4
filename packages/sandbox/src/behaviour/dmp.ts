// The tag query service (DMP). Each app has one party (user_code, auth_code). /accesser/auth checks
// sign1 = MD5(user_code + MD5(timestamp)) and sign2 = MD5(user_code + auth_code + MD5(timestamp)) and issues a
// token that expires after `expires_in` seconds of the app's clock; /tags/user finds a device of the party's app
// by any of its raw or hashed ids; /config/tags lists the party's tag catalogue. 401 without a valid token, 403
// without permission.
import { createHash, randomBytes } from 'node:crypto';
import { forbidden, unauthorized } from '../shared/refusal.js';
import type { DeviceRecord } from '../state/records.js';
import type { AppState, Store } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { DmpBody } from './bodies.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Access tokens kept per party; beyond it, those that expire first are dropped (as auth tokens per app). */
const TOKENS_KEPT = 1000;

export interface SignIn {
  user_code: string;
  sign1: string;
  sign2: string;
  timestamp: string;
}

/** The app whose party has this user_code. */
export function appOfParty(store: Store, userCode: string): AppState | undefined {
  const appid = store.parties.get(userCode);
  return appid === undefined ? undefined : store.apps.get(appid);
}

export function accesserAuth(unit: Unit, app: AppState | undefined, query: SignIn, now: number) {
  if (!app) throw unauthorized(`user_code "${query.user_code}" is not a registered party`);
  const { party } = app.record;
  const hashedTimestamp = md5(query.timestamp);
  if (query.sign1.toLowerCase() !== md5(party.userCode + hashedTimestamp))
    throw unauthorized('sign1 does not match MD5(user_code + MD5(timestamp))');
  if (query.sign2.toLowerCase() !== md5(party.userCode + party.authCode + hashedTimestamp)) {
    throw unauthorized('sign2 does not match MD5(user_code + auth_code + MD5(timestamp))');
  }
  const token = randomBytes(20).toString('hex');
  unit.put('dmpToken', app, { token, appid: app.record.appid, expiresAt: now + party.expiresIn * 1000 });
  // The party keeps the TOKENS_KEPT tokens that expire last, of those that have not expired and the one just made.
  const own = [...unit.store.dmpTokens.values()].filter((t) => t.appid === app.record.appid);
  const live = own.filter((t) => t.expiresAt > now || t.token === token).sort((a, b) => a.expiresAt - b.expiresAt);
  const kept = new Set(live.slice(-TOKENS_KEPT));
  for (const record of own) if (!kept.has(record)) unit.remove('dmpToken', app, record);
  return { code: '0', access_token: token, expires_in: party.expiresIn };
}

const bearerToken = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];

/** The app a bearer token was issued for, valid or not (to log the call and apply its faults). */
export function appOfToken(store: Store, authorization: string | undefined): AppState | undefined {
  const record = store.dmpTokens.get(bearerToken(authorization) ?? '');
  return record && store.apps.get(record.appid);
}

/** Throws the 401 to answer unless the bearer token is valid for the app at `now`. */
export function checkBearer(
  store: Store,
  app: AppState | undefined,
  authorization: string | undefined,
  now: number,
): AppState {
  const token = bearerToken(authorization);
  if (token === undefined)
    throw unauthorized('no authorization: send Authorization: Bearer <access_token> from /accesser/auth');
  const record = store.dmpTokens.get(token);
  if (!record || !app) throw unauthorized('the access token is not valid; get one from /accesser/auth');
  if (now >= record.expiresAt)
    throw unauthorized("the access token has expired (expires_in of the app's clock); get a new one");
  return app;
}

/** Every identifier the body of /tags/user may carry, as the device yields it. */
function identifiersOf(device: DeviceRecord): Map<string, string> {
  const ids = device.dmpIds;
  const out = new Map<string, string>();
  if (ids.imei) out.set('imeiMD5', md5(ids.imei));
  if (ids.mac) out.set('macMD5', md5(ids.mac.replaceAll(':', '').toLowerCase()));
  if (ids.imsi) out.set('imsiMD5', md5(ids.imsi));
  if (ids.phone) out.set('mb', md5(ids.phone));
  if (ids.idfa) {
    out.set('idfa', ids.idfa.toUpperCase());
    out.set('idfaMD5', md5(ids.idfa.toUpperCase()));
  }
  if (ids.oaid) {
    out.set('oaid', ids.oaid);
    out.set('oaidMD5', md5(ids.oaid));
  }
  if (ids.androidId) {
    out.set('androidId', ids.androidId);
    out.set('androidIdMD5', md5(ids.androidId));
  }
  return out;
}

const comparable = (field: string, value: string) =>
  field.endsWith('MD5') || field === 'mb' ? value.toLowerCase() : value;

/** The tags of the device that any given identifier names; a device nobody registered has none. */
export function tagsUser(app: AppState, body: DmpBody<'getUserTags'>) {
  if (!app.record.party.permissions.tagsUser)
    throw forbidden(`party ${app.record.party.userCode} has no permission for /tags/user`);
  const given = Object.entries(body).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  for (const device of app.devices.values()) {
    const ids = identifiersOf(device.record);
    const names = ([field, value]: [string, string]) => {
      const id = ids.get(field);
      return id !== undefined && comparable(field, id) === comparable(field, value);
    };
    if (given.some(names)) {
      return { code: '0', data: device.record.dmpTags };
    }
  }
  return { code: '0', data: [] as string[] };
}

export function configTags(app: AppState) {
  if (!app.record.party.permissions.configTags)
    throw forbidden(`party ${app.record.party.userCode} has no permission for /config/tags`);
  return { code: '0', data: app.record.party.tags };
}
