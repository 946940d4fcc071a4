// The inbox page's view, in Debian's Chromium against an in-process sandbox, pushes sent through the real push
// client: a new address is the whole view (nothing of the view before merges into it); a seeded world's devices
// come before the magic ones; a timeline row shows a line of the message's text; the empty timeline of a
// blacklisted device says why it is empty; the timeline gives no count until what it draws from has arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, openWatchedPage, type Browser, type Page } from '@pushapi/test-browser';
import { MAGIC_CIDS, startSandbox, type Sandbox, type SandboxApp } from '../../src/index.js';
import { live, openInbox, requireBuiltPage, type PushClient } from './helpers.js';

let sandbox: Sandbox;
let browser: Browser;
const clients: PushClient[] = [];

/** A seeded world's app (its clock frozen) with the given devices, and a push client for it. */
async function worldApp(
  appid: string,
  cids: string[],
  blacklisted: string[] = [],
): Promise<{ app: SandboxApp; push: PushClient }> {
  const devices = cids.map((cid) => ({ cid, online: true, blacklisted: blacklisted.includes(cid) }));
  await sandbox.loadWorld({
    apps: [{ appid, name: appid, clock: { time: '2030-06-01T01:30:00Z', frozen: true }, devices }],
  });
  const app = await sandbox.openApp(appid);
  const push = createPushClient({ ...app.pushOptions, retry: false });
  clients.push(push);
  return { app, push };
}

/** Sends a notification (style 0) with a title and a text to one device; answers the push's status. */
async function notify(
  push: PushClient,
  app: SandboxApp,
  cid: string,
  title: string,
  text: string,
): Promise<string | undefined> {
  const body = {
    message: { appkey: app.appkey, msgtype: 'notification' as const, is_offline: true, offline_expire_time: 3_600_000 },
    notification: { style: { type: 0 as const, title, text, logo: 'shop.png' } },
    cid,
  };
  return (await push.POST('/push_single', { body })).status;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
/** Goes to another address in the open page, as a reader editing the address bar or following a link does. */
const goTo = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);
const hashOf = (page: Page) => new URL(page.url()).hash;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await sandbox?.stop();
});

describe('the view', { timeout: 120_000 }, () => {
  it('takes a new address as the whole view: no device, message or filter of the view before stays', async () => {
    const { app, push } = await worldApp('shop-address', ['dave-phone', 'erin-phone']);
    await notify(push, app, 'dave-phone', 'Order 18 shipped', 'It left the warehouse');
    await notify(push, app, 'erin-phone', 'Order 14 shipped', 'It left the warehouse too');
    const [daves] = (await app.inbox('dave-phone')).messages;
    const w = await openInbox(browser, sandbox.url, {
      app: app.appid,
      cid: 'dave-phone',
      msg: daves!.id,
      q: 'warehouse',
    });
    try {
      const { page } = w;
      await page.locator(`section.detail[data-message-id="${daves!.id}"]`).waitFor();

      // The tasks tab of the app: the device, the message and the search of the view before are gone.
      await goTo(page, `app=${app.appid}&tab=tasks`);
      await page.getByRole('tab', { name: /^Tasks/, selected: true }).waitFor();
      expect(hashOf(page)).toBe(`#app=${app.appid}&tab=tasks`);
      await page.getByRole('tab', { name: 'Messages', exact: true }).click();
      await heading(page, 'Messages of every device (2), newest first').waitFor();
      expect(await page.locator('#filter-q').inputValue()).toBe('');
      expect(await page.locator('section.detail-empty').innerText()).toContain('Choose a message');

      // Another device by address while a message is open: its timeline, with no message said to be missing.
      await page.locator(`li.row[data-message-id="${daves!.id}"] .row-pick`).click();
      await page.locator(`section.detail[data-message-id="${daves!.id}"]`).waitFor();
      await goTo(page, `app=${app.appid}&cid=erin-phone`);
      await heading(page, 'Messages of erin-phone (1), newest first').waitFor();
      expect(hashOf(page)).toBe(`#app=${app.appid}&cid=erin-phone`);
      const detail = await page.locator('section.detail-empty').innerText();
      expect(detail).toContain('Choose a message');
      expect(detail).not.toContain('is not in this list');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('keeps the view when a world replaces the app shown while the page is open', async () => {
    const { app } = await worldApp('shop-reload', ['dave-phone']);
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'dave-phone' });
    try {
      const { page } = w;
      await heading(page, 'Messages of dave-phone (0), newest first').waitFor();
      // The world's reset event comes before the push's: once the push shows, the page has handled the reset.
      const again = await worldApp('shop-reload', ['dave-phone']);
      await notify(again.push, again.app, 'dave-phone', 'After the world', 'still dave');
      await page.locator('li.row .row-title').getByText('After the world', { exact: true }).waitFor();
      expect(hashOf(page)).toBe(`#app=${app.appid}&cid=dave-phone`);
      expect(await page.locator('select#app').inputValue()).toBe(app.appid);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it("lists a seeded world's devices before the magic ones, in the device list and the timeline's filter", async () => {
    const seeded = ['zoe-phone', 'adam-tablet', 'mia-phone'];
    const { app } = await worldApp('shop-order', seeded);
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await page.locator('li.device[data-cid="mia-phone"]').waitFor();
      const expected = [...seeded, ...MAGIC_CIDS.map((m) => m.cid)];
      expect(
        await page.locator('li.device[data-cid]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cid'))),
      ).toEqual(expected);
      const options = await page
        .locator('#filter-target option[value^="cid:"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value.slice(4)));
      expect(options).toEqual(expected);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('shows a line of the text in each timeline row, so that two messages with one title differ', async () => {
    const { app, push } = await worldApp('shop-rows', ['dave-phone']);
    await notify(push, app, 'dave-phone', 'Order 1042', 'Packed in the warehouse');
    await notify(push, app, 'dave-phone', 'Order 1042', 'Out for delivery\n  with the courier');
    await notify(push, app, 'dave-phone', 'Order 1043', `Delivered: ${'signed by the neighbour, '.repeat(10)}`);
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      await heading(page, 'Messages of every device (3), newest first').waitFor();
      const texts = await page.locator('li.row .row-text').allTextContents();
      // Newest first; line breaks on one line; a long text cut at 120 characters.
      expect(texts.slice(1)).toEqual(['Out for delivery with the courier', 'Packed in the warehouse']);
      expect(texts[0]).toHaveLength(120);
      expect(texts[0]).toMatch(/^Delivered: signed by the neighbour, .*…$/);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it("says why a blacklisted device's timeline is empty", async () => {
    const { app, push } = await worldApp('shop-blacklist', ['dave-phone', 'mallory-phone'], ['mallory-phone']);
    expect(await notify(push, app, 'mallory-phone', 'Order 7 shipped', 'Never arrives')).toBe('successed_ignore');
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'mallory-phone' });
    try {
      const { page } = w;
      await heading(page, 'Messages of mallory-phone (0), newest first').waitFor();
      // The count stands with the list and the devices read; waiting for the text itself costs nothing.
      const empty = page.locator('section.timeline p.empty');
      await empty
        .filter({ hasText: "mallory-phone is on the app's blacklist (user_blk_list), so every push leaves it out" })
        .waitFor();
      // A device that is not on the blacklist has no such reason.
      await page.locator('li.device[data-cid="dave-phone"] .device-pick').click();
      await heading(page, 'Messages of dave-phone (0), newest first').waitFor();
      await empty.filter({ hasText: 'No message matches. Pushes appear here at once.' }).waitFor();
      expect(await empty.innerText()).toBe('No message matches. Pushes appear here at once.');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('says the timeline is loading, with no count, until the messages and the devices have both arrived', async () => {
    const { app } = await worldApp('shop-loading', ['dave-phone', 'mallory-phone'], ['mallory-phone']);
    const w = await openWatchedPage(browser, { allowedOrigin: sandbox.url });
    try {
      const { page } = w;
      // The device list is held back; the messages are not.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/control/apps/${app.appid}/devices`, async (route) => {
        await held;
        await route.continue();
      });
      const messages = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${app.appid}/messages`));
      await page.goto(`${sandbox.url}/#app=${app.appid}&cid=mallory-phone`);
      await live(page);
      await messages;
      // The messages have arrived, the devices not: no count, and no reason given for an empty timeline yet.
      await heading(page, 'Messages of mallory-phone, loading…').waitFor();
      const empty = page.locator('section.timeline p.empty');
      expect(await empty.allInnerTexts()).toEqual(['Loading the messages…']);
      expect(await page.getByRole('heading', { name: /^Messages of mallory-phone \(/ }).count()).toBe(0);
      release();
      await heading(page, 'Messages of mallory-phone (0), newest first').waitFor();
      // With the count, the devices' facts stand: the empty timeline says why at once.
      expect(await empty.innerText()).toContain("mallory-phone is on the app's blacklist");
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
