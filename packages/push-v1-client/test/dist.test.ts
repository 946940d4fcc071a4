// The built package (dist/, made by the build task that the test task depends on): self-contained apart from
// openapi-fetch, no node: imports, and working end to end.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_ID, APP_KEY, MASTER_SECRET, startFakeService, type FakeService } from './fake-service.js';

const distUrl = new URL('../dist/index.js', import.meta.url);
let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(async () => {
  await service.close();
});

it('imports only openapi-fetch, and nothing from node:', () => {
  const code = readFileSync(distUrl, 'utf8');
  const imports = [...code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? m[2],
  );
  expect(imports).toEqual(['openapi-fetch']);
  expect(code).not.toMatch(/["']node:/);
  const types = readFileSync(new URL('../dist/index.d.ts', import.meta.url), 'utf8');
  expect(types).not.toContain('@pushapi/client-core');
});

it('signs in and pushes through the built client', async () => {
  const { createPushClient, PushApiError } = (await import(distUrl.href)) as typeof import('../src/index.js');
  const push = createPushClient({
    baseUrl: service.baseUrl,
    appId: APP_ID,
    appKey: APP_KEY,
    masterSecret: MASTER_SECRET,
  });
  const answer = await push.POST('/push_single', {
    body: { message: { msgtype: 'transmission' }, transmission: { transmission_content: 'hi' }, alias: 'ALIAS_1' },
  });
  expect(answer.result).toBe('ok');
  expect(service.calls('auth_sign')).toHaveLength(1);
  service.script('get_tags', () => ({ json: { result: 'other_error', desc: 'x' } }));
  await expect(push.GET('/get_tags/{cid}', { params: { path: { cid: 'C' } } })).rejects.toBeInstanceOf(PushApiError);
  await push.DELETE('/user_blk_list', { body: { cid: ['CID_1', 'CID_2'] } });
  const [blk] = service.calls('user_blk_list');
  expect(blk?.method).toBe('DELETE');
  expect(blk?.json).toEqual({ cid: ['CID_1', 'CID_2'] });
  await push.close();
});

it('the error classes of two separately built clients are one for instanceof', async () => {
  const push = (await import(distUrl.href)) as typeof import('../src/index.js');
  const dmp = (await import('@pushapi/dmp-client')) as typeof import('@pushapi/dmp-client');
  // Each dist bundles its own copy of the classes...
  expect(push.NetworkError).not.toBe(dmp.NetworkError);
  // ...and an error of one is still an instance of the other's class, and of nothing it is not.
  const fromDmp = await dmp
    .createDmpClient({
      baseUrl: 'http://127.0.0.1:9',
      userCode: 'U',
      authCode: 'AUTH_CODE_X',
      retry: false,
      fetch: async () => Promise.reject(new TypeError('fetch failed')),
    })
    .GET('/config/tags')
    .catch((e: unknown) => e);
  expect(fromDmp).toBeInstanceOf(dmp.NetworkError);
  expect(fromDmp).toBeInstanceOf(push.NetworkError);
  expect(fromDmp).toBeInstanceOf(push.ClientError);
  expect(fromDmp).not.toBeInstanceOf(push.HttpError);
  expect(fromDmp).not.toBeInstanceOf(push.TimeoutError);
  service.script('query_bi_tags', () => ({ status: 500 }));
  const fromPush = await push
    .createPushClient({
      baseUrl: service.baseUrl,
      appId: APP_ID,
      appKey: APP_KEY,
      masterSecret: MASTER_SECRET,
      retry: false,
    })
    .GET('/query_bi_tags')
    .catch((e: unknown) => e);
  expect(fromPush).toBeInstanceOf(dmp.HttpError);
  expect(fromPush).toBeInstanceOf(dmp.ClientError);
  expect(fromPush).not.toBeInstanceOf(dmp.DmpApiError);
  expect({ name: 'HttpError', status: 500 }).not.toBeInstanceOf(dmp.HttpError);
});
