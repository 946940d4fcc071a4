// Dynamic answers (generated from the schemas instead of the examples). `--dynamic` starts Prism with
// its `--dynamic` flag; the same generator answers `Prefer: dynamic=true` on the running static mocks,
// which is how this file checks that every operation's generated answer passes its schema (with a
// second pair of mocks the suite would take several seconds longer).
import { describe, expect, it } from 'vitest';
import { prismArgs } from '../src/index.mjs';
import { apiNames, operations, responseErrors } from './support/documents.js';
import { exampleRequest } from './support/requests.js';
import { credentials, mockUrl, send } from './support/raw.js';

describe('dynamic mode', () => {
  it('--dynamic (and --seed) reach Prism', () => {
    const args = prismArgs({ file: 'doc.json', host: '127.0.0.1', port: 0, dynamic: true, seed: 'abc' });
    expect(args.slice(2)).toEqual([
      expect.stringMatching(/prism-cli[\\/]dist[\\/]index\.js$/),
      'mock',
      'doc.json',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--dynamic',
      '--seed',
      'abc',
    ]);
    expect(prismArgs({ file: 'doc.json', host: '127.0.0.1', port: 0 })).not.toContain('--dynamic');
  });

  for (const api of apiNames) {
    it.each(operations(api).map((o) => [`${api} ${o.method.toUpperCase()} ${o.path}`, o] as const))(
      '%s: generated answers pass the schema',
      async (_name, { method, path }) => {
        const request = exampleRequest(api, path, method);
        const url = mockUrl(api, path, request.path, request.query);
        // Two draws: generated data differs from call to call.
        for (let i = 0; i < 2; i++) {
          const answer = await send(method, url, {
            body: request.body,
            headers: { ...credentials(api), prefer: 'dynamic=true' },
          });
          expect(answer.status).toBe(200);
          expect(
            responseErrors(api, path, method, 200, answer.contentType, answer.body),
            JSON.stringify(answer.body),
          ).toEqual([]);
        }
      },
    );
  }

  it('answers differ from the documented example (the generator is really used)', async () => {
    const url = mockUrl('push-v1', '/query_bi_tags');
    const headers = { ...credentials('push-v1'), prefer: 'dynamic=true' };
    const bodies = await Promise.all(
      [1, 2, 3].map(async () => JSON.stringify((await send('get', url, { headers })).body)),
    );
    const example = JSON.stringify((await send('get', url, { headers: credentials('push-v1') })).body);
    expect(bodies.some((b) => b !== example)).toBe(true);
  });
});
