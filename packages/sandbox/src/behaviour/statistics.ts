// Queries and statistics, counted from what happened in the sandbox: push_result per task,
// get_push_result_by_group_name per task_name, query_app_user and query_app_push per day, the 24-hour online
// statistics, query_user_count, query_bi_tags, user_status and set_badge.
import { serviceRefusal } from '../shared/refusal.js';
import { emptyDay, type DayRecord, type TaskRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { dayKey, dayKeyOf } from '../shared/time.js';
import type { PushBody } from './bodies.js';
import { matchesCondition } from './conditions.js';
import { TEN_MINUTES_MS } from './days.js';
import { conditionOf } from './pushes.js';

export function userStatus(app: AppState, cid: string) {
  const device = app.devices.get(cid);
  if (!device) return { result: 'no_user', desc: `cid "${cid}" is not a device of app ${app.record.appid}`, cid };
  return {
    result: 'ok',
    cid,
    status: device.record.online ? 'online' : 'offline',
    lastlogin: String(device.record.lastlogin),
  };
}

/** One task's counters as push_result reports them (GT: the service's connection; APN: iOS pushes). */
function pushResultItem(task: TaskRecord) {
  const s = task.stats;
  return {
    taskId: task.taskid,
    msgTotal: s.deliverable,
    msgProcess: s.received,
    clickNum: s.clicked,
    pushNum: s.sent,
    GT: {
      sent: s.sent - s.apn,
      feedback: s.received - s.apn,
      clicked: s.clicked,
      displayed: s.displayed - s.apn,
      result: 'ok',
    },
    APN: { sent: s.apn, feedback: s.apn, clicked: 0, displayed: s.apn, result: 'ok' },
  };
}

export function pushResult(app: AppState, body: PushBody<'pushResult'>) {
  // One spelling is the list; the other, if present, is any value the document leaves alone.
  const ids =
    'taskIdList' in body && Array.isArray(body.taskIdList)
      ? body.taskIdList
      : (body as { taskidlist: string[] }).taskidlist;
  const data = ids.flatMap((id) => {
    const task = app.tasks.get(id);
    return task ? [pushResultItem(task)] : [];
  });
  if (data.length === 0 && ids.length > 0)
    throw serviceRefusal('no_taskid', `none of the task ids is a task of app ${app.record.appid}`);
  return { result: 'ok', data };
}

export function groupResult(app: AppState, groupName: string) {
  const tasks = [...app.tasks.values()].filter((t) => t.taskName === groupName);
  if (tasks.length === 0)
    throw serviceRefusal('no_taskid', `no task of app ${app.record.appid} was pushed with task_name "${groupName}"`);
  const sum = (pick: (t: TaskRecord) => number) => tasks.reduce((n, t) => n + pick(t), 0);
  return {
    result: 'ok',
    msgTotal: sum((t) => t.stats.deliverable),
    onlineNum: sum((t) => t.stats.online),
    msgProcess: sum((t) => t.stats.received),
    showNum: sum((t) => t.stats.displayed),
    clickNum: sum((t) => t.stats.clicked),
  };
}

/** The recorded day of a date parameter; a day with nothing recorded counts zero. */
function recordedDay(app: AppState, date: string): DayRecord {
  const key = dayKeyOf(date);
  if (key === undefined) throw serviceRefusal('invalid_param', `date "${date}" is not a day of the calendar`);
  return app.days.get(key) ?? emptyDay(key);
}

export function queryAppUser(app: AppState, date: string, now: number) {
  const day = recordedDay(app, date);
  if (day.day === dayKey(now, app.record.settings.utcOffsetMinutes)) {
    throw serviceRefusal(
      'invalid_param',
      `query_app_user answers for days other than today; ${date} is today by the app's clock`,
    );
  }
  const offset = app.record.settings.utcOffsetMinutes;
  let registTotalCount = 0;
  for (const device of app.devices.values()) if (dayKey(device.record.createdAt, offset) <= day.day) registTotalCount++;
  return {
    result: 'ok',
    data: {
      appId: app.record.appid,
      date,
      newRegistCount: day.newRegist,
      registTotalCount,
      activeCount: day.active.size,
      onlineCount: day.online.size,
    },
  };
}

export function queryAppPush(app: AppState, date: string) {
  const day = recordedDay(app, date);
  const gt = { ...day.gt, clicked: day.gt.clicked };
  return {
    result: 'ok',
    data: {
      appId: app.record.appid,
      date,
      sendCount: day.sent,
      sendOnlineCount: day.sentOnline,
      receiveCount: day.received,
      showCount: day.shown,
      clickCount: day.clicked,
      GT: gt,
    },
    GT: gt,
  };
}

/** The number of online devices at each ten-minute point of the last 24 hours (144 points), keyed by epoch ms. */
export function onlineStatistics(app: AppState, now: number) {
  const history = app.record.onlineHistory;
  const end = Math.floor(now / TEN_MINUTES_MS) * TEN_MINUTES_MS;
  const onlineStatics: Record<string, number> = {};
  for (let i = 143; i >= 0; i--) {
    const point = end - i * TEN_MINUTES_MS;
    let count = 0;
    for (const [time, online] of history) {
      if (time > point) break;
      count = online;
    }
    onlineStatics[String(point)] = count;
  }
  return { result: 'ok', onlineStatics };
}

export function queryUserCount(app: AppState, body: PushBody<'queryUserCount'>) {
  const condition = conditionOf(body.condition);
  let count = 0;
  for (const device of app.devices.values()) if (matchesCondition(device, condition)) count++;
  return { result: 'ok', user_count: count };
}

/** The tags in use on the app's devices, sorted. */
export function queryBiTags(app: AppState) {
  const tags = new Set<string>();
  for (const device of app.devices.values()) for (const tag of device.record.tags) tags.add(tag);
  return { result: 'ok', tags: [...tags].sort() };
}

/** set_badge: records the badge on every device named by cid or by device token. */
export function setBadge(unit: Unit, app: AppState, body: PushBody<'setBadge'>) {
  const { badge } = body;
  if (typeof badge !== 'number') throw serviceRefusal('invalid_param', 'set_badge needs badge');
  const cids = new Set(body.cid_list ?? []);
  const tokens = new Set(body.devicetoken_list ?? []);
  if (cids.size === 0 && tokens.size === 0)
    throw serviceRefusal('invalid_param', 'set_badge needs cid_list or devicetoken_list');
  for (const device of app.devices.values()) {
    if (!cids.has(device.record.cid) && !(device.record.deviceToken !== null && tokens.has(device.record.deviceToken)))
      continue;
    unit.update('device', app, device.record, (record) => {
      record.badge = badge;
    });
  }
  return { result: 'ok' };
}
