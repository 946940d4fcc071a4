// The proxy fails closed: what it cannot judge, and writes to devices outside the allow list, are refused locally
// in push v1's shape with a 4xx, logged and counted, and nothing of them reaches the upstream (a counting stand-in).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/documents.js';
import { describeAllowList, describeSummary } from '../src/proxy/console.js';
import { startProxy, type RunningProxy } from '../src/proxy/server.js';
import { WRITES } from '../src/proxy/writes.js';

const MINE = 'team-phone-1';
const TAG = 'pushapi-verify-app';

/** The upstream: answers every request `{"result":"ok"}` and keeps each body as it arrived. */
let upstream: { url: string; received: { path: string; body: string }[]; server: http.Server };
let strict: RunningProxy;
let relaxed: RunningProxy;
const logged: string[] = [];

beforeAll(async () => {
  const received: { path: string; body: string }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"ok"}');
  });
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
  const common = { upstream: upstream.url, allowCids: [MINE], allowAliases: ['team-alias'], allowAppPush: TAG };
  strict = await startProxy({ ...common, log: (line) => logged.push(line) });
  relaxed = await startProxy({ ...common, allowDeviceWritesOutsideList: true });
});
afterAll(async () => {
  await strict?.stop();
  await relaxed?.stop();
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
});

/** Sends a raw body through a proxy; answers the status, the refusal header, the body and what reached the upstream. */
async function send(proxy: RunningProxy, path: string, body: string | object, method = 'POST') {
  const before = upstream.received.length;
  const answer = await fetch(`${proxy.url}/v1/app1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authtoken: 'token-1' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: answer.status,
    reason: answer.headers.get('x-pushapi-verify-refused'),
    body: (await answer.json()) as { result: string; desc: string },
    reached: upstream.received.slice(before),
  };
}

const message = {
  message: { appkey: 'k', is_offline: false, msgtype: 'transmission' },
  transmission: { transmission_content: 'hi' },
};

describe('what the proxy cannot judge', () => {
  it('refuses push_single naming a listed cid and an unlisted alias', async () => {
    const out = await send(strict, 'push_single', {
      ...message,
      cid: MINE,
      alias: 'a-real-user',
      requestid: 'proxy-refusal-0001',
    });
    expect(out).toMatchObject({ status: 403, reason: 'cid-and-alias', reached: [] });
    expect(out.body).toEqual({
      result: 'other_error',
      desc: expect.stringMatching(
        /^pushapi-verify proxy refused: pushSingle names both a cid and an alias.*; not forwarded$/,
      ),
    });
  });

  it('refuses a whole push_single_batch when one item names both: nothing is forwarded', async () => {
    const items = [
      { ...message, cid: MINE, requestid: 'proxy-batch-0001' },
      { ...message, cid: MINE, alias: 'a-real-user', requestid: 'proxy-batch-0002' },
    ];
    expect(await send(strict, 'push_single_batch', { msg_list: items })).toMatchObject({
      status: 403,
      reason: 'cid-and-alias',
      reached: [],
    });
  });

  it('judges push_list by its cid, as the description says, and forwards it byte for byte', async () => {
    const raw = `{"cid":["${MINE}"],  "alias":["a-real-user"],"taskid":"RASL_0101_aa"}`;
    const out = await send(strict, 'push_list', raw);
    expect(out.status).toBe(200);
    expect(out.reached).toEqual([{ path: '/v1/app1/push_list', body: raw }]);
  });

  it.each([
    ['single quotes', `{'cid':'${MINE}'}`],
    ['a trailing comma', `{"cid":"${MINE}",}`],
    ['a comment', `{"cid":"${MINE}" /* me */}`],
    ['a key given twice', `{"cid":"${MINE}","cid":"a-real-user"}`],
  ])('refuses a body with %s, and nothing reaches the upstream', async (_, raw) => {
    const out = await send(strict, 'set_tags', raw);
    expect(out).toMatchObject({ status: 400, reason: 'not-strict-json', reached: [] });
    expect(out.body.desc).toMatch(/^pushapi-verify proxy refused: the body (is not strict JSON|gives a key twice)/);
  });

  it('refuses an operation the documents do not know, in push v1 shape', async () => {
    const out = await send(strict, 'push_everyone', { ...message });
    expect(out).toMatchObject({
      status: 404,
      reason: 'unknown-operation',
      reached: [],
      body: { result: 'other_error' },
    });
    expect(out.body.desc).toContain('POST /v1/<appid>/push_everyone');
  });

  it('refuses a body over 1 MiB without forwarding it', async () => {
    const out = await send(strict, 'set_tags', { cid: MINE, tag_list: ['x'.repeat(1024 * 1024)] });
    expect(out).toMatchObject({ status: 413, reason: 'body-too-large', reached: [] });
  });
});

describe('writes to devices outside the allow list', () => {
  const outside: [string, object, string?][] = [
    [
      'bind_alias',
      {
        alias_list: [
          { cid: MINE, alias: 'team-alias' },
          { cid: 'a-real-user', alias: 'team-alias' },
        ],
      },
    ],
    ['unbind_alias', { cid: 'a-real-user', alias: 'u_10086' }],
    ['unbind_alias_all', { alias: 'u_10086' }],
    ['set_tags', { cid: 'a-real-user', tag_list: ['vip'] }],
    ['user_blk_list', { cid: [MINE, 'a-real-user'] }],
    ['user_blk_list', { cid: ['a-real-user'] }, 'DELETE'],
    ['set_badge', { badge: 0, cid_list: [MINE], devicetoken_list: ['ios-token'] }],
  ];

  it.each(outside)('refuses %s by default', async (path, body, method) => {
    const out = await send(strict, path, body, method);
    expect(out).toMatchObject({ status: 403, reason: 'device-write-outside-list', reached: [] });
    expect(out.body.desc).toContain('--allow-device-writes-outside-list');
  });

  it.each(outside)('forwards %s with --allow-device-writes-outside-list', async (path, body, method) => {
    const out = await send(relaxed, path, body, method);
    expect(out.status).toBe(200);
    expect(out.reached.map((r) => JSON.parse(r.body))).toEqual([body]);
  });

  it("forwards the listed cid's writes unchanged", async () => {
    const raw = `{"cid":"${MINE}","tag_list":["pushapi-verify-app"]}`;
    expect((await send(strict, 'set_tags', raw)).reached).toEqual([{ path: '/v1/app1/set_tags', body: raw }]);
    expect((await send(strict, 'bind_alias', { alias_list: [{ cid: MINE, alias: 'team-alias' }] })).status).toBe(200);
    expect((await send(strict, 'user_blk_list', { cid: [MINE] }, 'DELETE')).status).toBe(200);
  });

  it('names every write of the documents once: what it changes, or why it changes no device', () => {
    const writes = [...documents().operations.values()].filter((op) => op.method !== 'get').map((op) => op.operationId);
    expect(Object.keys(WRITES).sort()).toEqual(writes.sort());
  });
});

describe('push_app, the same --allow-app-push <tag> as the run', () => {
  const app = (condition: unknown) => ({ ...message, requestid: 'proxy-app-0001', condition });

  it('forwards push_app restricted to the tag and refuses any other', async () => {
    expect((await send(strict, 'push_app', app([{ key: 'tag', values: [TAG], opt_type: 0 }]))).status).toBe(200);
    expect(await send(strict, 'push_app', app([{ key: 'tag', values: ['vip'], opt_type: 0 }]))).toMatchObject({
      status: 403,
      reason: 'app-push',
      reached: [],
    });
    expect(await send(strict, 'push_app', app(undefined))).toMatchObject({
      status: 403,
      reason: 'app-push',
      reached: [],
    });
  });
});

it('logs each refusal, and its start banner and stop summary say what it allows and what it did', async () => {
  const proxy = await startProxy({ upstream: upstream.url, allowCids: [MINE, 'team-phone-2'] });
  try {
    expect(describeAllowList(proxy.allow)).toContain(`cids (pushes and device writes): ${MINE}, team-phone-2`);
    expect(describeAllowList(proxy.allow)).toContain('push_app: refused (no --allow-app-push <tag>)');
    expect(describeAllowList(proxy.allow)).toMatch(
      /writes to devices outside the list \(bind_alias, .*set_tags.*\): refused/,
    );
    await send(proxy, 'set_tags', { cid: MINE, tag_list: [] });
    await send(proxy, 'set_tags', { cid: 'a-real-user', tag_list: [] });
    await send(proxy, 'set_tags', `{'cid':'${MINE}'}`);
    await send(proxy, 'push_single', { ...message, cid: 'a-real-user', requestid: 'proxy-summary-0001' });
    const summary = proxy.summary();
    expect(summary).toMatchObject({
      forwarded: 1,
      checked: 1,
      refused: { 'device-write-outside-list': 1, 'not-strict-json': 1, 'push-outside-list': 1 },
    });
    expect(describeSummary(summary)).toContain(
      'refused: 3 (device-write-outside-list 1, not-strict-json 1, push-outside-list 1)',
    );
  } finally {
    await proxy.stop();
  }
  expect(
    logged.some((line) =>
      line.startsWith('pushapi-verify proxy: refused POST /v1/<appid>/push_single (cid-and-alias, HTTP 403): '),
    ),
  ).toBe(true);
});
