// Tags per cid (set_tags replaces the list; get_tags answers it as one space-separated string) and the
// blacklist (a set of cids, which every push leaves out).
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { deviceOf } from './aliases.js';
import type { PushBody } from './bodies.js';

export function setTags(unit: Unit, app: AppState, body: PushBody<'setTags'>) {
  const device = deviceOf(app, body.cid); // the check: `no_user` before anything changes
  unit.update('device', app, device.record, (record) => {
    record.tags = [...new Set(body.tag_list)];
  });
  return { result: 'ok' };
}

export function getTags(app: AppState, cid: string) {
  return { result: 'ok', cid, tags: deviceOf(app, cid).record.tags.join(' ') };
}

export function changeBlacklist(unit: Unit, app: AppState, body: PushBody<'postUserBlkList'>, add: boolean) {
  for (const cid of body.cid) {
    if (add) app.blacklist.add(cid);
    else app.blacklist.delete(cid);
    // A registered device's view shows whether it is blacklisted.
    const device = app.devices.get(cid);
    if (device) unit.edit('device', app, device.record);
  }
  // The blacklist is a set beside the app's record, which stores it (state/kinds.ts).
  unit.edit('app', app, app.record);
  return { result: 'ok' };
}
