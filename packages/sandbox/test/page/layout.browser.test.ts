// The inbox page and the console at a phone's, a tablet's and a desktop's widths (360, 400, 768, 1024, 1400 px), in
// Debian's Chromium against the shop of shop.ts: no element wider than the screen; Tasks and Requests as compact rows
// (a bounded height per row); the timeline scrolls with the page, not inside it, and an empty detail pane gives the
// rows the width; the console's Faults panel stacks on a phone. Then a phone drawn as that phone shows it: an iOS
// device's message titled by its push_info alert, a pass-through as delivered to the app, a replaced message not on
// the notification bar. One sandbox, one browser, four page loads: the widths are set on the open pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, openWatchedPage, type Browser, type Page } from '@pushapi/test-browser';
import { startSandbox, type Sandbox, type SandboxApp } from '../../src/index.js';
import { live, openInbox, openMessage, requireBuiltPage, row, type PushClient } from './helpers.js';
import { IOS_PUSH, REPLACED_PAIR, seedShop } from './shop.js';

const WIDTHS = [360, 400, 768, 1024, 1400];
/** The most a row may take, in px: a phone's row wraps to three or four lines, a wide screen's is one or two. */
const rowBound = (width: number) => (width < 820 ? 160 : 80);

let sandbox: Sandbox;
let browser: Browser;
let app: SandboxApp;
let push: PushClient;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox();
  browser = await launchBrowser();
  app = await sandbox.app({ name: 'Shop', clock: { time: '2030-06-01T01:30:00Z', frozen: true } });
  push = createPushClient({ ...app.pushOptions, retry: false });
  await seedShop(app, push);
}, 180_000);

afterAll(async () => {
  await push?.close();
  await browser?.close();
  await sandbox?.stop();
});

/** The page's width as scrolled, and the elements (tag.class) that reach past the screen's right edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    // An element inside a box that clips or scrolls (a code block, a cut title) does not widen the page.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const wider = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && !clipped(el))
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wider: wider.slice(0, 5) };
  });

const height = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);

async function tab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

describe('every view at every width', { timeout: 300_000 }, () => {
  it('fits the screen, keeps Tasks and Requests to compact rows and scrolls the timeline with the page', async () => {
    const w = await openInbox(browser, sandbox.url, { app: app.appid });
    try {
      const { page } = w;
      const tasks = (await app.tasks()).length;
      expect(tasks).toBeGreaterThanOrEqual(20);
      // Soft: one run reports every view and width that fails, not only the first.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 820 ? 800 : 1000 });
        await tab(page, /^Messages/);
        await page.locator('li.row').nth(24).waitFor();
        expect
          .soft(await overflow(page), `the timeline at ${width} px`)
          .toEqual({ scrollWidth: width, innerWidth: width, wider: [] });
        // One scroll: the list of rows is as tall as its rows.
        expect
          .soft(
            await page.locator('ol.rows').evaluate((el) => el.scrollHeight - el.clientHeight),
            `rows scrolled inside at ${width} px`,
          )
          .toBeLessThanOrEqual(1);
        const left = (selector: string) =>
          page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().left));
        // Below 1,100 px the detail pane stacks under the timeline (the same left edge), not squeezed beside it.
        if (width < 1100)
          expect
            .soft(await left('section.detail-empty'), `detail beside the timeline at ${width} px`)
            .toBe(await left('section.timeline'));
        if (width === 1400) {
          // With no message open, the rows take the width: the empty detail is narrower than the timeline, and
          // the first screen shows at least 10 of the 25 rows.
          const [timeline, detail] = await Promise.all(
            [page.locator('section.timeline'), page.locator('section.detail-empty')].map((l) =>
              l.evaluate((el) => el.getBoundingClientRect().width),
            ),
          );
          expect.soft(detail!).toBeLessThan(timeline! / 2);
          const inView = await page
            .locator('li.row')
            .evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= innerHeight).length);
          expect.soft(inView).toBeGreaterThanOrEqual(10);
        }

        await tab(page, /^Tasks/);
        await page
          .locator('article.task')
          .nth(tasks - 1)
          .waitFor();
        expect
          .soft(await overflow(page), `Tasks at ${width} px`)
          .toEqual({ scrollWidth: width, innerWidth: width, wider: [] });
        expect
          .soft((await height(page, 'div.tasks')) / tasks, `px per task at ${width} px`)
          .toBeLessThan(rowBound(width));

        await tab(page, /^Requests/);
        await page.locator('tr[data-request-id]').nth(19).waitFor();
        const requests = await page.locator('tr[data-request-id]').count();
        expect
          .soft(await overflow(page), `Requests at ${width} px`)
          .toEqual({ scrollWidth: width, innerWidth: width, wider: [] });
        expect
          .soft((await height(page, 'div.requests')) / requests, `px per request at ${width} px`)
          .toBeLessThan(rowBound(width));
      }
      // A task's row opens in place on its statistics.
      await tab(page, /^Tasks/);
      const first = page.locator('article.task').first();
      // Folded, a row gives its counts: the app push by tag reached the four online or offline devices tagged beta.
      expect(await first.locator('summary').innerText()).toMatch(/push_app[\s\S]*4 targets · 3 received · 0 tapped/);
      expect(await first.innerText()).not.toContain('displayed');
      await first.locator('summary').click();
      await first.locator('.stats').getByText('displayed').waitFor();
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it("stacks the console's panels on a phone: no element wider than the screen, the Faults panel the screen's width", async () => {
    // An app with a long name makes the app list as wide as it gets (its width must not depend on random appids).
    const longName = 'Checkout, refunds and gift cards of the web shop (team web, nightly)';
    await sandbox.app({ name: longName });
    const w = await openWatchedPage(browser, { allowedOrigin: sandbox.url });
    try {
      const { page } = w;
      await page.goto(`${sandbox.url}/console/`);
      await live(page);
      const faults = page.locator('.console-faults');
      await faults.waitFor();
      // The app list is read apart from the rest: measure once the long name is in it.
      await page.locator('#app option', { hasText: longName }).waitFor({ state: 'attached' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        expect(await overflow(page), `the console at ${width} px`).toEqual({
          scrollWidth: width,
          innerWidth: width,
          wider: [],
        });
        // Beside the device list only where both fit; on a phone below it, nearly the screen's width.
        if (width <= 400)
          expect(await faults.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(width - 60);
      }
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('a phone drawn as that phone shows it', { timeout: 120_000 }, () => {
  it('titles an iOS message by its alert, in the timeline and the detail, and a pass-through as delivered to the app', async () => {
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'cleo-iphone' });
    try {
      const { page } = w;
      const titles = () => page.locator('li.row .row-title').allInnerTexts();
      await row(page, IOS_PUSH.alert).waitFor();
      expect(await titles()).not.toContain(IOS_PUSH.androidTitle);
      const ios = await openMessage(page, IOS_PUSH.alert);
      expect(await ios.getByRole('heading', { level: 3 }).innerText()).toBe(IOS_PUSH.alert);
      expect(await ios.locator('figcaption').allInnerTexts()).not.toContain('ANDROID NOTIFICATION BAR');

      // The pass-through sample with no push_info: nothing drawn on any phone, delivered to the app.
      await page.evaluate((a) => (location.hash = `app=${a}&template=transmission`), app.appid);
      await page.getByRole('heading', { name: /^Messages of every device \(/ }).waitFor();
      await row(page, 'Delivered to the app (pass-through)').waitFor();
      expect(await titles()).not.toContain('Pass-through message');
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('draws the older of a notify_id pair gone from the bar: struck through in the timeline, no bar or lock screen', async () => {
    const w = await openInbox(browser, sandbox.url, { app: app.appid, cid: 'anna-pixel' });
    try {
      const { page } = w;
      const [older, newer] = REPLACED_PAIR;
      await row(page, newer).waitFor();
      expect(await row(page, older).getAttribute('class')).toContain('row-gone');
      expect(await row(page, newer).getAttribute('class')).not.toContain('row-gone');
      const gone = await openMessage(page, older);
      expect(await gone.innerText()).toContain('No longer on the notification bar');
      expect(await gone.locator('.preview figcaption').allTextContents()).toEqual([]);
      expect(await gone.getByRole('button', { name: 'Tap notification' }).count()).toBe(0);
      const shown = await openMessage(page, newer);
      expect(await shown.locator('.preview figcaption').allTextContents()).toEqual([
        'Android notification bar',
        'Android lock screen',
      ]);
      await shown.getByRole('button', { name: 'Tap notification' }).waitFor();
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
