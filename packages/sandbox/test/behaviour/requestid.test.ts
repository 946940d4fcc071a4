// requestid: a push repeated with the same requestid in one app answers as the first call did and delivers
// nothing twice, so a client that retries after a lost answer never double-pushes.
import { describe, expect, it } from 'vitest';
import { newApp, notification, pushClient, transmission } from '../support/env.js';

describe('a repeated requestid', () => {
  it('push_single: the same answer, one delivery', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const body = { ...notification(), cid: 'magic-online', requestid: 'same-request-0001' };
    const first = await push.POST('/push_single', { body });
    const second = await push.POST('/push_single', { body });
    expect(second).toEqual(first);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
    expect(await app.tasks()).toHaveLength(1);
  });

  it('answers as the first call did even when the repeated body differs', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const first = await push.POST('/push_single', {
      body: { ...notification('one'), cid: 'magic-online', requestid: 'same-request-0002' },
    });
    const again = await push.POST('/push_single', {
      body: { ...notification('two'), cid: 'magic-offline', requestid: 'same-request-0002' },
    });
    expect(again).toEqual(first);
    expect(await app.inbox('magic-offline')).toMatchObject({ messages: [], pending: [] });
  });

  it('push_app: the same answer, one delivery per device', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const body = { ...transmission(), requestid: 'same-request-0003' };
    const first = await push.POST('/push_app', { body });
    expect(await push.POST('/push_app', { body })).toEqual(first);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });

  it('is per app: another app with the same requestid pushes', async () => {
    const a = await newApp();
    const b = await newApp();
    const body = { ...notification(), cid: 'magic-online', requestid: 'same-request-0004' };
    const first = await pushClient(a).POST('/push_single', { body });
    const other = await pushClient(b).POST('/push_single', { body });
    expect(other.taskid).not.toBe(first.taskid);
    expect((await b.inbox('magic-online')).messages).toHaveLength(1);
  });

  it('push_single_batch: items seen before deliver nothing again', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const item = (requestid: string, content: string) => ({ ...transmission(content), cid: 'magic-online', requestid });
    const first = await push.POST('/push_single_batch', {
      body: { msg_list: [item('batch-rid-0001', 'a'), item('batch-rid-0002', 'b')] },
    });
    expect(
      await push.POST('/push_single_batch', {
        body: { msg_list: [item('batch-rid-0001', 'a'), item('batch-rid-0002', 'b')] },
      }),
    ).toEqual(first);
    await push.POST('/push_single_batch', {
      body: { msg_list: [item('batch-rid-0002', 'b'), item('batch-rid-0003', 'c')] },
    });
    const contents = (await app.inbox('magic-online')).messages.map((m) => m.template.transmission_content);
    expect(contents).toEqual(['a', 'b', 'c']);
  });

  it('is forgotten after a day of the app clock', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const body = { ...notification(), cid: 'magic-online', requestid: 'same-request-0005' };
    const first = await push.POST('/push_single', { body });
    await app.advance(24 * 60 * 60 * 1000);
    const later = await push.POST('/push_single', { body });
    expect(later.taskid).not.toBe(first.taskid);
  });
});
