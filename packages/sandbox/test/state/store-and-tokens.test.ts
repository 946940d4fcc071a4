// The command with --data and an app token file, as an operator runs it: the data folder and its files are the
// owner's only (a looser folder is tightened, with a warning), snapshots survive a restart, SIGHUP re-reads the
// token file (a token added works, a removed one is 401, a broken file keeps the set in force), and overlapping
// prefixes stop the start from the flag, the variable and the file alike. No token appears in the output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_KEY } from '../../src/behaviour/snapshot-store.js';
import { startSandbox } from '../../src/index.js';
import { lmdbPersistence } from '../../src/state/persistence.js';
import { runCli, startCli, type RunningCli } from '../support/cli.js';
import { raw } from '../support/in-process.js';

const ADMIN = 'admin-token-of-the-operator-0001';
const WEB = 'web-team-token-that-is-long-enough';
const API = 'api-team-token-that-is-long-enough';
const NEW = 'new-team-token-that-is-long-enough';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-store-'));
const running: RunningCli[] = [];
afterAll(() => {
  for (const cli of running)
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const env = { SANDBOX_CONTROL_TOKEN: ADMIN };
const start = async (args: string[]) => {
  const cli = await startCli(['--port', '0', '--quiet', ...args], env);
  running.push(cli);
  return cli;
};
const stop = async (cli: RunningCli) => {
  cli.child.kill('SIGTERM');
  const ended = await cli.exited;
  expect(ended, cli.lines.join('\n')).toEqual({ code: 0, signal: null });
};
const call = (cli: RunningCli, token: string, method: string, path: string, body?: unknown) =>
  raw(`${cli.url}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const tokenFile = path.join(root, 'app-tokens');

describe('a data folder and a token file', () => {
  it('makes the data folder 0700 and its files 0600; a looser folder is tightened with a warning', async () => {
    const fresh = path.join(root, 'fresh');
    await stop(await start(['--data', fresh]));
    expect(mode(fresh)).toBe(0o700);
    const files = fs.readdirSync(fresh);
    expect(files).toContain('sandbox.lmdb');
    for (const file of files) expect(mode(path.join(fresh, file)), file).toBe(0o600);

    fs.chmodSync(fresh, 0o755);
    fs.chmodSync(path.join(fresh, 'sandbox.lmdb'), 0o644);
    const again = await start(['--data', fresh]);
    expect(again.lines.join('\n')).toMatch(/others could read .*sandbox\.lmdb \(644\); made it the owner's only/);
    expect(mode(fresh)).toBe(0o700);
    for (const file of fs.readdirSync(fresh)) expect(mode(path.join(fresh, file)), file).toBe(0o600);
    await stop(again);
  });

  it("keeps snapshots across a restart, each still its team's", async () => {
    const dir = path.join(root, 'kept');
    fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-api-=${API}\n`);
    const first = await start(['--data', dir, '--app-token-file', tokenFile]);
    expect((await call(first, WEB, 'PUT', '/apps/ci-web-1', {})).status).toBe(201);
    expect((await call(first, WEB, 'POST', '/apps/ci-web-1/snapshots', { name: 'baseline' })).status).toBe(201);
    expect((await call(first, WEB, 'POST', '/apps/ci-web-1/devices', { cid: 'after-baseline' })).status).toBe(201);
    expect((await call(first, ADMIN, 'POST', '/snapshots', { name: 'everything' })).status).toBe(201);
    expect((await call(first, ADMIN, 'POST', '/snapshots', { name: 'gone' })).status).toBe(201);
    expect((await call(first, ADMIN, 'DELETE', '/snapshots/gone')).status).toBe(204);
    await stop(first);

    const second = await start(['--data', dir, '--app-token-file', tokenFile]);
    const listed = (await call(second, ADMIN, 'GET', '/snapshots')).body.snapshots as {
      name: string;
      appid: string | null;
    }[];
    expect(listed.map((s) => [s.name, s.appid])).toEqual([
      ['baseline', 'ci-web-1'],
      ['everything', null],
    ]);
    expect((await call(second, API, 'GET', '/snapshots')).body.snapshots).toEqual([]);
    expect((await call(second, WEB, 'POST', '/apps/ci-web-1/snapshots/baseline/restore')).status).toBe(200);
    const cids = ((await call(second, WEB, 'GET', '/apps/ci-web-1/devices')).body.devices as { cid: string }[]).map(
      (d) => d.cid,
    );
    expect(cids).not.toContain('after-baseline');
    await stop(second);
  });

  it('a stored snapshot that is damaged stops the start, naming it', async () => {
    const dir = path.join(root, 'damaged');
    const sandbox = await startSandbox({ dataDir: dir });
    expect(
      (
        await sandbox.control.POST('/apps/{appid}/snapshots', {
          params: { path: { appid: 'sandbox-app' } },
          body: { name: 'fine' },
        })
      ).response.status,
    ).toBe(201);
    await sandbox.stop();
    const store = await lmdbPersistence(dir);
    await store.commit([
      {
        key: [SNAPSHOT_KEY, '', 'broken'],
        json: '{"view":{"name":"broken"},"order":1,"contents":[],"apps":[{"appid":"x","userCode":"u","devices":0,"records":[["device",["d","x","c"],{"cid":7}]]}]}',
      },
    ]);
    await store.close();
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(
      /^data folder .*damaged: snapshot \["~snapshot","","broken"\] holds record \["d","x","c"\] that has the wrong shape/,
    );
  });

  it('re-reads the token file on SIGHUP: an added team works, a removed one is 401, a broken file keeps the set', async () => {
    fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-api-=${API}\n`);
    const cli = await start(['--app-token-file', tokenFile]);
    expect((await call(cli, NEW, 'GET', '/apps')).status).toBe(401);
    fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-new-=${NEW}\n`);
    cli.child.kill('SIGHUP');
    await expect.poll(() => cli.lines.join('\n')).toContain('team tokens reloaded: 2 teams ("ci-web-", "ci-new-")');
    expect((await call(cli, NEW, 'PUT', '/apps/ci-new-1', {})).status).toBe(201);
    expect((await call(cli, API, 'GET', '/apps')).status).toBe(401);
    expect((await call(cli, NEW, 'GET', '/apps/ci-web-1')).status).toBe(403);

    // Broken: overlapping prefixes. The set in force stays, and the log says why without a token.
    fs.writeFileSync(tokenFile, `ci-=${API}\nci-new-=${NEW}\n`);
    cli.child.kill('SIGHUP');
    await expect
      .poll(() => cli.lines.join('\n'))
      .toMatch(/team tokens not reloaded, the ones in force stay: app token prefixes "ci-" and "ci-new-" overlap/);
    expect((await call(cli, NEW, 'GET', '/apps/ci-new-1')).status).toBe(200);
    expect((await call(cli, API, 'GET', '/apps')).status).toBe(401);
    const said = cli.lines.join('\n');
    for (const token of [ADMIN, WEB, API, NEW]) expect(said).not.toContain(token);
    await stop(cli);
  });

  it('refuses overlapping prefixes at start, from the flag, the variable and the file alike, with exit code 2', async () => {
    fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-=${API}\n`);
    const runs = [
      await runCli(['--port', '0', '--app-token', `ci-=${API}`, '--app-token', `ci-web-=${WEB}`], env),
      await runCli(['--port', '0'], { ...env, SANDBOX_APP_TOKENS: `ci-web-=${WEB},ci-=${API}` }),
      await runCli(['--port', '0', '--app-token-file', tokenFile], env),
    ];
    for (const { code, output } of runs) {
      expect(code).toBe(2);
      expect(output).toMatch(/app token prefixes "ci-" and "ci-web-" overlap/);
      for (const token of [ADMIN, WEB, API]) expect(output).not.toContain(token);
    }
  });
});
