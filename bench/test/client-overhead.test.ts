// The client section compares like with like only if every way sends the same request to the stub, and the stub
// and the hand-written baseline behave as the client does.
import { afterEach, describe, expect, it } from 'vitest';
import { handWritten, stubTransport, variants } from '../src/client-overhead.mjs';

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

describe('client section', () => {
  it('the client, bare openapi-fetch and the hand-written call send the same requests and get the same answers', async () => {
    const stub = stubTransport();
    globalThis.fetch = stub.fetch as typeof fetch;
    const ways = Object.entries(variants(stub));
    expect(ways.map(([name]) => name)).toEqual([
      'client',
      'client, custom fetch',
      'bare openapi-fetch',
      'hand-written fetch',
    ]);
    for (const [op, operation] of [
      ['push', 'push_single'],
      ['status', 'user_status'],
    ] as const) {
      const sent = new Set<string>();
      const answers = new Set<string>();
      for (const [, way] of ways) {
        let answer: unknown;
        const seen = await stub.record(async () => (answer = await way[op]()));
        sent.add(JSON.stringify(seen[operation]));
        answers.add(JSON.stringify(answer));
        expect(seen[operation]?.authtoken).toBe('BENCH_TOKEN_PLACEHOLDER_0001');
      }
      expect([...sent]).toHaveLength(1);
      expect([...answers]).toHaveLength(1);
    }
  });

  it('the hand-written call signs in once, retries a 5xx twice and then throws, and throws on a result that is not ok', async () => {
    const paths: string[] = [];
    const status = 503;
    const fetch = async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      paths.push(path);
      if (path.endsWith('/auth_sign')) return Response.json({ result: 'ok', auth_token: 'T' });
      if (path.endsWith('/set_tags')) return Response.json({ result: 'too_frequent' });
      return new Response('{}', { status });
    };
    const call = handWritten(fetch);
    await expect(call('GET', '/query_bi_tags', undefined)).rejects.toThrow('GET /query_bi_tags: HTTP 503');
    expect(paths.filter((p) => p.endsWith('/query_bi_tags'))).toHaveLength(3);
    await expect(call('POST', '/set_tags', {})).rejects.toThrow('POST /set_tags: too_frequent');
    expect(paths.filter((p) => p.endsWith('/auth_sign'))).toHaveLength(1);
  });
});
