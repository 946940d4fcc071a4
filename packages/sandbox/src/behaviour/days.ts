// The daily records behind query_app_user and query_app_push, and the online history behind the 24-hour
// online statistics. Both are counted from what happens in the sandbox.
import { DAYS_KEPT } from '../shared/config.js';
import { emptyDay, type DayRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { dayKey } from '../shared/time.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The online statistics have one point every ten minutes. */
export const TEN_MINUTES_MS = 10 * 60 * 1000;

/** The record of the app's day at `now` (app time zone), created (and stored) on first use. */
function dayOf(unit: Unit, app: AppState, now: number): DayRecord {
  const key = dayKey(now, app.record.settings.utcOffsetMinutes);
  let day = app.days.get(key);
  if (!day) {
    day = emptyDay(key);
    // Devices online when the day starts count as online that day.
    for (const device of app.devices.values()) if (device.record.online) day.online.add(device.record.cid);
    const oldest = dayKey(now - DAYS_KEPT * DAY_MS, app.record.settings.utcOffsetMinutes);
    for (const old of [...app.days.values()]) if (old.day < oldest) unit.remove('day', app, old);
    unit.put('day', app, day);
  }
  return day;
}

/** Changes the day record of `now` and records the change. */
export function countDay(unit: Unit, app: AppState, now: number, change: (day: DayRecord) => void): void {
  unit.update('day', app, dayOf(unit, app, now), change);
}

/** A device changed between online and offline: the app's online count and its online history follow. */
export function onlineChanged(unit: Unit, app: AppState, online: boolean, now: number): void {
  app.onlineCount += online ? 1 : -1;
  recordOnlineCount(unit, app, now);
}

/**
 * Appends the number of online devices now to the online history, keeping one entry older than 24 hours. A point
 * of the statistics reads the last change at or before it, so of the changes between two points only the last is
 * kept: at most one entry per ten minutes, however often devices come and go.
 */
export function recordOnlineCount(unit: Unit, app: AppState, now: number): void {
  const online = app.onlineCount;
  unit.update('app', app, app.record, ({ onlineHistory: history }) => {
    const last = history[history.length - 1];
    if (last && last[0] <= now && Math.ceil(last[0] / TEN_MINUTES_MS) === Math.ceil(now / TEN_MINUTES_MS)) {
      last[0] = now;
      last[1] = online;
    } else history.push([now, online]);
    const cutoff = now - DAY_MS;
    // Drops the oldest point while the one after it is already a day old (the first point kept starts the day).
    for (let next = history[1]; next !== undefined && next[0] <= cutoff; next = history[1]) history.shift();
  });
}
