// The inbox page in Debian's Chromium (playwright-core), against an in-process sandbox, with pushes sent through
// the real push client: messages appear without a reload and show their fields; a device that comes online
// gets what waited for it; tasks, the clock and the request log; keyboard use; no request leaves the machine, no
// console error; axe-core finds nothing serious in either theme; the page's weight; the event stream resumes
// with Last-Event-ID. Screenshots go to docs/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, type Browser } from '@pushapi/test-browser';
import { startSandbox, type Sandbox, type SandboxApp } from '../../src/index.js';
import {
  card,
  fieldsOf,
  live,
  openInbox,
  openMessage,
  pageDist,
  packageDir,
  POLL,
  pushSample,
  requireBuiltPage,
  row,
  screenshotsDir,
  seriousViolations,
  startRelay,
  undrawnImages,
  type PushClient,
} from './helpers.js';
import { ALL_SAMPLES, MORE_SAMPLES, STYLE_SAMPLES } from './messages.js';

let sandbox: Sandbox;
let browser: Browser;
const clients: PushClient[] = [];

/** A fresh app (its clock frozen, so that the page's times are fixed) and a push client for it. */
async function freshApp(
  name: string,
  settings: { scheduledPush?: boolean } = {},
): Promise<{ app: SandboxApp; push: PushClient }> {
  const app = await sandbox.app({ name, settings, clock: { time: '2030-06-01T01:30:00Z', frozen: true } });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  clients.push(push);
  return { app, push };
}

const deviceIds = async (app: SandboxApp) =>
  (await sandbox.control.GET('/apps/{appid}/devices', { params: { path: { appid: app.appid } } })).data!.devices.map(
    (d) => d.cid,
  );

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox();
  browser = await launchBrowser();
  fs.mkdirSync(screenshotsDir, { recursive: true });
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await sandbox?.stop();
});

describe('the inbox page', { timeout: 120_000 }, () => {
  it('shows each template and style type pushed through the client, live, with its fields', async () => {
    const { app, push } = await freshApp('Live inbox');
    // No phone type: drawn as Android, and as iOS where push_info is given.
    await app.addDevice({ cid: 'phone-live', online: true, tags: ['vip', 'beta'], region: 'Beijing' });
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-live' });
    try {
      const { page } = w;
      await page.getByRole('heading', { name: 'Messages of phone-live (0), newest first' }).waitFor();
      // Marks this document: after the pushes it must still be the same one (no reload, no navigation).
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      for (const [index, sample] of ALL_SAMPLES.entries()) {
        await pushSample(push, app, sample, 'phone-live');
        await row(page, sample.headline).waitFor();
        const message = await openMessage(page, sample.headline, { fields: true });
        expect(await message.getAttribute('data-msgtype'), sample.name).toBe(sample.msgtype);
        expect(await message.getAttribute('data-style'), sample.name).toBe(
          sample.style === undefined ? '' : String(sample.style),
        );
        const text = await message.innerText();
        for (const shown of sample.shows) expect(text, `${sample.name}: ${shown}`).toContain(shown);
        const fields = await fieldsOf(message);
        for (const [term, value] of Object.entries(sample.fields ?? {}))
          expect(fields[term], `${sample.name}: field ${term}`).toBe(value);
        // Newest first: the message just pushed heads the list.
        await expect(page.locator('li.row').first().getAttribute('data-message-id')).resolves.toBe(
          await message.getAttribute('data-message-id'),
        );
        await page.getByRole('heading', { name: `Messages of phone-live (${index + 1}), newest first` }).waitFor();
      }
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // Remote images stay off: each shows a placeholder naming its address; the inline ones are real pictures.
      const banner = (await openMessage(page, 'Background image')).locator('img.img-banner').first();
      // An image decodes after it is in the page, even an inline one.
      await expect
        .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL)
        .toBe(true);
      await (await openMessage(page, 'Flash offer'))
        .getByRole('img', {
          name: 'Icon (logourl) (not loaded: remote images are off): https://www.example.com/offer-icon.png',
        })
        .first()
        .waitFor();
      await expect.poll(() => undrawnImages(page), POLL).toBe(0);

      // The device list: state, tags; the page never asks for credentials nor shows a secret.
      const device = page.locator('li.device[data-cid="phone-live"]');
      expect(await device.innerText()).toContain('tags: vip, beta');
      await expect(
        device.getByRole('switch', { name: 'phone-live online' }).getAttribute('aria-checked'),
      ).resolves.toBe('true');
      expect(w.requested.filter((u) => u.includes('/credentials'))).toEqual([]);
      const html = await page.content();
      expect(html).not.toContain(app.mastersecret);
      expect(html).not.toContain(app.authCode);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('shows what waits for an offline device, and delivers it when the device is switched online', async () => {
    const { app, push } = await freshApp('Offline device');
    await app.addDevice({ cid: 'phone-asleep', online: false });
    await app.addDevice({ cid: 'phone-banned', online: true, blacklisted: true });
    await app.addDevice({ cid: 'phone-idle', online: true, active: false });
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-asleep', alias: 'user-7' }] } });
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-asleep' });
    try {
      const { page } = w;
      const sample = STYLE_SAMPLES[0]!;
      await pushSample(push, app, sample, 'phone-asleep');
      await row(page, sample.headline).filter({ hasText: 'waiting' }).waitFor();
      expect(await (await openMessage(page, sample.headline)).innerText()).toContain(
        'Waiting for the device to come online since',
      );
      await page.getByRole('heading', { name: 'Messages of phone-asleep (1), newest first' }).waitFor();

      // Device states and the alias bound through the client.
      const asleep = page.locator('li.device[data-cid="phone-asleep"]');
      // The device list is read again after the push, apart from the messages: wait for its count.
      await asleep.filter({ hasText: '1 waiting' }).waitFor();
      expect(await asleep.innerText()).toMatch(/offline[\s\S]*alias: user-7[\s\S]*1 waiting/);
      expect(await page.locator('li.device[data-cid="phone-banned"]').innerText()).toContain('blacklisted');
      expect(await page.locator('li.device[data-cid="phone-idle"]').innerText()).toContain('inactive');

      // The switch, from the keyboard.
      const toggle = page.getByRole('switch', { name: 'phone-asleep online' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.focus();
      await page.keyboard.press('Space');
      await row(page, sample.headline).filter({ hasText: 'delivered' }).waitFor();
      expect(await card(page, sample.headline).innerText()).toContain(
        'Kept while the device was offline, delivered when it came online',
      );
      await page.getByRole('switch', { name: 'phone-asleep online', checked: true }).waitFor();
      expect((await app.device('phone-asleep')).online).toBe(true);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('shows tasks against the sandbox clock, advances the clock, and reads refused requests in the log', async () => {
    const { app, push } = await freshApp('Scheduled', { scheduledPush: true });
    await app.addDevice({ cid: 'phone-sched', online: true, tags: ['news'] });
    // The frozen clock reads 2030-06-01 09:30 at UTC+08:00: push at 11:00, 1 h 30 min later.
    const { taskid } = (await push.POST('/push_app', {
      body: {
        ...STYLE_SAMPLES[1]!.body,
        message: { ...STYLE_SAMPLES[1]!.body.message, appkey: app.appkey },
        condition: [{ key: 'tag', values: ['news'], opt_type: 0 }],
        pushTime: '203006011100',
        task_name: 'morning-news',
      } as never,
    })) as { taskid: string };
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-sched', tab: 'tasks' });
    try {
      const { page } = w;
      const task = page.locator(`article.task[data-taskid="${taskid}"]`);
      await task.waitFor();
      // A task is one row until opened in place.
      await task.locator('summary').click();
      // The times need the app's clock, read apart from the tasks: wait for them.
      await expect
        .poll(() => task.innerText(), POLL)
        .toContain(
          'Push time 203006011100 = 2030-06-01 11:00:00, in 1 h 30 min on the sandbox clock (now 2030-06-01 09:30:00)',
        );
      const text = await task.innerText();
      expect(text).toContain('tag is one of news');
      expect(text).toContain('task_name morning-news');
      expect(await task.getAttribute('data-state')).toBe('scheduled');

      // Advance the clock from the page by 2 hours: the task fires and the device receives it.
      await page.getByLabel('Advance the clock by').fill('2');
      await page.getByLabel('Unit').selectOption('hours');
      await page.getByRole('button', { name: 'Advance clock' }).click();
      await page.getByText('Clock of').filter({ hasText: '1 scheduled task(s) fired' }).waitFor();
      await page.locator(`article.task[data-taskid="${taskid}"][data-state="sent"]`).waitFor();
      await task.locator('.stats div:has(dt:text-is("received")) dd:text-is("1")').waitFor();
      await page.locator('.clock-now', { hasText: '2030-06-01 11:30:00' }).waitFor();
      await page.getByRole('tab', { name: 'Messages of phone-sched' }).click();
      await row(page, STYLE_SAMPLES[1]!.headline).waitFor();

      // A refused request (cid and alias together) is in the log with the violation the sandbox reported.
      const refused = await push
        .POST('/push_single', { body: { ...STYLE_SAMPLES[0]!.body, cid: 'phone-sched', alias: 'user-7' } as never })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(Error);
      const logged = (await app.requests()).find((r) => r.operation === 'push_single' && r.violations.length > 0);
      expect(logged, 'the control API logged the refused push_single').toBeDefined();
      await page.getByRole('tab', { name: /^Requests/ }).click();
      const logRow = page.locator(`tr[data-request-id="${logged!.id}"]`);
      await logRow.waitFor();
      await logRow.locator('details.log-more > summary').click();
      const rowText = await logRow.innerText();
      expect(rowText).toContain('push_single');
      expect(rowText).toContain(String(logged!.status));
      expect(rowText).toContain(`${logged!.violations[0]!.location.join('.')}: ${logged!.violations[0]!.message}`);
      expect(await logRow.getAttribute('class')).toContain('log-refused');
      await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-requests.png'), fullPage: false });
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('moves between tabs with the arrow keys and keeps the view in the address', async () => {
    const { app } = await freshApp('Keyboard');
    await app.addDevice({ cid: 'phone-keys', online: true });
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-keys' });
    try {
      const { page } = w;
      // The skip link is the first stop; it moves the focus to the main content and keeps the view.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the messages');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(new URL(page.url()).hash).toBe(`#app=${app.appid}&cid=phone-keys`);
      const inboxTab = page.getByRole('tab', { name: 'Messages of phone-keys' });
      await inboxTab.focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: /^Tasks/, selected: true }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Tasks/);
      await page.keyboard.press('End');
      await page.getByRole('tab', { name: /^Requests/, selected: true }).waitFor();
      expect(new URL(page.url()).hash).toContain('tab=requests');
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Messages of phone-keys', selected: true }).waitFor();
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('axe-core finds no serious or critical violation, in the light and the dark theme', async () => {
    const { app, push } = await freshApp('Accessibility');
    await app.addDevice({ cid: 'phone-a11y', online: true, tags: ['vip'] });
    await app.addDevice({ cid: 'phone-a11y-off', online: false });
    for (const sample of ALL_SAMPLES) await pushSample(push, app, sample, 'phone-a11y');
    await pushSample(push, app, STYLE_SAMPLES[0]!, 'phone-a11y-off');
    await push
      .POST('/push_single', { body: { ...STYLE_SAMPLES[0]!.body, cid: 'phone-a11y', alias: 'x' } as never })
      .catch(() => undefined);
    for (const colorScheme of ['light', 'dark'] as const) {
      const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-a11y' }, { colorScheme });
      try {
        const { page } = w;
        await page
          .getByRole('heading', { name: `Messages of phone-a11y (${ALL_SAMPLES.length}), newest first` })
          .waitFor();
        // A message open in the detail pane, with its fields and both JSON views unfolded.
        const opened = await openMessage(page, STYLE_SAMPLES[0]!.headline, { fields: true });
        for (const summary of await page.locator('section.detail details.json summary').all()) await summary.click();
        await opened.locator('dl.fields').waitFor();
        // Folded JSON is made when its section opens (on the toggle event): check it once it is there.
        await page.getByRole('region', { name: 'Request body, JSON' }).waitFor();
        await page.getByRole('region', { name: 'Stored message, JSON' }).waitFor();
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background, `${colorScheme} theme`).toBe(
          colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(246, 247, 249)',
        );
        const findings: Record<string, unknown> = {};
        findings.inbox = await seriousViolations(page);
        await page.locator('li.device[data-cid="phone-a11y-off"] .device-pick').click();
        await page.getByRole('heading', { name: 'Messages of phone-a11y-off (1), newest first' }).waitFor();
        await row(page, STYLE_SAMPLES[0]!.headline).filter({ hasText: 'waiting' }).waitFor();
        findings.pending = await seriousViolations(page);
        await page.locator('li.device-all .device-pick').click();
        await page
          .getByRole('heading', { name: `Messages of every device (${ALL_SAMPLES.length + 1}), newest first` })
          .waitFor();
        findings.timeline = await seriousViolations(page);
        await page.getByRole('tab', { name: /^Tasks/ }).click();
        await page.locator('article.task').first().waitFor();
        findings.tasks = await seriousViolations(page);
        await page.getByRole('tab', { name: /^Requests/ }).click();
        await page.locator('tr.log-refused').first().waitFor();
        findings.requests = await seriousViolations(page);
        // The confirmation of a reset, while it asks.
        await page.getByRole('button', { name: 'Reset app' }).click();
        await page.getByRole('button', { name: 'Yes, reset app' }).waitFor();
        findings.confirm = await seriousViolations(page);
        await page.getByRole('button', { name: 'Cancel' }).click();
        expect(findings, `${colorScheme} theme`).toEqual({
          inbox: [],
          pending: [],
          timeline: [],
          tasks: [],
          requests: [],
          confirm: [],
        });
        expect(w.problems()).toEqual([]);
      } finally {
        await w.close();
      }
    }
  });

  it('the theme chosen on the page wins over the system one', async () => {
    const { app } = await freshApp('Theme');
    const w = await openInbox(browser, sandbox.url, { app: app.appid }, { colorScheme: 'light' });
    try {
      const { page } = w;
      await page.getByLabel('Theme', { exact: true }).selectOption('dark');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
      await page.reload();
      await live(page);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('with remote images allowed, an image that cannot load shows a placeholder, never a broken image', async () => {
    const { app, push } = await freshApp('Remote images');
    await app.addDevice({ cid: 'phone-img', online: true });
    for (const sample of STYLE_SAMPLES) await pushSample(push, app, sample, 'phone-img');
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-img' });
    try {
      const { page } = w;
      await page
        .getByRole('heading', { name: `Messages of phone-img (${STYLE_SAMPLES.length}), newest first` })
        .waitFor();
      await openMessage(page, 'New photos from Anna');
      await page.getByLabel('Load remote images').check();
      // The guard refuses every request beyond the sandbox: each remote image fails and becomes a placeholder.
      const failed = page.getByRole('img', { name: /could not be loaded/ });
      await page.waitForFunction(
        () => document.querySelectorAll('[role="img"][aria-label*="remote images are off"]').length === 0,
      );
      await card(page, 'New photos from Anna')
        .getByRole('img', { name: 'Small image (banner_url) (could not be loaded): https://www.example.com/thumb.png' })
        .waitFor();
      await (await openMessage(page, 'Flash offer'))
        .getByRole('img', { name: 'Icon (logourl) (could not be loaded): https://www.example.com/offer-icon.png' })
        .first()
        .waitFor();
      expect(await failed.count()).toBeGreaterThanOrEqual(1);
      // A failed image becomes its placeholder in the render after its error event: poll until every image left
      // in the page is drawn (none loading, none broken).
      await expect.poll(() => undrawnImages(page), POLL).toBe(0);
      // What the guard saw: only the images' own addresses, refused before leaving the machine.
      const problems = w.problems();
      const requests = problems.filter((p) => p.startsWith('non-local request: '));
      expect(requests.length).toBeGreaterThan(0);
      for (const p of requests) expect(p).toMatch(/^non-local request: https:\/\/www\.example\.com\/[a-z-]+\.png$/);
      for (const p of problems.filter((q) => !requests.includes(q)))
        expect(p).toMatch(/^console error: Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/);
    } finally {
      await w.close();
    }
  });

  it('resumes its event stream with Last-Event-ID and shows what happened while it was cut off', async () => {
    const { app, push } = await freshApp('Reconnect');
    await app.addDevice({ cid: 'phone-net', online: true });
    const relay = await startRelay(sandbox.port);
    const w = await openInbox(browser, relay.url, { app: app.appid, cid: 'phone-net' });
    try {
      const { page } = w;
      await pushSample(push, app, STYLE_SAMPLES[0]!, 'phone-net');
      await row(page, STYLE_SAMPLES[0]!.headline).waitFor();
      // The event that brought the first message: the page has seen it, so it resumes after it (or later).
      const { data: recent } = await sandbox.control.GET('/events', {
        params: { query: { appid: app.appid } },
        headers: { accept: 'application/json' },
      });
      const delivered = recent!.events.find((e) => e.type === 'message' && e.cid === 'phone-net')!;
      const resumed = relay.request(
        (head) => head.startsWith('GET /control/events') && /\r\nLast-Event-ID: \d+/i.test(head),
      );
      relay.cut();
      await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor();
      // Sent while the page is cut off (straight to the sandbox, not through the relay).
      await pushSample(push, app, STYLE_SAMPLES[1]!, 'phone-net');
      relay.resume();
      const lastEventId = Number(/\r\nLast-Event-ID: (\d+)/i.exec(await resumed)![1]);
      expect(lastEventId).toBeGreaterThanOrEqual(delivered.id);
      await live(page);
      await row(page, STYLE_SAMPLES[1]!.headline).waitFor();
      // Connections cut by the relay may be reported as failed loads; nothing else may be.
      for (const p of w.problems())
        expect(p).toMatch(
          /^console error: (Failed to load resource: net::ERR_|.*net::ERR_(CONNECTION|EMPTY_RESPONSE|INCOMPLETE))/,
        );
    } finally {
      await w.close();
      await relay.close();
    }
  });

  it('weighs at most its budget, gzipped, and loads nothing but its own files, the control API and /readyz', async () => {
    const budget = (
      JSON.parse(fs.readFileSync(path.join(packageDir, 'page', 'budget.json'), 'utf8')) as { gzipBytes: number }
    ).gzipBytes;
    const { app } = await freshApp('Weight');
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      // Everything loaded so far: every file of the page is requested at start.
      // The sandbox's answers (the control API, and /readyz for the header's health) are not files of the page.
      const assets = w.requested.filter(
        (u) => !new URL(u).pathname.startsWith('/control') && new URL(u).pathname !== '/readyz',
      );
      expect(w.requested.map((u) => new URL(u).pathname)).toContain('/readyz');
      let total = 0;
      for (const url of new Set(assets)) {
        const { pathname } = new URL(url);
        const file = path.join(pageDist, pathname === '/' ? 'index.html' : pathname);
        expect(fs.existsSync(file), `${pathname} is a file of the built page`).toBe(true);
        total += gzipSync(fs.readFileSync(file), { level: 9 }).length;
      }
      expect([...new Set(assets.map((u) => new URL(u).pathname))].sort()).toEqual([
        '/',
        '/assets/app.css',
        '/assets/app.js',
        '/assets/icon.svg',
      ]);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(budget);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('takes screenshots of an inbox with one message of each style, in both themes, and of the other templates', async () => {
    const { app, push } = await freshApp('Shop', { scheduledPush: true });
    await app.addDevice({ cid: 'phone-styles', online: true, tags: ['vip'], region: 'Shanghai', phonetype: 'android' });
    await app.addDevice({ cid: 'phone-templates', online: true });
    await app.addDevice({ cid: 'phone-away', online: false, tags: ['beta'] });
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-styles', alias: 'anna' }] } });
    for (const sample of STYLE_SAMPLES) await pushSample(push, app, sample, 'phone-styles');
    for (const sample of MORE_SAMPLES) await pushSample(push, app, sample, 'phone-templates');
    await pushSample(push, app, STYLE_SAMPLES[2]!, 'phone-away');
    // Tasks of every kind for the tasks screenshot: an app push by tag, and a scheduled one.
    const appPush = (extra: object) =>
      push.POST('/push_app', {
        body: {
          ...STYLE_SAMPLES[3]!.body,
          message: { ...STYLE_SAMPLES[3]!.body.message, appkey: app.appkey },
          ...extra,
        } as never,
      });
    await appPush({ condition: [{ key: 'tag', values: ['beta'], opt_type: 0 }], task_name: 'albums' });
    await appPush({
      condition: [{ key: 'region', values: ['Shanghai'], opt_type: 2 }],
      pushTime: '203006011200',
      task_name: 'noon-albums',
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      // The timeline of every device, the newest message of phone-styles open beside it.
      const w = await openInbox(browser, sandbox.url, { app: app.appid }, { colorScheme });
      try {
        const { page } = w;
        await page
          .getByRole('heading', {
            name: `Messages of every device (${STYLE_SAMPLES.length + MORE_SAMPLES.length + 2}), newest first`,
          })
          .waitFor();
        await openMessage(page, STYLE_SAMPLES[3]!.headline);
        await page.screenshot({ path: path.join(screenshotsDir, `sandbox-inbox-${colorScheme}.png`), fullPage: true });
        if (colorScheme === 'light') {
          await page.locator('li.device[data-cid="phone-templates"] .device-pick').click();
          await page
            .getByRole('heading', { name: `Messages of phone-templates (${MORE_SAMPLES.length}), newest first` })
            .waitFor();
          await openMessage(page, MORE_SAMPLES[0]!.headline, { fields: true });
          await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-inbox-templates.png'), fullPage: true });
          await page.getByRole('tab', { name: /^Tasks/ }).click();
          await page.locator('article.task').first().waitFor();
          await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-tasks.png'), fullPage: false });
        }
        expect(w.problems()).toEqual([]);
      } finally {
        await w.close();
      }
    }
    for (const name of [
      'sandbox-inbox-light.png',
      'sandbox-inbox-dark.png',
      'sandbox-inbox-templates.png',
      'sandbox-tasks.png',
    ]) {
      expect(fs.statSync(path.join(screenshotsDir, name)).size).toBeGreaterThan(10_000);
    }
  });
  // Last: it removes every app of this file's sandbox.
  it('resets the app, then the whole sandbox, from the page, after asking once more', async () => {
    const { app, push } = await freshApp('Reset');
    await app.addDevice({ cid: 'phone-reset', online: true });
    await pushSample(push, app, STYLE_SAMPLES[0]!, 'phone-reset');
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'phone-reset' });
    try {
      const { page } = w;
      await row(page, STYLE_SAMPLES[0]!.headline).waitFor();
      await page.getByRole('button', { name: 'Reset app' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await deviceIds(app)).toContain('phone-reset');
      await page.getByRole('button', { name: 'Reset app' }).click();
      await page.getByRole('button', { name: 'Yes, reset app' }).click();
      await page.locator('li.device[data-cid="phone-reset"]').waitFor({ state: 'detached' });
      // The app stays (without its devices): the page keeps showing it.
      expect(await page.locator('select#app').inputValue()).toBe(app.appid);
      expect(await deviceIds(app)).not.toContain('phone-reset');
      expect(await app.tasks()).toEqual([]);

      // The whole sandbox: the page falls back to the default app.
      const { data: info } = await sandbox.control.GET('/');
      await page.getByRole('button', { name: 'Reset sandbox' }).click();
      await page.getByRole('button', { name: 'Yes, reset sandbox' }).click();
      await page
        .locator('#app')
        .and(page.locator(`:has(option[value="${info!.defaultAppId}"]:checked)`))
        .waitFor();
      const { data: apps } = await sandbox.control.GET('/apps');
      expect(apps!.apps.map((a) => a.appid)).toEqual([info!.defaultAppId]);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      expect(await page.locator('.error').count()).toBe(0);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
