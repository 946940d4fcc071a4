// Scheduled push: push_app with pushTime (`yyyyMMddHHmm`, app time zone). Refused where the app has not
// enabled it; dispatched when the app's clock reaches pushTime; reported by get_schedule_task; deleted by
// del_schedule_task until one minute before dispatch.
import { SCHEDULE_LOCK_MS } from '../shared/config.js';
import { serviceRefusal } from '../shared/refusal.js';
import type { TaskRecord, TaskState } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit, View } from '../state/unit.js';
import { formatLocal, parsePushTime, utcOffsetText } from '../shared/time.js';
import type { PushBody } from './bodies.js';
import { conditionOf, contentOf, dispatchAppPush, keepTask, newTask, requestWindow } from './pushes.js';
import { must } from '../shared/must.js';

/** What get_schedule_task reports for each task state (the description shows only `send_failed`). */
export const SEND_RESULTS: Partial<Record<TaskState, { sendResult: string; status: number }>> = {
  scheduled: { sendResult: 'waiting', status: 0 },
  sent: { sendResult: 'send_success', status: 1 },
  failed: { sendResult: 'send_failed', status: 2 },
  stopped: { sendResult: 'stopped', status: 3 },
  deleted: { sendResult: 'deleted', status: 4 },
};

/** A task waiting for its pushTime, which carries the instant it fires (set by schedulePush). */
export type WaitingTask<T extends View<TaskRecord> = TaskRecord> = T & { state: 'scheduled'; dispatchAt: number };

/** Whether the task waits for its pushTime; a waiting task without its instant is a broken invariant, and throws. */
export function isWaiting<T extends View<TaskRecord>>(task: T): task is WaitingTask<T> {
  if (task.state !== 'scheduled') return false;
  if (task.dispatchAt === null) throw new Error(`Broken invariant: scheduled task ${task.taskid} has no dispatchAt`);
  return true;
}

/** What get_schedule_task reports for a scheduled push's task (made `scheduled`, so never `saved`). */
const sendResultOf = (task: View<TaskRecord>) =>
  must(
    SEND_RESULTS[task.state],
    `scheduled task ${task.taskid} is in a state get_schedule_task reports, not ${task.state}`,
  );

export function schedulePush(unit: Unit, app: AppState, body: PushBody<'pushApp'> & { pushTime: string }, now: number) {
  const { appid, settings } = app.record;
  if (!settings.scheduledPush) {
    throw serviceRefusal(
      'other_error',
      `scheduled push is not enabled for app ${appid} (enable it with PATCH /control/apps/${appid})`,
    );
  }
  const dispatchAt = parsePushTime(body.pushTime, settings.utcOffsetMinutes);
  if (dispatchAt === undefined)
    throw serviceRefusal('invalid_param', `pushTime "${body.pushTime}" is not a date and time`);
  if (dispatchAt <= now) {
    throw serviceRefusal(
      'invalid_param',
      `pushTime ${body.pushTime} is not in the future (the app's clock says ${formatLocal(now, settings.utcOffsetMinutes)} ${utcOffsetText(settings.utcOffsetMinutes)}, the app's time zone, in which pushTime is read)`,
    );
  }
  const task = newTask(unit, app, 'scheduled', now, {
    state: 'scheduled',
    content: contentOf(body),
    requestid: body.requestid,
    taskName: body.task_name ?? null,
    window: requestWindow(app, body),
    pushTime: body.pushTime,
    dispatchAt,
    targets: { cids: [], aliases: [], condition: conditionOf(body.condition) },
  });
  keepTask(unit, app, task);
  app.nextDueAt = Math.min(app.nextDueAt, dispatchAt);
  return { result: 'ok', taskid: task.taskid };
}

/** Dispatches a scheduled task at its pushTime; with no device to reach, it fails (`send_failed`). */
export function fireScheduled(unit: Unit, app: AppState, task: WaitingTask): void {
  const reached = dispatchAppPush(unit, app, task, task.dispatchAt);
  unit.update('task', app, task, (record) => {
    record.state = reached > 0 ? 'sent' : 'failed';
  });
}

function scheduledTask(app: AppState, taskid: string): TaskRecord;
function scheduledTask(app: View<AppState>, taskid: string): View<TaskRecord>;
function scheduledTask(app: View<AppState>, taskid: string): View<TaskRecord> {
  const task = app.tasks.get(taskid);
  if (task?.kind !== 'scheduled')
    throw serviceRefusal('no_taskid', `no scheduled task "${taskid}" in app ${app.record.appid}`);
  return task;
}

export function getScheduleTask(app: AppState, body: PushBody<'getScheduleTask'>) {
  const task = scheduledTask(app, body.taskid);
  const { sendResult, status } = sendResultOf(task);
  const transmission = task.content.template.transmission_content;
  return {
    result: 'ok',
    taskId: task.taskid,
    taskDetail: {
      creatTime: String(task.createdAt),
      sendResult,
      pushContent: typeof transmission === 'string' ? transmission : '',
      pushTime: task.pushTime,
      desc: task.taskName ?? '',
      status,
    },
  };
}

/** Check of del_schedule_task: a scheduled task, not yet dispatched, more than a minute before it is. */
function checkDeletable(app: View<AppState>, body: PushBody<'delScheduleTask'>, now: number): void {
  const task = scheduledTask(app, body.taskid);
  if (!isWaiting(task))
    throw serviceRefusal(
      'other_error',
      `task ${task.taskid} can no longer be deleted: it is ${sendResultOf(task).sendResult}`,
    );
  if (task.dispatchAt - now < SCHEDULE_LOCK_MS) {
    throw serviceRefusal(
      'other_error',
      `task ${task.taskid} is dispatched in less than one minute; it can no longer be deleted`,
    );
  }
}

export function delScheduleTask(unit: Unit, app: AppState, body: PushBody<'delScheduleTask'>, now: number) {
  checkDeletable(app, body, now);
  unit.update('task', app, scheduledTask(app, body.taskid), (record) => {
    record.state = 'deleted';
  });
  return { result: 'ok' };
}
