// Delivery: what each device gets from a push, and when.
// - A blacklisted cid is left out; an unknown cid is `no_user`; an inactive device gets `successed_ignore`.
// - An online device receives at once (`successed_online`), or when the template's duration_begin comes.
// - An offline device (`successed_offline`) keeps the message while `is_offline` is true and its
//   offline_expire_time (milliseconds) has not run out, and receives it when it comes online. An offline IOS
//   device that is sent push_info receives that through APN at once.
// - A notification received with a style notify_id takes the place, on the device's notification bar, of the
//   earlier one with the same notify_id and channel: the inbox keeps both, the earlier marked `replacedBy`. Not
//   on an iOS device, online or offline: it shows push_info's alert, and push_info has no notify_id.
// - Nothing is shown after the template's duration_end.
import { DEFAULT_OFFLINE_EXPIRE_MS } from '../shared/config.js';
import type { CidDetail, MessageRecord, PushContent, TaskKind, TaskRecord } from '../state/records.js';
import type { AppState, DeviceState, MessageList } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { platformOf } from '../shared/phone-view.js';
import { parseLocal } from '../shared/time.js';
import { countDay, onlineChanged } from './days.js';

/** A push as every one of its messages shares it. */
export interface Sending {
  task: TaskRecord;
  kind: TaskKind;
  requestid: string | null;
  content: PushContent;
  /** When it is sent (app time): now, or the pushTime of a scheduled task. */
  at: number;
}

/** The template's display window, intersected with push_app's own duration_begin/duration_end. */
function displayWindow(app: AppState, sending: Sending): { from: number | null; until: number | null } {
  const offset = app.record.settings.utcOffsetMinutes;
  const text = (key: string) =>
    typeof sending.content.template[key] === 'string' ? (sending.content.template[key] as string) : undefined;
  const begin = text('duration_begin');
  const end = text('duration_end');
  const from = [
    begin === undefined ? undefined : parseLocal(begin, offset),
    sending.task.window.from ?? undefined,
  ].filter((v) => v !== undefined);
  const until = [
    end === undefined ? undefined : parseLocal(end, offset),
    sending.task.window.until ?? undefined,
  ].filter((v) => v !== undefined);
  return { from: from.length ? Math.max(...from) : null, until: until.length ? Math.min(...until) : null };
}

const isIos = (device: DeviceState) => (device.record.phonetype ?? '').toUpperCase() === 'IOS';
/** A transmission is handed to the app, not shown; an APN alert is shown. */
const shows = (m: MessageRecord) => m.content.msgtype !== 'transmission' || m.apn;

/** Sends the push to one cid and says what push_list would report for it. Updates the task's statistics. */
export function sendToCid(unit: Unit, app: AppState, sending: Sending, cid: string): CidDetail {
  const task = unit.edit('task', app, sending.task);
  const stats = task.stats;
  stats.targets++;
  const device = app.devices.get(cid);
  if (!device) {
    stats.unknown++;
    return 'no_user';
  }
  if (app.blacklist.has(cid)) {
    stats.filtered++;
    return 'successed_ignore';
  }
  stats.sent++;
  const online = device.record.online;
  countDay(unit, app, sending.at, (day) => {
    day.sent++;
    if (online && device.record.active) day.sentOnline++;
  });
  if (!device.record.active) {
    stats.ignored++;
    return 'successed_ignore';
  }
  stats.deliverable++;
  const window = displayWindow(app, sending);
  const seq = unit.store.nextSeq();
  const message: MessageRecord = {
    id: `m-${seq}`,
    seq,
    cid,
    taskid: task.taskid,
    kind: sending.kind,
    requestid: sending.requestid,
    content: sending.content,
    state: 'pending',
    via: null,
    apn: false,
    sentAt: sending.at,
    receivedAt: null,
    expiresAt: null,
    displayFrom: window.from,
    displayUntil: window.until,
    clicked: false,
    replacedBy: null,
  };
  if (online) {
    stats.online++;
    hold(unit, app, device, message, sending.at);
    return 'successed_online';
  }
  stats.offline++;
  if (isIos(device) && sending.content.push_info !== null) {
    message.apn = true;
    stats.apn++;
    hold(unit, app, device, message, sending.at);
    return 'successed_offline';
  }
  if (sending.content.message.is_offline === true) {
    const ttl = sending.content.message.offline_expire_time;
    message.expiresAt = sending.at + (typeof ttl === 'number' ? ttl : DEFAULT_OFFLINE_EXPIRE_MS);
    hold(unit, app, device, message, sending.at);
  }
  return 'successed_offline';
}

/** Changes a task's counters, when the task is still kept. */
function countTask(unit: Unit, app: AppState, taskid: string, change: (stats: TaskRecord['stats']) => void): void {
  const task = app.tasks.get(taskid);
  if (!task) return;
  unit.update('task', app, task, (record) => change(record.stats));
}

/** Delivers the message now if it may be shown now; otherwise keeps it pending (or drops it, if its time is over). */
function hold(unit: Unit, app: AppState, device: DeviceState, message: MessageRecord, now: number): void {
  // Never shown: its display time is over, or (offline_expire_time 0) it expired as it was sent.
  if (
    (message.displayUntil !== null && now > message.displayUntil) ||
    (message.expiresAt !== null && now >= message.expiresAt)
  ) {
    end(unit, app, device, message, 'expired');
    return;
  }
  if (receivable(device, message, now)) {
    receive(unit, app, device, message, now);
    return;
  }
  unit.put('message', app, message);
  countTask(unit, app, message.taskid, (stats) => stats.pending++);
  app.nextDueAt = Math.min(app.nextDueAt, dueAt(message, device));
  // Waiting messages are bounded like the inbox: beyond inboxLimit, the oldest expires.
  for (const oldest of device.pending.values()) {
    if (device.pending.size <= app.record.settings.inboxLimit) break;
    end(unit, app, device, oldest, 'expired');
    countTask(unit, app, oldest.taskid, (stats) => stats.pending--);
  }
}

/**
 * A waiting message that will never arrive: it expired, or its task was stopped. The device keeps it among those
 * that never arrived (the page and `GET …/messages?state=expired` show them), at most inboxLimit, oldest out first.
 */
function end(
  unit: Unit,
  app: AppState,
  device: DeviceState,
  message: MessageRecord,
  state: 'expired' | 'stopped',
): void {
  unit.update('message', app, message, (record) => {
    record.state = state;
  });
  trimOldest(unit, app, device.ended);
}

/** Keeps a device's list of messages (its inbox, or those that never arrived) within inboxLimit: the oldest go first. */
function trimOldest(unit: Unit, app: AppState, messages: MessageList): void {
  for (const oldest of messages.values()) {
    if (messages.size <= app.record.settings.inboxLimit) break;
    unit.remove('message', app, oldest);
  }
}

/** Whether the device can receive the message at `now`: connected (or reached through APN), inside the display window. */
const receivable = (device: DeviceState, message: MessageRecord, now: number) =>
  (device.record.online || message.apn) && (message.displayFrom === null || now >= message.displayFrom);

/** When a pending message next needs a look: its expiry, its display end, or (if it can be received) its display start. */
function dueAt(message: MessageRecord, device: DeviceState): number {
  const times = [
    message.expiresAt,
    message.displayUntil,
    device.record.online || message.apn ? message.displayFrom : null,
  ];
  return Math.min(...times.map((t) => (t === null ? Number.POSITIVE_INFINITY : t)));
}

function receive(unit: Unit, app: AppState, device: DeviceState, message: MessageRecord, now: number): void {
  // Kept for an offline device (it has an offline expiry) or sent through APN: it arrived "offline".
  const offline = message.expiresAt !== null || message.apn;
  // The record in place from now on: a message a restore shares with its snapshot is copied by its first change.
  const received = unit.update('message', app, message, (record) => {
    record.state = 'delivered';
    record.via = offline ? 'offline' : 'online';
    // An online device waiting only for the display window shows it when the window opens.
    record.receivedAt = offline ? now : Math.min(now, Math.max(record.sentAt, record.displayFrom ?? record.sentAt));
  });
  replaceEarlier(unit, app, device, received);
  // Inboxes are bounded: the oldest messages go first.
  trimOldest(unit, app, device.inbox);
  countTask(unit, app, message.taskid, (stats) => {
    stats.received++;
    if (shows(message)) stats.displayed++;
  });
  countDay(unit, app, now, (day) => {
    day.received++;
    if (shows(message)) day.shown++;
    if (!message.apn) {
      day.gt.feedback++;
      if (shows(message)) day.gt.displayed++;
    }
  });
}

/** Where a received message sits on the notification bar, when it has a notify_id: its notify_id and channel. */
function barSlot(message: MessageRecord): string | undefined {
  if (message.apn || message.content.msgtype === 'transmission') return undefined;
  const style = message.content.template.style as Record<string, unknown> | undefined;
  if (typeof style?.notify_id !== 'number') return undefined;
  const channel = typeof style.channelId === 'string' ? style.channelId : 'Default';
  return `${style.notify_id}\u0000${channel}`;
}

/**
 * notify_id: "a new message with the same notify_id replaces the earlier one". On the device that received it,
 * the earlier notifications with the same notify_id and channel, whatever their template or task, are marked as
 * replaced by this one; the inbox keeps them. notify_id is a field of the Style, "the layout of the notification
 * bar message" (Android's); an iOS device shows push_info's alert instead, online or offline, and push_info
 * carries no notify_id (nor APNs' collapse id): on iOS each alert stays beside the earlier ones.
 */
function replaceEarlier(unit: Unit, app: AppState, device: DeviceState, message: MessageRecord): void {
  const slot = barSlot(message);
  if (slot === undefined || platformOf(device.record.phonetype) === 'ios') return;
  for (const earlier of device.inbox.values()) {
    if (earlier === message || earlier.replacedBy !== null || barSlot(earlier) !== slot) continue;
    unit.update('message', app, earlier, (record) => {
      record.replacedBy = message.id;
    });
  }
}

/**
 * Looks at the device's pending messages at `now`: delivers those it may receive now (in order), drops
 * those whose offline time or display time is over. Returns how many expired.
 */
export function reviewPending(unit: Unit, app: AppState, device: DeviceState, now: number): number {
  let expired = 0;
  for (const message of [...device.pending.values()]) {
    const over =
      (message.expiresAt !== null && now >= message.expiresAt) ||
      (message.displayUntil !== null && now > message.displayUntil);
    if (over) {
      expired++;
      end(unit, app, device, message, 'expired');
    } else if (receivable(device, message, now)) {
      receive(unit, app, device, message, now);
    } else {
      app.nextDueAt = Math.min(app.nextDueAt, dueAt(message, device));
      continue;
    }
    countTask(unit, app, message.taskid, (stats) => stats.pending--);
  }
  return expired;
}

/** The device connects: lastlogin is now, and its pending messages arrive. */
export function comeOnline(unit: Unit, app: AppState, device: DeviceState, now: number): void {
  unit.update('device', app, device.record, (record) => {
    record.online = true;
    record.lastlogin = now;
  });
  countDay(unit, app, now, (day) => {
    day.active.add(device.record.cid);
    day.online.add(device.record.cid);
  });
  onlineChanged(unit, app, true, now);
  reviewPending(unit, app, device, now);
}

export function goOffline(unit: Unit, app: AppState, device: DeviceState, now: number): void {
  unit.update('device', app, device.record, (record) => {
    record.online = false;
  });
  onlineChanged(unit, app, false, now);
}

/** stop_task: the task's messages still waiting are not delivered any more. Returns how many were stopped. */
export function stopPending(unit: Unit, app: AppState, taskid: string): number {
  let stopped = 0;
  for (const device of app.devices.values()) {
    for (const m of [...device.pending.values()]) {
      if (m.taskid !== taskid) continue;
      end(unit, app, device, m, 'stopped');
      stopped++;
    }
  }
  return stopped;
}
