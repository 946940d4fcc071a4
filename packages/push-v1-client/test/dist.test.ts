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
  const imports = [...code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
  expect(imports).toEqual(['openapi-fetch']);
  expect(code).not.toMatch(/["']node:/);
  const types = readFileSync(new URL('../dist/index.d.ts', import.meta.url), 'utf8');
  expect(types).not.toContain('@pushapi/client-core');
});

it('signs in and pushes through the built client', async () => {
  const { createPushClient, PushApiError } = (await import(distUrl.href)) as typeof import('../src/index.js');
  const push = createPushClient({ baseUrl: service.baseUrl, appId: APP_ID, appKey: APP_KEY, masterSecret: MASTER_SECRET });
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
