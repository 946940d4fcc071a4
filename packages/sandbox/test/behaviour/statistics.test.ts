// Statistics counted from what happened: push_result per task, group results per task_name, daily user and
// push data (today refused for users), the 24-hour online statistics, user_status, set_badge.
import type { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { control, newApp, notification, pushClient, transmission } from '../support/env.js';

const DAY = 24 * 60 * 60 * 1000;

describe('push results', () => {
  it('push_result reports each task: deliverable, received, clicks, sent', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const { taskid } = await push.POST('/save_list_body', { body: notification() });
    await push.POST('/push_list', {
      body: { taskid: taskid!, cid: ['magic-online', 'magic-offline', 'magic-inactive'] },
    });
    const [message] = (await app.inbox('magic-online')).messages;
    await control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
      params: { path: { appid: app.appid, cid: 'magic-online', messageId: message!.id } },
    });
    const { data } = await push.POST('/push_result', { body: { taskIdList: [taskid!] } });
    expect(data).toEqual([
      {
        taskId: taskid,
        msgTotal: 2,
        msgProcess: 1,
        clickNum: 1,
        pushNum: 3,
        GT: { sent: 3, feedback: 1, clicked: 1, displayed: 1, result: 'ok' },
        APN: { sent: 0, feedback: 0, clicked: 0, displayed: 0, result: 'ok' },
      },
    ]);
    // The other spelling of the list is accepted too.
    expect((await push.POST('/push_result', { body: { taskidlist: [taskid!] } })).data).toHaveLength(1);
  });

  it('get_push_result_by_group_name sums the tasks pushed under one task_name', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/push_app', { body: { ...transmission(), task_name: 'campaign' } });
    await push.POST('/push_app', { body: { ...notification(), task_name: 'campaign' } });
    const group = await push.GET('/get_push_result_by_group_name/{groupName}', {
      params: { path: { groupName: 'campaign' } },
    });
    // Each push reaches magic-online (online), magic-offline (kept) and magic-inactive (ignored).
    expect(group).toEqual({ result: 'ok', msgTotal: 4, onlineNum: 2, msgProcess: 2, showNum: 1, clickNum: 0 });
    const error = await push
      .GET('/get_push_result_by_group_name/{groupName}', { params: { path: { groupName: 'nothing' } } })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_taskid');
  });
});

describe('daily data', () => {
  it('query_app_user refuses today and reports an earlier day', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    await app.addDevice({ cid: 'new-one', online: true });
    const push = pushClient(app);
    const today = await push
      .GET('/query_app_user/{date}', { params: { path: { date: '2030-01-01' } } })
      .catch((e: unknown) => e);
    expect((today as PushApiError).result).toBe('invalid_param');
    await app.advance(DAY);
    const { data } = await push.GET('/query_app_user/{date}', { params: { path: { date: '2030-01-01' } } });
    // The three magic cids and new-one were registered that day; magic-online and new-one logged in and were online.
    expect(data).toEqual({
      appId: app.appid,
      date: '2030-01-01',
      newRegistCount: 4,
      registTotalCount: 4,
      activeCount: 2,
      onlineCount: 2,
    });
  });

  it('query_app_push reports the pushes of a day', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushClient(app);
    await push.POST('/push_app', { body: notification() });
    const { data, GT } = await push.GET('/query_app_push/{date}', { params: { path: { date: '20300101' } } });
    expect(data).toMatchObject({
      appId: app.appid,
      date: '20300101',
      sendCount: 3,
      sendOnlineCount: 1,
      receiveCount: 1,
      showCount: 1,
      clickCount: 0,
    });
    expect(GT).toEqual({ sent: 0, feedback: 1, displayed: 1, clicked: 0 });
    const other = await push.GET('/query_app_push/{date}', { params: { path: { date: '20291231' } } });
    expect(other.data).toMatchObject({ sendCount: 0, receiveCount: 0 });
  });
});

describe('online statistics and status', () => {
  it('the last 24 hours, one point every ten minutes, follow devices coming online and going offline', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    await app.addDevice({ cid: 'a', online: true });
    await app.advance(30 * 60_000);
    await app.updateDevice('a', { online: false });
    await app.advance(30 * 60_000);
    const { onlineStatics } = await pushClient(app).GET('/get_last_24hours_online_User_statistics');
    const points = Object.entries(onlineStatics!).map(([time, count]) => [Number(time), count] as const);
    expect(points).toHaveLength(144);
    expect(points.every(([time], i) => i === 0 || time - points[i - 1]![0] === 600_000)).toBe(true);
    const at = (iso: string) => points.find(([time]) => time === Date.parse(iso))?.[1];
    expect(at('2030-01-01T01:00:00Z')).toBe(1); // magic-online
    expect(at('2030-01-01T00:20:00Z')).toBe(2); // magic-online and a
    expect(at('2029-12-31T23:50:00Z')).toBe(0); // before the app existed
  });

  it('user_status reports online or offline with lastlogin, and no_user for an unknown cid', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushClient(app);
    expect(await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-offline' } } })).toMatchObject({
      result: 'ok',
      status: 'offline',
    });
    await app.advance(60_000);
    await app.updateDevice('magic-offline', { online: true });
    expect(await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-offline' } } })).toEqual({
      result: 'ok',
      cid: 'magic-offline',
      status: 'online',
      lastlogin: String(Date.parse('2030-01-01T00:01:00Z')),
    });
    expect(await push.GET('/user_status/{cid}', { params: { path: { cid: 'nobody' } } })).toMatchObject({
      result: 'no_user',
    });
  });

  it('set_badge records the badge on the devices named by cid or by device token', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'iphone', phonetype: 'IOS', deviceToken: 'token-of-iphone' });
    const push = pushClient(app);
    await push.POST('/set_badge', { body: { badge: 3, cid_list: ['magic-online'] } });
    await push.POST('/set_badge', { body: { badge: 7, devicetoken_list: ['token-of-iphone'] } });
    expect((await app.device('magic-online')).badge).toBe(3);
    expect((await app.device('iphone')).badge).toBe(7);
    expect((await app.device('magic-offline')).badge).toBeNull();
  });
});
