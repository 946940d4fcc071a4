// Devices: registered through the control API (the magic cids at app creation), changed by tests (online,
// active, region, phone type, tags, blacklist, DMP ids), removed.
import type { DeviceStateName } from '../config.js';
import type { components } from '../generated/schema.js';
import type { DeviceRecord } from '../state/model.js';
import type { AppState, DeviceState } from '../state/state.js';
import { appNow, type World } from '../world.js';
import { countDay, recordOnlineCount } from './days.js';
import { comeOnline, goOffline } from './delivery.js';
import { ControlProblem } from './problems.js';

export type DeviceFields = components['schemas']['DeviceFields'];

export function addDevice(world: World, app: AppState, input: DeviceFields & { cid: string }, magic: DeviceStateName | null = null): DeviceState {
  const { cid, ...fields } = input;
  if (app.devices.has(cid)) throw new ControlProblem(409, 'conflict', 'Conflict', `app ${app.record.appid} already has a device with cid "${cid}"`);
  const now = appNow(world, app);
  const record: DeviceRecord = {
    seq: world.state.nextSeq(),
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
  const device: DeviceState = { record, inbox: [], pending: [] };
  world.state.putDevice(app, device);
  countDay(world, app, now, (day) => day.newRegist++);
  updateDevice(world, app, device, fields);
  return device;
}

export function updateDevice(world: World, app: AppState, device: DeviceState, fields: DeviceFields): DeviceState {
  const now = appNow(world, app);
  const record = device.record;
  if (fields.active !== undefined) record.active = fields.active;
  if (fields.lastlogin !== undefined) record.lastlogin = fields.lastlogin;
  if (fields.region !== undefined) record.region = fields.region;
  if (fields.phonetype !== undefined) record.phonetype = fields.phonetype;
  if (fields.tags !== undefined) record.tags = [...new Set(fields.tags)];
  if (fields.deviceToken !== undefined) record.deviceToken = fields.deviceToken;
  if (fields.dmpIds !== undefined) record.dmpIds = { ...fields.dmpIds };
  if (fields.dmpTags !== undefined) record.dmpTags = [...new Set(fields.dmpTags)];
  if (fields.blacklisted !== undefined) {
    if (fields.blacklisted) app.blacklist.add(record.cid);
    else app.blacklist.delete(record.cid);
    world.state.putApp(app);
  }
  world.state.putDevice(app, device);
  if (fields.online === true && !record.online) comeOnline(world, app, device, now);
  if (fields.online === false && record.online) goOffline(world, app, device, now);
  world.events.emit({ type: 'device', appid: app.record.appid, cid: record.cid });
  return device;
}

export function deleteDevice(world: World, app: AppState, device: DeviceState): void {
  if (device.record.magic !== null) {
    throw new ControlProblem(409, 'conflict', 'Conflict', `"${device.record.cid}" is a magic cid: every app keeps it (reset the app to restore its state)`);
  }
  const wasOnline = device.record.online;
  world.state.removeDevice(app, device);
  if (wasOnline) {
    recordOnlineCount(app, appNow(world, app));
    world.state.putApp(app);
  }
  world.events.emit({ type: 'device', appid: app.record.appid, cid: device.record.cid });
}
