// Delivery: an online device receives at once; an offline one keeps an is_offline message until it comes online,
// within offline_expire_time; an inactive one gets nothing; duration_begin/duration_end bound when a message
// shows; an offline IOS device gets push_info through APN.
import { describe, expect, it } from 'vitest';
import { newApp, notification, pushClient, transmission } from '../support/env.js';

const MINUTE = 60_000;

describe('push_single delivery', () => {
  it('an online device receives the message at once: successed_online, in its inbox with task id, template and requestid', async () => {
    const app = await newApp();
    const answer = await pushClient(app).POST('/push_single', {
      body: { ...notification('hello'), cid: 'magic-online', requestid: 'req-online-0001' },
    });
    expect(answer).toMatchObject({ result: 'ok', status: 'successed_online', taskid: expect.stringMatching(/^RASS_/) });
    const inbox = await app.inbox('magic-online');
    expect(inbox.pending).toEqual([]);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({
      taskid: answer.taskid,
      kind: 'single',
      requestid: 'req-online-0001',
      msgtype: 'notification',
      template: { style: { type: 0, text: 'hello' } },
      state: 'delivered',
      via: 'online',
    });
  });

  it('an offline device keeps an is_offline message and receives it when it comes online (successed_offline)', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const answer = await pushClient(app).POST('/push_single', {
      body: { ...notification('kept'), cid: 'magic-offline' },
    });
    expect(answer.status).toBe('successed_offline');
    expect((await app.inbox('magic-offline')).messages).toEqual([]);
    expect((await app.inbox('magic-offline')).pending).toHaveLength(1);
    await app.advance(5 * MINUTE);
    const device = await app.updateDevice('magic-offline', { online: true });
    expect(device.lastlogin).toBe(Date.parse('2030-01-01T00:05:00Z'));
    const inbox = await app.inbox('magic-offline');
    expect(inbox.pending).toEqual([]);
    expect(inbox.messages).toMatchObject([
      { template: { style: { text: 'kept' } }, via: 'offline', receivedAt: Date.parse('2030-01-01T00:05:00Z') },
    ]);
  });

  it('without is_offline, an offline device never receives it', async () => {
    const app = await newApp();
    const body = { ...notification(), cid: 'magic-offline' };
    body.message.is_offline = false;
    expect((await pushClient(app).POST('/push_single', { body })).status).toBe('successed_offline');
    await app.updateDevice('magic-offline', { online: true });
    expect((await app.inbox('magic-offline')).messages).toEqual([]);
  });

  it('an offline message expires after offline_expire_time (milliseconds) of the app clock', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushClient(app);
    const body = (text: string) => ({ ...notification(text), cid: 'magic-offline' });
    await push.POST('/push_single', {
      body: { ...body('short'), message: { msgtype: 'notification', is_offline: true, offline_expire_time: MINUTE } },
    });
    await push.POST('/push_single', {
      body: {
        ...body('long'),
        message: { msgtype: 'notification', is_offline: true, offline_expire_time: 10 * MINUTE },
      },
    });
    const moved = await app.advance(MINUTE);
    expect(moved.expired).toBe(1);
    await app.updateDevice('magic-offline', { online: true });
    const texts = (await app.inbox('magic-offline')).messages.map((m) => (m.template.style as { text: string }).text);
    expect(texts).toEqual(['long']);
  });

  it('an inactive device gets successed_ignore and nothing', async () => {
    const app = await newApp();
    expect(
      (await pushClient(app).POST('/push_single', { body: { ...notification(), cid: 'magic-inactive' } })).status,
    ).toBe('successed_ignore');
    await app.updateDevice('magic-inactive', { online: true });
    expect(await app.inbox('magic-inactive')).toMatchObject({ messages: [], pending: [] });
  });
});

describe('display window', () => {
  it('a message shows from duration_begin (app time zone, UTC+8 by default) on', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } }); // 08:00:00 at UTC+8
    const body = { ...notification('later'), cid: 'magic-online' };
    Object.assign(body.notification, { duration_begin: '2030-01-01 09:00:00', duration_end: '2030-01-01 10:00:00' });
    expect((await pushClient(app).POST('/push_single', { body })).status).toBe('successed_online');
    expect((await app.inbox('magic-online')).messages).toEqual([]);
    await app.advance(60 * MINUTE);
    const [message] = (await app.inbox('magic-online')).messages;
    expect(message).toMatchObject({
      via: 'online',
      receivedAt: Date.parse('2030-01-01T01:00:00Z'),
      displayFrom: Date.parse('2030-01-01T01:00:00Z'),
    });
  });

  it('a message whose duration_end has passed is never shown', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const body = { ...notification('too late'), cid: 'magic-online' };
    Object.assign(body.notification, { duration_end: '2030-01-01 07:59:59' });
    await pushClient(app).POST('/push_single', { body });
    await app.advance(MINUTE);
    expect(await app.inbox('magic-online')).toMatchObject({ messages: [], pending: [] });
  });

  it("follows the app's utcOffsetMinutes", async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' }, settings: { utcOffsetMinutes: 0 } });
    const body = { ...notification('utc'), cid: 'magic-online' };
    Object.assign(body.notification, { duration_begin: '2030-01-01 00:30:00' });
    await pushClient(app).POST('/push_single', { body });
    await app.advance(30 * MINUTE);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });
});

describe('iOS', () => {
  it('an offline IOS device gets push_info through APN at once; an online one gets the message itself', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'iphone-off', phonetype: 'IOS' });
    await app.addDevice({ cid: 'iphone-on', phonetype: 'IOS', online: true });
    const push = pushClient(app);
    const push_info = {
      aps: { alert: { title: 'Hi', body: 'Your order', subtitle: 'Shop' }, autoBadge: '+1', sound: 'default' },
    };
    for (const cid of ['iphone-off', 'iphone-on'])
      await push.POST('/push_single', { body: { ...transmission('order-42'), push_info, cid } });
    expect((await app.inbox('iphone-off')).messages).toMatchObject([{ apn: true, via: 'offline', push_info }]);
    expect((await app.inbox('iphone-on')).messages).toMatchObject([
      { apn: false, via: 'online', template: { transmission_content: 'order-42' } },
    ]);
  });
});
