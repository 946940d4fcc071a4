// What the inbox page loads from the control API per push, in Debian's Chromium against an in-process sandbox: the
// page follows the event stream and applies what an event carries (a request log entry, a device's counts) in
// place, reloading only what an event does not carry. A push_single to the device shown costs at most two loads (its
// tasks and the device's messages); one to another device only the tasks. The loads are the page's own control API
// GETs, seen in the browser, counted from a quiet page (no load in flight) to a quiet page showing the last push.
import { describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { openWatchedPage, type Page } from '@pushapi/test-browser';
import { live, POLL, row, sandboxAndBrowser } from './helpers.js';

const started = sandboxAndBrowser();

type Request = Awaited<ReturnType<Page['waitForRequest']>>;

const PUSHES = 10;
/** Control API loads per push_single to the device shown: its messages and the app's tasks. */
const LOADS_PER_PUSH = 2;

/** The control API reads of the page (not the event stream, which it holds open). */
const isLoad = (request: Request) => {
  const { pathname } = new URL(request.url());
  return request.method() === 'GET' && pathname.startsWith('/control/') && pathname !== '/control/events';
};

/** Follows the page's control API loads: those started, and those still in flight. */
function watchLoads(page: Page) {
  const started: string[] = [];
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!isLoad(request)) return;
    started.push(new URL(request.url()).pathname);
    inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    /** Loads started since `from` (an earlier `count`). */
    since: (from: number) => started.slice(from),
    get count() {
      return started.length;
    },
    /**
     * Until no load is in flight, twice, a task of the page in between: a load queued behind one that just
     * answered starts in the page's next turns.
     */
    async quiet() {
      for (let i = 0; i < 2; i++) {
        await expect.poll(() => inFlight.size, POLL).toBe(0);
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
      }
      await expect.poll(() => inFlight.size, POLL).toBe(0);
    },
  };
}

describe('the inbox page’s loads per push', { timeout: 120_000 }, () => {
  it(`loads at most ${LOADS_PER_PUSH} parts per push_single to the device shown, and shows every count right`, async () => {
    const { sandbox, browser } = started;
    const app = await sandbox.app({ name: 'Loads', clock: { time: '2030-06-01T01:30:00Z', frozen: true } });
    await app.addDevice({ cid: 'phone-shown', online: true });
    await app.addDevice({ cid: 'phone-other', online: true });
    const push = createPushClient({ ...app.pushOptions, retry: false });
    const w = await openWatchedPage(browser, { allowedOrigin: sandbox.url });
    try {
      const { page } = w;
      const loads = watchLoads(page);
      await page.goto(`${sandbox.url}/#app=${app.appid}&cid=phone-shown`);
      await live(page);
      await page.getByRole('heading', { name: 'Messages of phone-shown (0), newest first' }).waitFor();
      await loads.quiet();

      const pushTo = (cid: string, title: string) =>
        push.POST('/push_single', {
          body: {
            cid,
            message: { appkey: app.appkey, is_offline: true, offline_expire_time: 3_600_000, msgtype: 'notification' },
            notification: { style: { type: 0, title, text: `${title}, text`, logo: 'icon.png' } },
          },
        });

      // Pushes one at a time, each shown before the next is sent: the page coalesces no event with the next push's.
      const before = loads.count;
      for (let i = 1; i <= PUSHES; i++) {
        await pushTo('phone-shown', `Push ${i}`);
        await row(page, `Push ${i}`).waitFor();
      }
      // Every part shows the last push: the timeline, the device's count, the tasks, the app's count, the request log.
      const requests = (await sandbox.control.GET('/requests', { params: { query: { appid: app.appid } } })).data!
        .requests.length;
      await page.getByRole('heading', { name: `Messages of phone-shown (${PUSHES}), newest first` }).waitFor();
      const shown = page.locator('li.device[data-cid="phone-shown"]');
      await shown.getByText(`${PUSHES} received`, { exact: true }).waitFor();
      await page.getByRole('tab', { name: `Tasks (${PUSHES})` }).waitFor();
      await page.getByRole('tab', { name: `Requests (${requests})` }).waitFor();
      await page.locator('.app-counts').getByText(`${PUSHES} tasks`).waitFor();
      await loads.quiet();
      const perPush = loads.since(before);
      console.log(`inbox page: ${perPush.length} control API loads for ${PUSHES} push_single to the device shown`);
      expect(perPush.length, perPush.join('\n')).toBeLessThanOrEqual(LOADS_PER_PUSH * PUSHES);
      // The device shown has nothing unread: what it received is read as it arrives.
      await expect(shown.locator('.unread').count()).resolves.toBe(0);

      // A push to another device: its count and its unread badge change in place; the timeline of the device shown
      // does not load again. Only the tasks do.
      const beforeOther = loads.count;
      await pushTo('phone-other', 'For the other');
      const other = page.locator('li.device[data-cid="phone-other"]');
      await other.getByText('1 received', { exact: true }).waitFor();
      await other.getByText('1 unread', { exact: true }).waitFor();
      await page.getByRole('tab', { name: `Tasks (${PUSHES + 1})` }).waitFor();
      await page.getByRole('tab', { name: `Requests (${requests + 1})` }).waitFor();
      await loads.quiet();
      const otherLoads = loads.since(beforeOther);
      console.log(`inbox page: ${otherLoads.length} control API loads for a push_single to another device`);
      expect(otherLoads, otherLoads.join('\n')).toEqual([`/control/apps/${app.appid}/tasks`]);
      await page.getByRole('heading', { name: `Messages of phone-shown (${PUSHES}), newest first` }).waitFor();
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
      await push.close();
    }
  });
});
