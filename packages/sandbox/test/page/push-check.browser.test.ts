// The push check on the inbox page, in Debian's Chromium: a message's detail lists the warnings of its device's
// platform (an iPhone's message without push_info.aps.alert: "shows nothing"; an Android one's long title: cut),
// and none of the other platform's; a message both show whole has none. The console's answer panel lists the
// warnings of an accepted push (the document's example has no push_info: an iPhone shows nothing).
import { describe, expect, it } from 'vitest';
import { createPushClient } from '@pushapi/push-v1-client';
import { openInbox, openMessage, sandboxAndBrowser, seriousViolations } from './helpers.js';

const shared = sandboxAndBrowser();

const LONG = 'An order update whose title runs far past what an Android bar shows';

describe('the push check in the message detail', { timeout: 120_000 }, () => {
  it("lists the warnings of the device's platform only", async () => {
    const app = await shared.sandbox.app({ name: 'Push check' });
    await app.addDevices([
      { cid: 'iphone', online: true, phonetype: 'IOS' },
      { cid: 'pixel', online: true, phonetype: 'ANDROID' },
    ]);
    const push = createPushClient({ ...app.pushOptions, retry: false });
    const body = (cid: string, title: string, pushInfo?: unknown) => ({
      cid,
      message: { appkey: app.appkey, is_offline: true, msgtype: 'notification' },
      notification: { style: { type: 0, title, text: 'Shipped', logo: 'icon.png' } },
      ...(pushInfo ? { push_info: pushInfo } : {}),
    });
    await push.POST('/push_single', { body: body('iphone', LONG) as never });
    await push.POST('/push_single', { body: body('pixel', LONG) as never });
    await push.POST('/push_single', {
      body: body('pixel', 'Whole', { aps: { alert: { title: 'Whole', body: 'Shipped' } } }) as never,
    });
    try {
      const ios = await openInbox(shared.browser, shared.sandbox.url, { app: app.appid, cid: 'iphone' });
      const iosWarnings = (await openMessage(ios.page, 'Not shown on iOS (no push_info)')).getByRole('list', {
        name: 'Push check warnings',
      });
      expect(await iosWarnings.locator('li').allTextContents()).toEqual([
        expect.stringContaining('push_info.aps.alert (ios, ios_shows_nothing) An iOS device shows nothing'),
      ]);
      expect(await seriousViolations(ios.page)).toEqual([]);
      await ios.close();
      const android = await openInbox(shared.browser, shared.sandbox.url, { app: app.appid, cid: 'pixel' });
      const cut = (await openMessage(android.page, LONG)).getByRole('list', { name: 'Push check warnings' });
      expect(await cut.locator('li').allTextContents()).toEqual([
        expect.stringContaining('notification.style.title (android, title_cut) The title is 67 characters'),
      ]);
      expect(
        await (await openMessage(android.page, 'Whole')).getByRole('list', { name: 'Push check warnings' }).count(),
      ).toBe(0);
      await android.close();
    } finally {
      await push.close();
    }
  });
});

describe("the push check in the console's answer", { timeout: 120_000 }, () => {
  it('lists the warnings of the accepted example push', async () => {
    const w = await openInbox(shared.browser, shared.sandbox.url, {});
    try {
      const { page } = w;
      await page.goto(`${shared.sandbox.url}/console/`);
      await page.locator('#console-api').selectOption('push-v1');
      await page.locator('#console-op').selectOption('pushSingle');
      await page.getByRole('button', { name: /^Send to / }).click();
      const warnings = page.locator('.console-answer').getByRole('list', { name: 'Push check warnings' });
      await warnings.waitFor();
      expect(await warnings.locator('li').allTextContents()).toEqual([
        expect.stringContaining('push_info.aps.alert (ios, ios_shows_nothing) An iOS device shows nothing'),
      ]);
    } finally {
      await w.close();
    }
  });
});
