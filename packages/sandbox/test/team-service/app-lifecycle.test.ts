// Apps do not live forever on a team service: a team has a quota of apps per process (409 past it, naming the
// quota and what to do), and `--app-idle-expiry` removes, with their data, the apps no call has named for that long.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { raw } from '../support/in-process.js';

const ADMIN = 'admin-token-of-the-operator-0001';
const TEAM_A = 'team-a-token-that-is-long-enough';

afterEach(() => {
  vi.useRealTimers();
});

const call = (url: string, token: string, method = 'GET') =>
  raw(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });

describe("a team's quota of apps", () => {
  it('refuses the app past the quota with 409 naming it, and makes it once one is deleted', async () => {
    const sandbox = await startSandbox({
      controlToken: ADMIN,
      appTokens: [{ prefix: 'team-a-', token: TEAM_A }],
      teamLimits: { apps: 3 },
    });
    try {
      const put = (appid: string, token = TEAM_A) => call(`${sandbox.controlUrl}/apps/${appid}`, token, 'PUT');
      for (const n of [1, 2, 3]) expect((await put(`team-a-${n}`)).status).toBe(201);
      const over = await put('team-a-4');
      expect(over.status).toBe(409);
      expect(over.body.type).toBe('urn:pushapi:sandbox:app-quota');
      expect(over.body.detail).toContain('team "team-a-" has 3 apps on this process, its quota');
      expect((await call(`${sandbox.controlUrl}/apps/team-a-4`, TEAM_A)).status).toBe(404);
      // An app that exists already is answered as such (not by the quota); another prefix's apps are not the team's.
      const again = await put('team-a-1');
      expect(again.status).toBe(409);
      expect(again.body.detail).toContain('exists already');
      expect((await put('other-1', ADMIN)).status).toBe(201);
      expect((await call(`${sandbox.controlUrl}/apps/team-a-2`, TEAM_A, 'DELETE')).status).toBe(204);
      expect((await put('team-a-4')).status).toBe(201);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('apps unused for the idle expiry', () => {
  it('are removed with their data by the sandbox timer; an app named meanwhile and the default app stay', async () => {
    // Only the clock the expiry reads and the timer that runs it are faked: sockets and their timers are real.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const sandbox = await startSandbox({ appIdleExpiryMs: 60 * 60_000 });
    try {
      const put = (appid: string) => call(`${sandbox.controlUrl}/apps/${appid}`, '', 'PUT');
      expect((await put('idle-app')).status).toBe(201);
      expect((await put('busy-app')).status).toBe(201);
      vi.advanceTimersByTime(50 * 60_000);
      expect((await call(`${sandbox.controlUrl}/apps/busy-app`, '')).status).toBe(200);
      vi.advanceTimersByTime(20 * 60_000);
      await vi.waitFor(async () => expect((await call(`${sandbox.controlUrl}/apps/idle-app`, '')).status).toBe(404));
      expect((await call(`${sandbox.controlUrl}/apps/busy-app`, '')).status).toBe(200);
      expect((await call(`${sandbox.controlUrl}/apps/sandbox-app`, '')).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await sandbox.stop();
    }
  });
});
