// Tags per cid (set_tags replaces the list; get_tags answers it as one space-separated string) and the
// blacklist (a set of cids, which every push leaves out).
import type { AppState } from '../state/state.js';
import { Refusal, type World } from '../world.js';
import type { Body } from './pushes.js';

export function setTags(world: World, app: AppState, body: Body): Record<string, unknown> {
  const device = app.devices.get(body.cid);
  if (!device) throw new Refusal('no_user', `cid "${body.cid}" is not a device of app ${app.record.appid}`);
  device.record.tags = [...new Set(body.tag_list as string[])];
  world.state.putDevice(app, device);
  world.events.emit({ type: 'device', appid: app.record.appid, cid: body.cid });
  return { result: 'ok' };
}

export function getTags(app: AppState, cid: string): Record<string, unknown> {
  const device = app.devices.get(cid);
  if (!device) throw new Refusal('no_user', `cid "${cid}" is not a device of app ${app.record.appid}`);
  return { result: 'ok', cid, tags: device.record.tags.join(' ') };
}

export function changeBlacklist(world: World, app: AppState, body: Body, add: boolean): Record<string, unknown> {
  for (const cid of body.cid as string[]) {
    if (add) app.blacklist.add(cid);
    else app.blacklist.delete(cid);
    if (app.devices.has(cid)) world.events.emit({ type: 'device', appid: app.record.appid, cid });
  }
  world.state.putApp(app);
  return { result: 'ok' };
}
