// Apps: creation with fresh credentials, the magic cids and a DMP party, settings, rate limits, the DMP party, the
// test clock, reset and removal. The whole sandbox's reset lives here too (it removes every app).
import {
  DEFAULT_DMP_TAGS,
  DEFAULT_UTC_OFFSET_MINUTES,
  DMP_EXPIRES_IN_S,
  LIMITS,
  MAGIC_CIDS,
} from '../shared/config.js';
import { newAppId, randomId } from '../shared/app-id.js';
import { conflict, invalid } from '../shared/refusal.js';
import type { AppRecord, AppSettings } from '../state/records.js';
import { newAppState, type AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { clockNow, clockSetTo, realClock, type ClockRecord } from '../shared/time.js';
import type { ControlBody } from './bodies.js';
import { CIDS_PER_ALIAS } from './aliases.js';
import { addDevice, addDevices } from './devices.js';
import { processDue } from './due.js';

/** The largest distance from 1970 a JavaScript date can show (100,000,000 days): a clock stays within it. */
const MAX_TIME_MS = 8.64e15;

export type ClockChange = ControlBody<'setClock'>;
/** A new app as the control API describes it. */
export type AppInput = ControlBody<'createApp'>;

/** The app's time by its test clock. */
export const appNow = (unit: Unit, app: AppState): number => clockNow(app.record.clock, unit.realNow);

const defaultSettings = (): AppSettings => ({
  scheduledPush: true,
  utcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES,
  maxClockSkewMs: null,
  inboxLimit: LIMITS.inboxLimit,
});

const MAGIC = new Set(MAGIC_CIDS.map((m) => m.cid));

/** The devices of a new app (a world's or a creation's), checked before anything changes; `at` says where they are. */
export function checkNewDevices(devices: readonly { cid: string; alias?: string }[], at: string): void {
  const cids = new Set<string>();
  const perAlias = new Map<string, number>();
  for (const device of devices) {
    if (MAGIC.has(device.cid))
      throw conflict(
        `${at}: "${device.cid}" is a magic cid, which every app has already; give your devices other cids`,
      );
    if (cids.has(device.cid)) throw conflict(`${at}: cid "${device.cid}" is in its devices more than once`);
    cids.add(device.cid);
    if (device.alias !== undefined) perAlias.set(device.alias, (perAlias.get(device.alias) ?? 0) + 1);
  }
  for (const [alias, count] of perAlias) {
    if (count > CIDS_PER_ALIAS)
      throw conflict(`${at}: alias "${alias}" has ${count} devices; an alias has at most ${CIDS_PER_ALIAS} cids`);
  }
}

/** Creates an app with its devices (`input.devices`); every check comes first, so a refusal creates nothing. */
export function createApp(unit: Unit, input: AppInput): AppState {
  const { store, realNow } = unit;
  const appid = input.appid ?? newAppId();
  if (store.apps.has(appid)) throw conflict(`an app with appid "${appid}" exists already`);
  const userCode = input.userCode ?? `party-${randomId(12)}`;
  if (store.parties.has(userCode)) throw conflict(`a DMP party with user_code "${userCode}" exists already`);
  checkNewDevices(input.devices ?? [], 'devices');
  const clock = input.clock ? changedClock(realClock(), input.clock, realNow) : realClock();
  const record: AppRecord = {
    seq: store.nextSeq(),
    appid,
    appkey: input.appkey ?? randomId(22),
    mastersecret: input.mastersecret ?? randomId(22),
    name: input.name ?? appid,
    createdAt: realNow,
    settings: { ...defaultSettings(), ...input.settings },
    clock,
    party: {
      userCode,
      authCode: input.authCode ?? randomId(32),
      expiresIn: DMP_EXPIRES_IN_S,
      permissions: { tagsUser: true, configTags: true },
      tags: DEFAULT_DMP_TAGS.map((t) => ({ ...t })),
    },
    rateLimits: {},
    blacklist: [],
    onlineHistory: [],
  };
  const app = startApp(unit, record);
  if (input.devices?.length) addDevices(unit, app, input.devices, appNow(unit, app));
  return app;
}

/** Stores a new app record and gives the app its magic cids. */
function startApp(unit: Unit, record: AppRecord): AppState {
  const app = newAppState(record);
  unit.put('app', app, record);
  const now = appNow(unit, app);
  for (const magic of MAGIC_CIDS) {
    addDevice(
      unit,
      app,
      { cid: magic.cid, online: magic.state === 'online', active: magic.state !== 'inactive' },
      now,
      magic.state,
    );
  }
  return app;
}

/** Keeps credentials and settings; everything else starts over, the magic cids in their first state. */
export function resetApp(unit: Unit, app: AppState): AppState {
  const { seq, appid, appkey, mastersecret, name, createdAt, settings, party } = app.record;
  deleteApp(unit, app, 'keep-usage');
  return startApp(unit, {
    seq,
    appid,
    appkey,
    mastersecret,
    name,
    createdAt,
    settings,
    clock: realClock(),
    party,
    rateLimits: {},
    blacklist: [],
    onlineHistory: [],
  });
}

/**
 * Removes the app with everything it holds (its devices, tasks, tokens...: state/kinds.ts) and its usage ledger;
 * `keep-usage` when the same app is made again at once (a reset, a restore, a world): its ledger goes on counting.
 */
export function deleteApp(unit: Unit, app: AppState, usage: 'forget-usage' | 'keep-usage' = 'forget-usage'): void {
  unit.remove('app', app, app.record);
  const ledger = unit.store.usage.get(app.record.appid);
  if (ledger && usage === 'forget-usage') unit.remove('usage', app, ledger);
}

/** Removes every app and makes the default app again. */
export function resetSandbox(unit: Unit, defaultApp: AppInput): void {
  for (const app of [...unit.store.apps.values()]) deleteApp(unit, app);
  createApp(unit, defaultApp);
}

export function updateSettings(unit: Unit, app: AppState, settings: ControlBody<'updateApp'>): void {
  unit.update('app', app, app.record, (record) => {
    record.settings = { ...record.settings, ...settings };
  });
}

export function setRateLimits(unit: Unit, app: AppState, limits: ControlBody<'setRateLimits'>): void {
  unit.update('app', app, app.record, (record) => {
    record.rateLimits = { ...limits };
  });
  app.rateHits.clear();
}

export function updateParty(unit: Unit, app: AppState, update: ControlBody<'updateDmpParty'>): void {
  unit.update('app', app, app.record, ({ party }) => {
    if (update.expiresIn !== undefined) party.expiresIn = update.expiresIn;
    if (update.permissions) party.permissions = { ...party.permissions, ...update.permissions };
    if (update.tags) party.tags = update.tags.map((t) => ({ tid: t.tid, tname: t.tname }));
  });
}

/** The clock after a change: `time` sets it (and freezes it unless `frozen` is false), `advanceMs` moves it on. */
export function changedClock(clock: ClockRecord, change: ClockChange, realNow: number): ClockRecord {
  const frozen = change.frozen ?? (change.time !== undefined ? true : clock.frozenAt !== null);
  let now = clockNow(clock, realNow);
  if (change.time !== undefined) {
    now = typeof change.time === 'number' ? change.time : Date.parse(change.time);
    if (!Number.isFinite(now)) throw invalid(`clock time "${String(change.time)}" is not a date-time`);
  }
  if (change.advanceMs !== undefined) now += change.advanceMs;
  if (!(Math.abs(now) <= MAX_TIME_MS)) {
    throw invalid(`the clock would be at ${now} ms, beyond the dates a clock can show (±${MAX_TIME_MS} ms from 1970)`);
  }
  return clockSetTo(now, frozen, realNow);
}

/**
 * Moves the app's clock, then makes happen what fell due on the way (in order): scheduled pushes fire and
 * offline messages expire. A clock set to a time before now keeps what already happened.
 */
export function setClock(unit: Unit, app: AppState, change: ClockChange): { fired: string[]; expired: number } {
  const clock = changedClock(app.record.clock, change, unit.realNow);
  unit.update('app', app, app.record, (record) => {
    record.clock = clock;
  });
  return processDue(unit, app, appNow(unit, app));
}
