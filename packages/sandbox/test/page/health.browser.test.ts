// The health in the header of both sandbox pages, in Debian's Chromium: what GET /readyz answers, read when the page
// loads and again each time its live connection reopens, said in words beside the live badge ("Sandbox ready", or
// "Sandbox not ready: <why>"). The not-ready answer is the sandbox's own text while it stops; the page is made to
// read it by answering /readyz with it in the browser, then cutting the page's connections so that it reconnects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openWatchedPage, type Browser, type Page } from '@pushapi/test-browser';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { live, requireBuiltPage, seriousViolations, startRelay, type Relay } from './helpers.js';

let sandbox: Sandbox;
let browser: Browser;
let relay: Relay;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox();
  relay = await startRelay(sandbox.port);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await sandbox?.stop();
});

const health = (page: Page, text: string) =>
  page.locator('header.top .health[role="status"]').filter({ hasText: text });

describe('the health in the pages’ header', { timeout: 120_000 }, () => {
  for (const path of ['/', '/console/']) {
    it(`${path}: shows what /readyz answers on load, and reads it again when the live connection reopens`, async () => {
      const w = await openWatchedPage(browser, { allowedOrigin: relay.url });
      try {
        const { page } = w;
        const readyz: number[] = [];
        page.on('response', (response) => {
          if (new URL(response.url()).pathname === '/readyz') readyz.push(response.status());
        });
        await page.goto(`${relay.url}${path}`);
        await live(page);
        await health(page, 'Sandbox ready').waitFor();
        expect(readyz).toContain(200);
        expect(await seriousViolations(page)).toEqual([]);

        // The sandbox's answer while it stops, given by the browser in its place; the page sees it once it reconnects.
        await page.route('**/readyz', (route) =>
          route.fulfill({ status: 503, contentType: 'text/plain; charset=utf-8', body: 'not ready: stopping\n' }),
        );
        relay.cut();
        await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor();
        relay.resume();
        await live(page);
        await health(page, 'Sandbox not ready: stopping').waitFor();
        expect(await health(page, 'Sandbox ready').count()).toBe(0);

        // The real answer again after the next reconnection.
        await page.unroute('**/readyz');
        relay.cut();
        await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor();
        relay.resume();
        await live(page);
        await health(page, 'Sandbox ready').waitFor();
        // Connections cut by the relay and the 503 may be reported as failed loads; nothing else may be.
        for (const p of w.problems())
          expect(p).toMatch(
            /^console error: (Failed to load resource: (net::ERR_|the server responded with a status of 503)|.*net::ERR_(CONNECTION|EMPTY_RESPONSE|INCOMPLETE))/,
          );
      } finally {
        await w.close();
      }
    });
  }
});
