// What the console stands on, without a browser: POST /control/check answers what the sandbox would refuse (the
// same violations as a real request), its documented example is what it answers; /docs/ serves a built site's
// files and nothing outside it, with the same Host check as every path and no CORS; /console/ and its catalogue are
// served; the catalogue lists every push v1 and DMP operation with its named examples.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadDocument } from '@pushapi/openapi/apis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP } from '../../src/shared/config.js';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { catalogue } from '../../page/console/catalogue.mjs';
import { locate } from '../../page/console/src/locate.js';
import { prefill, taskIdsOf } from '../../page/console/src/prefill.js';
import { defaultAppToken, raw } from '../support/in-process.js';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-docs-'));
const outside = path.join(path.dirname(site), `${path.basename(site)}-secret.html`);
let sandbox: Sandbox;
let bare: Sandbox;

beforeAll(async () => {
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Reference</title><p>index</p>');
  fs.writeFileSync(path.join(site, 'push-v1.html'), '<!doctype html><title>Push v1</title>');
  fs.writeFileSync(outside, 'not part of the site');
  fs.symlinkSync(outside, path.join(site, 'linked.html'));
  fs.symlinkSync(path.dirname(site), path.join(site, 'parent'));
  sandbox = await startSandbox({ docsDir: site });
  bare = await startSandbox({ docsDir: path.join(site, 'missing') });
});

afterAll(async () => {
  await sandbox?.stop();
  await bare?.stop();
  fs.rmSync(site, { recursive: true, force: true });
  fs.rmSync(outside, { force: true });
});

const check = (body: unknown, headers: Record<string, string> = {}) =>
  raw(`${sandbox.url}/control/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A GET with a Host header of the test's choosing (fetch does not let a test set it). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

describe('POST /control/check', () => {
  it('answers what the documented example says for the documented request', async () => {
    const doc = loadDocument('sandbox') as any;
    const examples = doc.paths['/check'].post;
    const request = doc.components.examples.RequestCheck.value;
    const expected = doc.components.examples.RequestCheckResult.value;
    expect(examples.requestBody.content['application/json'].examples.pushSingle.$ref).toBe(
      '#/components/examples/RequestCheck',
    );
    const answer = await check(request);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expected);
  });

  it('gives the same violations as the push v1 request itself, and changes nothing', async () => {
    const token = await defaultAppToken(sandbox);
    const body = {
      message: { appkey: DEFAULT_APP.appkey, is_offline: false, msgtype: 'notice' },
      notification: { style: { type: 0, title: 't', text: 'x', logo: 'l.png' } },
      cid: 'magic-online',
    };
    const before = sandbox.snapshot();
    const checked = await check({ api: 'push-v1', operationId: 'pushSingle', body });
    expect(sandbox.snapshot()).toEqual(before);
    const sent = await raw(`${sandbox.url}/v1/${DEFAULT_APP.appid}/push_single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: JSON.stringify(body),
    });
    expect(sent.status).toBe(422);
    expect(checked.body.violations.length).toBeGreaterThan(0);
    expect(checked.body.violations).toEqual(sent.body.validation);
    expect(checked.body.violations[0].location).toEqual(['body', 'message', 'msgtype']);
  });

  it('checks path and query parameters, and a valid request has no violation', async () => {
    const bad = await check({ api: 'push-v1', operationId: 'queryAppUser', path: { date: 'yesterday' } });
    expect(bad.body.violations[0].location).toEqual(['path', 'date']);
    const dmp = await check({
      api: 'dmp',
      operationId: 'getAccessToken',
      query: { user_code: 'u', sign1: 'x', sign2: 'y', timestamp: '1' },
    });
    expect(dmp.body.violations.map((v: { location: string[] }) => v.location.join('.'))).toEqual([
      'query.sign1',
      'query.sign2',
    ]);
    const good = await check({ api: 'dmp', operationId: 'listTags' });
    expect(good.body).toEqual({ operation: 'GET /config/tags', violations: [], warnings: [] });
  });

  it('refuses an unknown operation (404), a body that is not JSON (415), and a page of another origin (403)', async () => {
    expect((await check({ api: 'push-v1', operationId: 'pushEverything' })).status).toBe(404);
    expect((await check({ api: 'graphql', operationId: 'x' })).status).toBe(422);
    const form = await raw(`${sandbox.url}/control/check`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await check({ api: 'dmp', operationId: 'listTags' }, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('/docs/ and /console/', () => {
  it('serves the built site at /docs/ with a policy that lets its pages fetch nothing, and sends no CORS header', async () => {
    const index = await get(`${sandbox.url}/docs/`);
    expect(index.status).toBe(200);
    expect(index.text).toContain('<p>index</p>');
    expect(index.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(index.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(`${sandbox.url}/docs/push-v1.html`)).text).toContain('Push v1');
    const redirect = await get(`${sandbox.url}/docs`);
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe('/docs/');
  });

  it('serves nothing outside the site folder, and answers only its own Host names', async () => {
    for (const escape of [
      `/docs/../${path.basename(outside)}`,
      `/docs/%2e%2e/${path.basename(outside)}`,
      `/docs/..%2f${path.basename(outside)}`,
    ]) {
      const answer = await get(`${sandbox.url}${escape}`);
      expect(answer.text, escape).not.toContain('not part of the site');
    }
    // A symlink inside the folder to a file (or a folder) outside it: its real path is outside, so not found.
    for (const link of ['/docs/linked.html', `/docs/parent/${path.basename(outside)}`]) {
      const answer = await get(`${sandbox.url}${link}`);
      expect(answer.status, link).toBe(404);
      expect(answer.text, link).not.toContain('not part of the site');
    }
    const rebound = await get(`${sandbox.url}/docs/`, { host: 'attacker.example' });
    expect(rebound.status).toBe(403);
    expect(rebound.text).not.toContain('<p>index</p>');
  });

  it('says how to get the reference when the sandbox has none, and the console works without it', async () => {
    const answer = await get(`${bare.url}/docs/`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('--docs');
    const consolePage = await get(`${bare.url}/console/`);
    expect(consolePage.status).toBe(200);
    expect(consolePage.text).toContain('/console/console.js');
    expect(consolePage.headers['content-security-policy']).toContain("script-src 'self'");
    const served = JSON.parse((await get(`${bare.url}/console/catalogue.json`)).text);
    expect(served).toEqual(JSON.parse(JSON.stringify(catalogue())));
  });
});

it('the built console weighs at most its budget, gzipped (its page, bundle, styles and catalogue)', () => {
  const packageDir = path.resolve(import.meta.dirname, '..', '..');
  const dir = path.join(packageDir, 'dist', 'page', 'console');
  const budget = (
    JSON.parse(fs.readFileSync(path.join(packageDir, 'page', 'console', 'budget.json'), 'utf8')) as {
      gzipBytes: number;
    }
  ).gzipBytes;
  const files = ['index.html', 'console.js', 'console.css', 'catalogue.json'];
  const total = files.reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length,
    0,
  );
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(budget);
});

describe('the console catalogue and helpers', () => {
  it('lists every push v1 and DMP operation, with every named request example of the documents', () => {
    const list = catalogue();
    for (const api of list) {
      const doc = loadDocument(api.name) as any;
      const ids = Object.values(doc.paths).flatMap((item: any) =>
        Object.values(item).flatMap((op: any) => (op?.operationId ? [op.operationId] : [])),
      );
      expect(api.operations.map((o) => o.operationId).sort()).toEqual(ids.sort());
    }
    const pushSingle = list[0]!.operations.find((o) => o.operationId === 'pushSingle')!;
    expect(pushSingle.body!.examples.map((e) => e.name)).toEqual([
      'notification',
      'link',
      'notypopload',
      'startactivity',
      'transmission',
    ]);
    expect(pushSingle.secured).toBe(true);
    expect(list[0]!.operations.find((o) => o.operationId === 'authSign')!.secured).toBe(false);
  });

  it('locates a field of the JSON text by its location', () => {
    const text = JSON.stringify({ message: { msgtype: 'x' }, list: [{ a: 1 }, { b: [2, 3] }] }, null, 2);
    const span = locate(text, ['message', 'msgtype'])!;
    expect(text.slice(span.start, span.end)).toBe('"msgtype": "x"');
    expect(span.line).toBe(3);
    const item = locate(text, ['list', '1', 'b', '1'])!;
    expect(text.slice(item.start, item.end)).toBe('3');
    expect(locate(text, ['message', 'missing'])).toBeUndefined();
  });

  it("prefills an example for an app: its appkey, one of its devices, new requestids; and finds an answer's task ids", () => {
    const example = {
      message: { appkey: 'YOUR_APP_KEY', msgtype: 'notification' },
      cid: 'CID_EXAMPLE_0001',
      requestid: 'req-1',
      msg_list: [{ requestid: 'req-2', cid: 'magic-offline' }],
    };
    const { value, changes } = prefill(example, {
      appkey: 'key-1',
      devices: ['magic-online', 'magic-offline'],
      preferred: 'magic-online',
    }) as { value: any; changes: string[] };
    expect(value.message.appkey).toBe('key-1');
    expect(value.cid).toBe('magic-online');
    expect(value.msg_list[0].cid).toBe('magic-offline');
    expect(value.requestid).toMatch(/^console-[0-9a-f]{16}$/);
    expect(value.msg_list[0].requestid).not.toBe(value.requestid);
    expect(changes.length).toBe(3);
    expect(taskIdsOf({ result: 'ok', data: { a: { taskid: 'RASS_1' }, b: { taskid: 'RASS_2' } } })).toEqual([
      'RASS_1',
      'RASS_2',
    ]);
  });
});
