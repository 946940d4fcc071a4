// A team service as an operator runs it: three processes (each with --data and the same app token file: teams
// ci-web- and ci-api-) behind HAProxy with deploy/haproxy.cfg, every call through the balancer. One case per finding:
// snapshots no team can cross, overlapping prefixes refused, snapshots kept across a restart and tokens reloaded on
// SIGHUP, a store only its owner reads. Needs HAProxy (support/balancer.ts says how to install it when missing).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoTeamService, TEAM_TOKENS, type Service } from '../support/balancer.js';
import { runCli } from '../support/cli.js';
import { raw, type RawAnswer } from '../support/in-process.js';

const { admin: ADMIN, web: WEB, api: API } = TEAM_TOKENS;
const NEW = 'new-team-token-that-is-long-enough';
let service: Service;
let folder: string;
let tokenFile: string;
let stopService = () => {};

beforeAll(async () => {
  ({ service, folder, tokenFile, stop: stopService } = await startTwoTeamService('sandbox-teams'));
}, 180_000);
afterAll(() => stopService());

/** Everything answered to the ci-api- token for a request that did not itself name the ci-web- team's things. */
const apiAnswers: string[] = [];
const FOREIGN = ['ci-web-', 'websnap-web'];

async function call(token: string, method: string, url: string, body?: unknown): Promise<RawAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const answer = await raw(`${service.url}/control${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (token === API && !FOREIGN.some((word) => `${url}${JSON.stringify(body)}`.includes(word)))
    apiAnswers.push(answer.text);
  return answer;
}

/** An app of the team made through the balancer on the first process, where calls by snapshot name also go. */
async function appOnFirst(token: string, prefix: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const made = await call(token, 'PUT', `/apps/${prefix}${i}`, {});
    expect(made.status).toBe(201);
    if (made.headers.get('sandbox-process') === 's1') return `${prefix}${i}`;
  }
  throw new Error(`no appid ${prefix}0..59 hashes to the first process`);
}

describe('teams on three sandboxes behind HAProxy', () => {
  let web = '';
  let api = '';

  it("finding 1: a team's snapshots cannot be replaced, restored, deleted, listed or crowded out by another team", async () => {
    await service.allUp();
    [web, api] = [await appOnFirst(WEB, 'ci-web-'), await appOnFirst(API, 'ci-api-')];
    expect((await call(WEB, 'POST', `/apps/${web}/snapshots`, { name: 'websnap' })).status).toBe(201);
    expect((await call(WEB, 'POST', `/apps/${web}/snapshots`, { name: 'websnap-web' })).status).toBe(201);
    // The other team's save of the same name is its own; the first team's restore still finds its app.
    expect((await call(API, 'POST', `/apps/${api}/snapshots`, { name: 'websnap' })).status).toBe(201);
    expect((await call(WEB, 'POST', `/apps/${web}/snapshots/websnap/restore`)).body).toMatchObject({
      name: 'websnap',
      appid: web,
    });
    expect((await call(API, 'DELETE', '/snapshots/websnap-web')).status).toBe(404);
    expect((await call(API, 'POST', `/apps/${api}/snapshots/websnap-web/restore`)).status).toBe(404);
    expect(((await call(API, 'GET', '/snapshots')).body.snapshots as { name: string }[]).map((s) => s.name)).toEqual([
      'websnap',
    ]);
    for (let i = 1; i < 64; i++)
      expect((await call(API, 'POST', `/apps/${api}/snapshots`, { name: `api-${i}` })).status).toBe(201);
    const full = await call(API, 'POST', `/apps/${api}/snapshots`, { name: 'api-64' });
    expect(full.status).toBe(409);
    expect(full.body.detail).toContain('the team of prefix "ci-api-" keeps at most 64 snapshots');
    expect((await call(WEB, 'POST', `/apps/${web}/snapshots`, { name: 'after-api-filled-up' })).status).toBe(201);
    expect(apiAnswers.join('\n')).not.toMatch(/ci-web-|websnap-web/);
  });

  it('finding 4: overlapping prefixes stop a process at start, naming both; a reload to them keeps the old set', async () => {
    const overlapping = path.join(folder, 'overlapping');
    fs.writeFileSync(overlapping, `ci-=${NEW}\nci-web-=${WEB}\n`, { mode: 0o600 });
    const refused = await runCli(['--port', '0', '--app-token-file', overlapping], { SANDBOX_CONTROL_TOKEN: ADMIN });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('app token prefixes "ci-" and "ci-web-" overlap');
    fs.copyFileSync(overlapping, tokenFile);
    for (const p of service.processes) p.child.kill('SIGHUP');
    for (const p of service.processes)
      await expect.poll(() => p.lines.join('\n')).toContain('team tokens not reloaded');
    expect((await call(NEW, 'GET', `/apps/${web}/credentials`)).status).toBe(401);
    expect((await call(WEB, 'GET', `/apps/${web}/credentials`)).status).toBe(200);
  });

  it('finding 5: a team added on SIGHUP works on every process, a removed one is 401, and snapshots survive a restart', async () => {
    fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-new-=${NEW}\n`);
    for (const p of service.processes) p.child.kill('SIGHUP');
    for (const p of service.processes)
      await expect.poll(() => p.lines.join('\n')).toContain('team tokens reloaded: 2 teams ("ci-web-", "ci-new-")');
    const homes = new Set<string>();
    for (let i = 0; homes.size < 3 && i < 60; i++) {
      const made = await call(NEW, 'PUT', `/apps/ci-new-${i}`, {});
      expect(made.status).toBe(201);
      homes.add(made.headers.get('sandbox-process') ?? '');
    }
    expect([...homes].sort()).toEqual(['s1', 's2', 's3']);
    expect((await call(API, 'GET', `/apps/${api}`)).status).toBe(401);

    await call(WEB, 'POST', `/apps/${web}/devices`, { cid: 'after-websnap' });
    await service.restart(0);
    await service.allUp();
    const restored = await call(WEB, 'POST', `/apps/${web}/snapshots/websnap/restore`);
    expect(restored.status).toBe(200);
    const cids = ((await call(WEB, 'GET', `/apps/${web}/devices`)).body.devices as { cid: string }[]).map((d) => d.cid);
    expect(cids).not.toContain('after-websnap');
    expect(((await call(WEB, 'GET', '/snapshots')).body.snapshots as { name: string }[]).map((s) => s.name)).toEqual([
      'websnap',
      'websnap-web',
      'after-api-filled-up',
    ]);
  });

  it("finding 6: every process's data folder is 0700 and its files 0600", () => {
    for (const dir of service.dataDirs) {
      expect(fs.statSync(dir).mode & 0o777, dir).toBe(0o700);
      const files = fs.readdirSync(dir);
      expect(files).toContain('sandbox.lmdb');
      for (const file of files) expect(fs.statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
  });
});
