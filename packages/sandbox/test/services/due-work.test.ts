// Due work at the request's door: a call to an app whose clock has reached its next due time runs that work first
// (a scheduled push fires before the call is answered, without waiting for the sandbox's one-second timer), and a
// call to an app with nothing due commits no unit of its own. Real time is faked (Date, and the timer's
// setInterval, which then never runs), so nothing here waits on a wall clock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { notification, transmission } from '../support/env.js';

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The count of a metric's series in Prometheus text (0 when the series is absent). */
const countOf = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

describe('due work', () => {
  it('a call to an app whose running clock passed a scheduled push fires it before answering', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: Date.parse('2026-11-26T00:00:00Z') });
    const sandbox = await startSandbox();
    try {
      const app = await sandbox.app({ clock: { time: '2030-01-01T00:00:00Z' } });
      const push = createPushClient({ ...app.pushOptions, retry: false });
      const { taskid } = await push.POST('/push_app', {
        body: { ...transmission('scheduled'), pushTime: '203001010810' },
      });
      await app.setClock({ frozen: false });
      vi.setSystemTime(Date.now() + 11 * MINUTE); // the app's clock runs past 08:10; the timer never ticks
      const answer = await push.POST('/get_schedule_task', { body: { taskid: taskid! } });
      expect(answer.taskDetail).toMatchObject({ sendResult: 'send_success', status: 1 });
    } finally {
      await sandbox.stop();
    }
  });

  it('with --data, a push commits one unit, and a refused call or a read commits none', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-due-'));
    const sandbox = await startSandbox({ dataDir });
    try {
      const app = await sandbox.app();
      const push = createPushClient({ ...app.pushOptions, retry: false });
      await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } }); // signs in first
      const commits = async () =>
        countOf(await (await fetch(`${sandbox.url}/metrics`)).text(), 'sandbox_store_commit_seconds_count');
      const before = await commits();
      await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } });
      expect(await commits()).toBe(before + 1);
      await expect(push.POST('/push_single', { body: { cid: 'magic-online' } as never })).rejects.toThrow();
      await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } });
      expect(await commits()).toBe(before + 1);
    } finally {
      await sandbox.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
