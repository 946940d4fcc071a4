// "Try it": the reference served by a running sandbox (/docs/), its "Try it in the sandbox" links, and the sandbox's
// console, in Debian's Chromium. From push_single: the example is edited into an invalid body (the violation shows
// at its field), fixed, sent; the answer shows, and the message is drawn on the target device. The same for a DMP
// /tags/user query. With the app's device list held back, a body typed before it arrives is kept. Every request
// the browser makes is checked: none leaves the machine (the one origin allowed is the sandbox's). The screenshots
// go to docs/screenshots/console-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { launchBrowser, openWatchedPage } from '@pushapi/test-browser';
import { DEFAULT_APP, startSandbox } from '@pushapi/sandbox';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = path.join(docsDir, 'site');
const screenshots = path.join(docsDir, 'screenshots');
// axe-core as the sandbox's own page tests run it (a devDependency of @pushapi/sandbox).
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(
  require.resolve('axe-core/axe.min.js', {
    paths: [fs.realpathSync(path.join(docsDir, 'node_modules', '@pushapi', 'sandbox'))],
  }),
  'utf8',
);

let sandbox;
let browser;

beforeAll(async () => {
  if (!fs.existsSync(path.join(siteDir, 'push-v1.html')))
    throw new Error('docs/site is not built: run `pnpm run docs` in docs/ first');
  sandbox = await startSandbox({ docsDir: siteDir });
  browser = await launchBrowser();
  fs.mkdirSync(screenshots, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
});

/** A page that may reach only the sandbox, with every URL it asked for. */
async function open(colorScheme = 'light') {
  const watched = await openWatchedPage(browser, {
    allowedOrigin: sandbox.url,
    colorScheme,
    viewport: { width: 1400, height: 1000 },
  });
  const requested = [];
  watched.page.on('request', (request) => requested.push(request.url()));
  return { ...watched, requested };
}

function expectLocalOnly(watched) {
  expect(watched.problems()).toEqual([]);
  expect(watched.requested.length).toBeGreaterThan(0);
  for (const url of watched.requested)
    expect(new URL(url).origin === sandbox.url || /^(data|blob|about):/.test(url), url).toBe(true);
}

async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * A hang guard for `expect.poll` on what the page shows a moment after what a test waited for; wide, for a CI
 * machine at a load of 10.
 */
const POLL = { timeout: 120_000 };

/**
 * The body the console filled in from the example, once `ready` holds for it: the example is filled in when the app
 * is read, and made ready for its devices when they arrive (until the body is edited).
 */
async function filledBody(page, ready = () => true) {
  const editor = page.getByLabel(/^Body \(JSON/);
  let body;
  const holds = async () => {
    try {
      body = JSON.parse(await editor.inputValue());
    } catch {
      return false;
    }
    return ready(body);
  };
  await expect.poll(holds, POLL).toBe(true);
  return body;
}

/** The console on push_single with the app's device list held back until `release()`, its example filled in. */
async function consoleWithDevicesHeld() {
  const watched = await open('light');
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await watched.page.route(`**/control/apps/${DEFAULT_APP.appid}/devices`, async (route) => {
    await held;
    await route.continue();
  });
  await watched.page.goto(`${sandbox.url}/console/#push-v1/pushSingle`);
  const example = await filledBody(watched.page, (body) => typeof body.requestid === 'string');
  return { watched, release, example };
}

/** Replaces the body editor's text, as a reader selecting all and typing would. */
async function typeBody(page, text) {
  const editor = page.getByLabel(/^Body \(JSON/);
  await editor.fill(text);
  return editor;
}

describe('the reference served by the sandbox, and its console', () => {
  it('serves the reference at /docs/ with a Try it link on push_single that opens the console on it; send, see the answer and the drawn message', async () => {
    const watched = await open('light');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/docs/push-v1.html#tag/Push/operation/pushSingle`);
      const tryIt = page.locator('a[href="../console/#push-v1/pushSingle"]').first();
      await tryIt.scrollIntoViewIfNeeded();
      await expect(tryIt.textContent()).resolves.toBe('Try it in the sandbox');
      await tryIt.click();
      await page.waitForURL(`${sandbox.url}/console/#push-v1/pushSingle`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      // The operations come from the catalogue, read apart from the page.
      await expect.poll(() => page.locator('#console-op').inputValue(), POLL).toBe('pushSingle');

      // The first named example, made ready for the default app: its appkey, an online device, a new requestid.
      const editor = page.getByLabel(/^Body \(JSON/);
      const example = await filledBody(page, (body) => body.cid === 'magic-online');
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      expect(example.message.msgtype).toBe('notification');
      expect(example.message.appkey).toBe(DEFAULT_APP.appkey);
      expect(example.cid).toBe('magic-online');
      expect(example.requestid).toMatch(/^console-[0-9a-f]{16}$/);

      // An invalid body: the violation is shown at its field (its line, its location), and the editor says so.
      const broken = { ...example, message: { ...example.message, msgtype: 'notice' } };
      await typeBody(page, JSON.stringify(broken, null, 2));
      const violation = page.locator('#console-check .violation');
      await violation.waitFor();
      await expect(violation.getAttribute('data-location')).resolves.toBe('body.message.msgtype');
      const line =
        JSON.stringify(broken, null, 2)
          .split('\n')
          .findIndex((l) => l.includes('"msgtype"')) + 1;
      await expect(violation.textContent()).resolves.toContain(`Line ${line}: `);
      await expect(violation.textContent()).resolves.toMatch(/must be one of: .*"notification"/);
      await expect(editor.getAttribute('aria-invalid')).resolves.toBe('true');
      // The line is marked in the editor.
      await expect(page.locator('.editor-bad-line').textContent()).resolves.toContain('"msgtype": "notice"');
      await page.screenshot({
        path: path.join(screenshots, 'console-violation.png'),
        clip: { x: 0, y: 0, width: 1400, height: 1000 },
      });
      // "Go to the field" selects the field in the editor.
      await violation.getByRole('button', { name: 'Go to the field' }).click();
      const selected = await editor.evaluate((el) => el.value.slice(el.selectionStart, el.selectionEnd));
      expect(selected).toContain('"msgtype"');

      // Fixed: valid again, then sent.
      await typeBody(page, JSON.stringify(example, null, 2));
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      await expect(editor.getAttribute('aria-invalid')).resolves.toBe(null);
      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();

      // The answer, the sign-in step it took (the sign shown, never the master secret nor the token).
      const status = page.locator('.console-status');
      await status.waitFor();
      await expect(status.textContent()).resolves.toContain('HTTP 200');
      const answer = JSON.parse(await page.locator('.console-answer-body').textContent());
      expect(answer.result).toBe('ok');
      expect(answer.status).toBe('successed_online');
      const step = page.locator('.console-step');
      await expect(step.textContent()).resolves.toContain(`POST /v1/${DEFAULT_APP.appid}/auth_sign`);
      await expect(step.textContent()).resolves.toContain('sha256(appkey + timestamp + mastersecret)');
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).not.toContain(DEFAULT_APP.mastersecret);
      // The token the sandbox issued (64 hex digits, as the sign) is nowhere on the page: the only such text is the sign.
      const sign = (await step.locator('.field', { hasText: 'sign' }).first().locator('code').textContent()).trim();
      expect(sign).toMatch(/^[0-9a-f]{64}$/);
      expect([...new Set((await page.content()).match(/[0-9a-f]{64}/g))]).toEqual([sign]);

      // The request as curl and as a typed client call.
      await expect(page.locator('.console-curl').textContent()).resolves.toContain(
        `curl -X POST '${sandbox.url}/v1/${DEFAULT_APP.appid}/push_single'`,
      );
      await expect(page.locator('.console-typed').textContent()).resolves.toContain("push.POST('/push_single', {");

      // The message, drawn on the target device by the inbox page's own component.
      const phone = page.locator('.console-device[data-cid="magic-online"]');
      const card = phone.locator('article.msg');
      await card.waitFor();
      await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
        example.notification.style.title,
      );
      await expect(card.locator('.preview').first().textContent()).resolves.toContain(example.notification.style.text);
      await expect(card.getAttribute('data-msgtype')).resolves.toBe('notification');

      // The next send has a new requestid, so it pushes again.
      await page.getByText('Sent. The body has a new requestid for the next send.').waitFor();
      const renewed = JSON.parse(await editor.inputValue());
      expect(renewed.requestid).not.toBe(example.requestid);

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(screenshots, 'console-push-single-light.png'), fullPage: true });
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });

  it('sends a DMP /tags/user query from its Try it link: signs in with sign1 and sign2, shows the answer, in the dark theme', async () => {
    const watched = await open('dark');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/docs/dmp.html#tag/Tags/operation/getUserTags`);
      const tryIt = page.locator('a[href="../console/#dmp/getUserTags"]').first();
      await tryIt.scrollIntoViewIfNeeded();
      await tryIt.click();
      await page.waitForURL(`${sandbox.url}/console/#dmp/getUserTags`);
      const example = await filledBody(page);
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();

      // A wrong type is refused at its field, then fixed.
      const [field] = Object.keys(example).filter((k) => typeof example[k] === 'string');
      await typeBody(page, JSON.stringify({ ...example, [field]: 42 }, null, 2));
      const violation = page.locator('#console-check .violation');
      await violation.waitFor();
      await expect(violation.getAttribute('data-location')).resolves.toBe(`body.${field}`);
      await expect(violation.textContent()).resolves.toContain('must be a string');
      await typeBody(page, JSON.stringify(example, null, 2));
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();

      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();
      await page.locator('.console-status').waitFor();
      await expect(page.locator('.console-status').textContent()).resolves.toContain('HTTP 200');
      const step = page.locator('.console-step');
      await expect(step.textContent()).resolves.toContain('GET /dmp/accesser/auth');
      await expect(step.textContent()).resolves.toContain('MD5(user_code + auth_code + MD5(timestamp))');
      const answer = JSON.parse(await page.locator('.console-answer-body').textContent());
      expect(answer.code).toBeDefined();
      await expect(page.locator('.console-typed').textContent()).resolves.toContain("dmp.POST('/tags/user', {");
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).not.toContain(DEFAULT_APP.authCode);

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(screenshots, 'console-dmp-dark.png'), fullPage: true });
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });

  it("fills the example in for the app's devices when they arrive, as long as nothing was typed", async () => {
    const { watched, release, example } = await consoleWithDevicesHeld();
    try {
      expect(example.cid).not.toBe('magic-online');
      release();
      const ready = await filledBody(watched.page, (body) => body.cid === 'magic-online');
      expect(ready.message.appkey).toBe(DEFAULT_APP.appkey);
      expect(watched.problems()).toEqual([]);
    } finally {
      release();
      await watched.close();
    }
  });

  it("keeps what was typed when the app's devices arrive after it; Back to the example fills the example in again", async () => {
    const { watched, release, example } = await consoleWithDevicesHeld();
    const { page } = watched;
    try {
      const typed = JSON.stringify(
        { ...example, cid: 'magic-offline', requestid: 'typed-before-the-devices' },
        null,
        2,
      );
      const editor = await typeBody(page, typed);
      release();
      await page.locator('li.device[data-cid="magic-online"]').waitFor();
      // The form has the devices once the list shows them; a refill would come in an effect Preact runs after the
      // next frame: give it that frame and a task after it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      expect(await editor.inputValue()).toBe(typed);

      await page.getByRole('button', { name: 'Back to the example' }).click();
      const again = await filledBody(page, (body) => body.cid === 'magic-online');
      expect(again.requestid).not.toBe('typed-before-the-devices');
      expect(await page.getByRole('button', { name: 'Back to the example' }).count()).toBe(0);
      expect(watched.problems()).toEqual([]);
    } finally {
      release();
      await watched.close();
    }
  });

  it('has the app at hand: a push kept for an offline device is drawn waiting, then delivered when its switch turns it online; an injected fault answers the next send', async () => {
    const watched = await open('light');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/console/#push-v1/pushSingle`);
      await page.getByLabel('Example').selectOption('link');
      // The chosen example is filled in by an effect, and the check of the one before may still say "Valid".
      const { alias: _alias, ...example } = await filledBody(page, (body) => body.message?.msgtype === 'link');
      const body = {
        ...example,
        message: { ...example.message, is_offline: true, offline_expire_time: 3_600_000 },
        cid: 'magic-offline',
      };
      await typeBody(page, JSON.stringify(body, null, 2));
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();
      await page.locator('.console-status').waitFor();
      expect(JSON.parse(await page.locator('.console-answer-body').textContent()).status).toBe('successed_offline');
      const card = page.locator('.console-device[data-cid="magic-offline"] article.msg');
      await card.locator('.chip-pending').waitFor();

      // The device comes online from the console's own device list: the message is delivered, and redrawn live.
      await page.getByRole('switch', { name: 'magic-offline online' }).click();
      await card.locator('.chip-delivered').waitFor();
      await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(body.link.style.title);
      await page.screenshot({ path: path.join(screenshots, 'console-offline-delivered.png'), fullPage: true });

      // The form offers one name per operation, as the sandbox accepts them: a path with two methods names each.
      const offered = await page.getByLabel('Operation to fail').locator('option').allTextContents();
      expect(offered).toEqual(
        expect.arrayContaining(['push_single', 'user_blk_list (POST)', 'user_blk_list (DELETE)']),
      );
      expect(offered).not.toContain('user_blk_list');
      // A fault for the next push_single: the next send gets that result.
      await page.getByLabel('Operation to fail').selectOption('push_single');
      await page.getByLabel('Fault', { exact: true }).selectOption('result');
      await page.getByLabel('Result or code').fill('too_frequent');
      await page.getByRole('button', { name: 'Add fault' }).click();
      await page.getByText('push_single: result, 1 more time(s)').waitFor();
      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();
      await page.locator('.console-status', { hasText: 'too_frequent' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });

  it("fires a scheduled push_app when the app's clock is advanced from the console, and draws it on the devices", async () => {
    const watched = await open('light');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/console/#push-v1/pushApp`);
      await page.getByLabel('Example').selectOption('scheduled');
      const example = await filledBody(page, (body) => 'pushTime' in body);
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      // pushTime an hour from now on the app's clock, in its time zone (yyyyMMddHHmm).
      const app = (await sandbox.control.GET('/apps/{appid}', { params: { path: { appid: DEFAULT_APP.appid } } })).data;
      const at = new Date(app.clock.now + 3_600_000 + app.settings.utcOffsetMinutes * 60_000);
      const pad = (n) => String(n).padStart(2, '0');
      const pushTime = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
      await typeBody(page, JSON.stringify({ ...example, pushTime }, null, 2));
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();
      await page.locator('.console-status').waitFor();
      expect(JSON.parse(await page.locator('.console-answer-body').textContent()).result).toBe('ok');
      await page.getByText(/has no device yet/).waitFor();

      // Two hours later on the app's clock, with the clock form the inbox page has.
      await page.getByLabel('Advance the clock by').fill('2');
      await page.getByLabel('Unit').selectOption('hours');
      await page.getByRole('button', { name: 'Advance clock' }).click();
      await page.getByText(/1 scheduled task\(s\) fired/).waitFor();
      const card = page.locator('.console-device[data-cid="magic-online"] article.msg');
      await card.waitFor();
      await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
        example.notification.style.title,
      );
      // The clock's notice stays until the next action (no shorter notice replaces it).
      await expect(page.locator('.messages .notice').textContent()).resolves.toContain('1 scheduled task(s) fired');
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });

  it('is usable from the keyboard: operation, example, body and send are reached with Tab and work with the keys', async () => {
    const watched = await open('light');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/console/#push-v1/queryBiTags`);
      // The send button is enabled (and reached by Tab) once the app is read.
      await page.locator('button[type="submit"]:enabled', { hasText: `Send to ${DEFAULT_APP.appid}` }).waitFor();
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      await page.locator('#console-op').focus();
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('console-op');
      // Tab moves on to the send button (no body, no parameter on this operation), Enter sends.
      for (let i = 0; i < 10; i++) {
        const label = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (label.startsWith('Send to')) break;
        await page.keyboard.press('Tab');
      }
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
        `Send to ${DEFAULT_APP.appid}`,
      );
      await page.keyboard.press('Enter');
      await page.locator('.console-status').waitFor();
      await expect(page.locator('.console-status').textContent()).resolves.toContain('HTTP 200');
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });

  it('works on a sandbox started with a control token: given once in the address, kept for the tab, never shown', async () => {
    const token = `team-${'0123456789abcdef'.repeat(2)}`;
    const guarded = await startSandbox({ controlToken: token, docsDir: siteDir });
    const watched = await openWatchedPage(browser, { allowedOrigin: guarded.url });
    const { page } = watched;
    try {
      // Given with an operation, as a link to one operation of a guarded sandbox: the console opens on it.
      await page.goto(`${guarded.url}/console/#push-v1/queryBiTags&token=${token}`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      expect(page.url()).not.toContain(token);
      expect(new URL(page.url()).hash).toBe('#push-v1/queryBiTags');
      await expect.poll(() => page.locator('#console-op').inputValue(), POLL).toBe('queryBiTags');
      await page.getByText(/Valid: the sandbox accepts this request/).waitFor();
      await page.getByRole('button', { name: `Send to ${DEFAULT_APP.appid}` }).click();
      await expect(page.locator('.console-status').textContent()).resolves.toContain('HTTP 200');
      expect(await page.content()).not.toContain(token);
      expect(watched.problems()).toEqual([]);
    } finally {
      await watched.close();
      await guarded.stop();
    }
  });

  it('the inbox page links to the console and to the reference, and /docs/ serves the site index', async () => {
    const watched = await open('light');
    const { page } = watched;
    try {
      await page.goto(`${sandbox.url}/docs/`);
      await expect(page.title()).resolves.toBeTruthy();
      await page.goto(`${sandbox.url}/`);
      await page.getByRole('link', { name: 'Console' }).click();
      await page.waitForURL(`${sandbox.url}/console/`);
      await page.getByRole('link', { name: 'Reference' }).click();
      await page.waitForURL(`${sandbox.url}/docs/`);
      expectLocalOnly(watched);
    } finally {
      await watched.close();
    }
  });
});
