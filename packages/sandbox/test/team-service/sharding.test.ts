// Several sandbox processes behind one entry point, as the README's "Running one sandbox for many CI jobs" shows:
// a proxy gives each process a path prefix (`/s0`, `/s1`) and strips it; each job picks its process from its
// appid and uses that prefix for the push, DMP and control base URLs. Checked here with two sandboxes and a
// node:http proxy: each app lives in one process only, the real clients work behind the prefix, and a call sent
// to the other process finds nothing (an unknown appid, a DMP token it never issued): DMP calls, which carry no
// appid, must go to the process of their app.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createControlClient, startSandbox, type Sandbox } from '../../src/index.js';
import { notification } from '../support/env.js';
import { raw } from '../support/in-process.js';

let shards: Sandbox[] = [];
let proxy: http.Server;
let entry: string;

/** The process of an app: a hash of its appid over the processes (any stable choice works). */
const shardOf = (appid: string) => createHash('sha256').update(appid).digest().readUInt32BE(0) % shards.length;

beforeAll(async () => {
  shards = await Promise.all([startSandbox(), startSandbox()]);
  // The proxy: /s<k>/<rest> goes to process k as /<rest>; anything else is refused.
  proxy = http.createServer((req, res) => {
    const match = /^\/s(\d+)(\/.*)$/.exec(req.url ?? '');
    const target = match && shards[Number(match[1])];
    if (!match || !target) {
      res.writeHead(404).end();
      return;
    }
    const upstream = http.request(
      `${target.url}${match[2]}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  entry = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all(shards.map((s) => s.stop()));
});

it('each job uses the process its appid picks, for push v1, DMP and control; the other process knows nothing of it', async () => {
  const jobs = ['job-checkout', 'job-search', 'job-billing', 'job-profile', 'job-orders', 'job-login'];
  for (const appid of jobs) {
    const base = `${entry}/s${shardOf(appid)}`;
    const control = createControlClient({ baseUrl: base });
    const { data: created } = await control.POST('/apps', { body: { appid } });
    const { appkey, mastersecret, dmp } = created!.credentials;
    await control.POST('/apps/{appid}/devices', {
      params: { path: { appid } },
      body: { cid: 'phone', online: true, dmpIds: { oaid: `oaid-${appid}` }, dmpTags: ['1001'] },
    });

    const push = createPushClient({
      baseUrl: base,
      appId: appid,
      appKey: appkey,
      masterSecret: mastersecret,
      retry: false,
    });
    const sent = await push.POST('/push_single', { body: { ...notification(appid), cid: 'phone' } });
    expect(sent.status).toBe('successed_online');
    const dmpClient = createDmpClient({
      baseUrl: `${base}/dmp`,
      userCode: dmp.userCode,
      authCode: dmp.authCode,
      retry: false,
    });
    expect(
      (
        await dmpClient.POST('/tags/user', {
          body: { oaidMD5: createHash('md5').update(`oaid-${appid}`).digest('hex') },
        })
      ).data,
    ).toEqual(['1001']);

    // The app is in its process only.
    const other = shards[(shardOf(appid) + 1) % shards.length]!;
    expect(shards[shardOf(appid)]!.snapshot()).toMatchObject({
      apps: expect.arrayContaining([expect.objectContaining({ record: expect.objectContaining({ appid }) })]),
    });
    expect(JSON.stringify(other.snapshot())).not.toContain(`"appid":"${appid}"`);
    // Sent to the other process, push v1 finds no such app, and a DMP token of this app is unknown there.
    const elsewhere = `${entry}/s${(shardOf(appid) + 1) % shards.length}`;
    expect((await raw(`${elsewhere}/v1/${appid}/query_bi_tags`)).body.result).toBe('no_appid');
    let token = '';
    const catching = createDmpClient({
      baseUrl: `${base}/dmp`,
      userCode: dmp.userCode,
      authCode: dmp.authCode,
      retry: false,
      fetch: async (request: Request) => {
        const answer = await fetch(request);
        const body = (await answer
          .clone()
          .json()
          .catch(() => ({}))) as { access_token?: string };
        if (body.access_token) token = body.access_token;
        return answer;
      },
    });
    await catching.GET('/config/tags');
    expect((await raw(`${elsewhere}/dmp/config/tags`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
    expect((await raw(`${base}/dmp/config/tags`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  }
  // Both processes were used.
  expect(new Set(jobs.map(shardOf)).size).toBe(2);
});
