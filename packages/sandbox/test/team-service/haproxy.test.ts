// Three sandbox processes (each with --data) behind Debian's HAProxy with the shipped deploy/haproxy.cfg: every
// job uses the balancer's one URL. Apps made by `sandbox.app()` (an appid chosen before the call, PUT) are all
// reached again; the calls a balancer cannot place (POST /control/apps, /control/world, /control/reset) are
// refused there; a dead process's apps answer 503 in each interface's shape (never no_appid, and nothing is made
// elsewhere) and answer with their state once it is back; `pushapi-sandbox apps` lists every process's apps.
// Needs /usr/sbin/haproxy (HAPROXY_PATH): `node scripts/ensure-haproxy.mjs` installs it when run as root.
import { HttpError } from '@pushapi/client-core';
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, ControlError, type SandboxApp } from '../../src/index.js';
import { freePort, startService, type Service } from '../support/balancer.js';
import { runCli } from '../support/cli.js';
import { raw } from '../support/in-process.js';

const POLL = { timeout: 60_000, interval: 200 };
// A notification to the magic cid that is always online (support/env.js has the same, but importing it needs the
// global test sandbox, which this file does not use).
const notification = (text: string) => ({
  message: { msgtype: 'notification' as const, is_offline: true },
  notification: { style: { type: 0 as const, text, title: 'Order update', logo: 'icon.png' } },
});

let service: Service;
let lbUrl = '';
let processes: Service['processes'] = [];

beforeAll(async () => {
  service = await startService(() => []);
  ({ url: lbUrl, processes } = service);
}, 180_000);

afterAll(() => {
  service?.stop();
});

const push = (app: SandboxApp) => createPushClient({ ...app.pushOptions, retry: false });
const dmp = (app: SandboxApp) => createDmpClient({ ...app.dmpOptions, retry: false });

/** The indexes of the processes that hold an app, asked at each process's own address. */
async function holders(appid: string): Promise<number[]> {
  const found = [];
  for (const [i, p] of processes.entries()) {
    const answer = await raw(`${p.url}/control/apps/${encodeURIComponent(appid)}`).catch(() => undefined); // a dead process holds nothing now
    if (answer?.status === 200) found.push(i);
  }
  return found;
}

const apps: SandboxApp[] = [];
const owner = new Map<string, number>();

describe('three sandboxes behind HAProxy (deploy/haproxy.cfg)', () => {
  it('makes every app of sandbox.app() where its next calls go: 9 of 9 reached, each in one process', async () => {
    await service.allUp();
    const sandbox = connectSandbox({ url: lbUrl });
    const team = connectSandbox({ url: lbUrl, appPrefix: 'ci-web-' });
    for (let i = 0; i < 9; i++) apps.push(await (i % 2 === 0 ? sandbox : team).app());
    // Three of fixed appids, whose hashes fall on the three processes: the loss below always has apps on both sides.
    for (const appid of ['team-job-0', 'team-job-1', 'team-job-2']) apps.push(await sandbox.app({ appid }));
    expect(apps.filter((a) => a.appid.startsWith('ci-web-'))).toHaveLength(4);
    expect(apps.filter((a) => a.appid.startsWith('app-'))).toHaveLength(5);
    for (const app of apps) {
      expect(app.pushOptions.baseUrl).toBe(lbUrl);
      await push(app).POST('/push_single', { body: { ...notification(`for ${app.appid}`), cid: 'magic-online' } });
      expect((await dmp(app).GET('/config/tags')).data.length).toBeGreaterThan(0);
      expect((await app.inbox('magic-online')).messages, app.appid).toHaveLength(1);
      // The request log by appid (GET /control/requests?appid=) is read at the app's home, through the same URL.
      expect((await app.requests()).map((r) => r.operation)).toContain('push_single');
      const held = await holders(app.appid);
      expect(held, app.appid).toHaveLength(1);
      owner.set(app.appid, held[0]!);
    }
    expect(new Set(['team-job-0', 'team-job-1', 'team-job-2'].map((a) => owner.get(a)))).toEqual(new Set([0, 1, 2]));

    // A call that names no app reaches one process, and its answer says so.
    const list = await raw(`${lbUrl}/control/apps`);
    expect(list.headers.get('sandbox-scope')).toBe('one-process');
    expect(list.headers.get('sandbox-process')).toBe('s1');
  });

  it('refuses at the balancer the calls it cannot place, naming the call to use; one process alone accepts them', async () => {
    const post = (url: string, body: unknown) =>
      raw(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = await Promise.all(
      processes.map(async (p) => (await raw(`${p.url}/control/apps`)).body.apps.length as number),
    );

    const create = await post(`${lbUrl}/control/apps`, { appid: 'lb-posted' });
    expect(create.status).toBe(409);
    expect(create.headers.get('content-type')).toBe('application/problem+json');
    expect(create.body).toMatchObject({
      status: 409,
      title: 'Conflict',
      detail: expect.stringContaining('PUT /control/apps/{appid}'),
    });
    const world = await post(`${lbUrl}/control/world`, { apps: [{ appid: 'lb-world' }] });
    expect(world.status).toBe(409);
    expect(world.body.detail).toMatch(/--seed <file>.*PUT \/control\/apps\/\{appid\}/);
    const reset = await post(`${lbUrl}/control/reset`, {});
    expect(reset.status).toBe(409);
    expect(reset.body.detail).toContain('POST /control/apps/{appid}/reset');
    for (const url of [`${lbUrl}/control/snapshots`, `${lbUrl}/control/snapshots/seed/restore`]) {
      const snapshot = await post(url, { name: 'whole' });
      expect(snapshot.status, url).toBe(409);
      expect(snapshot.body.detail).toContain('POST /control/apps/{appid}/snapshots');
    }
    // Nothing was made or reset anywhere.
    expect(
      await Promise.all(processes.map(async (p) => (await raw(`${p.url}/control/apps`)).body.apps.length as number)),
    ).toEqual(before);
    expect(await holders(apps[0]!.appid)).toEqual([owner.get(apps[0]!.appid)]);

    // A single sandbox (no balancer) still takes POST /control/apps.
    const direct = await post(`${processes[0]!.url}/control/apps`, {});
    expect(direct.status).toBe(201);
    await raw(`${processes[0]!.url}/control/apps/${direct.body.appid as string}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
  });

  it("answers a dead process's apps 503 in each interface's shape, never no_appid; the same state answers when it is back", async () => {
    const lost = apps.find((a) => a.appid === 'team-job-1')!;
    const dead = owner.get(lost.appid)!;
    processes[dead]!.child.kill('SIGKILL');
    await processes[dead]!.exited;

    // Whether HAProxy has marked it down yet or not (the connection is refused until it does), the answer is the same.
    const expectUnavailable = async () => {
      const pushed = await push(lost)
        .POST('/push_single', { body: { ...notification('while down'), cid: 'magic-online' } })
        .catch((e: unknown) => e);
      expect(pushed).toBeInstanceOf(HttpError);
      expect((pushed as HttpError).status).toBe(503);
      const tags = await dmp(lost)
        .GET('/config/tags')
        .catch((e: unknown) => e);
      expect((tags as HttpError).status).toBe(503);
      const inbox = await lost.inbox('magic-online').catch((e: unknown) => e);
      expect(inbox).toBeInstanceOf(ControlError);
      expect((inbox as ControlError).problem).toMatchObject({ type: 'urn:pushapi:sandbox:unavailable', status: 503 });
    };
    await expectUnavailable();
    await expect.poll(service.status, POLL).toMatchObject({ [`s${dead + 1}`]: expect.stringMatching(/^DOWN/) });
    await expectUnavailable();

    const pushBody = await raw(`${lbUrl}/v1/${lost.appid}/auth_sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(pushBody.status).toBe(503);
    expect(pushBody.body).toEqual({
      result: 'other_error',
      desc: expect.stringContaining(`app ${lost.appid} is unavailable: its sandbox process (s${dead + 1}) is down`),
    });
    expect(pushBody.text).not.toContain('no_appid');
    const dmpBody = await raw(`${lbUrl}/apps/${lost.appid}/dmp/config/tags`);
    expect(dmpBody.body).toEqual({ code: '503', desc: expect.stringContaining(`app ${lost.appid} is unavailable`) });
    const controlBody = await raw(`${lbUrl}/control/apps/${lost.appid}`);
    expect(controlBody.headers.get('content-type')).toBe('application/problem+json');
    expect(controlBody.body).toMatchObject({
      status: 503,
      title: 'Service unavailable',
      detail: expect.stringContaining('Do not make it again'),
    });
    // Making it again is refused the same way, and no other process got a copy.
    const again = await raw(`${lbUrl}/control/apps/${lost.appid}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(503);
    expect((await holders(lost.appid)).filter((i) => i !== dead)).toEqual([]);

    // The other processes' apps keep working.
    for (const app of apps.filter((a) => owner.get(a.appid) !== dead)) {
      await expect(
        push(app).POST('/push_single', { body: { ...notification('after the loss'), cid: 'magic-online' } }),
      ).resolves.toMatchObject({ result: 'ok' });
    }

    // Back on its port and its folder: the same app, with its state, through the same URL.
    await service.revive(dead);
    await expect.poll(service.status, POLL).toMatchObject({ [`s${dead + 1}`]: 'UP' });
    expect((await lost.inbox('magic-online')).messages).toHaveLength(1);
    await expect(
      push(lost).POST('/push_single', { body: { ...notification('back'), cid: 'magic-online' } }),
    ).resolves.toMatchObject({ result: 'ok' });
    expect((await lost.inbox('magic-online')).messages).toHaveLength(2);
  });

  it('`pushapi-sandbox apps` asks each process and prints every app with the process that holds it', async () => {
    const servers = processes.flatMap((p) => ['--server', p.url]);
    const { code, output } = await runCli(['apps', ...servers]);
    expect(code, output).toBe(0);
    expect(output).toContain(`in 3 of 3 processes`);
    for (const app of apps)
      expect(output).toMatch(
        new RegExp(`^${app.appid} +${processes[owner.get(app.appid)!]!.url.replace(/\./g, '\\.')}$`, 'm'),
      );

    // A process that does not answer: the list says it is incomplete, and the exit code too.
    const missing = `http://127.0.0.1:${await freePort()}`;
    const partial = await runCli(['apps', ...servers, '--server', missing]);
    expect(partial.code).toBe(1);
    expect(partial.output).toContain(`no list from ${missing} (ECONNREFUSED): its apps are missing from this list`);
  });
});
