// What a test does to an inbox as a user would: tap a message (a click, counted in the task's and the day's
// statistics), or clear the inbox.
import { notFound } from '../refusal.js';
import type { MessageRecord } from '../state/records.js';
import type { AppState, DeviceState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { countDay } from './days.js';

export function clickMessage(unit: Unit, app: AppState, device: DeviceState, messageId: string, now: number): MessageRecord {
  const message = device.inbox.get(messageId);
  if (!message) throw notFound(`device ${device.record.cid} has received no message "${messageId}"`);
  if (message.clicked) return message;
  message.clicked = true;
  unit.put('message', app, message);
  const task = app.tasks.get(message.taskid);
  if (task) {
    task.stats.clicked++;
    unit.put('task', app, task);
  }
  countDay(unit, app, now, (day) => {
    day.clicked++;
    if (!message.apn) day.gt.clicked++;
  });
  return message;
}

export function clearInbox(unit: Unit, app: AppState, device: DeviceState): void {
  for (const message of [...device.inbox.values()]) unit.remove('message', app, message);
  // The device's view (its inbox count) changed.
  unit.put('device', app, device.record);
}
