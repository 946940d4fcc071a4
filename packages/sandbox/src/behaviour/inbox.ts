// What a test does to an inbox as a user would: tap a message (a click, counted in the task's and the day's
// statistics), delete one message, or clear the inbox; and the app's messages across its devices, filtered.
import { notFound } from '../shared/refusal.js';
import type { MessageRecord } from '../state/records.js';
import { heldMessage, type AppState, type DeviceState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { countDay } from './days.js';

export function clickMessage(
  unit: Unit,
  app: AppState,
  device: DeviceState,
  messageId: string,
  now: number,
): MessageRecord {
  const message = device.inbox.get(messageId);
  if (!message) throw notFound(`device ${device.record.cid} has received no message "${messageId}"`);
  if (message.clicked) return message;
  // The record in place from now on (a message a restore shares is copied by its first change): the one answered.
  const clicked = unit.update('message', app, message, (record) => {
    record.clicked = true;
  });
  const task = app.tasks.get(message.taskid);
  if (task) unit.update('task', app, task, (record) => record.stats.clicked++);
  countDay(unit, app, now, (day) => {
    day.clicked++;
    if (!message.apn) day.gt.clicked++;
  });
  return clicked;
}

/** Clears what the device got: its messages received, and those that never arrived; waiting ones stay. */
export function clearInbox(unit: Unit, app: AppState, device: DeviceState): void {
  for (const message of [...device.inbox.values(), ...device.ended.values()]) unit.remove('message', app, message);
  // The device's view (its inbox count) changed.
  unit.edit('device', app, device.record);
}

/** Deletes one message of a device, of any state; a waiting one is no longer counted as waiting by its task. */
export function deleteMessage(unit: Unit, app: AppState, device: DeviceState, messageId: string): void {
  const message = heldMessage(device, messageId);
  if (!message)
    throw notFound(`device ${device.record.cid} has no message "${messageId}" (received, waiting, expired or stopped)`);
  if (message.state === 'pending') {
    const task = app.tasks.get(message.taskid);
    if (task) unit.update('task', app, task, (record) => record.stats.pending--);
  }
  unit.remove('message', app, message);
  // The device's view (its counts) changed.
  unit.edit('device', app, device.record);
}

export interface MessageFilter {
  cid?: string;
  alias?: string;
  template?: string;
  taskid?: string;
  q?: string;
  state?: 'waiting' | 'delivered' | 'expired' | 'stopped' | 'replaced' | 'clicked';
  limit: number;
}

/** Every text value inside a template or push_info (not the keys). */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) texts(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) texts(item, out);
  return out;
}

const STATE_TESTS: Record<NonNullable<MessageFilter['state']>, (m: MessageRecord) => boolean> = {
  waiting: (m) => m.state === 'pending',
  delivered: (m) => m.state === 'delivered',
  expired: (m) => m.state === 'expired',
  stopped: (m) => m.state === 'stopped',
  replaced: (m) => m.replacedBy !== null,
  clicked: (m) => m.clicked,
};

/** The app's messages that pass the filter, newest first (by creation), at most `limit`, and how many passed. */
export function listMessages(app: AppState, filter: MessageFilter): { messages: MessageRecord[]; matched: number } {
  let devices: DeviceState[];
  if (filter.cid !== undefined) devices = [app.devices.get(filter.cid)].filter((d) => d !== undefined);
  else if (filter.alias !== undefined)
    devices = [...(app.aliases.get(filter.alias) ?? [])]
      .map((cid) => app.devices.get(cid))
      .filter((d) => d !== undefined);
  else devices = [...app.devices.values()];
  if (filter.alias !== undefined) devices = devices.filter((d) => d.record.alias === filter.alias);
  const needle = filter.q?.toLowerCase();
  const state = filter.state === undefined ? undefined : STATE_TESTS[filter.state];
  const found: MessageRecord[] = [];
  for (const device of devices) {
    for (const list of [device.inbox, device.pending, device.ended]) {
      for (const m of list.values()) {
        if (filter.template !== undefined && m.content.msgtype !== filter.template) continue;
        if (filter.taskid !== undefined && m.taskid !== filter.taskid) continue;
        if (state && !state(m)) continue;
        if (
          needle !== undefined &&
          !texts([m.content.template, m.content.push_info]).some((t) => t.toLowerCase().includes(needle))
        )
          continue;
        found.push(m);
      }
    }
  }
  found.sort((a, b) => b.seq - a.seq);
  return { messages: found.slice(0, filter.limit), matched: found.length };
}
