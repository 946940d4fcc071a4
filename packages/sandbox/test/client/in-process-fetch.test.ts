// `sandbox.fetch`: the sandbox answers in this process with no socket, through every check of its server. Each
// refusal is asked both ways (through sandbox.fetch and over the socket) and must be the same; the clients of an
// app of `startSandbox()` reach it with no socket (global fetch made to fail shows it); an abort and a stop end
// a long wait in progress.
import { request } from 'node:http';
import { createDmpClient, userTagsBody } from '@pushapi/dmp-client';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterEach, expect, it, vi } from 'vitest';
import { LIMITS } from '../../src/shared/config.js';
import { ownSandbox } from '../support/in-process.js';

const TOKEN = 'in-process-control-token-0123456789';
const sandbox = ownSandbox({ controlToken: TOKEN });
const auth = { authorization: `Bearer ${TOKEN}` };

/** The timers that keep the process alive: the sandbox holds each wait on one. */
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** Waiting calls now, as the sandbox's own metrics count them (sandbox_team_waits, summed over the teams). */
async function waitsNow(): Promise<number> {
  const text = await (await sandbox.current.fetch(`${sandbox.current.url}/metrics`, { headers: auth })).text();
  return [...text.matchAll(/^sandbox_team_waits\{[^}]*\} (\d+)$/gm)].reduce((n, [, count]) => n + Number(count), 0);
}

/**
 * Until the sandbox holds the wait, by its own count of waiting calls: no count of turns and no clock (a busy machine
 * takes longer to get there; the process's count of timers, read before, also moves with other timers of the process).
 */
async function waitHeld() {
  while ((await waitsNow()) === 0) await new Promise(setImmediate);
}

/** Until the sandbox has ended every wait. */
async function waitsEnded() {
  while ((await waitsNow()) !== 0) await new Promise(setImmediate);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The answer over the socket: by Node's fetch, or by node:http for a Host header of the test's (fetch replaces it).
 * Fetch for the rest: it reads a refusal of a large body sent while the body is still being written.
 */
async function overSocket(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  if (init.headers?.host === undefined) {
    const answer = await fetch(url, init);
    return { status: answer.status, type: answer.headers.get('content-type') ?? undefined, text: await answer.text() };
  }
  return new Promise<{ status: number; type: string | undefined; text: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** What may differ between two answers of one state: times and request ids. */
const settled = (text: string) => text.replace(/"(time|now|iso|local|requestId|instance)":("[^"]*"|\d+)/g, '"$1":…');

/** The same request through sandbox.fetch and over the socket: status, content type and body must be the same. */
async function bothWays(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = `${sandbox.current.url}${path}`;
  const answer = await sandbox.current.fetch(url, init);
  const inProcess = {
    status: answer.status,
    type: answer.headers.get('content-type') ?? undefined,
    text: await answer.text(),
  };
  const socket = await overSocket(url, init);
  expect({ ...inProcess, text: settled(inProcess.text) }).toEqual({ ...socket, text: settled(socket.text) });
  return { ...inProcess, body: inProcess.text };
}

it('refuses a foreign Host and a foreign Origin as over the socket', async () => {
  const host = await bothWays('/control/apps', { headers: { ...auth, host: 'evil.example' } });
  expect(host.status).toBe(403);
  expect(host.body).toContain('forbidden-host');
  const origin = await bothWays('/control/apps', { headers: { ...auth, origin: 'http://evil.example' } });
  expect(origin.status).toBe(403);
  expect(origin.body).toContain('forbidden-origin');
});

it('refuses a write without JSON and a body over the limit, and changes nothing', async () => {
  const before = sandbox.current.snapshot();
  const text = await bothWays('/control/apps/app-notjson', {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: '{}',
  });
  expect(text.status).toBe(415);
  const big = await bothWays('/control/apps/app-toobig', {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: `{"name":"${'x'.repeat(LIMITS.maxBodyBytes)}"}`,
  });
  expect(big.status).toBe(413);
  expect(sandbox.current.snapshot()).toEqual(before);
});

it('requires the control token, and answers with it', async () => {
  const without = await bothWays('/control/apps');
  expect(without.status).toBe(401);
  expect(without.body).not.toContain(TOKEN);
  const wrong = await bothWays('/control/apps', { headers: { authorization: 'Bearer not-the-token-at-all-0000' } });
  expect(wrong.status).toBe(401);
  expect((await bothWays('/control/apps', { headers: auth })).status).toBe(200);
});

it('answers an operation as over the socket: an app read, a refused sign-in, an unknown path', async () => {
  const app = await sandbox.current.app();
  const read = await bothWays(`/control/apps/${app.appid}`, { headers: auth });
  expect(read.status).toBe(200);
  expect(JSON.parse(read.body).appid).toBe(app.appid);
  const sign = await bothWays(`/v1/${app.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign: '0'.repeat(64), timestamp: String(Date.now()), appkey: app.appkey }),
  });
  expect(sign.status).toBe(200);
  expect(JSON.parse(sign.body).result).not.toBe('ok');
  expect((await bothWays('/no/such/path', { headers: auth })).status).toBe(404);
});

it("an app's push client reaches the sandbox with no socket: the push lands in the inbox and the request log", async () => {
  const app = await sandbox.current.app({
    devices: [{ cid: 'phone-1', online: true, dmpIds: { imei: '860000000000001' }, dmpTags: ['1001'] }],
  });
  expect(app.pushOptions.fetch).toBe(sandbox.current.fetch);
  expect(app.dmpOptions.fetch).toBe(sandbox.current.fetch);
  // Any call over the network now fails: only sandbox.fetch can answer.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('a socket was used')));
  const push = createPushClient({ ...app.pushOptions, retry: false });
  const answer = await push.POST('/push_single', {
    body: {
      cid: 'phone-1',
      message: { msgtype: 'transmission', is_offline: true },
      transmission: { transmission_content: 'no socket' },
    },
  });
  expect(answer.result).toBe('ok');
  const message = await app.waitForMessage('phone-1', { taskid: answer.taskid });
  expect(message.template).toMatchObject({ transmission_content: 'no socket' });
  const dmp = createDmpClient({ ...app.dmpOptions, retry: false });
  expect(await dmp.POST('/tags/user', { body: userTagsBody({ imei: '860000000000001' }) })).toEqual({
    code: '0',
    data: ['1001'],
  });
  const operations = (await app.requests()).map((r) => r.operation);
  expect(operations).toEqual(expect.arrayContaining(['auth_sign', 'push_single', 'tags/user']));
});

it('fails a dropped connection (a drop fault) as fetch does, with a TypeError; the next call is answered', async () => {
  const app = await sandbox.current.app();
  await app.fault({ operation: 'auth_sign', kind: 'drop', times: 1 });
  const sign = () =>
    sandbox.current.fetch(`${sandbox.current.url}/v1/${app.appid}/auth_sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  await expect(sign()).rejects.toThrow(new TypeError('fetch failed'));
  expect((await sign()).status).toBe(422); // answered: the empty body is refused, as over the socket
});

it('sends a URL of another origin over the network, with the global fetch', async () => {
  const network = vi.fn(async (request: Request) => new Response(`network: ${request.url}`));
  vi.stubGlobal('fetch', network);
  const answer = await sandbox.current.fetch('http://127.0.0.2:1/control/apps');
  expect(await answer.text()).toBe('network: http://127.0.0.2:1/control/apps');
  expect(network).toHaveBeenCalledTimes(1);
});

it('an abort ends a long wait in progress with the AbortError fetch gives, and a timed-out wait rejects', async () => {
  const app = await sandbox.current.app({ devices: [{ cid: 'phone-1' }] });
  const controller = new AbortController();
  const waiting = sandbox.current.fetch(
    `${sandbox.current.url}/control/apps/${app.appid}/devices/phone-1/inbox?wait=60000`,
    {
      headers: auth,
      signal: controller.signal,
    },
  );
  const aborted = expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  await waitHeld();
  controller.abort();
  await aborted;
  // The sandbox saw its client gone and ended the wait (its count of waiting calls is back to none; the process's
  // count of timers is no measure here: other timers of the process come and go meanwhile).
  await waitsEnded();
  await expect(app.waitForMessage('phone-1', undefined, { timeoutMs: 1 })).rejects.toThrow('waited 1 ms');
  // The sandbox still answers after the abort.
  expect((await app.inbox('phone-1')).messages).toEqual([]);
});

it('stop() ends a wait in progress: the call fails, its timer is gone, later calls fail', async () => {
  const app = await sandbox.current.app({ devices: [{ cid: 'phone-1' }] });
  const before = timers();
  const waiting = sandbox.current.fetch(
    `${sandbox.current.url}/control/apps/${app.appid}/devices/phone-1/inbox?wait=60000`,
    { headers: auth },
  );
  const failed = expect(waiting).rejects.toThrow(new TypeError('fetch failed'));
  await waitHeld();
  const helper = app.waitForMessage('phone-1', undefined, { timeoutMs: 60_000 });
  const helperFailed = expect(helper).rejects.toThrow(TypeError);
  await sandbox.current.stop();
  await failed;
  await helperFailed;
  // The wait's timer is gone (the sandbox's own interval is unref'd, never counted): nothing keeps the process alive.
  // At most as many as before: a timer of the process's own that was there before may have ended meanwhile.
  expect(timers()).toBeLessThanOrEqual(before);
  await expect(sandbox.current.fetch(`${sandbox.current.url}/healthz`)).rejects.toThrow('fetch failed');
});
