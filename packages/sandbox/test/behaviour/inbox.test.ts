// Inboxes as a testing inbox shows them: notify_id replacement on a device's notification bar, the app's messages
// across devices with filters, deleting one message and clearing an inbox, and the request log's link from a push
// to its task and body; the forms the clock takes.
import { describe, expect, it } from 'vitest';
import { ControlError } from '../../src/index.js';
import { control, newApp, notification, numbered, pushClient, transmission } from '../support/env.js';

describe('notify_id', () => {
  it('a newer notification with the same notify_id replaces the earlier one on the same device and channel; the inbox keeps both', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const first = await push.POST('/push_single', { body: { ...numbered('first', 7), cid: 'magic-online' } });
    const other = await push.POST('/push_single', { body: { ...numbered('other id', 8), cid: 'magic-online' } });
    const channel = await push.POST('/push_single', {
      body: { ...numbered('other channel', 7, 'orders'), cid: 'magic-online' },
    });
    // Another template with the same notify_id and channel replaces it too.
    const link = await push.POST('/push_single', {
      body: {
        message: { msgtype: 'link', is_offline: true },
        link: {
          url: 'https://www.example.com/',
          style: { type: 0, title: 'Order update', text: 'second', logo: 'icon.png', notify_id: 7 },
        },
        cid: 'magic-online',
      },
    });
    const { messages } = await app.inbox('magic-online');
    const byTask = (taskid: string | undefined) => messages.find((m) => m.taskid === taskid)!;
    expect(messages).toHaveLength(4);
    expect(byTask(first.taskid)).toMatchObject({ state: 'delivered', replacedBy: byTask(link.taskid).id });
    expect(byTask(other.taskid).replacedBy).toBeNull();
    expect(byTask(channel.taskid).replacedBy).toBeNull();
    expect(byTask(link.taskid).replacedBy).toBeNull();
    // A third replaces the second, not the first again.
    const third = await push.POST('/push_single', { body: { ...numbered('third', 7), cid: 'magic-online' } });
    const after = await app.inbox('magic-online');
    expect(after.messages.find((m) => m.taskid === first.taskid)!.replacedBy).toBe(byTask(link.taskid).id);
    expect(after.messages.find((m) => m.taskid === link.taskid)!.replacedBy).toBe(
      after.messages.find((m) => m.taskid === third.taskid)!.id,
    );
  });

  it('is per device, and a message waiting offline replaces only when it arrives', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'phone-b', online: true });
    const push = pushClient(app);
    await push.POST('/push_single', { body: { ...numbered('online one', 3), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...numbered('b one', 3), cid: 'phone-b' } });
    await push.POST('/push_single', { body: { ...numbered('offline one', 3), cid: 'magic-offline' } });
    expect((await app.inbox('magic-online')).messages[0]!.replacedBy).toBeNull();
    expect((await app.inbox('phone-b')).messages[0]!.replacedBy).toBeNull();
    await app.updateDevice('magic-offline', { online: true });
    await push.POST('/push_single', { body: { ...numbered('offline two', 3), cid: 'magic-offline' } });
    const { messages } = await app.inbox('magic-offline');
    expect(messages.map((m) => m.replacedBy)).toEqual([messages[1]!.id, null]);
  });

  it('replaces nothing on an iOS device, online or offline (it shows push_info, which has no notify_id)', async () => {
    const app = await newApp();
    await app.addDevices([
      { cid: 'iphone', online: true, phonetype: 'IOS' },
      { cid: 'ipad', online: false, phonetype: 'IOS', deviceToken: 'ipad-token' },
      { cid: 'pixel', online: true, phonetype: 'ANDROID' },
      { cid: 'no-type', online: true },
    ]);
    const push = pushClient(app);
    const alert = { push_info: { aps: { alert: { title: 'Order 1', body: 'update' } } } };
    for (const cid of ['iphone', 'ipad', 'pixel', 'no-type'])
      for (const text of ['shipped', 'delivered'])
        await push.POST('/push_single', { body: { ...numbered(text, 7), ...alert, cid } });
    const replaced = async (cid: string) => (await app.inbox(cid)).messages.map((m) => m.replacedBy !== null);
    expect(await replaced('iphone')).toEqual([false, false]);
    // The iPad got both through APNs while offline; coming online changes nothing.
    await app.updateDevice('ipad', { online: true });
    expect(await replaced('ipad')).toEqual([false, false]);
    expect(await replaced('pixel')).toEqual([true, false]);
    // No phonetype: drawn as Android (and iOS), its bar is replaced.
    expect(await replaced('no-type')).toEqual([true, false]);
  });

  it('the replacement is announced on the event stream as a change of the earlier message', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/push_single', { body: { ...numbered('first', 9), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...numbered('second', 9), cid: 'magic-online' } });
    const { data } = await control.GET('/events', {
      params: { query: { appid: app.appid } },
      headers: { accept: 'application/json' },
    });
    const replaced = data!.events.filter((e) => e.type === 'message' && e.message?.replacedBy);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.message).toMatchObject({ cid: 'magic-online', template: { style: { text: 'first' } } });
  });
});

describe('the app messages', () => {
  it('lists every device, newest first, with filters by device, alias, template, task, text and state, bounded by limit', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'phone-a', online: true });
    await app.addDevice({ cid: 'phone-b', online: true });
    const push = pushClient(app);
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-b', alias: 'user-b' }] } });
    const a = await push.POST('/push_single', { body: { ...notification('Parcel for A'), cid: 'phone-a' } });
    const b = await push.POST('/push_single', { body: { ...transmission('{"for":"b"}'), cid: 'phone-b' } });
    const waiting = await push.POST('/push_single', { body: { ...notification('Waiting one'), cid: 'magic-offline' } });
    const all = await app.messages();
    expect(all.matched).toBe(3);
    expect(all.messages.map((m) => [m.cid, m.taskid])).toEqual([
      ['magic-offline', waiting.taskid],
      ['phone-b', b.taskid],
      ['phone-a', a.taskid],
    ]);
    expect((await app.messages({ cid: 'phone-a' })).messages.map((m) => m.taskid)).toEqual([a.taskid]);
    expect((await app.messages({ alias: 'user-b' })).messages.map((m) => m.taskid)).toEqual([b.taskid]);
    expect((await app.messages({ alias: 'nobody' })).matched).toBe(0);
    expect((await app.messages({ template: 'transmission' })).messages.map((m) => m.cid)).toEqual(['phone-b']);
    expect((await app.messages({ taskid: a.taskid })).messages.map((m) => m.cid)).toEqual(['phone-a']);
    expect((await app.messages({ q: 'PARCEL' })).messages.map((m) => m.cid)).toEqual(['phone-a']);
    expect((await app.messages({ q: '"for":"b"' })).messages.map((m) => m.cid)).toEqual(['phone-b']);
    expect((await app.messages({ state: 'waiting' })).messages.map((m) => m.cid)).toEqual(['magic-offline']);
    expect((await app.messages({ state: 'delivered' })).matched).toBe(2);
    const limited = await app.messages({ limit: 1 });
    expect([limited.messages.length, limited.matched]).toEqual([1, 3]);
  });

  it('keeps the messages that never arrived, expired or stopped, and finds them by state', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' }, settings: { inboxLimit: 2 } });
    const push = pushClient(app);
    const short = await push.POST('/push_single', {
      body: {
        ...notification('Flash sale'),
        message: { msgtype: 'notification', is_offline: true, offline_expire_time: 60_000 },
        cid: 'magic-offline',
      },
    });
    await app.advance(120_000);
    // A list push, stopped while its message waits for the offline device.
    const stopped = await push.POST('/save_list_body', { body: notification('List push') });
    await push.POST('/push_list', { body: { taskid: stopped.taskid!, cid: ['magic-offline'] } });
    await push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: stopped.taskid! } } });
    const expired = await app.messages({ state: 'expired' });
    expect(expired.messages.map((m) => [m.cid, m.taskid, m.state])).toEqual([
      ['magic-offline', short.taskid, 'expired'],
    ]);
    expect((await app.messages({ state: 'stopped' })).messages.map((m) => [m.taskid, m.state])).toEqual([
      [stopped.taskid, 'stopped'],
    ]);
    // Neither is in the device's inbox or waiting list, and coming online delivers neither.
    await app.updateDevice('magic-offline', { online: true });
    expect(await app.inbox('magic-offline')).toMatchObject({ messages: [], pending: [] });
    // At most inboxLimit of them per device: the oldest goes first.
    for (const n of [1, 2]) {
      await app.updateDevice('magic-offline', { online: false });
      await push.POST('/push_single', {
        body: {
          ...notification(`Gone ${n}`),
          message: { msgtype: 'notification', is_offline: true, offline_expire_time: 1000 },
          cid: 'magic-offline',
        },
      });
      await app.advance(2000);
    }
    const ended = await app.messages({ cid: 'magic-offline' });
    expect(ended.messages.map((m) => [m.state, (m.template as { style?: { text?: string } }).style?.text])).toEqual([
      ['expired', 'Gone 2'],
      ['expired', 'Gone 1'],
    ]);
    // Clearing the inbox clears them too.
    await app.clearInbox('magic-offline');
    expect((await app.messages({ cid: 'magic-offline' })).matched).toBe(0);
  });

  it('refuses a filter it does not know, naming it, and an unknown app', async () => {
    const app = await newApp();
    const refused = await app.messages({ state: 'read' as never }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ControlError);
    expect((refused as ControlError).status).toBe(422);
    expect(JSON.stringify((refused as ControlError).problem)).toContain('state');
  });
});

describe('deleting', () => {
  it('deletes one received message, or one waiting (its task no longer counts it as waiting); a second delete is 404', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/push_single', { body: { ...notification('keep'), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...notification('drop'), cid: 'magic-online' } });
    const waiting = await push.POST('/push_single', { body: { ...notification('never'), cid: 'magic-offline' } });
    const drop = (await app.inbox('magic-online')).messages[1]!;
    await app.deleteMessage('magic-online', drop.id);
    expect(
      (await app.inbox('magic-online')).messages.map((m) => (m.template as { style: { text: string } }).style.text),
    ).toEqual(['keep']);
    expect((await app.device('magic-online')).inboxCount).toBe(1);
    const gone = await app.deleteMessage('magic-online', drop.id).catch((e: unknown) => e);
    expect((gone as ControlError).status).toBe(404);
    expect((gone as ControlError).problem?.detail).toContain(drop.id);

    const pending = (await app.inbox('magic-offline')).pending[0]!;
    expect((await app.task(waiting.taskid!)).stats.pending).toBe(1);
    await app.deleteMessage('magic-offline', pending.id);
    expect((await app.task(waiting.taskid!)).stats.pending).toBe(0);
    await app.updateDevice('magic-offline', { online: true });
    expect((await app.inbox('magic-offline')).messages).toEqual([]);
  });

  it('clears one device inbox, not the others', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'phone-b', online: true });
    const push = pushClient(app);
    await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...notification(), cid: 'phone-b' } });
    await app.clearInbox('magic-online');
    expect((await app.inbox('magic-online')).messages).toEqual([]);
    expect((await app.inbox('phone-b')).messages).toHaveLength(1);
  });
});

describe('the request log of a push', () => {
  it('names the task a push made and keeps its body as received; other requests keep no body', async () => {
    const app = await newApp();
    const body = { ...notification('logged'), cid: 'magic-online', requestid: 'req-logged-0001' };
    const answer = await pushClient(app).POST('/push_single', { body });
    const requests = await app.requests();
    const logged = requests.find((r) => r.operation === 'push_single')!;
    expect(logged.taskids).toEqual([answer.taskid]);
    expect(logged.body).toMatchObject({
      cid: 'magic-online',
      requestid: 'req-logged-0001',
      notification: { style: { text: 'logged' } },
    });
    const signIn = requests.find((r) => r.operation === 'auth_sign')!;
    expect(signIn.body).toBeUndefined();
    expect(JSON.stringify(requests)).not.toContain(app.mastersecret);
  });
});

describe('the clock input the page and tests send', () => {
  it('takes epoch milliseconds or ISO text, and a wrong time says both forms', async () => {
    const app = await newApp();
    expect((await app.setClock({ time: '2030-01-01T08:00:00+08:00' })).now).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect((await app.setClock({ time: 1893456000000 })).now).toBe(1893456000000);
    const refused = (await app.setClock({ time: 'tomorrow' }).catch((e: unknown) => e)) as ControlError;
    expect(refused.status).toBe(422);
    expect(refused.problem?.validation?.[0]).toMatchObject({
      location: ['body', 'time'],
      message: 'must be an integer or an ISO 8601 date-time text with a time zone (2030-01-01T00:00:00Z)',
    });
    expect((await app.clock()).now).toBe(1893456000000);
  });
});
