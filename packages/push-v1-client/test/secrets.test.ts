// No error kind may print the master secret or a token: message, stack, JSON, String() and util.inspect.
import { inspect } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPushClient, HttpError, NetworkError, PushApiError, TimeoutError, type PushClientOptions } from '../src/index.js';
import { APP_ID, APP_KEY, MASTER_SECRET, startFakeService, type FakeService } from './fake-service.js';

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService();
});
afterEach(async () => {
  await service.close();
});

const client = (extra: Partial<PushClientOptions> = {}) =>
  createPushClient({ baseUrl: service.baseUrl, appId: APP_ID, appKey: APP_KEY, masterSecret: MASTER_SECRET, retry: false, ...extra });

function renderings(error: unknown): string[] {
  const e = error as Error;
  return [
    e.message,
    String(e.stack),
    JSON.stringify(e),
    String(e),
    inspect(e, { depth: Infinity, showHidden: true }),
    inspect(e.cause, { depth: Infinity, showHidden: true }),
  ];
}

function expectClean(error: unknown, secrets: string[]) {
  expect(error).toBeInstanceOf(Error);
  for (const text of renderings(error)) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

it('PushApiError: even when the service echoes the token and the secret in desc', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const token = service.issued[0]!;
  service.script('push_single', () => ({ json: { result: 'invalid_param', desc: `bad token ${token} / ${MASTER_SECRET}` } }));
  const error = await push.POST('/push_single', { body: { message: { msgtype: 'transmission' }, transmission: { transmission_content: 'x' }, cid: 'C' } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PushApiError);
  expect((error as PushApiError).desc).toContain('[redacted]');
  expectClean(error, [token, MASTER_SECRET]);
});

it('PushApiError of a refused sign-in', async () => {
  service.script('auth_sign', () => ({ json: { result: 'sign_error', desc: `expected ${MASTER_SECRET}` } }));
  const error = await client().GET('/query_bi_tags').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PushApiError);
  expectClean(error, [MASTER_SECRET]);
});

it('HttpError', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  service.script('query_bi_tags', () => ({ status: 500, text: `failed for ${service.issued[0]}` }));
  const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expectClean(error, [service.issued[0]!, MASTER_SECRET]);
});

it('TimeoutError', async () => {
  // Signed in under the default timeout; only the call under test has a short one (its answer is held 10x longer).
  const push = client();
  await push.GET('/query_bi_tags');
  service.script('query_bi_tags', () => ({ delayMs: 300, json: { result: 'ok' } }));
  const error = await push.GET('/query_bi_tags', { timeoutMs: 30 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect(error).toMatchObject({ operation: 'query_bi_tags', timeoutMs: 30 });
  expectClean(error, [service.issued[0]!, MASTER_SECRET]);
});

it('NetworkError, even when the fetch implementation puts the token and secret into its message', async () => {
  let token = '';
  const push = client({
    fetch: async (request) => {
      if (request.url.endsWith('/auth_sign')) return globalThis.fetch(request);
      token = request.headers.get('authtoken') ?? '';
      throw new TypeError(`socket closed while sending authtoken=${token} secret=${MASTER_SECRET}`, {
        cause: new Error(`inner ${token}`),
      });
    },
  });
  const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
  expect(token).not.toBe('');
  expect(String((error as Error).cause)).toContain('[redacted]');
  expectClean(error, [token, MASTER_SECRET]);
});

it('the client object itself prints no secret', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const text = inspect(push, { depth: Infinity, showHidden: true }) + JSON.stringify(push);
  expect(text).not.toContain(MASTER_SECRET);
  expect(text).not.toContain(service.issued[0]);
});
