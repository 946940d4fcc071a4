// Exposure of the sandbox command: where it listens, what opens its control API beyond this machine, and that no
// secret of a whole flow (master secrets, auth codes, the control token, auth tokens, DMP access tokens, signs)
// appears in what it prints, in its request log or in its event stream. Only loopback addresses are used:
// 127.0.0.2 is another address of this machine, reached only when the sandbox listens beyond 127.0.0.1.
import net from 'node:net';
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { createControlClient } from '../../src/shared/control-client.js';
import { runCli, startCli, type RunningCli } from '../support/cli.js';
import { notification } from '../support/env.js';
import { raw } from '../support/in-process.js';

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stop(cli: RunningCli) {
  cli.child.kill('SIGTERM');
  return cli.exited;
}

describe('where it listens', () => {
  it('on 127.0.0.1 by default: another address of this machine is refused', async () => {
    const cli = await startCli(['--port', '0', '--quiet']);
    try {
      const { hostname, port } = new URL(cli.url);
      expect(hostname).toBe('127.0.0.1');
      expect(await connects('127.0.0.1', Number(port))).toBe(true);
      expect(await connects('127.0.0.2', Number(port))).toBe(false);
      expect(cli.lines.join('\n')).not.toContain('warning');
    } finally {
      await stop(cli);
    }
  });

  it('on localhost without a control token, as on 127.0.0.1', async () => {
    const cli = await startCli(['--host', 'localhost', '--port', '0', '--quiet']);
    try {
      expect(new URL(cli.url).hostname).toBe('localhost');
      expect((await raw(`${cli.url}/control/apps`)).status).toBe(200);
      expect(cli.lines.join('\n')).not.toContain('warning');
    } finally {
      await stop(cli);
    }
  });

  it('beyond loopback (SANDBOX_HOST) only with a control token (SANDBOX_CONTROL_TOKEN), which the control API then requires', async () => {
    const refused = await runCli(['--port', '0'], { SANDBOX_HOST: '0.0.0.0' });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('give it a control token');

    const token = 'control-token-beyond-loopback';
    const cli = await startCli(['--port', '0', '--quiet'], { SANDBOX_HOST: '0.0.0.0', SANDBOX_CONTROL_TOKEN: token });
    try {
      await expect.poll(() => cli.lines.join('\n')).toContain('warning: listening on 0.0.0.0');
      const port = Number(new URL(cli.url).port);
      // Reached on another address of this machine: it listens beyond 127.0.0.1.
      const origin = `http://127.0.0.2:${port}`;
      expect(await connects('127.0.0.2', port)).toBe(true);
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong-token' },
        { authorization: token },
        { authtoken: token },
      ];
      for (const headers of attempts) {
        const answer = await raw(`${origin}/control/apps`, { headers });
        expect(answer.status).toBe(401);
        expect(answer.body.detail).toContain('control token');
        expect(answer.text).not.toContain(token);
      }
      const guarded = createControlClient({ baseUrl: origin, token });
      expect((await guarded.GET('/apps')).data!.apps).toHaveLength(1);
      // The services answer without it, as the real ones would (their own credentials apply).
      const push = createPushClient({
        baseUrl: origin,
        appId: 'sandbox-app',
        appKey: 'sandbox-appkey',
        masterSecret: 'sandbox-mastersecret',
        retry: false,
      });
      expect(await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } })).toMatchObject({
        status: 'online',
      });
      expect(cli.lines.join('\n')).not.toContain(token);
    } finally {
      await stop(cli);
    }
  });
});

describe('no secret in the output, the request log or the event stream', () => {
  it('over a whole flow: sign-ins, pushes, refusals, DMP, control calls, faults', async () => {
    const given = {
      masterSecret: 'given-master-secret-0001',
      authCode: 'given-auth-code-0001',
      controlToken: 'given-control-token-0001',
    };
    const cli = await startCli(
      ['--port', '0', '--master-secret', given.masterSecret, '--control-token', given.controlToken],
      {
        SANDBOX_AUTH_CODE: given.authCode,
      },
    );
    const secrets = new Set<string>(Object.values(given));
    /** Records every credential a client sends or receives. */
    const capture = async (request: Request) => {
      const url = new URL(request.url);
      for (const name of ['sign1', 'sign2']) if (url.searchParams.get(name)) secrets.add(url.searchParams.get(name)!);
      const authtoken = request.headers.get('authtoken');
      if (authtoken) secrets.add(authtoken);
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
      if (bearer) secrets.add(bearer);
      if (request.method === 'POST' && url.pathname.endsWith('/auth_sign'))
        secrets.add(JSON.parse(await request.clone().text()).sign);
      const response = await fetch(request);
      const answer = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { auth_token?: string; access_token?: string };
      if (answer.auth_token) secrets.add(answer.auth_token);
      if (answer.access_token) secrets.add(answer.access_token);
      return response;
    };
    try {
      const control = createControlClient({ baseUrl: cli.url, token: given.controlToken });
      // A second app with secrets of its own, and its credentials read back (the one place they are shown).
      const { data: created } = await control.POST('/apps', {
        body: {
          appid: 'second-app',
          mastersecret: 'second-master-secret-0002',
          authCode: 'second-auth-code-0002',
        } as never,
      });
      secrets.add(created!.credentials.mastersecret).add(created!.credentials.dmp.authCode);
      await control.GET('/apps/{appid}/credentials', { params: { path: { appid: 'second-app' } } });
      await control.POST('/apps/{appid}/devices', {
        params: { path: { appid: 'sandbox-app' } },
        body: { cid: 'flow-device', online: true, dmpIds: { imei: '860000000000009' }, dmpTags: ['1001'] },
      });
      await control.POST('/apps/{appid}/faults', {
        params: { path: { appid: 'sandbox-app' } },
        body: { operation: 'query_bi_tags', kind: 'http', status: 503 },
      });

      const push = createPushClient({
        baseUrl: cli.url,
        appId: 'sandbox-app',
        appKey: 'sandbox-appkey',
        masterSecret: given.masterSecret,
        retry: false,
        fetch: capture,
      });
      await push.POST('/push_single', { body: { ...notification('flow'), cid: 'flow-device' } });
      await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'flow-device', alias: 'flow-alias' }] } });
      await push.GET('/query_cid/{alias}', { params: { path: { alias: 'flow-alias' } } });
      await push.GET('/query_bi_tags').catch(() => undefined); // the injected 503
      await push.POST('/set_tags', { body: { cid: 'no-such-device', tag_list: ['x'] } }).catch(() => undefined); // no_user
      await push.close(); // auth_close: the token is now invalid
      const second = createPushClient({
        baseUrl: cli.url,
        appId: 'second-app',
        appKey: created!.credentials.appkey,
        masterSecret: created!.credentials.mastersecret,
        retry: false,
        fetch: capture,
      });
      await second.GET('/query_bi_tags');
      // Refused by hand: a closed token, a wrong sign, an invalid body carrying a secret-looking value.
      for (const token of [...secrets])
        await raw(`${cli.url}/v1/sandbox-app/query_bi_tags`, { headers: { authtoken: token } });
      await raw(`${cli.url}/v1/sandbox-app/auth_sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appkey: 'sandbox-appkey',
          timestamp: '1',
          sign: 'f'.repeat(64),
          extra: given.masterSecret,
        }),
      });

      const dmp = createDmpClient({
        baseUrl: `${cli.url}/dmp`,
        userCode: 'sandbox-party',
        authCode: given.authCode,
        retry: false,
        fetch: capture,
      });
      await dmp.GET('/config/tags');
      await dmp.POST('/tags/user', { body: { imeiMD5: '0123456789abcdef0123456789abcdef' } });
      await raw(
        `${cli.url}/dmp/accesser/auth?user_code=sandbox-party&sign1=${'0'.repeat(32)}&sign2=${'0'.repeat(32)}&timestamp=1`,
      );
      await raw(`${cli.url}/dmp/config/tags`, { headers: { authorization: `Bearer ${given.authCode}` } });

      // What the sandbox keeps and shows of all that.
      const log = await control.GET('/requests', { params: { query: { limit: 1000 } } });
      const events = await control.GET('/events');
      const kept = JSON.stringify([log.data, events.data]);
      expect(log.data!.requests.length).toBeGreaterThan(20);
      const exit = await stop(cli);
      expect(exit.code).toBe(0);
      const printed = cli.lines.join('\n');
      expect(printed).toContain('POST /v1/sandbox-app/auth_sign -> 200 ok');
      // Every token, sign and secret of the flow was captured, and none of them shows.
      expect(secrets.size).toBeGreaterThan(10);
      for (const secret of secrets) {
        expect(printed, `the command printed a secret (${secret.slice(0, 4)}…)`).not.toContain(secret);
        expect(kept, `the request log or the events hold a secret (${secret.slice(0, 4)}…)`).not.toContain(secret);
      }
    } finally {
      if (cli.child.exitCode === null) await stop(cli);
    }
  });
});
