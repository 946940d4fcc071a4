// The inbox page as a testing inbox, in Debian's Chromium against an in-process sandbox, pushes sent through the
// real push client: one timeline of every device's messages with unread counts per device; search and filters;
// the detail pane (drawn for the device's platform, long texts cut as the phone cuts them, the request and the
// stored message as JSON, links to the task and the request and back); delete and clear; notify_id replacement;
// the tasks' targets and the one clock; axe-core in both themes. Screenshots go to docs/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, type Browser, type Page } from '@pushapi/test-browser';
import { startSandbox, type Sandbox, type SandboxApp } from '../../src/index.js';
import {
  card,
  openInbox,
  openMessage,
  pushSample,
  requireBuiltPage,
  row,
  screenshotsDir,
  seriousViolations,
  type PushClient,
} from './helpers.js';
import { MORE_SAMPLES, STYLE_SAMPLES } from './messages.js';

let sandbox: Sandbox;
let browser: Browser;
const clients: PushClient[] = [];

/** A fresh app (its clock frozen at 2030-06-01 09:30 at UTC+08:00) and a push client for it. */
async function freshApp(
  name: string,
  settings: { scheduledPush?: boolean } = {},
): Promise<{ app: SandboxApp; push: PushClient }> {
  const app = await sandbox.app({ name, settings, clock: { time: '2030-06-01T01:30:00Z', frozen: true } });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  clients.push(push);
  return { app, push };
}

/** A notification (style 0) with a title, a text and, when given, a notify_id; push_info too, when given. */
function note(
  app: SandboxApp,
  title: string,
  text: string,
  extra: { notifyId?: number; pushInfo?: object; offline?: boolean } = {},
) {
  return {
    message: { appkey: app.appkey, msgtype: 'notification' as const, is_offline: true, offline_expire_time: 3_600_000 },
    notification: {
      style: {
        type: 0 as const,
        title,
        text,
        logo: 'shop.png',
        ...(extra.notifyId === undefined ? {} : { notify_id: extra.notifyId }),
      },
    },
    ...(extra.pushInfo ? { push_info: extra.pushInfo } : {}),
  };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

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

describe('the timeline', { timeout: 120_000 }, () => {
  it('opens on every message of the app, newest first, across devices; the device list filters it and counts unread', async () => {
    const { app, push } = await freshApp('Timeline');
    await app.addDevice({ cid: 'phone-a', online: true, phonetype: 'android' });
    await app.addDevice({ cid: 'phone-b', online: true, phonetype: 'IOS' });
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-b', alias: 'user-b' }] } });
    await push.POST('/push_single', { body: { ...note(app, 'For A', 'first'), cid: 'phone-a' } });
    await push.POST('/push_single', { body: { ...note(app, 'For B', 'second'), cid: 'phone-b' } });
    // The root of the page, no device named: the timeline of every device, not the first device's inbox.
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await heading(page, 'Messages of every device (2), newest first').waitFor();
      const rows = page.locator('li.row');
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-cid')))).toEqual([
        'phone-b',
        'phone-a',
      ]);
      // Title (what the device draws: an iOS device shows nothing of a push with no push_info), a line of the text,
      // device, alias, template, state and the time on the app's clock.
      expect(await rows.first().innerText()).toMatch(
        /Not shown on iOS \(no push_info\)\s+second\s+phone-b · alias user-b · notification\s+2030-06-01 09:30:00\s+delivered/,
      );
      // Unread per device, cleared when the device is viewed.
      const deviceA = page.locator('li.device[data-cid="phone-a"]');
      await deviceA.getByText('1 unread', { exact: true }).waitFor();
      await deviceA.locator('.device-pick').click();
      await heading(page, 'Messages of phone-a (1), newest first').waitFor();
      await deviceA.locator('.unread').waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash).toBe(`#app=${app.appid}&cid=phone-a`);
      // Back to every device; a new message of phone-a is unread again, and appears live at the top.
      await page.locator('li.device-all .device-pick').click();
      await heading(page, 'Messages of every device (2), newest first').waitFor();
      await push.POST('/push_single', { body: { ...note(app, 'For A again', 'third'), cid: 'phone-a' } });
      await heading(page, 'Messages of every device (3), newest first').waitFor();
      expect(await rows.first().getAttribute('data-cid')).toBe('phone-a');
      await deviceA.getByText('1 unread', { exact: true }).waitFor();
      await page.locator('li.device[data-cid="phone-b"]').getByText('1 unread', { exact: true }).waitFor();
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('searches title, text and content, and filters by device or alias, template, task and state (expired included)', async () => {
    const { app, push } = await freshApp('Filters');
    await app.addDevice({ cid: 'phone-a', online: true });
    await app.addDevice({ cid: 'phone-b', online: true });
    await app.addDevice({ cid: 'phone-off', online: false });
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-b', alias: 'user-b' }] } });
    await push.POST('/push_single', {
      body: { ...note(app, 'Parcel shipped', 'It left the warehouse'), cid: 'phone-a' },
    });
    const { taskid } = await push.POST('/push_single', {
      body: { ...note(app, 'Invoice ready', 'Total 12.50 EUR'), cid: 'phone-b' },
    });
    await pushSample(
      push,
      app,
      MORE_SAMPLES.find((s) => s.msgtype === 'transmission' && !s.body.push_info)!,
      'phone-a',
    );
    await push.POST('/push_single', {
      body: { ...note(app, 'Waiting one', 'for the offline phone'), cid: 'phone-off' },
    });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      const titles = () => page.locator('li.row .row-title').allInnerTexts();
      await heading(page, 'Messages of every device (4), newest first').waitFor();
      // Text of the body, without regard to case; the search is kept in the address.
      await page.getByLabel('Search', { exact: true }).fill('WAREHOUSE');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      expect(await titles()).toEqual(['Parcel shipped']);
      expect(new URL(page.url()).hash).toContain('q=WAREHOUSE');
      // Pass-through content is searched too.
      await page.getByLabel('Search', { exact: true }).fill('"status":"shipped"');
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await page
        .locator('li.row .row-title')
        .getByText('Delivered to the app (pass-through)', { exact: true })
        .waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await heading(page, 'Messages of every device (4), newest first').waitFor();

      await page.locator('#filter-target').selectOption('alias:user-b');
      await heading(page, 'Messages of alias user-b (1), newest first').waitFor();
      expect(await titles()).toEqual(['Invoice ready']);
      await page.locator('#filter-target').selectOption('');
      await page.locator('#filter-template').selectOption('transmission');
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      await page.locator('#filter-template').selectOption('');
      await page.locator('#filter-task').selectOption(taskid!);
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      expect(await titles()).toEqual(['Invoice ready']);
      await page.locator('#filter-task').selectOption('');
      await page.locator('#filter-state').selectOption('waiting');
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      expect(await titles()).toEqual(['Waiting one']);

      // The waiting message expires when the clock passes its offline time; the page lists it as expired.
      await page.getByLabel('Advance the clock by').fill('2');
      await page.getByRole('button', { name: 'Advance clock' }).click();
      await heading(page, 'Messages of every device (0), newest first').waitFor();
      await page.locator('#filter-state').selectOption('expired');
      await page.locator('li.row .row-title').getByText('Waiting one', { exact: true }).waitFor();
      expect(await page.locator('li.row').first().innerText()).toContain('expired');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('the detail pane', { timeout: 120_000 }, () => {
  it('draws an iOS device with the iOS lock screen and banner, says it came through APNs, and an Android one with the bar', async () => {
    const { app, push } = await freshApp('Platforms');
    await app.addDevice({ cid: 'iphone-away', online: false, phonetype: 'IOS' });
    await app.addDevice({ cid: 'android-on', online: true, phonetype: 'android' });
    const pushInfo = {
      aps: { alert: { title: 'Table ready', body: 'Come to the front desk' }, autoBadge: '+1', sound: 'ding.caf' },
    };
    const ios = await push.POST('/push_single', {
      body: { ...note(app, 'Table ready', 'Come to the front desk', { pushInfo }), cid: 'iphone-away' },
    });
    expect(ios.status).toBe('successed_offline');
    await push.POST('/push_single', {
      body: { ...note(app, 'Order shipped', 'Arrives Friday', { pushInfo }), cid: 'android-on' },
    });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await heading(page, 'Messages of every device (2), newest first').waitFor();
      const iphone = await openMessage(page, 'Table ready');
      expect(await iphone.getAttribute('data-platform')).toBe('ios');
      const iosText = await iphone.innerText();
      expect(iosText).toContain('Delivered at once through APNs while the device was offline');
      expect(iosText).not.toContain('kept offline');
      const captions = () => page.locator('section.detail figcaption').allInnerTexts();
      expect(await captions()).toEqual(['IOS LOCK SCREEN (PUSH_INFO)', 'IOS BANNER (PUSH_INFO)']);
      expect(await iphone.locator('.shade, .lock').count()).toBe(0);
      expect(await iphone.locator('.ios-lock .ios-clock').innerText()).toBe('09:30');
      // The phone stays offline: what arrived through APNs does not make it online.
      expect((await app.device('iphone-away')).online).toBe(false);

      const android = await openMessage(page, 'Order shipped', { fields: true });
      expect(await android.getAttribute('data-platform')).toBe('android');
      expect(await captions()).toEqual(['ANDROID NOTIFICATION BAR', 'ANDROID LOCK SCREEN']);
      expect(await android.locator('.ios').count()).toBe(0);
      const androidText = await android.innerText();
      expect(androidText).toContain('Received online at once 2030-06-01 09:30:00');
      expect(androidText).toContain('given, for iOS devices: an Android device does not show it');
      await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-inbox-android.png'), fullPage: false });
      await openMessage(page, 'Table ready');
      await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-inbox-ios.png'), fullPage: false });
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('is compact: fields folded, a 5,000-character title cut where the phone cuts it, the full text one click away', async () => {
    const { app, push } = await freshApp('Long title');
    await app.addDevice({ cid: 'phone-long', online: true, phonetype: 'android' });
    const long = `${'Very long title '.repeat(313)}END`;
    expect(long.length).toBeGreaterThan(4999);
    await push.POST('/push_single', { body: { ...note(app, long, 'short text'), cid: 'phone-long' } });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await page.locator('li.row').first().locator('.row-pick').click();
      const opened = page.locator('section.detail article.msg');
      await opened.waitFor();
      expect(await opened.locator('details.msg-fields').getAttribute('open')).toBeNull();
      expect((await opened.locator('h3').innerText()).length).toBeLessThanOrEqual(120);
      const barTitle = opened.locator('.notif-title');
      expect((await barTitle.textContent())!.length).toBeLessThanOrEqual(240);
      // Drawn on one line, as the collapsed notification is.
      const lines = await barTitle.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines).toBe(1);
      // The title is in the page once (the folded fields hold it, the drawing cuts it), not three times.
      expect((await page.content()).split(long).length - 1).toBe(1);
      await opened.getByRole('button', { name: 'Show full text' }).click();
      // The button's new state and the full title come in one render: wait for the one, then read the other.
      await opened.getByRole('button', { name: 'Cut as the phone does', pressed: true }).waitFor();
      expect(await barTitle.textContent()).toBe(long);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('shows the request as received and the message as stored, and links the message, its task and its request both ways', async () => {
    const { app, push } = await freshApp('Links');
    await app.addDevice({ cid: 'phone-link', online: true });
    const { taskid } = await push.POST('/push_single', {
      body: { ...note(app, 'Linked', 'to its task'), cid: 'phone-link', requestid: 'req-linked-0001' },
    });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      const opened = await openMessage(page, 'Linked');
      const detail = page.locator('section.detail');
      await detail.getByText('Request as the sandbox received it (JSON)').click();
      const request = JSON.parse(await detail.getByLabel('Request body, JSON').innerText()) as Record<string, unknown>;
      expect(request).toMatchObject({
        cid: 'phone-link',
        requestid: 'req-linked-0001',
        notification: { style: { title: 'Linked' } },
      });
      await detail.getByText('Message as stored (JSON)').click();
      const stored = JSON.parse(await detail.getByLabel('Stored message, JSON').innerText()) as Record<string, unknown>;
      expect(stored).toMatchObject({
        id: await opened.getAttribute('data-message-id'),
        cid: 'phone-link',
        taskid,
        replacedBy: null,
        state: 'delivered',
      });
      expect(await page.content()).not.toContain(app.mastersecret);

      // Message -> task -> request -> the task's messages.
      await detail.getByRole('button', { name: new RegExp(`^Task ${taskid}`) }).click();
      const task = page.locator(`article.task[data-taskid="${taskid}"]`);
      await page.locator(`article.task.task-focus[data-taskid="${taskid}"]`).waitFor();
      // The focus moves in an effect, after the render that marks the task: wait for it.
      await page.locator(`article.task[data-taskid="${taskid}"]:focus`).waitFor();
      await task.getByRole('button', { name: /^Request #\d+ in the log$/ }).click();
      const logRow = page.locator('tr.log-focus');
      await logRow.waitFor();
      expect(await logRow.innerText()).toContain('push_single');
      await logRow.getByRole('button', { name: 'its messages' }).click();
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      expect(new URL(page.url()).hash).toContain(`task=${taskid}`);
      expect(await page.locator('#filter-task').inputValue()).toBe(taskid);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('shows a notification replaced by a newer one with the same notify_id, and links the two', async () => {
    const { app, push } = await freshApp('Replaced');
    await app.addDevice({ cid: 'phone-7', online: true, phonetype: 'android' });
    await push.POST('/push_single', {
      body: { ...note(app, 'Score 1-0', 'first half', { notifyId: 7 }), cid: 'phone-7' },
    });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await row(page, 'Score 1-0').waitFor();
      await push.POST('/push_single', {
        body: { ...note(app, 'Score 2-0', 'second half', { notifyId: 7 }), cid: 'phone-7' },
      });
      const older = row(page, 'Score 1-0');
      await older.locator('.chip-replaced').waitFor();
      expect(await row(page, 'Score 2-0').locator('.chip-replaced').count()).toBe(0);
      const opened = await openMessage(page, 'Score 1-0');
      const newer = await row(page, 'Score 2-0').getAttribute('data-message-id');
      expect(await opened.innerText()).toContain(
        `No longer on the notification bar: ${newer} has the same notify_id and channel, and took its place.`,
      );
      await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-inbox-replaced.png'), fullPage: false });
      await page.getByRole('button', { name: `The message that replaced it (${newer})` }).click();
      await card(page, 'Score 2-0').waitFor();
      const older7 = await row(page, 'Score 1-0').getAttribute('data-message-id');
      await page.getByRole('button', { name: `The message it replaced on the bar (${older7})` }).click();
      await card(page, 'Score 1-0').waitFor();
      await page.locator('#filter-state').selectOption('replaced');
      await heading(page, 'Messages of every device (1), newest first').waitFor();
      expect(await page.locator('li.row .row-title').allInnerTexts()).toEqual(['Score 1-0']);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('delete and clear', { timeout: 120_000 }, () => {
  it('deletes one message and clears one device inbox from the page, after asking once more', async () => {
    const { app, push } = await freshApp('Delete');
    await app.addDevice({ cid: 'phone-del', online: true });
    await app.addDevice({ cid: 'phone-keep', online: true });
    await push.POST('/push_single', { body: { ...note(app, 'Delete me', 'one'), cid: 'phone-del' } });
    await push.POST('/push_single', { body: { ...note(app, 'Clear me', 'two'), cid: 'phone-del' } });
    await push.POST('/push_single', { body: { ...note(app, 'Keep me', 'three'), cid: 'phone-keep' } });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await openMessage(page, 'Delete me');
      await page.getByRole('button', { name: 'Delete message' }).click();
      await page.getByRole('button', { name: 'Yes, delete message' }).click();
      await row(page, 'Delete me').waitFor({ state: 'detached' });
      await heading(page, 'Messages of every device (2), newest first').waitFor();
      expect((await app.inbox('phone-del')).messages.map((m) => m.template)).toMatchObject([
        { style: { title: 'Clear me' } },
      ]);

      await page.locator('li.device[data-cid="phone-del"] .device-pick').click();
      await page.getByRole('button', { name: 'Clear inbox of phone-del' }).click();
      await page.getByRole('button', { name: 'Yes, clear inbox of phone-del' }).click();
      await heading(page, 'Messages of phone-del (0), newest first').waitFor();
      expect((await app.inbox('phone-del')).messages).toEqual([]);
      expect((await app.inbox('phone-keep')).messages).toHaveLength(1);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('tasks, clock and accessibility', { timeout: 120_000 }, () => {
  it('names the targets of a scheduled push_app without condition, and shows every time on the app clock, labelled', async () => {
    const { app, push } = await freshApp('Scheduled all', { scheduledPush: true });
    const body = {
      ...STYLE_SAMPLES[0]!.body,
      message: { ...STYLE_SAMPLES[0]!.body.message, appkey: app.appkey },
      pushTime: '203006011100',
    };
    const { taskid } = (await push.POST('/push_app', { body: body as never })) as { taskid: string };
    const w = await openInbox(browser, sandbox.url, { app: app.appid, tab: 'tasks' });
    try {
      const { page } = w;
      const task = page.locator(`article.task[data-taskid="${taskid}"]`);
      await task.locator('summary').click();
      const text = await task.innerText();
      expect(text).toContain('every device of the app (no condition)');
      expect(text).not.toContain('saved list body');
      await page.getByRole('tab', { name: /^Requests/ }).click();
      await page.getByRole('columnheader', { name: 'App clock (UTC+08:00)' }).waitFor();
      const pushed = page.locator('tr', { hasText: 'push_app' }).first();
      expect(await pushed.innerText()).toContain('2030-06-01 09:30:00');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('axe-core finds no serious or critical violation on the timeline and the detail pane, in the light and the dark theme', async () => {
    const { app, push } = await freshApp('Accessible timeline');
    await app.addDevice({ cid: 'iphone-a11y', online: true, phonetype: 'IOS' });
    await app.addDevice({ cid: 'android-a11y', online: true, phonetype: 'android' });
    for (const sample of STYLE_SAMPLES) await pushSample(push, app, sample, 'android-a11y');
    await pushSample(push, app, MORE_SAMPLES.find((s) => s.body.push_info)!, 'iphone-a11y');
    await push.POST('/push_single', { body: { ...note(app, 'Score 1-0', 'a', { notifyId: 3 }), cid: 'android-a11y' } });
    await push.POST('/push_single', { body: { ...note(app, 'Score 2-0', 'b', { notifyId: 3 }), cid: 'android-a11y' } });
    for (const colorScheme of ['light', 'dark'] as const) {
      const w = await openInbox(browser, sandbox.url, { app: app.appid }, { colorScheme });
      try {
        const { page } = w;
        await heading(page, `Messages of every device (${STYLE_SAMPLES.length + 3}), newest first`).waitFor();
        const findings: Record<string, unknown> = {};
        findings.timeline = await seriousViolations(page);
        await openMessage(page, 'Score 1-0', { fields: true });
        findings.replaced = await seriousViolations(page);
        await openMessage(page, 'Your table is ready', { fields: true });
        for (const summary of await page.locator('section.detail details.json summary').all()) await summary.click();
        // Folded JSON is made when its section opens (on the toggle event): check it once it is there.
        await page.getByRole('region', { name: 'Request body, JSON' }).waitFor();
        await page.getByRole('region', { name: 'Stored message, JSON' }).waitFor();
        findings.ios = await seriousViolations(page);
        await page.getByRole('button', { name: 'Delete message' }).click();
        await page.getByRole('button', { name: 'Cancel' }).waitFor();
        findings.confirm = await seriousViolations(page);
        await page.getByRole('button', { name: 'Cancel' }).click();
        expect(findings, `${colorScheme} theme`).toEqual({ timeline: [], replaced: [], ios: [], confirm: [] });
        if (colorScheme === 'dark') {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: path.join(screenshotsDir, 'sandbox-inbox-ios-dark.png'), fullPage: false });
        }
        expect(w.problems()).toEqual([]);
      } finally {
        await w.close();
      }
    }
  });
});

describe('a message waiting for its display time', { timeout: 120_000 }, () => {
  it('says it waits for duration_begin, not for an online device to come online', async () => {
    const { app, push } = await freshApp('Display time');
    const body = note(app, 'Morning sale', 'opens at nine');
    await push.POST('/push_single', {
      body: {
        ...body,
        notification: { ...body.notification, duration_begin: '2030-06-02 09:00:00' },
        cid: 'magic-online',
      },
    });
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const text = await (await openMessage(w.page, 'Morning sale')).innerText();
      expect(text).toContain('Waiting for its display time (duration_begin) 2030-06-02 09:00:00');
      expect(text).not.toContain('Waiting for the device to come online');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('messages that never arrived', { timeout: 120_000 }, () => {
  it('a message that expired before the page opened is listed by the expired filter, with how it ended', async () => {
    const { app, push } = await freshApp('Expired');
    const body = note(app, 'Flash sale', 'ten minutes only');
    await push.POST('/push_single', {
      body: { ...body, message: { ...body.message, offline_expire_time: 1000 }, cid: 'magic-offline' },
    });
    await app.advance(2000);
    await push.POST('/push_single', { body: { ...note(app, 'Delivered one', 'here'), cid: 'magic-online' } });
    const w = await openInbox(browser, sandbox.url, { app: app.appid, state: 'expired' });
    try {
      const text = await (await openMessage(w.page, 'Flash sale')).innerText();
      expect(text).toContain('Expired: not delivered');
      // The filter leaves out the delivered message.
      expect(await w.page.locator('li.row').count()).toBe(1);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
