// The referee itself: Prism in proxy mode (as the via-prism project runs it) turns an answer that breaks the
// public document into an error and reports the violation, so a conforming run means something.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apis, prepareMockDocument, startPrism } from '@pushapi/mock';
import { afterAll, expect, it } from 'vitest';

const upstream = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ result: 'ok', tags: 'sports news' })); // the document says: an array of strings
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

it('an answer that breaks the document fails through the proxy, and the violation is reported', async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const lines: string[] = [];
  const { file } = prepareMockDocument(apis.find((a) => a.name === 'push-v1')!);
  const proxy = await startPrism({
    file,
    host: '127.0.0.1',
    port: 0,
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    name: 'referee check',
    onLog: (line) => lines.push(line),
  });
  try {
    const response = await fetch(`${proxy.url}/v1/any-app/query_bi_tags`, {
      headers: { authtoken: 'YOUR_AUTH_TOKEN' },
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('tags');
    await expect.poll(() => lines.some((line) => /violation/i.test(line))).toBe(true);
  } finally {
    await proxy.stop();
  }
}, 180_000);
