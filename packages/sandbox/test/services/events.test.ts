// A message event carries the message's ids and its change, not the message as the inbox shows it: readers reload
// what they show from the control API, and a push to many devices makes one event per device. It carries the
// device's counts after the change too (two numbers), which a reader showing them applies without a reload.
import { describe, expect, it } from 'vitest';
import { control, newApp, notification, pushClient } from '../support/env.js';

describe('a message event', () => {
  it('holds the ids and the change of the message, and no rendered view of it', async () => {
    const app = await newApp();
    const answer = await pushClient(app).POST('/push_single', {
      body: { ...notification('lean'), cid: 'magic-online' },
    });
    const { data } = await control.GET('/events', {
      params: { query: { appid: app.appid } },
      headers: { accept: 'application/json' },
    });
    const events = data!.events.filter((e) => e.type === 'message');
    expect(events).toHaveLength(1);
    const { messages } = await app.inbox('magic-online');
    expect(events[0]).toEqual({
      id: events[0]!.id,
      type: 'message',
      appid: app.appid,
      cid: 'magic-online',
      message: {
        id: messages[0]!.id,
        cid: 'magic-online',
        taskid: answer.taskid,
        msgtype: 'notification',
        template: messages[0]!.template,
        state: 'delivered',
        clicked: false,
        replacedBy: null,
      },
      counts: { inboxCount: 1, pendingCount: 0 },
    });
  });

  it('holds the device’s counts after the change: a message kept waiting, then expired', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const body = { ...notification('kept'), cid: 'magic-offline' };
    body.message = { ...body.message, offline_expire_time: 60_000 } as typeof body.message;
    await pushClient(app).POST('/push_single', { body });
    await app.advance(60_000);
    const { data } = await control.GET('/events', {
      params: { query: { appid: app.appid } },
      headers: { accept: 'application/json' },
    });
    const events = data!.events.filter((e) => e.type === 'message');
    expect(events.map((e) => [e.message?.state, e.counts])).toEqual([
      ['pending', { inboxCount: 0, pendingCount: 1 }],
      ['expired', { inboxCount: 0, pendingCount: 0 }],
    ]);
    const device = await control.GET('/apps/{appid}/devices/{cid}', {
      params: { path: { appid: app.appid, cid: 'magic-offline' } },
    });
    expect(device.data).toMatchObject(events.at(-1)!.counts!);
  });
});
