// The checkout service's push notifications, tested against the shared sandbox of the run.
import { createPushClient, PushApiError } from '@pushapi/push-v1-client';
import { connectSandbox, PHONE_WORDS } from '@pushapi/sandbox';
import { beforeEach, describe, expect, inject, it } from 'vitest';

const sandbox = connectSandbox({ url: inject('sandboxUrl') });

// The client fills in a new requestid for each call.
const shipped = {
  message: { msgtype: 'notification' as const, is_offline: true },
  notification: {
    style: { type: 0 as const, title: 'Order update', text: 'Your order has shipped', logo: 'icon.png' },
  },
};

describe('an app per test', () => {
  it('an offline device gets the message when it comes online', async () => {
    const app = await sandbox.app();
    const push = createPushClient(app.pushOptions);
    const answer = await push.POST('/push_single', { body: { ...shipped, cid: 'magic-offline' } });
    expect(answer.status).toBe('successed_offline');
    await app.updateDevice('magic-offline', { online: true });
    const message = await app.waitForMessage('magic-offline', { taskid: answer.taskid });
    expect(message.via).toBe('offline');
  });

  it('waits for a push sent in the background, without sleeping', async () => {
    const app = await sandbox.app();
    const push = createPushClient(app.pushOptions);
    // Your service would send this from a job; the test only knows that it will come.
    setTimeout(() => void push.POST('/push_single', { body: { ...shipped, cid: 'magic-online' } }), 50);
    const message = await app.waitForMessage('magic-online', { msgtype: 'notification' }, { timeoutMs: 5000 });
    expect(message.template.style).toMatchObject({ title: 'Order update' });
  });

  it("counts a tap on the notification in the task's statistics", async () => {
    const app = await sandbox.app();
    const push = createPushClient(app.pushOptions);
    const { taskid } = await push.POST('/push_single', { body: { ...shipped, cid: 'magic-online' } });
    const message = await app.waitForMessage('magic-online', { taskid });
    await app.click('magic-online', message.id);
    expect((await app.task(taskid)).stats.clicked).toBe(1);
  });

  it('the client retries a 503 of the service, and a refused call fails with the reason', async () => {
    const app = await sandbox.app();
    await app.fault({ operation: 'push_single', kind: 'http', status: 503, times: 1 });
    const push = createPushClient({ ...app.pushOptions, retry: { baseDelayMs: 10 } });
    expect((await push.POST('/push_single', { body: { ...shipped, cid: 'magic-online' } })).result).toBe('ok');
    await app.fault({ operation: 'push_single', kind: 'result', result: 'flow_exceeded', times: 1 });
    const error = await push
      .POST('/push_single', { body: { ...shipped, cid: 'magic-online' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect((error as PushApiError).result).toBe('flow_exceeded');
  });

  it('an app made with its devices in one call: a push to their alias reaches each of them', async () => {
    const app = await sandbox.app({
      devices: [
        { cid: 'ann-phone', online: true, alias: 'ann', tags: ['vip'] },
        { cid: 'ann-tablet', online: true, alias: 'ann' },
      ],
    });
    const push = createPushClient(app.pushOptions);
    const { taskid } = await push.POST('/push_single', { body: { ...shipped, alias: 'ann' } });
    // What every device received of the task, in one read.
    const { messages } = await app.messages({ taskid });
    expect(messages.map((m) => m.cid).sort()).toEqual(['ann-phone', 'ann-tablet']);
  });

  it('what each phone shows: the Android bar, and on an iPhone only the alert of push_info', async () => {
    const app = await sandbox.app({
      devices: [
        { cid: 'ann-pixel', online: true, phonetype: 'ANDROID' },
        { cid: 'ann-iphone', online: true, phonetype: 'IOS' },
      ],
    });
    const push = createPushClient(app.pushOptions);
    const alert = { push_info: { aps: { alert: { title: 'Order update', body: 'Your order has shipped' } } } };
    await push.POST('/push_single', { body: { ...shipped, cid: 'ann-pixel' } });
    await push.POST('/push_single', { body: { ...shipped, cid: 'ann-iphone' } });
    await push.POST('/push_single', { body: { ...shipped, ...alert, cid: 'ann-iphone' } });
    const [onPixel] = (await app.screen('ann-pixel')).messages;
    expect(onPixel?.android).toMatchObject({ title: 'Order update', text: 'Your order has shipped', onBar: true });
    // Without push_info an iPhone shows nothing; with it, the alert.
    const [bare, withAlert] = (await app.screen('ann-iphone')).messages;
    expect(bare?.title).toBe(PHONE_WORDS.notOnIos);
    expect(withAlert?.ios).toMatchObject({ title: 'Order update', body: 'Your order has shipped' });
  });

  it('the test clock fires a scheduled push', async () => {
    const app = await sandbox.app({ clock: { time: '2030-01-01T00:00:00Z' }, settings: { utcOffsetMinutes: 0 } });
    const push = createPushClient(app.pushOptions);
    const { taskid } = await push.POST('/push_app', {
      body: { ...shipped, pushTime: '203001010800' },
    });
    await app.advance(8 * 3_600_000);
    expect((await app.waitForTask(taskid, 'sent')).state).toBe('sent');
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });
});

describe('the seeded shop', () => {
  // This file owns the seeded app: each test starts from the world file again.
  beforeEach(async () => {
    const shop = await sandbox.openApp('shop');
    await shop.restore('seed');
  });

  it('a push to an alias reaches each of its devices', async () => {
    const shop = await sandbox.openApp('shop');
    const push = createPushClient(shop.pushOptions);
    const { taskid } = await push.POST('/push_single', { body: { ...shipped, alias: 'alice' } });
    // Every device's message of the task in one read: the tablet is offline, its message waits for it.
    const { messages } = await shop.messages({ taskid });
    expect(messages.map((m) => [m.cid, m.state]).sort()).toEqual([
      ['alice-phone', 'delivered'],
      ['alice-tablet', 'pending'],
    ]);
  });

  it('starts from the world again', async () => {
    const shop = await sandbox.openApp('shop');
    expect((await shop.inbox('alice-phone')).messages).toHaveLength(0);
  });
});
