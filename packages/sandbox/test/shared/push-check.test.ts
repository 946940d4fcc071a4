// The push check: each warning from the body alone (pure functions), then as the control API's check and the
// request log give them, where another team's app stays hidden; and the refusals that now say enough: a past
// pushTime names the app's time zone, an unknown rate-limit name lists the allowed ones; app.click().
import { createPushClient } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { PUSH_CHECK, pushWarnings } from '../../src/shared/push-check.js';
import { ownSandbox, raw } from '../support/in-process.js';

const style = (title = 'Order update') => ({ type: 0, title, text: 'Shipped', logo: 'icon.png' });
const body = (extra: Record<string, unknown> = {}, title?: string) => ({
  cid: 'magic-online',
  requestid: 'r1',
  message: { appkey: 'the-appkey', is_offline: true, msgtype: 'notification' },
  notification: { style: style(title) },
  push_info: { aps: { alert: { title: 'Order update', body: 'Shipped' } } },
  ...extra,
});
const codes = (operationId: string, b: unknown, context = {}) =>
  pushWarnings(operationId, b, context).map((w) => `${w.code} ${w.location.join('.')} ${w.platform}`);

describe('the push check of a body', () => {
  it('finds nothing in a push both platforms show whole, and checks only pushes with content', () => {
    expect(
      pushWarnings('pushSingle', body(), { appkey: 'the-appkey', notifyIdChannels: () => new Set(['Default']) }),
    ).toEqual([]);
    expect(pushWarnings('bindAlias', { push_info: 'x' })).toEqual([]);
    expect(pushWarnings('pushSingle', 'not an object')).toEqual([]);
  });

  it('warns that an iOS device shows nothing without push_info.aps.alert, but not for a background push', () => {
    expect(codes('pushSingle', body({ push_info: undefined }))).toEqual(['ios_shows_nothing push_info.aps.alert ios']);
    expect(codes('pushSingle', body({ push_info: { aps: { alert: { title: '' } } } }))).toEqual([
      'ios_shows_nothing push_info.aps.alert ios',
    ]);
    expect(codes('pushSingle', body({ push_info: { aps: { 'content-available': 1 } } }))).toEqual([]);
  });

  it('names unknown keys of push_info, aps and alert, with the fields there are', () => {
    const [first, ...rest] = pushWarnings(
      'pushSingle',
      body({ push_info: { title: 'T', aps: { badge: 1, alert: { title: 'T', text: 'x' } } } }),
    );
    expect(first).toMatchObject({ code: 'unknown_push_info_key', location: ['push_info', 'title'], platform: 'ios' });
    expect(first!.message).toContain('The fields: aps, payload, multimedia.');
    expect(rest.map((w) => w.location.join('.'))).toEqual(['push_info.aps.badge', 'push_info.aps.alert.text']);
  });

  it("warns of an Android title past its threshold (not at it), in each template's place", () => {
    expect(codes('pushSingle', body({}, 'x'.repeat(PUSH_CHECK.androidTitleChars)))).toEqual([]);
    expect(codes('pushSingle', body({}, 'x'.repeat(PUSH_CHECK.androidTitleChars + 1)))).toEqual([
      'title_cut notification.style.title android',
    ]);
    const popload = {
      ...body(),
      message: { appkey: 'k', is_offline: true, msgtype: 'notypopload' },
      notypopload: { notytitle: 'y'.repeat(80) },
    };
    expect(codes('pushApp', popload)).toContain('title_cut notypopload.notytitle android');
  });

  it('warns of an APNs payload over 4096 bytes, counted in bytes', () => {
    const alert = (n: number) => ({ aps: { alert: { title: 'T', body: 'é'.repeat(n) } } });
    const size = (n: number) => new TextEncoder().encode(JSON.stringify(alert(n))).length;
    const fits = Math.floor((PUSH_CHECK.apnsPayloadBytes - size(0)) / 2);
    expect(codes('pushSingle', body({ push_info: alert(fits) }))).toEqual([]);
    expect(codes('pushSingle', body({ push_info: alert(fits + 1) }))).toEqual(['apns_payload_too_large push_info ios']);
  });

  it('says nothing of a first notify_id (the normal case: an id per order), and warns of a reused one that will replace nothing', () => {
    const withId = (channelId?: string) =>
      body({ notification: { style: { ...style(), notify_id: 7, ...(channelId ? { channelId } : {}) } } });
    const used = (...channels: string[]) => ({ notifyIdChannels: () => new Set(channels) });
    expect(codes('pushSingle', withId())).toEqual([]);
    // First use: nothing to replace, and nothing the sender should worry about.
    expect(codes('pushSingle', withId(), used())).toEqual([]);
    // Reused on the same channel: it replaces the earlier one, as meant.
    expect(codes('pushSingle', withId(), used('Default'))).toEqual([]);
    // Reused on another channel: the earlier one stays.
    const [other] = pushWarnings('pushSingle', withId('orders'), used('Default'));
    expect(other).toMatchObject({ code: 'notify_id_replaces_nothing', platform: 'android' });
    expect(other!.message).toContain(
      'the earlier notifications with notify_id 7 are on channel "Default", this one on "orders"',
    );
    // Reused towards an iPhone: iOS shows push_info's alert, which has no notify_id.
    const ios = { ...used('Default'), platformOf: () => 'ios' as const };
    expect(codes('pushSingle', withId(), ios)).toEqual(['notify_id_replaces_nothing notification.style.notify_id ios']);
    expect(codes('pushSingle', withId(), { ...ios, notifyIdChannels: () => new Set() })).toEqual([]);
  });

  it("warns of a pushTime not after the app's clock, in the app's zone", () => {
    const at = Date.UTC(2030, 0, 1, 0, 0); // 08:00 at UTC+08:00
    const past = pushWarnings('pushApp', body({ pushTime: '203001010800' }), { now: at, utcOffsetMinutes: 480 });
    expect(past.map((w) => w.code)).toEqual(['push_time_past']);
    expect(past[0]!.message).toContain(
      "pushTime 203001010800 (UTC+08:00, the app's time zone) is not after the app's clock, 2030-01-01 08:00:00 UTC+08:00",
    );
    expect(codes('pushApp', body({ pushTime: '203001010801' }), { now: at, utcOffsetMinutes: 480 })).toEqual([]);
  });

  it("warns of a placeholder appkey, and of one that is not the app's", () => {
    for (const appkey of ['YOUR_APP_KEY', '<appkey>', 'xxxx']) {
      expect(
        codes('pushSingle', { ...body(), message: { appkey, is_offline: true, msgtype: 'notification' } }),
      ).toEqual(['placeholder_appkey message.appkey all']);
    }
    expect(codes('pushSingle', body(), { appkey: 'another' })).toEqual(['placeholder_appkey message.appkey all']);
  });

  it('checks each item of a push_single_batch at its index', () => {
    expect(codes('pushSingleBatch', { msg_list: [body(), body({ push_info: undefined })] })).toEqual([
      'ios_shows_nothing msg_list.1.push_info.aps.alert ios',
    ]);
  });
});

const ADMIN = 'admin-token-of-the-operator-0001';
const TEAM_A = 'team-a-token-that-is-long-enough';
const sandbox = ownSandbox({ controlToken: ADMIN, appTokens: [{ prefix: 'team-a-', token: TEAM_A }] });
const control = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  raw(`${sandbox.current.controlUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token ?? ADMIN}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('the push check in the control API', () => {
  it("answers the check's warnings, against an app when given one; another team's app is not found", async () => {
    const app = await sandbox.current.app({ appid: 'checked-app', clock: { time: '2030-01-01T00:00:00Z' } });
    const request = {
      api: 'push-v1',
      operationId: 'pushSingle',
      body: body({ notification: { style: { ...style(), notify_id: 3 } } }),
    };
    const plain = await control('/check', { body: request });
    expect(plain.body).toMatchObject({ violations: [], warnings: [] });
    const withApp = await control('/check', { body: { ...request, appid: app.appid } });
    // notify_id 3 is new to the app: a first use says nothing.
    expect(withApp.body.warnings.map((w: { code: string }) => w.code)).toEqual(['placeholder_appkey']);
    expect(withApp.body.warnings[0].message).toContain(`this app's appkey ("${app.appkey}")`);
    // Once a notification of the device has notify_id 3 on another channel, the same id will replace nothing.
    await createPushClient(app.pushOptions).POST('/push_single', {
      body: body({
        message: { appkey: app.appkey, is_offline: true, msgtype: 'notification' },
        notification: { style: { ...style(), notify_id: 3, channelId: 'orders' } },
      }) as never,
    });
    const reused = await control('/check', { body: { ...request, appid: app.appid } });
    expect(reused.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      'placeholder_appkey',
      'notify_id_replaces_nothing',
    ]);
    const hidden = await control('/check', { body: { ...request, appid: app.appid }, token: TEAM_A });
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain(app.appkey);
    expect((await control('/check', { body: { ...request, appid: 'no-such-app' } })).status).toBe(404);
  });

  it('keeps the warnings of an accepted push in the request log, and none for a refused one', async () => {
    const app = await sandbox.current.app();
    const push = createPushClient(app.pushOptions);
    await push.POST('/push_single', {
      body: {
        ...body({ push_info: undefined }),
        message: { appkey: app.appkey, is_offline: true, msgtype: 'notification' },
      } as never,
    });
    const [entry] = await app.requests();
    expect(entry).toMatchObject({ operation: 'push_single', outcome: 'ok' });
    expect(entry!.warnings!.map((w) => w.code)).toEqual(['ios_shows_nothing']);
    await app.fault({ operation: 'push_single', kind: 'result', result: 'too_frequent' });
    await push.POST('/push_single', { body: body() as never }).catch(() => undefined);
    // (the client may retry it: the fault's own entry is the one with its outcome)
    const refused = (await app.requests()).find((r) => r.outcome === 'too_frequent');
    expect(refused).toMatchObject({ fault: 'result' });
    expect(refused!.warnings).toBeUndefined();
  });
});

describe('refusals that say enough', () => {
  it("a past pushTime names the app's time zone", async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = createPushClient(app.pushOptions);
    const error = await push
      .POST('/push_app', {
        body: {
          message: { msgtype: 'notification', is_offline: true },
          notification: { style: style() },
          pushTime: '203001010700',
        } as never,
      })
      .catch((e: Error) => e);
    expect(String((error as { desc?: string }).desc ?? error)).toContain(
      "the app's clock says 2030-01-01 08:00:00 UTC+08:00, the app's time zone",
    );
  });

  it('an unknown rate-limit name lists the names allowed', async () => {
    const app = await sandbox.current.app();
    const refused = await control(`/apps/${app.appid}/rate-limits`, {
      method: 'PUT',
      body: { push_single: { limit: 1, windowMs: 1000 } },
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(
      'is not allowed here; the names allowed: set_tags, save_list_body, push_list, push_app, scheduled_push',
    );
  });

  it('app.click taps a received message, and the task counts it', async () => {
    const app = await sandbox.current.app();
    const push = createPushClient(app.pushOptions);
    const { taskid } = await push.POST('/push_single', { body: body() as never });
    const message = await app.waitForMessage('magic-online', { taskid });
    expect((await app.click('magic-online', message.id)).clicked).toBe(true);
    expect((await app.task(taskid!)).stats.clicked).toBe(1);
    await expect(app.click('magic-online', 'm-none')).rejects.toThrow(/404/);
  });
});

describe('the push check of a large batch', () => {
  it('lists the first warnings only', () => {
    const items = Array.from({ length: 1000 }, () => body({ push_info: undefined }));
    const warnings = pushWarnings('pushSingleBatch', { msg_list: items });
    expect(warnings).toHaveLength(50);
    expect(warnings.at(-1)!.location.slice(0, 2)).toEqual(['msg_list', '49']);
  });
});

describe('the push check of a push to one device', () => {
  it('keeps the warnings of its platform (and of all), when the device has a phone type', () => {
    const platformOf = (cid: string) => ({ iphone: 'ios', pixel: 'android' })[cid] as 'ios' | 'android' | undefined;
    const long = body({ push_info: undefined }, 'x'.repeat(80));
    expect(codes('pushSingle', { ...long, cid: 'pixel' }, { platformOf })).toEqual([
      'title_cut notification.style.title android',
    ]);
    expect(codes('pushSingle', { ...long, cid: 'iphone' }, { platformOf })).toEqual([
      'ios_shows_nothing push_info.aps.alert ios',
    ]);
    expect(codes('pushSingle', { ...long, cid: 'unknown' }, { platformOf })).toHaveLength(2);
  });
});
