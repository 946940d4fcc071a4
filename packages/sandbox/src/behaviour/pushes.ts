// Pushes: push_single, save_list_body + push_list, push_app (immediate), push_single_batch and stop_task.
// Every handler checks first and throws a Refusal before changing anything; then it creates the task, sends to
// each target (delivery.ts) and answers. Task ids are `RASS_`/`RASL_`/`RASA_` + `<mmdd>_<hex>` of the app clock.
import { randomUUID } from 'node:crypto';
import { LIMITS } from '../shared/config.js';
import { serviceRefusal } from '../shared/refusal.js';
import {
  emptyStats,
  type CidDetail,
  type ConditionItem,
  type DeliveryStatus,
  type PushContent,
  type TaskKind,
  type TaskRecord,
} from '../state/records.js';
import { contentSize, frozenContent } from '../state/content.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { mmdd, parseLocal } from '../shared/time.js';
import type { Condition, PushBody, PushPayload } from './bodies.js';
import { matchesCondition } from './conditions.js';
import { keepContentWithinBudget } from './content-budget.js';
import { sendToCid, stopPending, type Sending } from './delivery.js';
import { rememberAnswer, rememberedAnswer } from './request-ids.js';
import { must } from '../shared/must.js';

/** A map keyed by the caller's strings, without a prototype: "__proto__" is a key like any other. */
const nullRecord = <T>(): Record<string, T> => Object.create(null);

const PREFIX: Record<TaskKind, string> = {
  single: 'RASS',
  batch: 'RASS',
  list: 'RASL',
  app: 'RASA',
  scheduled: 'RASA',
};

/** The message envelope, its one template and push_info, as the push sent them. */
export function contentOf(body: PushPayload): PushContent {
  const { msgtype } = body.message;
  // The validated body carries exactly the template its msgtype names.
  const template = must(
    (body as unknown as Record<string, Record<string, unknown>>)[msgtype],
    `the validated body carries the template its msgtype (${msgtype}) names`,
  );
  // Frozen and of its own: tasks, messages and snapshots share it (state/content.ts).
  return frozenContent({ msgtype, message: body.message, template, push_info: body.push_info ?? null });
}

export function newTask(
  unit: Unit,
  app: AppState,
  kind: TaskKind,
  now: number,
  fields: Partial<TaskRecord> & { content: PushContent },
): TaskRecord {
  // 32 hex digits; randomUUID draws from a cached pool, where randomBytes asks the system on every call.
  const taskid = `${PREFIX[kind]}_${mmdd(now, app.record.settings.utcOffsetMinutes)}_${randomUUID().replaceAll('-', '')}`;
  return {
    seq: unit.store.nextSeq(),
    taskid,
    kind,
    state: 'sent',
    createdAt: now,
    taskName: null,
    requestid: null,
    window: { from: null, until: null },
    pushTime: null,
    dispatchAt: null,
    targets: { cids: [], aliases: [], condition: null },
    stats: emptyStats(),
    details: nullRecord(),
    contentBytes: contentSize(fields.content),
    ...fields,
  };
}

/** Stores a new task; tasks are bounded, the oldest finished ones go first, and so is the content they hold. */
export function keepTask(unit: Unit, app: AppState, task: TaskRecord): void {
  unit.put('task', app, task);
  for (const old of app.tasks.values()) {
    if (app.tasks.size <= LIMITS.taskLimit) break;
    if (old.state !== 'scheduled' && old.taskid !== task.taskid) unit.remove('task', app, old);
  }
  keepContentWithinBudget(unit, app, task.taskid);
}

const RANK: Record<DeliveryStatus, number> = { successed_online: 0, successed_offline: 1, successed_ignore: 2 };

/** push_single to an alias reaches several cids; it reports the best of their states. */
function bestStatus(details: CidDetail[]): DeliveryStatus {
  const known = details.filter((d): d is DeliveryStatus => d !== 'no_user');
  return known.sort((a, b) => RANK[a] - RANK[b])[0] ?? 'successed_ignore';
}

/** The cids of a push_single target, or a Refusal: an unknown cid is `no_user`, an alias bound to none `alias_notbind`. */
function cidsOfTarget(app: AppState, target: { cid?: string; alias?: string }): string[] {
  if (typeof target.cid === 'string') {
    if (!app.devices.has(target.cid))
      throw serviceRefusal('no_user', `cid "${target.cid}" is not a device of app ${app.record.appid}`);
    return [target.cid];
  }
  const cids = app.aliases.get(String(target.alias));
  if (!cids || cids.size === 0)
    throw serviceRefusal('alias_notbind', `alias "${String(target.alias)}" is bound to no cid`);
  return [...cids];
}

/** Sends to each cid, recording each cid's outcome on the task (its details list every cid once). */
function sendAll(unit: Unit, app: AppState, sending: Sending, cids: Iterable<string>): Record<string, CidDetail> {
  const details: Record<string, CidDetail> = nullRecord();
  const task = unit.edit('task', app, sending.task);
  for (const cid of cids) {
    details[cid] = sendToCid(unit, app, sending, cid);
    if (!Object.hasOwn(task.details, cid)) task.targets.cids.push(cid);
    task.details[cid] = details[cid];
  }
  return details;
}

export function pushSingle(unit: Unit, app: AppState, body: PushBody<'pushSingle'>, now: number) {
  const cids = cidsOfTarget(app, body);
  const content = contentOf(body);
  const task = newTask(unit, app, 'single', now, {
    content,
    requestid: body.requestid,
    targets: { cids: [], aliases: body.alias ? [body.alias] : [], condition: null },
  });
  keepTask(unit, app, task);
  const details = sendAll(unit, app, { task, kind: 'single', requestid: body.requestid, content, at: now }, cids);
  return { result: 'ok', taskid: task.taskid, status: bestStatus(Object.values(details)) };
}

export function saveListBody(unit: Unit, app: AppState, body: PushBody<'saveListBody'>, now: number) {
  const task = newTask(unit, app, 'list', now, {
    content: contentOf(body),
    state: 'saved',
    taskName: body.task_name ?? null,
  });
  keepTask(unit, app, task);
  return { result: 'ok', taskid: task.taskid };
}

export function pushList(unit: Unit, app: AppState, body: PushBody<'pushList'>, now: number) {
  const saved = app.tasks.get(body.taskid);
  if (saved?.kind !== 'list')
    throw serviceRefusal(
      'no_taskid',
      `taskid "${body.taskid}" is not a list body saved in app ${app.record.appid} (save_list_body)`,
    );
  if (saved.state === 'stopped') throw serviceRefusal('other_error', `task ${saved.taskid} was stopped (stop_task)`);
  // The record the unit hands back is the one to change (a restored task is a snapshot's until its first change).
  const task = unit.update('task', app, saved, (record) => {
    record.state = 'sent';
  });
  const sending: Sending = { task, kind: 'list', requestid: null, content: task.content, at: now };
  const answer: {
    result: string;
    taskid: string;
    cid_details?: Record<string, CidDetail>;
    alias_details?: Record<string, Record<string, CidDetail>>;
  } = {
    result: 'ok',
    taskid: task.taskid,
  };
  // "When both are present, cid wins."
  if (Array.isArray(body.cid)) {
    const details = sendAll(unit, app, sending, body.cid);
    if (body.need_detail === true) answer.cid_details = details;
  } else {
    const aliasDetails: Record<string, Record<string, CidDetail>> = nullRecord();
    for (const alias of body.alias ?? []) {
      if (!task.targets.aliases.includes(alias)) task.targets.aliases.push(alias);
      aliasDetails[alias] = sendAll(unit, app, sending, [...(app.aliases.get(alias) ?? [])]);
    }
    if (body.need_detail === true) {
      answer.cid_details = Object.assign(nullRecord<CidDetail>(), ...Object.values(aliasDetails));
      answer.alias_details = aliasDetails;
    }
  }
  return answer;
}

/** The devices a push_app condition selects, in order of registration. */
export const devicesMatching = (app: AppState, condition: ConditionItem[] | null) =>
  [...app.devices.values()].filter((device) => matchesCondition(device, condition)).map((device) => device.record.cid);

/** push_app's own display window (duration_begin/duration_end of the request). */
export function requestWindow(app: AppState, body: PushBody<'pushApp'>): { from: number | null; until: number | null } {
  const offset = app.record.settings.utcOffsetMinutes;
  const at = (text: string | undefined) => (text === undefined ? null : (parseLocal(text, offset) ?? null));
  return { from: at(body.duration_begin), until: at(body.duration_end) };
}

/** Sends an app push (immediate, or a scheduled one firing at `at`) to the devices its condition selects. */
export function dispatchAppPush(unit: Unit, app: AppState, task: TaskRecord, at: number): number {
  const targets = devicesMatching(app, task.targets.condition);
  sendAll(unit, app, { task, kind: task.kind, requestid: task.requestid, content: task.content, at }, targets);
  return targets.length;
}

export const conditionOf = (condition: Condition | undefined): ConditionItem[] | null => condition ?? null;

export function pushApp(unit: Unit, app: AppState, body: PushBody<'pushApp'>, now: number) {
  const condition = conditionOf(body.condition);
  if (devicesMatching(app, condition).length === 0) {
    throw serviceRefusal('no_valid_push', `no device of app ${app.record.appid} matches the condition`);
  }
  const task = newTask(unit, app, 'app', now, {
    content: contentOf(body),
    requestid: body.requestid,
    taskName: body.task_name ?? null,
    window: requestWindow(app, body),
    targets: { cids: [], aliases: [], condition },
  });
  keepTask(unit, app, task);
  dispatchAppPush(unit, app, task, now);
  return { result: 'ok', taskid: task.taskid };
}

/**
 * push_single_batch: one task for the batch. An item whose requestid was seen before delivers nothing again;
 * when every item was seen, the answer is the first call's.
 */
export function pushSingleBatch(unit: Unit, app: AppState, body: PushBody<'pushSingleBatch'>, now: number) {
  const items = body.msg_list;
  const [firstItem] = items;
  if (firstItem === undefined)
    throw serviceRefusal('no_msg', 'msg_list is empty; a batch carries at least one message');
  const seen = new Set<string>();
  // Each requestid once: not remembered from an earlier call, nor repeated within this batch.
  const fresh = items.filter(
    (item) =>
      rememberedAnswer(app, item.requestid, now) === undefined && !seen.has(item.requestid) && seen.add(item.requestid),
  );
  const sendings = fresh.map((item) => ({ item, content: contentOf(item) }));
  const [first] = sendings;
  if (first === undefined)
    // The first item is no repeat within the batch: it was seen, so an earlier call's answer is remembered.
    return must(
      rememberedAnswer(app, firstItem.requestid, now),
      'a batch with no fresh item has its answer remembered',
    );
  const task = newTask(unit, app, 'batch', now, {
    content: first.content,
    contentBytes: sendings.reduce((n, s) => n + contentSize(s.content), 0),
  });
  keepTask(unit, app, task);
  for (const { item, content } of sendings) {
    const sending: Sending = { task, kind: 'batch', requestid: item.requestid, content, at: now };
    if (typeof item.alias === 'string' && !task.targets.aliases.includes(item.alias))
      task.targets.aliases.push(item.alias);
    const cids = typeof item.cid === 'string' ? [item.cid] : [...(app.aliases.get(String(item.alias)) ?? [])];
    sendAll(unit, app, sending, cids);
  }
  const answer = { result: 'ok', taskid: task.taskid };
  for (const item of fresh) rememberAnswer(unit, app, item.requestid, 'push_single_batch', answer, now);
  return answer;
}

/** Check of stop_task: a task the app holds (and has not deleted), which it gives. */
function stoppableTask(app: AppState, taskid: string): TaskRecord {
  const task = app.tasks.get(taskid);
  if (!task || task.state === 'deleted')
    throw serviceRefusal('no_taskid', `no task "${taskid}" in app ${app.record.appid}`);
  return task;
}

export function stopTask(unit: Unit, app: AppState, taskid: string) {
  const task = stoppableTask(app, taskid);
  if (task.state !== 'stopped') {
    const stopped = stopPending(unit, app, taskid);
    unit.update('task', app, task, (record) => {
      record.state = 'stopped';
      record.stats.pending -= stopped;
    });
  }
  return { result: 'ok', taskid };
}
