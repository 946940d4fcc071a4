// The inbox page of a sandbox started with a control token (a shared team sandbox), in Debian's Chromium: without
// the token it shows only the token form; opened once with /#token=… it takes the token out of the address, keeps
// it for the tab, and reads the control API and the event stream with the Authorization header; the form accepts
// the token and refuses a wrong one. The token never appears in a URL, the DOM, the console, a cookie or
// localStorage; no request leaves the machine; axe finds nothing serious on the form.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, openWatchedPage, type Browser } from '@pushapi/test-browser';
import { DEFAULT_APP, startSandbox, type Sandbox } from '../../src/index.js';
import { live, POLL, pushSample, requireBuiltPage, row, seriousViolations, type PushClient } from './helpers.js';
import { STYLE_SAMPLES } from './messages.js';

const TOKEN = `team-${randomBytes(16).toString('hex')}`;
const WRONG = `team-${randomBytes(16).toString('hex')}`;

let sandbox: Sandbox;
let browser: Browser;
let push: PushClient;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox({ controlToken: TOKEN });
  await sandbox.control.POST('/apps/{appid}/devices', {
    params: { path: { appid: DEFAULT_APP.appid } },
    body: { cid: 'phone-team', online: true },
  });
  push = createPushClient({
    baseUrl: sandbox.url,
    appId: DEFAULT_APP.appid,
    appKey: DEFAULT_APP.appkey,
    masterSecret: DEFAULT_APP.mastersecret,
    retry: false,
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await push?.close().catch(() => undefined);
  await browser?.close();
  await sandbox?.stop();
});

/** Opens a watched page on `path`, recording every request (with the headers sent) and every console message. */
async function open(path: string, options: { colorScheme?: 'light' | 'dark' } = {}) {
  const watched = await openWatchedPage(browser, { allowedOrigin: sandbox.url, ...options });
  const requests: { url: string; authorization: string | undefined }[] = [];
  const consoled: string[] = [];
  watched.page.on('request', (request) => {
    void request
      .allHeaders()
      .then((headers) => requests.push({ url: request.url(), authorization: headers.authorization }));
  });
  watched.page.on('console', (message) => consoled.push(message.text()));
  await watched.page.goto(`${sandbox.url}${path}`);
  return { ...watched, requests, consoled };
}
type Opened = Awaited<ReturnType<typeof open>>;

const tokenForm = (w: Opened) => w.page.getByRole('region', { name: 'This sandbox needs its control token' });

/** What must hold on every page of this file: the token only ever travels in the Authorization header. */
async function expectTokenKeptSecret(w: Opened): Promise<void> {
  const { page } = w;
  for (const secret of [TOKEN, WRONG]) {
    expect(page.url()).not.toContain(secret);
    expect(w.requests.filter((r) => r.url.includes(secret))).toEqual([]);
    expect(await page.content()).not.toContain(secret);
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(secret);
    expect(w.consoled.filter((text) => text.includes(secret))).toEqual([]);
  }
  expect(await page.evaluate(() => ({ cookie: document.cookie, local: JSON.stringify({ ...localStorage }) }))).toEqual({
    cookie: '',
    local: expect.not.stringContaining(TOKEN),
  });
  // No request left the machine; the only console errors are the browser's own notes of the 401 answers.
  for (const problem of w.problems())
    expect(problem).toMatch(
      /^console error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
    );
}

describe('the inbox page of a sandbox with a control token', { timeout: 120_000 }, () => {
  it('without the token, shows only the token form (no data), accessible in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const w = await open('/', { colorScheme });
      try {
        const { page } = w;
        await tokenForm(w).waitFor();
        await page.getByRole('status').filter({ hasText: 'Needs the control token' }).waitFor();
        expect(await tokenForm(w).innerText()).toContain('--control-token');
        const field = page.getByLabel('Control token', { exact: true });
        expect(await field.getAttribute('type')).toBe('password');
        // The form focuses its field in an effect, after it shows.
        await page.locator('#control-token:focus').waitFor();
        await page.getByRole('button', { name: 'Open the sandbox' }).waitFor();
        // No data: no app, no device, no tab.
        expect(await page.locator('#app, li.device, [role="tab"]').count()).toBe(0);
        expect(await page.content()).not.toContain('phone-team');
        expect(await seriousViolations(page), `${colorScheme} theme`).toEqual([]);
        // Every control call went without a token and was refused.
        const control = w.requests.filter((r) => new URL(r.url).pathname.startsWith('/control'));
        expect(control.length).toBeGreaterThan(0);
        expect(control.filter((r) => r.authorization !== undefined)).toEqual([]);
        await expectTokenKeptSecret(w);
      } finally {
        await w.close();
      }
    }
  });

  it('opened once with /#token=…, drops the token from the address, keeps the view, and follows pushes live', async () => {
    const w = await open(`/#token=${TOKEN}&cid=phone-team`);
    try {
      const { page } = w;
      await live(page);
      // Gone from the address at once, the rest of the fragment kept; kept in this tab's sessionStorage.
      expect(await page.evaluate(() => location.href)).toBe(`${sandbox.url}/#cid=phone-team`);
      expect(await page.evaluate(() => Object.values({ ...sessionStorage }))).toContain(TOKEN);
      await page.locator('li.device[data-cid="phone-team"]').waitFor();
      await page
        .locator('#app')
        .and(page.locator(`:has(option[value="${DEFAULT_APP.appid}"]:checked)`))
        .waitFor();
      await page.getByRole('heading', { name: 'Messages of phone-team (0), newest first' }).waitFor();
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // A push through the real client shows up without a reload: the event came through the fetch reader.
      const sample = STYLE_SAMPLES[0]!;
      await pushSample(push, DEFAULT_APP, sample, 'phone-team');
      await row(page, sample.headline).waitFor();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // Every control call, the event stream included, carried the token in its header; none was refused.
      const control = w.requests.filter((r) => new URL(r.url).pathname.startsWith('/control'));
      expect(control.map((r) => new URL(r.url).pathname)).toContain('/control/events');
      expect(control.filter((r) => r.authorization !== `Bearer ${TOKEN}`)).toEqual([]);
      expect(w.problems()).toEqual([]);

      // A reload of the tab keeps it; another tab does not have it.
      await page.reload();
      await live(page);
      await row(page, sample.headline).waitFor();
      const other = await w.context.newPage();
      await other.goto(`${sandbox.url}/`);
      await other.getByRole('region', { name: 'This sandbox needs its control token' }).waitFor();
      await other.close();
      await expectTokenKeptSecret(w);
    } finally {
      await w.close();
    }
  });

  it('drops a stream whose line passes 1 MiB and opens a new one, resuming after the last event it read', async () => {
    const w = await open(`/#token=${TOKEN}`);
    try {
      const { page } = w;
      await live(page);
      // The next three streams: one event (id 5); a line of 1 MiB and more, then an event (id 9) that must not be
      // read; then the sandbox's own stream.
      const resumedAfter: (string | null)[] = [];
      const event = (id: number) =>
        `id: ${id}\nevent: clock\ndata: ${JSON.stringify({ id, type: 'clock', appid: null })}\n\n`;
      const bodies = [event(5), `: ${'x'.repeat(1 << 20)}\n\n${event(9)}`];
      await page.route('**/control/events', async (route) => {
        resumedAfter.push(await route.request().headerValue('last-event-id'));
        const body = bodies.shift();
        return body === undefined
          ? route.continue()
          : route.fulfill({ status: 200, contentType: 'text/event-stream', body });
      });
      // A new document: its streams are the routed ones.
      await page.reload();
      await expect.poll(() => resumedAfter.length, POLL).toBe(3);
      expect(resumedAfter).toEqual([null, '5', '5']);
      await live(page);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('refuses a wrong token with a clear message, in the address or the form, and opens with the right one', async () => {
    const w = await open(`/#token=${WRONG}`);
    try {
      const { page } = w;
      const refused = page.getByRole('alert').filter({ hasText: 'The sandbox refused this token (401 Unauthorized)' });
      await refused.waitFor();
      expect(page.url()).toBe(`${sandbox.url}/`);
      expect(await seriousViolations(page)).toEqual([]);

      // The form, with another wrong token: refused again.
      const field = page.getByLabel('Control token', { exact: true });
      await field.fill(`${WRONG}x`);
      const answered = page.waitForResponse((response) => response.status() === 401);
      await page.getByRole('button', { name: 'Open the sandbox' }).click();
      await answered;
      await refused.waitFor();
      expect(await field.inputValue()).toBe('');
      expect(await page.locator('li.device').count()).toBe(0);

      // The right one, from the keyboard: the data and the live stream, with the header.
      await field.fill(TOKEN);
      await field.press('Enter');
      await page.locator('li.device[data-cid="phone-team"] .device-pick').click();
      await page.getByRole('heading', { name: /^Messages of phone-team \(\d+\), newest first$/ }).waitFor();
      await live(page);
      await expect(tokenForm(w).count()).resolves.toBe(0);
      const sample = STYLE_SAMPLES[1]!;
      await pushSample(push, DEFAULT_APP, sample, 'phone-team');
      await row(page, sample.headline).waitFor();
      const streams = w.requests.filter((r) => new URL(r.url).pathname === '/control/events');
      expect(streams.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
      await expectTokenKeptSecret(w);
    } finally {
      await w.close();
    }
  });
});
