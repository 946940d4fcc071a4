// Test helpers for every browser test of the workspace: Debian's Chromium driven by playwright-core (never a
// browser downloaded by Playwright), with every request to a non-local address blocked and recorded, and every
// console error and page error recorded.
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags from TOOLCHAIN.md. Playwright adds --headless and gives each launch a fresh, temporary
// --user-data-dir of its own.
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it with \`node scripts/ensure-chromium.mjs\` ` +
        '(or apt-get install -y --no-install-recommends chromium), or set CHROMIUM_PATH.',
    );
  }
  // Playwright waits 30 s for a launch by default; on a shared machine at load 10 another program's start (a Prism)
  // took longer than that. The wait only guards against a browser that never comes up.
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: flags, timeout: 120_000 });
}

/** True for addresses that never leave the machine: the test's own server, data:, blob:, about:, file:. */
export function isLocalUrl(url: string, allowedOrigin: string | undefined): boolean {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:', 'file:'].includes(u.protocol)) return true;
  return allowedOrigin !== undefined && u.origin === allowedOrigin;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Blocked requests ("non-local request: <url>"), then console and page errors ("console error: <text>"). */
  problems(): string[];
  close(): Promise<void>;
}

export interface WatchOptions {
  /** The one origin the page may reach. */
  allowedOrigin?: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** A fresh browser context whose pages cannot reach anything but `allowedOrigin`. */
export async function openWatchedPage(
  browser: Browser,
  { allowedOrigin, viewport = { width: 1400, height: 900 }, colorScheme }: WatchOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: 'block',
    ...(colorScheme ? { colorScheme } : {}),
  });
  const blocked: string[] = [];
  const consoleErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocalUrl(url, allowedOrigin)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  // WebSockets are not covered by route(): refuse any that is not local as well.
  await context.routeWebSocket(/.*/, (ws) => {
    if (!isLocalUrl(ws.url().replace(/^ws/, 'http'), allowedOrigin)) blocked.push(ws.url());
    void ws.close();
  });
  // Playwright's 30 s default for each action and load is a pace a CI machine at a load of 10 missed drawing a large
  // reference page; as a guard against a hang, a wider one.
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  return {
    page,
    context,
    problems: () => [
      ...blocked.map((u) => `non-local request: ${u}`),
      ...consoleErrors.map((t) => `console error: ${t}`),
    ],
    close: () => context.close(),
  };
}
