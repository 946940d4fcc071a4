// The client-overhead baseline is fair only if plain fetch sends what the client sends: check the fixed
// server, and that the bench's fetch requests match the client's byte for byte.
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_BODY } from '../src/client-overhead.mjs';
import { BENCH_TOKEN, startFixedServer } from '../src/fixed-server.mjs';

let server: Awaited<ReturnType<typeof startFixedServer>>;
beforeAll(async () => {
  server = await startFixedServer();
});
afterAll(async () => {
  await server.stop();
});

describe('fixed server', () => {
  it('listens on 127.0.0.1 and answers fixed bodies by operation', async () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const sign = await (await fetch(`${server.url}/v1/APP/auth_sign`, { method: 'POST', body: '{}' })).json();
    expect(sign).toEqual({ result: 'ok', auth_token: BENCH_TOKEN });
    const other = await (await fetch(`${server.url}/v1/APP/query_bi_tags`)).json();
    expect(other).toEqual({ result: 'ok' });
  });

  it('sees the same bytes from the push client and from plain fetch', async () => {
    const client = createPushClient({
      baseUrl: server.url,
      appId: 'APP',
      appKey: 'KEY',
      masterSecret: 'SECRET_PLACEHOLDER',
    });
    const answer = await client.POST('/push_single', { body: PUSH_BODY });
    expect(answer.taskid).toBe('RASS_0101_BENCH_TASK');
    const fromClient = (await server.seen()).push_single;
    expect(fromClient?.framing).toMatch(/^content-length: \d+$/);
    expect(JSON.parse(fromClient?.body ?? '')).toEqual(PUSH_BODY);

    await fetch(`${server.url}/v1/APP/push_single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: BENCH_TOKEN },
      body: fromClient?.body ?? '',
    });
    expect((await server.seen()).push_single).toEqual(fromClient);
  });

  it('stops', async () => {
    const other = await startFixedServer();
    await other.stop();
    await expect(fetch(`${other.url}/v1/APP/push_single`)).rejects.toThrow();
  });
});
