// The push v1 mock serves its operations under /v1/{appid}, as the real service does, and not at
// the root where Prism would put them from the public document (which keeps /v1/{appid} in `servers`).
import { describe, expect, inject, it } from 'vitest';
import { send } from './support/raw.js';

describe('routing', () => {
  it('push v1 answers under /v1/<any appid>/ and not at the root', async () => {
    const base = inject('baseUrls')['push-v1'];
    const headers = { authtoken: 'YOUR_AUTH_TOKEN' };
    expect((await send('get', `${base}/v1/YOUR_APP_ID/query_bi_tags`, { headers })).status).toBe(200);
    expect((await send('get', `${base}/v1/another-app/query_bi_tags`, { headers })).status).toBe(200);
    expect((await send('get', `${base}/query_bi_tags`, { headers })).status).toBe(404);
    expect((await send('get', `${base}/v2/YOUR_APP_ID/query_bi_tags`, { headers })).status).toBe(404);
  });

  it('DMP answers at the root', async () => {
    const base = inject('baseUrls').dmp;
    const answer = await send('get', `${base}/config/tags`, { headers: { authorization: 'Bearer YOUR_ACCESS_TOKEN' } });
    expect(answer.status).toBe(200);
  });

  it('each API of the registry has its own mock, on its own port', () => {
    const urls = Object.values(inject('baseUrls'));
    expect(urls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
