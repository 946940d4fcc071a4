// A look at the inbox page and the console at every width: the shop of shop.ts (seven devices, 25 messages of every
// kind, an iOS device, a notify_id replacement), in Debian's Chromium. Prints each view's measures (the page's
// width and height, the timeline's, Tasks' and Requests' heights, the rows in the first screen) and writes
// full-page screenshots at 400 and 1400 px. Not a test: run it by hand, before and after a change of the layout.
// It runs the built sandbox and page (dist/, `pnpm run build` first):
//   cd packages/sandbox && npx esbuild test/page/look.ts --bundle --platform=node --format=cjs --packages=external \
//     --alias:@pushapi/test-browser=../test-browser/src/index.ts --outfile=node_modules/.cache/look.cjs \
//     && NODE_PATH=../test-browser/node_modules node node_modules/.cache/look.cjs /tmp/sandbox-look/after
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPushClient } from '@pushapi/push-v1-client';
import { launchBrowser, openWatchedPage, type Page } from '@pushapi/test-browser';
import { seedShop } from './shop.js';

const out = path.resolve(process.argv[2] ?? '/tmp/sandbox-look');
const WIDTHS = [360, 400, 768, 1024, 1400];
const SHOT_WIDTHS = [400, 1400];
fs.mkdirSync(out, { recursive: true });

/** The page's widest point (document and any element) and its height, as a reader scrolls it. */
const measure = (page: Page) =>
  page.evaluate(() => {
    let widest = 0;
    let widestWhat = '';
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const right = el.getBoundingClientRect().right + scrollX;
      if (right > widest) (widest = right), (widestWhat = `${el.tagName.toLowerCase()}.${el.className}`);
    }
    const timeline = document.querySelector('ol.timeline, .timeline ol, ul.timeline') as HTMLElement | null;
    const rows = Array.from(document.querySelectorAll('li.row')).filter((r) => {
      const b = r.getBoundingClientRect();
      return b.bottom > 0 && b.top < innerHeight && b.height > 0;
    }).length;
    const box = (selector: string) => {
      const el = document.querySelector(selector);
      return el ? Math.round(el.getBoundingClientRect().height) : undefined;
    };
    return {
      view: {
        timeline: box('section.timeline'),
        tasks: box('div.tasks'),
        tasksShown: document.querySelectorAll('article.task').length,
        requests: box('div.requests'),
        requestsShown: document.querySelectorAll('tr[data-request-id]').length,
        devices: box('nav.side'),
      },
      innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      widest: Math.round(widest),
      widestWhat: widestWhat.slice(0, 60),
      height: document.documentElement.scrollHeight,
      rowsInView: rows,
      rows: document.querySelectorAll('li.row').length,
      timelineScrolls: timeline ? timeline.scrollHeight > timeline.clientHeight + 1 : false,
    };
  });

async function main() {
  // The built sandbox (run from packages/sandbox), typed by its sources: it serves dist/page beside it.
  const { startSandbox } = (await import(
    pathToFileURL(path.resolve('dist', 'index.js')).href
  )) as typeof import('../../src/index.js');
  const sandbox = await startSandbox();
  const browser = await launchBrowser();
  const app = await sandbox.app({
    name: 'Shop',
    settings: { scheduledPush: true },
    clock: { time: '2030-06-01T01:30:00Z', frozen: true },
  });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  await seedShop(app, push);

  const w = await openWatchedPage(browser, { allowedOrigin: sandbox.url, viewport: { width: 1400, height: 1000 } });
  const { page } = w;
  const views: [string, string][] = [
    ['inbox', `/#app=${app.appid}`],
    ['tasks', `/#app=${app.appid}&tab=tasks`],
    ['requests', `/#app=${app.appid}&tab=requests`],
    ['console', `/console/`],
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 1000 });
    for (const [name, address] of views) {
      await page.goto(`${sandbox.url}${address}`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      if (name === 'inbox') await page.locator('li.row').nth(19).waitFor();
      if (name === 'tasks') await page.locator('.task, article.task, li.task').first().waitFor();
      if (name === 'requests') await page.getByRole('tabpanel').or(page.locator('main')).first().waitFor();
      if (name === 'console') await page.locator('#request-title').waitFor();
      await page.waitForTimeout(300);
      console.log(width, name, JSON.stringify(await measure(page)));
      if (SHOT_WIDTHS.includes(width))
        await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
    }
  }
  // The iOS device's message and the replaced one, as the page titles and draws them.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`${sandbox.url}/#app=${app.appid}&cid=cleo-iphone`);
  await page.locator('li.row').first().waitFor();
  console.log('iOS row titles:', JSON.stringify(await page.locator('li.row .row-title').allInnerTexts()));
  await page
    .locator('li.row', { hasText: 'Arrives Friday' })
    .or(page.locator('li.row', { hasText: 'Shipped' }))
    .first()
    .locator('.row-pick')
    .click();
  console.log('iOS heading:', await page.locator('section.detail article.msg h3').first().innerText());
  await page.goto(`${sandbox.url}/#app=${app.appid}&cid=anna-pixel`);
  await page.locator('li.row', { hasText: 'Old score' }).first().locator('.row-pick').click();
  const card = page.locator('section.detail article.msg');
  await card.waitFor();
  console.log('replaced figures:', JSON.stringify(await card.locator('figcaption').allInnerTexts()));
  await card.screenshot({ path: path.join(out, 'replaced-1400.png') });
  console.log('problems:', JSON.stringify(w.problems()));
  await w.close();
  await push.close();
  await browser.close();
  await sandbox.stop();
  console.log('screenshots in', out);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
