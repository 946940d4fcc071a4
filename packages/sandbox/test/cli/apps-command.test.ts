// `pushapi-sandbox apps`: the apps of every process of a service, asked at each process's own address. Two
// sandboxes in this process stand for two processes of a service with the same team tokens: a team sees only its
// apps, with the process that holds each; a refused token or a process that does not answer makes the list
// incomplete, says so and never shows the token; an appid held twice is reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runApps } from '../../src/cli/apps-command.js';
import { startSandbox, type Sandbox } from '../../src/index.js';

const ADMIN = 'admin-token-0123456789abcdef';
const WEB = 'web-team-token-0123456789abcdef';
const API = 'api-team-token-0123456789abcdef';
const options = {
  controlToken: ADMIN,
  appTokens: [
    { prefix: 'ci-web-', token: WEB },
    { prefix: 'ci-api-', token: API },
  ],
};

const processes: Sandbox[] = [];
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-command-'));

/** Runs the command with a token file; returns its exit code and what it printed. */
async function apps(args: string[], token?: string): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  try {
    const file = path.join(folder, 'token');
    if (token !== undefined) fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
    const code = await runApps([...args, ...(token !== undefined ? ['--token-file', file] : [])], {});
    return { code, output: lines.join('\n') };
  } finally {
    log.mockRestore();
  }
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) processes.push(await startSandbox(options));
  const make = (i: number, appid: string) =>
    processes[i]!.control.PUT('/apps/{appid}', { params: { path: { appid } }, body: {} });
  await make(0, 'ci-web-one');
  await make(1, 'ci-web-two');
  await make(1, 'ci-api-one');
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  fs.rmSync(folder, { recursive: true, force: true });
});

const servers = () => processes.flatMap((p) => ['--server', p.url]);

describe('pushapi-sandbox apps', () => {
  it("lists a team's apps across the processes, each with the process that holds it, and no other team's", async () => {
    const { code, output } = await apps(servers(), WEB);
    expect(code, output).toBe(0);
    expect(output.split('\n')).toEqual([
      '2 apps in 2 of 2 processes',
      'appid       process',
      `ci-web-one  ${processes[0]!.url}`,
      `ci-web-two  ${processes[1]!.url}`,
    ]);
    const json = await apps([...servers(), '--json'], API);
    expect(JSON.parse(json.output)).toEqual({
      apps: [{ appid: 'ci-api-one', name: expect.any(String), server: processes[1]!.url }],
      unreachable: [],
    });
  });

  it('says the list is incomplete when a process refuses the token or does not answer, and never prints the token', async () => {
    const wrong = 'not-a-token-of-this-service-0123';
    const refused = await apps(servers(), wrong);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('0 apps in 0 of 2 processes');
    expect(refused.output).toContain(`no list from ${processes[0]!.url} (GET /control/apps: HTTP 401`);
    expect(refused.output).not.toContain(wrong);

    const gone = await startSandbox(options);
    await gone.stop();
    const partial = await apps([...servers(), '--server', gone.url], WEB);
    expect(partial.code).toBe(1);
    expect(partial.output).toContain(`2 apps in 2 of 3 processes`);
    expect(partial.output).toContain(`no list from ${gone.url} (ECONNREFUSED): its apps are missing from this list`);
  });

  it('reports an appid that two processes hold (the balancer reaches one of them)', async () => {
    await processes[0]!.control.PUT('/apps/{appid}', { params: { path: { appid: 'ci-web-two' } }, body: {} });
    const { code, output } = await apps(servers(), ADMIN);
    expect(code).toBe(1);
    expect(output).toContain('held by more than one process: ci-web-two');
    // Every process's own default app is expected in each: not reported.
    expect(output).not.toContain('held by more than one process: sandbox-app');
    await processes[0]!.control.DELETE('/apps/{appid}', { params: { path: { appid: 'ci-web-two' } } });
  });

  it('refuses to run without a process to ask, and reads no token from the command line', async () => {
    await expect(runApps([], {})).rejects.toThrow(
      "give each process with --server <url> (its own address, not the balancer's)",
    );
    await expect(runApps(['--server', processes[0]!.url, '--token', WEB], {})).rejects.toThrow(
      /Unknown option '--token'/,
    );
  });
});
