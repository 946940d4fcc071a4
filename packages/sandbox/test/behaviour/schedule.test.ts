// Scheduled push: push_app with pushTime, refused where not enabled, dispatched when the app clock reaches it,
// reported by get_schedule_task, deletable by del_schedule_task until one minute before dispatch.
import type { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { newApp, pushClient, transmission } from '../support/env.js';

const MINUTE = 60_000;
// 2030-01-01 08:00:00 at UTC+8, the apps' default time zone.
const START = '2030-01-01T00:00:00Z';

const scheduled = (pushTime: string, extra: Record<string, unknown> = {}) => ({
  body: { ...transmission('scheduled'), pushTime, ...extra },
});

describe('scheduled push', () => {
  it('is refused for an app where it is not enabled, and changes nothing', async () => {
    const app = await newApp({ settings: { scheduledPush: false }, clock: { time: START } });
    const error = await pushClient(app)
      .POST('/push_app', scheduled('203001010810'))
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('other_error');
    expect((error as PushApiError).desc).toContain('not enabled');
    expect(await app.tasks()).toEqual([]);
  });

  it('fires when the app clock reaches pushTime; get_schedule_task reports waiting, then sent', async () => {
    const app = await newApp({ clock: { time: START } });
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_app', scheduled('203001010810', { task_name: 'morning' }));
    expect(taskid).toMatch(/^RASA_0101_/);
    const before = await push.POST('/get_schedule_task', { body: { taskid: taskid! } });
    expect(before).toMatchObject({
      result: 'ok',
      taskId: taskid,
      taskDetail: {
        sendResult: 'waiting',
        status: 0,
        pushTime: '203001010810',
        pushContent: 'scheduled',
        desc: 'morning',
      },
    });
    expect((await app.inbox('magic-online')).messages).toEqual([]);
    const moved = await app.advance(10 * MINUTE);
    expect(moved.fired).toEqual([taskid]);
    expect((await app.inbox('magic-online')).messages).toMatchObject([
      { taskid, kind: 'scheduled', sentAt: Date.parse('2030-01-01T00:10:00Z') },
    ]);
    const after = await push.POST('/get_schedule_task', { body: { taskid: taskid! } });
    expect(after.taskDetail).toMatchObject({ sendResult: 'send_success', status: 1 });
  });

  it('fires by itself on a running clock', async () => {
    // Half a second before 08:10 (app time), frozen while the push is scheduled (a busy machine may take longer than
    // that to sign in and push), then running: the sandbox's timer dispatches it, and the wait is answered by it.
    const app = await newApp({ clock: { time: Date.parse('2030-01-01T00:10:00Z') - 500 } });
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_app', scheduled('203001010810'));
    await app.setClock({ frozen: false });
    expect(await app.waitForTask(taskid!, 'sent', { timeoutMs: 20_000 })).toMatchObject({
      state: 'sent',
      sendResult: 'send_success',
    });
    expect((await push.POST('/get_schedule_task', { body: { taskid: taskid! } })).taskDetail?.sendResult).toBe(
      'send_success',
    );
  });

  it('a scheduled push that reaches no device fails: send_failed', async () => {
    const app = await newApp({ clock: { time: START } });
    const push = pushClient(app);
    const { taskid } = await push.POST(
      '/push_app',
      scheduled('203001010810', { condition: [{ key: 'region', values: ['Nowhere'], opt_type: 0 }] }),
    );
    await app.advance(10 * MINUTE);
    expect((await push.POST('/get_schedule_task', { body: { taskid: taskid! } })).taskDetail).toMatchObject({
      sendResult: 'send_failed',
      status: 2,
    });
  });

  it('pushTime not in the future is refused: invalid_param', async () => {
    const app = await newApp({ clock: { time: START } });
    const error = await pushClient(app)
      .POST('/push_app', scheduled('203001010800'))
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('invalid_param');
  });

  it('del_schedule_task deletes a task more than a minute before dispatch; it never fires', async () => {
    const app = await newApp({ clock: { time: START } });
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_app', scheduled('203001010810'));
    await app.advance(8 * MINUTE);
    expect(await push.POST('/del_schedule_task', { body: { taskid: taskid! } })).toEqual({ result: 'ok' });
    await app.advance(5 * MINUTE);
    expect((await app.inbox('magic-online')).messages).toEqual([]);
    expect((await push.POST('/get_schedule_task', { body: { taskid: taskid! } })).taskDetail).toMatchObject({
      sendResult: 'deleted',
    });
  });

  it('del_schedule_task is refused within one minute of dispatch, and the task still fires', async () => {
    const app = await newApp({ clock: { time: START } });
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_app', scheduled('203001010810'));
    await app.advance(9 * MINUTE + 30_000);
    const error = await push.POST('/del_schedule_task', { body: { taskid: taskid! } }).catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('other_error');
    expect((error as PushApiError).desc).toContain('less than one minute');
    await app.advance(MINUTE);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });

  it('get_schedule_task of a task that is not scheduled: no_taskid', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_app', { body: transmission() });
    const error = await push.POST('/get_schedule_task', { body: { taskid: taskid! } }).catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_taskid');
  });
});
