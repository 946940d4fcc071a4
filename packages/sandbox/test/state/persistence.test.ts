// With a data folder, state outlives the process: apps, devices, inboxes, tasks, tokens, scheduled pushes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { LIMITS } from '../../src/shared/config.js';
import { notification, transmission } from '../support/env.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-data-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('keeps everything across a restart with the same data folder', async () => {
  const first = await startSandbox({ dataDir });
  const app = await first.app({ appid: 'kept-app', clock: { time: '2030-01-01T00:00:00Z' } });
  let stored: { token: string; expiresAt: number } | undefined;
  const tokenStore = { get: () => stored, set: (t: typeof stored) => void (stored = t) };
  const push = createPushClient({ ...app.pushOptions, retry: false, tokenStore });
  await app.addDevice({ cid: 'kept-device', tags: ['sports'] });
  await push.POST('/push_single', { body: { ...notification('to keep'), cid: 'magic-online' } });
  await push.POST('/push_single', { body: { ...notification('waiting'), cid: 'kept-device' } });
  await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'kept-device', alias: 'keeper' }] } });
  const scheduled = await push.POST('/push_app', { body: { ...transmission('later'), pushTime: '203001010810' } });
  const before = first.snapshot();
  await first.stop();

  const second = await startSandbox({ dataDir });
  try {
    expect(second.persistent).toBe(true);
    expect(second.snapshot()).toEqual(before);
    const again = createPushClient({ ...app.pushOptions, baseUrl: second.url, retry: false, tokenStore });
    // The token issued before the restart still opens the app.
    expect(await again.GET('/query_cid/{alias}', { params: { path: { alias: 'keeper' } } })).toEqual({
      result: 'ok',
      cid: ['kept-device'],
    });
    const reopened = await second.control.GET('/apps/{appid}/devices/{cid}/inbox', {
      params: { path: { appid: 'kept-app', cid: 'magic-online' } },
    });
    expect(reopened.data!.messages).toMatchObject([{ template: { style: { text: 'to keep' } } }]);
    await second.control.PATCH('/apps/{appid}/devices/{cid}', {
      params: { path: { appid: 'kept-app', cid: 'kept-device' } },
      body: { online: true },
    });
    const clock = await second.control.POST('/apps/{appid}/clock', {
      params: { path: { appid: 'kept-app' } },
      body: { advanceMs: 10 * 60_000 },
    });
    expect(clock.data!.fired).toEqual([scheduled.taskid]);
    const inbox = await second.control.GET('/apps/{appid}/devices/{cid}/inbox', {
      params: { path: { appid: 'kept-app', cid: 'kept-device' } },
    });
    expect(
      inbox.data!.messages.map((m) => m.template.transmission_content ?? (m.template.style as { text: string }).text),
    ).toEqual(['waiting', 'later']);
  } finally {
    await second.stop();
  }
});

it('forgets the oldest requestid first after a restart, though the data folder gives them back in key order', async () => {
  const first = await startSandbox({ dataDir });
  const app = await first.app({ appid: 'requestid-app', clock: { time: '2030-01-01T00:00:00Z' } });
  const batch = (ids: string[]) => ({
    msg_list: ids.map((requestid) => ({ ...transmission('x'), cid: 'magic-online', requestid })),
  });
  const ids = (prefix: string) => Array.from({ length: 1000 }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  let push = createPushClient({ ...app.pushOptions, retry: false });
  // The oldest thousand sort last by key; after a minute of app time, the rest fill the app to its bound.
  expect((await push.POST('/push_single_batch', { body: batch(ids('z')) })).result).toBe('ok');
  await first.control.POST('/apps/{appid}/clock', {
    params: { path: { appid: app.appid } },
    body: { advanceMs: 60_000 },
  });
  const newer = Array.from({ length: LIMITS.requestIdLimit / 1000 - 1 }, (_, b) => ids(`a${b}`));
  for (const list of newer) expect((await push.POST('/push_single_batch', { body: batch(list) })).result).toBe('ok');
  await push.close();
  await first.stop();

  const second = await startSandbox({ dataDir });
  try {
    push = createPushClient({ ...app.pushOptions, baseUrl: second.url, retry: false });
    const one = await push.POST('/push_single', {
      body: { ...transmission('y'), cid: 'magic-online', requestid: 'new' },
    });
    expect(one.result).toBe('ok');
    type Kept = { apps: { record: { appid: string }; requestIds: [string, unknown][] }[] };
    const kept = (second.snapshot() as Kept).apps
      .find((a) => a.record.appid === app.appid)!
      .requestIds.map(([id]) => id);
    expect(kept).toHaveLength(LIMITS.requestIdLimit);
    // The one forgotten is one of the oldest thousand (the first of them placed), not the first by key.
    expect(kept).not.toContain('z-000');
    expect(kept.filter((id) => id.startsWith('z-'))).toHaveLength(999);
    expect(kept).toContain('a0-000');
    expect(kept).toContain('new');
    await push.close();
  } finally {
    await second.stop();
  }
});
