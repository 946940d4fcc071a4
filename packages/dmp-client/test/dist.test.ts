// The built package (dist/, made by the build task that the test task depends on): self-contained apart from
// openapi-fetch and @noble/hashes, no node: imports, and working end to end.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_CODE, USER_CODE, startFakeDmp, type FakeDmp } from './fake-service.js';

const distUrl = new URL('../dist/index.js', import.meta.url);
let service: FakeDmp;
beforeAll(async () => {
  service = await startFakeDmp();
});
afterAll(async () => {
  await service.close();
});

it('imports only openapi-fetch and @noble/hashes, and nothing from node:', () => {
  const code = readFileSync(distUrl, 'utf8');
  const imports = [...code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? m[2],
  );
  expect([...new Set(imports)].sort()).toEqual(['@noble/hashes/legacy.js', '@noble/hashes/utils.js', 'openapi-fetch']);
  expect(code).not.toMatch(/["']node:/);
  const types = readFileSync(new URL('../dist/index.d.ts', import.meta.url), 'utf8');
  expect(types).not.toContain('@pushapi/client-core');
});

it('gets a token and queries through the built client', async () => {
  const { createDmpClient, userTagsBody } = (await import(distUrl.href)) as typeof import('../src/index.js');
  const dmp = createDmpClient({ baseUrl: service.baseUrl, userCode: USER_CODE, authCode: AUTH_CODE });
  const answer = await dmp.POST('/tags/user', { body: userTagsBody({ oaid: 'oaid-0001' }) });
  expect(answer.data).toEqual(['1001']);
  expect(service.calls('/accesser/auth')).toHaveLength(1);
});
