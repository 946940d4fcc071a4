// Apps: creation with fresh credentials, the magic cids and a DMP party, settings, the test clock, and reset.
import { randomBytes } from 'node:crypto';
import { DEFAULT_DMP_TAGS, DEFAULT_UTC_OFFSET_MINUTES, DMP_EXPIRES_IN_S, LIMITS, MAGIC_CIDS } from '../config.js';
import type { AppRecord, AppSettings } from '../state/model.js';
import { newAppState, type AppState } from '../state/state.js';
import { clockNow, clockSetTo, realClock, type ClockRecord } from '../time.js';
import { appNow, type World } from '../world.js';
import { addDevice } from './devices.js';
import { processDue } from './due.js';
import { ControlProblem } from './problems.js';

/** The largest distance from 1970 a JavaScript date can show (100,000,000 days): a clock stays within it. */
const MAX_TIME_MS = 8.64e15;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, like the service's appids and keys. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

export interface ClockChange {
  time?: number | string;
  advanceMs?: number;
  frozen?: boolean;
}

export interface AppInput {
  appid?: string;
  appkey?: string;
  mastersecret?: string;
  name?: string;
  settings?: Partial<AppSettings>;
  clock?: ClockChange;
  userCode?: string;
  authCode?: string;
}

const defaultSettings = (): AppSettings => ({
  scheduledPush: true,
  utcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES,
  maxClockSkewMs: null,
  inboxLimit: LIMITS.inboxLimit,
});

export function createApp(world: World, input: AppInput): AppState {
  const appid = input.appid ?? `app-${randomId(12)}`;
  if (world.state.apps.has(appid)) throw new ControlProblem(409, 'conflict', 'Conflict', `an app with appid "${appid}" exists already`);
  const userCode = input.userCode ?? `party-${randomId(12)}`;
  if (world.state.parties.has(userCode)) throw new ControlProblem(409, 'conflict', 'Conflict', `a DMP party with user_code "${userCode}" exists already`);
  const clock = input.clock ? changedClock(realClock(), input.clock, world.realNow()) : realClock();
  const record: AppRecord = {
    seq: world.state.nextSeq(),
    appid,
    appkey: input.appkey ?? randomId(22),
    mastersecret: input.mastersecret ?? randomId(22),
    name: input.name ?? appid,
    createdAt: world.realNow(),
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
  const app = newAppState(record);
  world.state.putApp(app);
  addMagicDevices(world, app);
  world.events.emit({ type: 'app', appid });
  return app;
}

function addMagicDevices(world: World, app: AppState): void {
  for (const magic of MAGIC_CIDS) {
    addDevice(world, app, { cid: magic.cid, online: magic.state === 'online', active: magic.state !== 'inactive' }, magic.state);
  }
}

/** Keeps credentials and settings; everything else starts over, the magic cids in their first state. */
export function resetApp(world: World, app: AppState): AppState {
  const { appid, appkey, mastersecret, name, createdAt, settings, party } = app.record;
  world.state.removeApp(app);
  const fresh = newAppState({
    seq: app.record.seq,
    appid,
    appkey,
    mastersecret,
    name,
    createdAt,
    settings,
    clock: realClock(),
    party: { ...party, tags: party.tags },
    rateLimits: {},
    blacklist: [],
    onlineHistory: [],
  });
  world.state.putApp(fresh);
  addMagicDevices(world, fresh);
  world.events.emit({ type: 'app', appid });
  return fresh;
}

/** The clock after a change: `time` sets it (and freezes it unless `frozen` is false), `advanceMs` moves it on. */
function changedClock(clock: ClockRecord, change: ClockChange, realNow: number): ClockRecord {
  const frozen = change.frozen ?? (change.time !== undefined ? true : clock.frozenAt !== null);
  let now = clockNow(clock, realNow);
  if (change.time !== undefined) {
    now = typeof change.time === 'number' ? change.time : Date.parse(change.time);
    if (!Number.isFinite(now)) throw new ControlProblem(422, 'invalid-request', 'Invalid request', `clock time "${String(change.time)}" is not a date-time`);
  }
  if (change.advanceMs !== undefined) now += change.advanceMs;
  if (!(Math.abs(now) <= MAX_TIME_MS)) {
    throw new ControlProblem(422, 'invalid-request', 'Invalid request', `the clock would be at ${now} ms, beyond the dates a clock can show (±${MAX_TIME_MS} ms from 1970)`);
  }
  return clockSetTo(clock, now, frozen, realNow);
}

/**
 * Moves the app's clock, then makes happen what fell due on the way (in order): scheduled pushes fire and
 * offline messages expire. A clock set to a time before now keeps what already happened.
 */
export function setClock(world: World, app: AppState, change: ClockChange): { fired: string[]; expired: number } {
  app.record.clock = changedClock(app.record.clock, change, world.realNow());
  world.state.putApp(app);
  const outcome = processDue(world, app, appNow(world, app));
  world.events.emit({ type: 'clock', appid: app.record.appid });
  return outcome;
}
