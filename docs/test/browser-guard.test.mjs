// The browser test's guard itself: a page that reaches for another host, or logs an error, is
// reported. Without this, a passing site test could mean a guard that sees nothing.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../src/static-server.mjs';
import { launchBrowser, openWatchedPage, isLocalUrl } from '@pushapi/test-browser';

let dir;
let server;
let browser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-guard-'));
  fs.writeFileSync(
    path.join(dir, 'leaky.html'),
    '<!DOCTYPE html><title>leaky</title><link rel="icon" href="data:,">' +
      // 192.0.2.0/24 is reserved for documentation: never a real host.
      '<img src="http://192.0.2.1/pixel.png"><script>fetch("https://192.0.2.2/x").catch(() => {});</script>',
  );
  fs.writeFileSync(
    path.join(dir, 'clean.html'),
    '<!DOCTYPE html><title>clean</title><link rel="icon" href="data:,"><p>ok</p>',
  );
  server = await startStaticServer(dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('browser guard', () => {
  it('classifies addresses', () => {
    expect(isLocalUrl('http://127.0.0.1:5000/a', 'http://127.0.0.1:5000')).toBe(true);
    expect(isLocalUrl('http://127.0.0.1:5001/a', 'http://127.0.0.1:5000')).toBe(false);
    expect(isLocalUrl('https://cdn.example.com/x.js', 'http://127.0.0.1:5000')).toBe(false);
    expect(isLocalUrl('data:image/png;base64,AA==', undefined)).toBe(true);
  });

  it('reports requests to other hosts and the errors they cause', async () => {
    const w = await openWatchedPage(browser, { allowedOrigin: server.url });
    try {
      await w.page.goto(`${server.url}/leaky.html`);
      await w.page.waitForLoadState('networkidle');
      const problems = w.problems();
      expect(problems).toContain('non-local request: http://192.0.2.1/pixel.png');
      expect(problems).toContain('non-local request: https://192.0.2.2/x');
      expect(problems.some((p) => p.startsWith('console error:'))).toBe(true);
    } finally {
      await w.close();
    }
  });

  it('reports nothing for a page that stays local', async () => {
    const w = await openWatchedPage(browser, { allowedOrigin: server.url });
    try {
      await w.page.goto(`${server.url}/clean.html`);
      await w.page.waitForLoadState('networkidle');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('the static server refuses paths outside its folder', async () => {
    const res = await fetch(`${server.url}/..%2F..%2Fetc%2Fpasswd`);
    expect([403, 404]).toContain(res.status);
  });
});
