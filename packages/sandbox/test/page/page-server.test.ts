// How the sandbox serves the page: the built files with a content security policy that keeps every script,
// style and connection on the sandbox's origin; nothing outside dist/page; a plain page naming the APIs when
// the page has not been built.
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { staticPage } from '../../src/http/page-files.js';
import { pageDist, requireBuiltPage } from './helpers.js';

let sandbox: Sandbox;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox();
});

afterAll(() => sandbox?.stop());

describe('serving the page', () => {
  it('serves the built page and its assets with a policy that keeps them on this origin', async () => {
    const res = await fetch(`${sandbox.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(fs.readFileSync(path.join(pageDist, 'index.html'), 'utf8'));
    for (const [asset, type] of [
      ['/assets/app.js', 'text/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
      ['/assets/icon.svg', 'image/svg+xml'],
    ] as const) {
      const answer = await fetch(`${sandbox.url}${asset}`);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('content-type'), asset).toBe(type);
    }
  });

  it('serves nothing outside the built page', async () => {
    for (const attempt of [
      '/assets/missing.js',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await fetch(`${sandbox.url}${attempt}`);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(await res.text(), attempt).not.toContain('"name": "@pushapi/sandbox"');
    }
  });

  it('answers a plain page naming the APIs when the page is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-page-'));
    const page = staticPage(empty);
    const server: Server = createServer((req, res) =>
      page.serve(req, res, new URL(req.url ?? '/', 'http://localhost').pathname),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('The inbox page has not been built');
      expect(text).toContain('/control');
    } finally {
      server.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
