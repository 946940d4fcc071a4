// Pushes: push_single (cid or alias), save_list_body + push_list with need_detail, push_app filtered by
// condition, push_single_batch, stop_task, and the task ids they answer.
import { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { newApp, notification, pushClient, transmission, type TestApp } from '../support/env.js';

const received = async (app: TestApp, cid: string) => (await app.inbox(cid)).messages.length;

describe('task ids', () => {
  it('carry the prefix of their kind and <mmdd>_<hex> of the app clock (app time zone)', async () => {
    const app = await newApp({ clock: { time: '2030-03-04T20:00:00Z' } }); // 2030-03-05 04:00 at UTC+8
    const push = pushClient(app);
    const single = await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } });
    const saved = await push.POST('/save_list_body', { body: notification() });
    const all = await push.POST('/push_app', { body: notification() });
    expect(single.taskid).toMatch(/^RASS_0305_[0-9a-f]{32}$/);
    expect(saved.taskid).toMatch(/^RASL_0305_[0-9a-f]{32}$/);
    expect(all.taskid).toMatch(/^RASA_0305_[0-9a-f]{32}$/);
  });
});

describe('push_single', () => {
  it('to a cid the app does not have: no_user, and no task', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .POST('/push_single', { body: { ...notification(), cid: 'nobody' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect((error as PushApiError).result).toBe('no_user');
    expect(await app.tasks()).toEqual([]);
  });

  it('to an alias reaches every cid bound to it and reports the best state', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'phone' });
    await app.addDevice({ cid: 'tablet', online: true });
    const push = pushClient(app);
    await push.POST('/bind_alias', {
      body: {
        alias_list: [
          { cid: 'phone', alias: 'user-7' },
          { cid: 'tablet', alias: 'user-7' },
        ],
      },
    });
    const answer = await push.POST('/push_single', { body: { ...notification(), alias: 'user-7' } });
    expect(answer.status).toBe('successed_online');
    expect(await received(app, 'tablet')).toBe(1);
    expect((await app.inbox('phone')).pending).toHaveLength(1);
    expect((await app.task(answer.taskid!)).targets).toMatchObject({ cids: ['phone', 'tablet'], aliases: ['user-7'] });
  });

  it('to an alias bound to no cid: alias_notbind', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .POST('/push_single', { body: { ...notification(), alias: 'nobody' } })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('alias_notbind');
  });
});

describe('save_list_body + push_list', () => {
  it('need_detail reports each cid: online, offline, ignore, and no_user for an unknown one', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const { taskid } = await push.POST('/save_list_body', { body: { ...notification(), task_name: 'spring' } });
    const answer = await push.POST('/push_list', {
      body: { taskid: taskid!, cid: ['magic-online', 'magic-offline', 'magic-inactive', 'nobody'], need_detail: true },
    });
    expect(answer).toMatchObject({ result: 'ok', taskid });
    expect(answer.cid_details).toEqual({
      'magic-online': 'successed_online',
      'magic-offline': 'successed_offline',
      'magic-inactive': 'successed_ignore',
      nobody: 'no_user',
    });
    expect(await received(app, 'magic-online')).toBe(1);
    const task = await app.task(taskid!);
    expect(task).toMatchObject({ kind: 'list', state: 'sent', taskName: 'spring' });
    expect(task.stats).toMatchObject({
      targets: 4,
      sent: 3,
      deliverable: 2,
      unknown: 1,
      ignored: 1,
      received: 1,
      pending: 1,
    });
  });

  it("a restored list body is the snapshot's until pushed: each push after a restore changes the app, never the snapshot", async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'magic-online', alias: 'a1' }] } });
    const { taskid } = await push.POST('/save_list_body', { body: transmission() });
    await app.snapshot('list-saved');
    const saved = await app.task(taskid!);
    for (let round = 0; round < 2; round++) {
      await app.restore('list-saved');
      expect(await app.task(taskid!)).toEqual(saved);
      // By alias and by cid: the push adds to the task's targets and counts, in place.
      await push.POST('/push_list', { body: { taskid: taskid!, alias: ['a1'] } });
      await push.POST('/push_list', { body: { taskid: taskid!, cid: ['magic-offline'] } });
      const sent = await app.task(taskid!);
      expect(sent).toMatchObject({
        state: 'sent',
        targets: { aliases: ['a1'], cids: ['magic-online', 'magic-offline'] },
      });
      expect(sent.stats).toMatchObject({ targets: 2, sent: 2, online: 1, offline: 1 });
    }
    await app.restore('list-saved');
    expect(await app.task(taskid!)).toEqual(saved);
  });

  it('to aliases, with alias_details; without need_detail, no details', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'magic-online', alias: 'a1' }] } });
    const { taskid } = await push.POST('/save_list_body', { body: transmission() });
    const detailed = await push.POST('/push_list', {
      body: { taskid: taskid!, alias: ['a1', 'unbound'], need_detail: true },
    });
    expect(detailed.alias_details).toEqual({ a1: { 'magic-online': 'successed_online' }, unbound: {} });
    expect(detailed.cid_details).toEqual({ 'magic-online': 'successed_online' });
    const plain = await push.POST('/push_list', { body: { taskid: taskid!, cid: ['magic-online'] } });
    expect(plain).not.toHaveProperty('cid_details');
    expect(await received(app, 'magic-online')).toBe(2);
  });

  it('when both cid and alias are sent, cid wins', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'magic-online', alias: 'a1' }] } });
    await app.addDevice({ cid: 'other', online: true });
    const { taskid } = await push.POST('/save_list_body', { body: transmission() });
    const answer = await push.POST('/push_list', {
      body: { taskid: taskid!, cid: ['other'], alias: ['a1'], need_detail: true },
    });
    expect(answer.cid_details).toEqual({ other: 'successed_online' });
    expect(await received(app, 'magic-online')).toBe(0);
  });

  it('a taskid that is not a saved list body: no_taskid', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .POST('/push_list', { body: { taskid: 'RASL_0101_00000000000000000000000000000000', cid: ['magic-online'] } })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_taskid');
  });
});

describe('push_app', () => {
  async function fleet() {
    const app = await newApp();
    await app.addDevice({
      cid: 'zj-android',
      online: true,
      region: 'Zhejiang',
      phonetype: 'ANDROID',
      tags: ['sports', 'news'],
    });
    await app.addDevice({ cid: 'zj-ios', online: true, region: 'Zhejiang', phonetype: 'IOS', tags: ['sports'] });
    await app.addDevice({ cid: 'bj-android', online: true, region: 'Beijing', phonetype: 'ANDROID', tags: ['news'] });
    return app;
  }
  const reached = async (app: TestApp, condition: unknown) => {
    const { taskid } = await pushClient(app).POST('/push_app', {
      body: { ...transmission(), condition: condition as never },
    });
    return (await app.task(taskid!)).targets.cids.filter((cid) => !cid.startsWith('magic-')).sort();
  };

  it('without a condition, reaches every device of the app (the magic cids too)', async () => {
    const app = await fleet();
    const { taskid } = await pushClient(app).POST('/push_app', { body: transmission() });
    const task = await app.task(taskid!);
    expect(task.targets.cids.sort()).toEqual([
      'bj-android',
      'magic-inactive',
      'magic-offline',
      'magic-online',
      'zj-android',
      'zj-ios',
    ]);
    expect(await received(app, 'bj-android')).toBe(1);
  });

  it('opt_type 0 is a union, 1 an intersection, 2 "not in"; items are combined with "and"', async () => {
    const app = await fleet();
    expect(await reached(app, [{ key: 'region', values: ['Zhejiang', 'Beijing'], opt_type: 0 }])).toEqual([
      'bj-android',
      'zj-android',
      'zj-ios',
    ]);
    expect(await reached(app, [{ key: 'tag', values: ['sports', 'news'], opt_type: 1 }])).toEqual(['zj-android']);
    expect(await reached(app, [{ key: 'tag', values: ['sports'], opt_type: 2 }])).toEqual(['bj-android']);
    expect(await reached(app, [{ key: 'phonetype', values: ['android'], opt_type: 0 }])).toEqual([
      'bj-android',
      'zj-android',
    ]);
    expect(
      await reached(app, [
        { key: 'region', values: ['Zhejiang'], opt_type: 0 },
        { key: 'phonetype', values: ['IOS'], opt_type: 2 },
      ]),
    ).toEqual(['zj-android']);
  });

  it('query_user_count counts the devices a condition selects', async () => {
    const app = await fleet();
    const count = await pushClient(app).POST('/query_user_count', {
      body: { condition: [{ key: 'tag', values: ['news'], opt_type: 0 }] },
    });
    expect(count).toEqual({ result: 'ok', user_count: 2 });
  });

  it('a condition no device meets: no_valid_push, and no task', async () => {
    const app = await fleet();
    const error = await pushClient(app)
      .POST('/push_app', {
        body: { ...transmission(), condition: [{ key: 'region', values: ['Tibet'], opt_type: 0 }] },
      })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_valid_push');
    expect(await app.tasks()).toEqual([]);
  });
});

describe('push_single_batch', () => {
  it('sends each item to its own target under one task', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'second', online: true });
    const answer = await pushClient(app).POST('/push_single_batch', {
      body: {
        msg_list: [
          { ...transmission('for-online'), cid: 'magic-online', requestid: 'batch-item-0001' },
          { ...notification('for-second'), cid: 'second', requestid: 'batch-item-0002' },
        ],
      },
    });
    expect(answer).toMatchObject({ result: 'ok', taskid: expect.stringMatching(/^RASS_/) });
    expect((await app.inbox('magic-online')).messages).toMatchObject([
      { taskid: answer.taskid, kind: 'batch', requestid: 'batch-item-0001' },
    ]);
    expect((await app.inbox('second')).messages).toMatchObject([{ taskid: answer.taskid, msgtype: 'notification' }]);
  });
});

describe('stop_task', () => {
  it('stops the messages of the task still waiting for offline devices', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const { taskid } = await push.POST('/push_single', { body: { ...notification(), cid: 'magic-offline' } });
    expect(await push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: taskid! } } })).toEqual({
      result: 'ok',
      taskid,
    });
    await app.updateDevice('magic-offline', { online: true });
    expect(await app.inbox('magic-offline')).toMatchObject({ messages: [], pending: [] });
    expect(await app.task(taskid!)).toMatchObject({ state: 'stopped', stats: { pending: 0, received: 0 } });
  });

  it('an unknown task: no_taskid', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .DELETE('/stop_task/{taskid}', { params: { path: { taskid: 'RASS_0101_none' } } })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_taskid');
  });
});
