// The usage ledger on a team service: three processes (each with --data and the same app token file: teams ci-web-
// and ci-api-) behind HAProxy with deploy/haproxy.cfg, every call through the balancer. Both teams' apps push;
// another team's token reading an app's ledger is refused (403); `pushapi-sandbox usage --team <prefix>` with a
// team's token collects that team's apps only, from every process (each at its own address, as `apps` does) or
// through the balancer's one URL (the apps of the process the list reached); no message content, appkey, master
// secret or auth token reaches the file. Needs HAProxy (support/balancer.ts says how to install it when missing).
import fs from 'node:fs';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox } from '../../src/index.js';
import { startTwoTeamService, TEAM_TOKENS, type Service } from '../support/balancer.js';
import { runCli } from '../support/cli.js';
import { raw } from '../support/in-process.js';

const { admin: ADMIN, web: WEB, api: API } = TEAM_TOKENS;
const CONTENT = 'message-content-that-must-stay-out-7f3a';
let service: Service;
let folder: string;
let stopService = () => {};

beforeAll(async () => {
  ({ service, folder, stop: stopService } = await startTwoTeamService('sandbox-usage-teams'));
}, 180_000);
afterAll(() => stopService());

/** Every secret an app's calls carried: its appkey and master secret, and each auth token it sent. */
const secrets = new Set<string>();

/** Makes `count` apps of the team through the balancer (at least one on each process) and pushes once from each. */
async function pushingApps(token: string, prefix: string, count: number): Promise<Map<string, string>> {
  const sandbox = connectSandbox({ url: service.url, token, appPrefix: prefix });
  const homes = new Map<string, string>();
  for (let i = 0; homes.size < count || new Set(homes.values()).size < 3; i++) {
    if (i >= 60) throw new Error(`60 apps of ${prefix} never covered the three processes`);
    const app = await sandbox.app();
    const { appKey, masterSecret } = app.pushOptions;
    secrets.add(appKey).add(masterSecret);
    const recording: typeof fetch = async (input, init) => {
      const sent = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      const authtoken = sent.get('authtoken');
      if (authtoken) secrets.add(authtoken);
      return fetch(input, init);
    };
    const push = createPushClient({ ...app.pushOptions, fetch: recording, retry: false });
    const style = { type: 0 as const, text: CONTENT, title: CONTENT, logo: 'icon.png' };
    const answer = await push.POST('/push_single', {
      body: { message: { msgtype: 'notification', is_offline: true }, notification: { style }, cid: 'magic-online' },
    });
    expect(answer.result).toBe('ok');
    const made = await raw(`${service.url}/control/apps/${app.appid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    homes.set(app.appid, made.headers.get('sandbox-process') ?? '');
  }
  return homes;
}

describe('usage ledgers of two teams behind HAProxy', () => {
  let web = new Map<string, string>();
  let api = new Map<string, string>();

  it("a team reads its apps' ledgers through the balancer; another team's token gets 403", async () => {
    await service.allUp();
    web = await pushingApps(WEB, 'ci-web-', 3);
    api = await pushingApps(API, 'ci-api-', 3);
    for (const appid of web.keys()) {
      const own = await raw(`${service.url}/control/apps/${appid}/usage`, {
        headers: { authorization: `Bearer ${WEB}` },
      });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ appid, team: 'ci-web-' });
      expect((own.body.operations as { name: string }[]).map((o) => o.name)).toContain('push_single');
      const other = await raw(`${service.url}/control/apps/${appid}/usage`, {
        headers: { authorization: `Bearer ${API}` },
      });
      expect(other.status).toBe(403);
      expect(other.text).toContain('ci-api-');
      expect(other.text).not.toContain('push_single');
    }
  });

  it('pushapi-sandbox usage --team collects only that team, from every process, with no content or secret', async () => {
    const out = path.join(folder, 'web-usage.json');
    const servers = service.processes.flatMap((p) => ['--server', p.url]);
    const ran = await runCli(['usage', ...servers, '--team', 'ci-web-', '--out', out], { SANDBOX_CONTROL_TOKEN: WEB });
    expect(ran.output).toContain(`${web.size} ledgers from 3 of 3 processes written to ${out}`);
    expect(ran.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    const file = JSON.parse(text) as { team: string; apps: { appid: string; team: string }[] };
    expect(file.team).toBe('ci-web-');
    expect(file.apps.map((a) => a.appid).sort()).toEqual([...web.keys()].sort());
    expect(new Set(file.apps.map((a) => a.team))).toEqual(new Set(['ci-web-']));
    expect(text).not.toContain('ci-api-');
    expect(text).not.toContain(CONTENT);
    expect(text).not.toContain('magic-online');
    expect(secrets.size).toBeGreaterThan(2 * (web.size + api.size)); // appkeys, master secrets and auth tokens
    for (const secret of [...secrets, WEB, API, ADMIN]) expect(text).not.toContain(secret);
  });

  it("through the balancer's one URL, the team's own apps only (those of the process its list reached)", async () => {
    const out = path.join(folder, 'api-usage.json');
    const ran = await runCli(['usage', '--server', service.url, '--team', 'ci-api-', '--out', out], {
      SANDBOX_CONTROL_TOKEN: API,
    });
    expect(ran.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    const appids = (JSON.parse(text) as { apps: { appid: string }[] }).apps.map((a) => a.appid);
    expect(appids.length).toBeGreaterThan(0);
    for (const appid of appids) expect(api.has(appid), appid).toBe(true);
    // The list came from one process: the apps of that process, all of them.
    const home = new Set(appids.map((appid) => api.get(appid)));
    expect(home.size).toBe(1);
    expect(appids.sort()).toEqual(
      [...api]
        .filter(([, p]) => home.has(p))
        .map(([appid]) => appid)
        .sort(),
    );
    expect(text).not.toContain('ci-web-');
    for (const secret of [...secrets, WEB, API, ADMIN]) expect(text).not.toContain(secret);
  });
});
