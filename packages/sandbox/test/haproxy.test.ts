// Three sandbox processes behind Debian's HAProxy with the shipped deploy/haproxy.cfg: every job uses the
// balancer's one URL. 30 apps are made and used through the published clients (push v1, DMP, control); each app
// lives in exactly one process and all its calls reach that process; when one process dies, the balancer marks
// it down, the other apps keep working and the lost apps' calls are answered no_appid.
// Needs /usr/sbin/haproxy (HAPROXY_PATH): `node scripts/ensure-haproxy.mjs` installs it when run as root.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient, PushApiError } from '@pushapi/push-v1-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, type SandboxApp } from '../src/index.js';
import { notification } from './support/env.js';
import { startCli, type RunningCli } from './support/cli.js';
import { raw } from './support/in-process.js';

const haproxyPath = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const config = path.resolve(import.meta.dirname, '../deploy/haproxy.cfg');

function requireHaproxy(): void {
  if (!fs.existsSync(haproxyPath)) {
    throw new Error(
      `HAProxy not found at ${haproxyPath}: this test did not run. Install it with \`node scripts/ensure-haproxy.mjs\` as root ` +
        '(or apt-get install -y --no-install-recommends haproxy), or set HAPROXY_PATH.',
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const processes: RunningCli[] = [];
let balancer: ChildProcess | undefined;
let lbUrl = '';
let statsUrl = '';
const haproxyOutput: string[] = [];

/** Each server's status as HAProxy's stats page reports it (UP, DOWN, …). */
async function serverStatus(): Promise<Record<string, string>> {
  const { text } = await raw(`${statsUrl}/stats;csv`);
  const [header, ...rows] = text.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const status = columns.indexOf('status');
  return Object.fromEntries(rows.map((r) => r.split(',')).filter((r) => r[0] === 'sandbox_processes' && /^s\d$/.test(r[1]!)).map((r) => [r[1]!, r[status]!]));
}

beforeAll(async () => {
  requireHaproxy();
  for (let i = 0; i < 3; i++) processes.push(await startCli(['--port', '0', '--quiet']));
  const [lbPort, statsPort] = [await freePort(), await freePort()];
  lbUrl = `http://127.0.0.1:${lbPort}`;
  statsUrl = `http://127.0.0.1:${statsPort}`;
  const env = {
    ...process.env,
    SANDBOX_LB_BIND: `127.0.0.1:${lbPort}`,
    SANDBOX_LB_STATS: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(processes.map((p, i) => [`SANDBOX_${i + 1}`, new URL(p.url).host])),
  };
  balancer = spawn(haproxyPath, ['-db', '-f', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  balancer.stdout!.on('data', (d: Buffer) => haproxyOutput.push(String(d)));
  balancer.stderr!.on('data', (d: Buffer) => haproxyOutput.push(String(d)));
}, 180_000);

afterAll(() => {
  balancer?.kill('SIGTERM');
  for (const p of processes) p.child.kill('SIGTERM');
});

const push = (app: SandboxApp) => createPushClient({ ...app.pushOptions, retry: false });

describe('three sandboxes behind HAProxy (deploy/haproxy.cfg)', { timeout: 120_000 }, () => {
  it('routes every call of an app to one process, and when a process dies its apps answer no_appid while the others work', async () => {
    await expect.poll(() => serverStatus().catch(() => ({})), { message: `HAProxy's three servers UP (its output: ${haproxyOutput.join('')})` }).toEqual({ s1: 'UP', s2: 'UP', s3: 'UP' });
    // Every job: the same base URL, no arithmetic.
    const sandbox = connectSandbox({ url: lbUrl });
    const apps: SandboxApp[] = [];
    for (let i = 0; i < 30; i++) {
      const app = await sandbox.app({ appid: `team-job-${i}` });
      expect(app.pushOptions.baseUrl).toBe(lbUrl);
      await app.snapshot(); // POST /control/apps/<appid>/snapshots: kept by the app's process
      await push(app).POST('/push_single', { body: { ...notification(`for job ${i}`), cid: 'magic-online' } });
      expect((await createDmpClient({ ...app.dmpOptions, retry: false }).GET('/config/tags')).data.length).toBeGreaterThan(0);
      expect((await app.inbox('magic-online')).messages).toHaveLength(1);
      // Restored in the process that holds the snapshot (any other would answer 404): the inbox is empty again.
      await app.restore();
      expect((await app.inbox('magic-online')).messages).toHaveLength(0);
      apps.push(app);
    }

    // Each app lives in exactly one process, and every one of its calls reached that process.
    const owner = new Map<string, number>();
    for (const app of apps) {
      const holders = [];
      for (const [i, p] of processes.entries()) if ((await raw(`${p.url}/control/apps/${app.appid}`)).status === 200) holders.push(i);
      expect(holders, app.appid).toHaveLength(1);
      owner.set(app.appid, holders[0]!);
      for (const [i, p] of processes.entries()) {
        const { body } = await raw(`${p.url}/control/requests?appid=${app.appid}`);
        // Less this test's own look-ups of the app in each process (a 404 is logged).
        const operations = (body.requests as { operation: string }[]).map((r) => r.operation).filter((o) => o !== 'getApp').sort();
        expect(operations, `${app.appid} in process ${i}`).toEqual(i === holders[0] ? ['auth_sign', 'config/tags', 'accesser/auth', 'push_single', 'putApp', 'saveAppSnapshot', 'restoreAppSnapshot'].sort() : []);
      }
    }
    const counts = [0, 1, 2].map((i) => [...owner.values()].filter((o) => o === i).length);
    console.log(`apps per process: ${counts.join(', ')}`);
    expect(counts.every((n) => n > 0)).toBe(true);

    // One process dies: the balancer marks it down (checked every second, down after two failed checks).
    const dead = 1;
    processes[dead]!.child.kill('SIGKILL');
    await processes[dead]!.exited;
    await expect.poll(serverStatus).toMatchObject({ s1: 'UP', s2: expect.stringMatching(/^DOWN/), s3: 'UP' });

    for (const app of apps) {
      const call = push(app).POST('/push_single', { body: { ...notification('after the loss'), cid: 'magic-online' } });
      if (owner.get(app.appid) !== dead) {
        await expect(call).resolves.toMatchObject({ result: 'ok' });
      } else {
        const refused = await call.catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(PushApiError);
        expect((refused as PushApiError).result).toBe('no_appid');
      }
    }
  });
});
