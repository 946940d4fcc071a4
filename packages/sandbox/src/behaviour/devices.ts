// Devices: registered through the control API (one, or up to 10,000 at once; the magic cids at app creation),
// changed by tests (online, active, region, phone type, tags, blacklist, DMP ids), removed.
import type { DeviceStateName } from '../shared/config.js';
import { conflict } from '../shared/refusal.js';
import type { DeviceRecord } from '../state/records.js';
import type { AppState, DeviceState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { CIDS_PER_ALIAS, setAlias } from './aliases.js';
import type { ControlBody } from './bodies.js';
import { countDay, recordOnlineCount } from './days.js';
import { comeOnline, goOffline } from './delivery.js';
import { must } from '../shared/must.js';

export type DeviceFields = ControlBody<'updateDevice'>;
export type DeviceInput = ControlBody<'createDevice'>;

const taken = (app: AppState, cid: string) =>
  conflict(`app ${app.record.appid} already has a device with cid "${cid}"`);

export function addDevice(
  unit: Unit,
  app: AppState,
  input: DeviceInput,
  now: number,
  magic: DeviceStateName | null = null,
): DeviceState {
  const [device] = addDevices(unit, app, [input], now, magic);
  return must(device, 'addDevices registers each of its inputs');
}

/**
 * Registers every device, or none: every cid (new, and once in the list) and every alias (at most CIDS_PER_ALIAS
 * cids with the ones it has) is checked before anything changes.
 */
export function addDevices(
  unit: Unit,
  app: AppState,
  inputs: DeviceInput[],
  now: number,
  magic: DeviceStateName | null = null,
): DeviceState[] {
  const seen = new Set<string>();
  const perAlias = new Map<string, number>();
  for (const { cid, alias } of inputs) {
    if (app.devices.has(cid)) throw taken(app, cid);
    if (seen.has(cid)) throw conflict(`cid "${cid}" is in the list more than once`);
    seen.add(cid);
    if (alias !== undefined) perAlias.set(alias, (perAlias.get(alias) ?? app.aliases.get(alias)?.size ?? 0) + 1);
  }
  for (const [alias, count] of perAlias) {
    if (count > CIDS_PER_ALIAS)
      throw conflict(
        `alias "${alias}" would have ${count} cids in app ${app.record.appid}; an alias has at most ${CIDS_PER_ALIAS}`,
      );
  }
  return inputs.map((input) => register(unit, app, input, now, magic));
}

function register(
  unit: Unit,
  app: AppState,
  input: DeviceInput,
  now: number,
  magic: DeviceStateName | null,
): DeviceState {
  const { cid, alias, ...fields } = input;
  const record: DeviceRecord = {
    seq: unit.store.nextSeq(),
    cid,
    online: false,
    active: true,
    lastlogin: now,
    region: null,
    phonetype: null,
    tags: [],
    alias: null,
    badge: null,
    deviceToken: null,
    dmpIds: {},
    dmpTags: [],
    magic,
    createdAt: now,
  };
  unit.put('device', app, record);
  countDay(unit, app, now, (day) => day.newRegist++);
  const device = must(app.devices.get(cid), `device ${cid} is in memory once put (its kind's place)`);
  if (alias !== undefined) setAlias(unit, app, device, alias);
  return updateDevice(unit, app, device, fields, now);
}

export function updateDevice(
  unit: Unit,
  app: AppState,
  device: DeviceState,
  fields: DeviceFields,
  now: number,
): DeviceState {
  const record = device.record;
  if (fields.blacklisted !== undefined) {
    if (fields.blacklisted) app.blacklist.add(record.cid);
    else app.blacklist.delete(record.cid);
    unit.edit('app', app, app.record); // which stores the blacklist (state/kinds.ts)
  }
  unit.update('device', app, record, (r) => {
    if (fields.active !== undefined) r.active = fields.active;
    if (fields.lastlogin !== undefined) r.lastlogin = fields.lastlogin;
    if (fields.region !== undefined) r.region = fields.region;
    if (fields.phonetype !== undefined) r.phonetype = fields.phonetype;
    if (fields.tags !== undefined) r.tags = [...new Set(fields.tags)];
    if (fields.deviceToken !== undefined) r.deviceToken = fields.deviceToken;
    if (fields.dmpIds !== undefined) r.dmpIds = { ...fields.dmpIds };
    if (fields.dmpTags !== undefined) r.dmpTags = [...new Set(fields.dmpTags)];
  });
  if (fields.online === true && !record.online) comeOnline(unit, app, device, now);
  if (fields.online === false && record.online) goOffline(unit, app, device, now);
  return device;
}

export function deleteDevice(unit: Unit, app: AppState, device: DeviceState, now: number): void {
  if (device.record.magic !== null) {
    throw conflict(`"${device.record.cid}" is a magic cid: every app keeps it (reset the app to restore its state)`);
  }
  const wasOnline = device.record.online;
  unit.remove('device', app, device.record); // out of the indexes too: its alias, the online count
  if (wasOnline) recordOnlineCount(unit, app, now);
}
