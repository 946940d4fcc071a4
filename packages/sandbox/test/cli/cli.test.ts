// `run sandbox` (the pushapi-sandbox command): prints where everything is and the default app's credentials,
// takes flags and environment variables, refuses what it cannot do with a clear message, stops on Ctrl-C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP } from '../../src/shared/config.js';
import { runCli, startCli } from '../support/cli.js';

describe('the command', () => {
  it('prints the base URLs and the default credentials, serves them, and stops cleanly on SIGINT', async () => {
    const cli = await startCli(['--port', '0']);
    await expect.poll(() => cli.lines.join('\n')).toContain('its DMP party');
    const out = cli.lines.join('\n');
    expect(out).toContain(`push v1 base URL   ${cli.url}`);
    expect(out).toContain(`DMP base URL       ${cli.url}/dmp`);
    expect(out).toContain(`control API        ${cli.url}/control`);
    expect(out).toContain(
      `appid ${DEFAULT_APP.appid}   appkey ${DEFAULT_APP.appkey}   mastersecret ${DEFAULT_APP.mastersecret}`,
    );
    const push = createPushClient({
      baseUrl: cli.url,
      appId: DEFAULT_APP.appid,
      appKey: DEFAULT_APP.appkey,
      masterSecret: DEFAULT_APP.mastersecret,
      retry: false,
    });
    expect(await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } })).toMatchObject({
      status: 'online',
    });
    await expect
      .poll(() => cli.lines.some((l) => l.startsWith('GET /v1/sandbox-app/user_status/magic-online -> 200 ok')))
      .toBe(true);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('advertises the reference only where a built site is served', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-no-site-'));
    const cli = await startCli(['--port', '0', '--docs', empty]);
    await expect.poll(() => cli.lines.join('\n')).toContain('its DMP party');
    expect(cli.lines.join('\n')).toMatch(
      /reference +not served: this package ships no reference site \(--docs <dir> serves a built one\)/,
    );
    expect(cli.lines.join('\n')).not.toContain(`${cli.url}/docs/`);
    cli.child.kill('SIGINT');
    await cli.exited;
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('takes the credentials from flags and environment variables, and never prints a given secret', async () => {
    const cli = await startCli(['--port', '0', '--appid', 'ci-app', '--master-secret', 'given-master-secret-value'], {
      SANDBOX_AUTH_CODE: 'given-auth-code-value',
    });
    await expect.poll(() => cli.lines.join('\n')).toContain('its DMP party');
    const out = cli.lines.join('\n');
    expect(out).toContain('appid ci-app');
    expect(out).not.toContain('given-master-secret-value');
    expect(out).not.toContain('given-auth-code-value');
    const push = createPushClient({
      baseUrl: cli.url,
      appId: 'ci-app',
      appKey: DEFAULT_APP.appkey,
      masterSecret: 'given-master-secret-value',
      retry: false,
    });
    expect(await push.GET('/query_bi_tags')).toMatchObject({ result: 'ok' });
    cli.child.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
    expect(cli.lines.join('\n')).not.toContain('given-master-secret-value');
  });

  it('beyond 127.0.0.1 it needs a control token, and warns', async () => {
    const refused = await runCli(['--host', '0.0.0.0', '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('give it a control token');
    const cli = await startCli(['--host', '0.0.0.0', '--port', '0', '--control-token', 'token-for-this-test']);
    await expect.poll(() => cli.lines.join('\n')).toContain('warning: listening on 0.0.0.0');
    cli.child.kill('SIGINT');
    await cli.exited;
  });

  it('takes the control token from SANDBOX_CONTROL_TOKEN or --control-token-file, out of the command line, and never prints it', async () => {
    const token = 'token-kept-off-the-command-line';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-token-'));
    const file = path.join(dir, 'control-token');
    fs.writeFileSync(file, `  ${token}  \n`);
    try {
      for (const [args, env] of [
        [[], { SANDBOX_CONTROL_TOKEN: token }],
        [['--control-token-file', file], {}],
      ] as const) {
        const cli = await startCli(['--port', '0', ...args], env);
        const apps = (authorization?: string) =>
          fetch(`${cli.url}/control/apps`, { headers: authorization ? { authorization } : {} });
        expect((await apps()).status).toBe(401);
        expect((await apps(`Bearer ${token}`)).status).toBe(200);
        expect(fs.readFileSync(`/proc/${cli.child.pid}/cmdline`, 'utf8')).not.toContain(token);
        cli.child.kill('SIGTERM');
        await cli.exited;
        expect(cli.lines.join('\n')).not.toContain(token);
      }
      const missing = await runCli(['--port', '0', '--control-token-file', path.join(dir, 'absent')]);
      expect(missing).toMatchObject({
        code: 2,
        output: expect.stringContaining(`control token file ${path.join(dir, 'absent')} cannot be read (ENOENT)`),
      });
      fs.writeFileSync(file, ' \n\n');
      expect(await runCli(['--port', '0', '--control-token-file', file])).toMatchObject({
        code: 2,
        output: expect.stringContaining(`control token file ${file} is empty`),
      });
      const both = await runCli(['--port', '0', '--control-token-file', file, '--control-token', token]);
      expect(both).toMatchObject({
        code: 2,
        output: expect.stringContaining('--control-token or --control-token-file, not both'),
      });
      expect(both.output).not.toContain(token);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes app tokens from --app-token, SANDBOX_APP_TOKENS and --app-token-file, each limited to its prefix, and never prints them', async () => {
    const control = 'control-token-of-the-operator';
    const tokens = {
      a: 'app-token-of-team-a-flag',
      b: 'app-token-of-team-b-variable',
      c: 'app-token-of-team-c-in-a-file',
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-app-tokens-'));
    const file = path.join(dir, 'app-tokens');
    fs.writeFileSync(file, `team-c-=${tokens.c}\n\n`);
    try {
      const cli = await startCli(
        ['--port', '0', '--control-token', control, '--app-token', `team-a-=${tokens.a}`, '--app-token-file', file],
        { SANDBOX_APP_TOKENS: `team-b-=${tokens.b}` },
      );
      const create = (token: string, appid: string) =>
        fetch(`${cli.url}/control/apps/${appid}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
      for (const [team, token] of Object.entries(tokens)) {
        expect((await create(token, `team-${team}-1`)).status).toBe(201);
        expect((await create(token, `team-${team === 'a' ? 'b' : 'a'}-2`)).status).toBe(403);
      }
      expect(cli.lines.join('\n')).toContain(
        'app tokens           for the apps whose appid starts with: "team-a-", "team-b-", "team-c-"',
      );
      cli.child.kill('SIGTERM');
      await cli.exited;
      for (const token of Object.values(tokens)) expect(cli.lines.join('\n')).not.toContain(token);
      const short = await runCli(['--port', '0', '--control-token', control, '--app-token', 'team-a-=tiny-secret']);
      expect(short).toMatchObject({
        code: 2,
        output: expect.stringContaining('the app token of prefix "team-a-" has 11 characters'),
      });
      expect(short.output).not.toContain('tiny-secret');
      const alone = await runCli(['--port', '0'], { SANDBOX_APP_TOKENS: `team-a-=${tokens.a}` });
      expect(alone).toMatchObject({ code: 2, output: expect.stringContaining('app tokens need a control token too') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad flag, a bad port and a taken port with a clear message', async () => {
    expect(await runCli(['--prot', '1'])).toMatchObject({
      code: 2,
      output: expect.stringContaining("Unknown option '--prot'"),
    });
    expect(await runCli(['--port', 'abc'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('port "abc" is not a port number'),
    });
    const first = await startCli(['--port', '0']);
    const port = new URL(first.url).port;
    expect(await runCli(['--port', port])).toMatchObject({
      code: 2,
      output: expect.stringContaining(`port ${port} on 127.0.0.1 is already in use`),
    });
    first.child.kill('SIGINT');
    await first.exited;
  });

  it('--help says what it does, also after the -- that `pnpm run sandbox -- --help` passes on', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('--data <dir>');
    expect(help.output).toContain('--allowed-host <name>');
    expect(help.output).toContain('--control-token-file <path>');
    expect(help.output).toContain('--app-token <prefix>=<token>');
    const viaPnpm = await runCli(['--', '--help']);
    expect(viaPnpm.code).toBe(0);
    expect(viaPnpm.output).toContain('--data <dir>');
  });
});
