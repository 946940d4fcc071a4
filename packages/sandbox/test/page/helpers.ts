// Helpers of the inbox page's browser tests: open the page (on the timeline, or filtered to one device), find a
// message's row, open it in the detail pane and read its fields, run axe-core in the page, and a TCP relay that can cut the page's connections.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { afterAll, beforeAll } from 'vitest';
import {
  launchBrowser,
  openWatchedPage,
  type Browser,
  type Locator,
  type Page,
  type WatchedPage,
} from '@pushapi/test-browser';
import type { createPushClient } from '@pushapi/push-v1-client';
import { startSandbox, type Sandbox, type SandboxApp } from '../../src/index.js';
import type { Sample } from './messages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const packageDir = path.resolve(here, '..', '..');
export const pageDist = path.join(packageDir, 'dist', 'page');
export const screenshotsDir = path.resolve(packageDir, '..', '..', 'docs', 'screenshots');

export function requireBuiltPage(): void {
  if (!fs.existsSync(path.join(pageDist, 'index.html'))) {
    throw new Error(
      'the inbox page is not built (dist/page/index.html is missing): run `pnpm run build` in packages/sandbox first',
    );
  }
}

/** One sandbox and one browser for a test file: started before its tests (the page built), stopped after them. */
export function sandboxAndBrowser(): { sandbox: Sandbox; browser: Browser } {
  const started = {} as { sandbox: Sandbox; browser: Browser };
  beforeAll(async () => {
    requireBuiltPage();
    started.sandbox = await startSandbox();
    started.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.sandbox?.stop();
  });
  return started;
}

export type PushClient = ReturnType<typeof createPushClient>;

/** Sends a sample to a cid through the real push client; the envelope carries the app's own appkey. */
export async function pushSample(
  push: PushClient,
  app: Pick<SandboxApp, 'appkey'>,
  sample: Sample,
  cid: string,
): Promise<string> {
  const body = { ...sample.body, message: { ...sample.body.message, appkey: app.appkey }, cid };
  // A sample is one valid push_single body without its target (typed as TemplatedMessage); the cid completes it.
  const answer = await push.POST('/push_single', { body: body as never });
  return (answer as { taskid: string }).taskid;
}

export interface InboxPage extends WatchedPage {
  /** Every URL the page requested. */
  requested: string[];
}

/** Opens the page on a device's inbox and waits until it follows the event stream. */
export async function openInbox(
  browser: Browser,
  origin: string,
  hash: Record<string, string>,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<InboxPage> {
  const watched = await openWatchedPage(browser, { allowedOrigin: origin, ...options });
  const requested: string[] = [];
  watched.page.on('request', (request) => requested.push(request.url()));
  await watched.page.goto(`${origin}/#${new URLSearchParams(hash).toString()}`);
  await live(watched.page);
  return { ...watched, requested };
}

/**
 * For `expect.poll` on a value the page shows a moment after what a test waited for (an image decoded, a focus
 * moved by an effect). Only a guard against a hang: the poll ends as soon as the value is there.
 */
export const POLL = { timeout: 30_000 } as const;

export const live = (page: Page) => page.getByRole('status').filter({ hasText: 'Live' }).waitFor();

/** The card of the message whose heading is `headline`, open in the detail pane. */
export const card = (page: Page, headline: string): Locator =>
  page
    .locator('section.detail article.msg')
    .filter({ has: page.getByRole('heading', { level: 3, name: headline, exact: true }) });

/** The timeline's row of the message whose title is `title` (the first, newest, when several have it). */
export const row = (page: Page, title: string): Locator =>
  page
    .locator('li.row')
    .filter({ has: page.locator('.row-title').getByText(title, { exact: true }) })
    .first();

/** Opens a message in the detail pane from its row (and its folded fields, with `fields`); answers its card. */
export async function openMessage(page: Page, title: string, options: { fields?: boolean } = {}): Promise<Locator> {
  const target = row(page, title);
  const id = await target.getAttribute('data-message-id');
  await target.locator('.row-pick').click();
  const opened = page.locator(`section.detail article.msg[data-message-id="${id}"]`);
  await opened.waitFor();
  if (options.fields) {
    const details = opened.locator('details.msg-fields');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  }
  return opened;
}

/** A card's field list, term to description. */
export const fieldsOf = (locator: Locator): Promise<Record<string, string>> =>
  locator.evaluate((el) =>
    Object.fromEntries(
      Array.from(el.querySelectorAll('dl.fields .field')).map((f) => [
        f.querySelector('dt')!.textContent!.trim(),
        f.querySelector('dd')!.textContent!.trim(),
      ]),
    ),
  );

/** How many images of the page are not drawn: not loaded yet, or broken (loaded with no picture). */
export const undrawnImages = (page: Page): Promise<number> =>
  page
    .locator('img')
    .evaluateAll(
      (imgs) =>
        imgs.filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0).length,
    );

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

export interface Relay {
  url: string;
  /** Drops every open connection and holds new ones until `resume()`. */
  cut(): void;
  resume(): void;
  /** Resolves with the head (request line and headers) of the first request through the relay that matches. */
  request(matches: (head: string) => boolean): Promise<string>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of the sandbox, so that a test can make the page lose its event stream while the sandbox
 * goes on, and read the requests as they reach the sandbox (headers the browser adds last included).
 */
export async function startRelay(port: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const heads: string[] = [];
  const waiting = new Set<{ matches(head: string): boolean; resolve(head: string): void }>();
  const seen = (head: string) => {
    heads.push(head);
    for (const w of waiting) if (w.matches(head)) waiting.delete(w), w.resolve(head);
  };
  let held: (() => void)[] | undefined;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(port, '127.0.0.1');
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1');
        if (/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(text)) seen(text.slice(0, text.indexOf('\r\n\r\n')));
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    if (held) held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${relayPort}`,
    cut() {
      held = [];
      for (const socket of sockets) socket.destroy();
    },
    resume() {
      const connections = held ?? [];
      held = undefined;
      for (const connect of connections) connect();
    },
    request: (matches) =>
      new Promise((resolve) => {
        const head = heads.find(matches);
        if (head !== undefined) resolve(head);
        else waiting.add({ matches, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
