// Opens the built site (docs/site, from `pnpm run docs`) in headless Chromium and checks what a
// reader gets: every page renders; in each reference, every operation of the document is in the
// navigation, the search finds operations by name, code samples are visible and request bodies
// show their fields; no console error; and no request ever leaves 127.0.0.1.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { listOperations, requestExample } from '../src/document.mjs';
import { operationAnchor } from '../src/facts.mjs';
import { guidePages } from '../src/page.mjs';
import { startStaticServer } from '../src/static-server.mjs';
import { launchBrowser, openWatchedPage } from '@pushapi/test-browser';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = path.join(docsDir, 'site');
const screenshotsDir = path.join(docsDir, 'screenshots');

if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
  throw new Error('docs/site is not built: run `pnpm run docs` in docs/ (or `pnpm run build` at the root) first.');
}

// The site embeds the docs copy of each document; the test reads the same copies.
const references = apis.map((api) => ({
  ...api,
  doc: JSON.parse(fs.readFileSync(path.join(docsDir, '.build', `${api.name}.json`), 'utf8')),
}));

let server;
let browser;

beforeAll(async () => {
  server = await startStaticServer(siteDir);
  browser = await launchBrowser();
  fs.mkdirSync(screenshotsDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Only a guard against a hang: each wait ends as soon as its page is drawn. A CI machine at a load of 10 drew Redoc
 * several times slower than a quiet one, so the guard is wide.
 */
const HANG = { timeout: 120_000 };

/**
 * A reference page comes pre-rendered and React then hydrates it: a click before React listens on its root is lost
 * (a tag group that never opens). React marks the root once it listens; from then on it replays early clicks.
 */
async function hydrated(page) {
  await page.waitForFunction(
    () => Object.keys(document.getElementById('redoc') ?? {}).some((key) => key.startsWith('_reactListening')),
    null,
    HANG,
  );
}

/**
 * Does `act` until `target` shows. Under load a page still drawing lost an interaction now and then (a tag group that
 * never opened, a search typed before its field listened), so each act here is safe to repeat and checks first
 * whether it is still needed. The first try waits 15 s, well beyond what a search takes on a busy machine (about
 * 0.7 s quiet), so a slow page is not acted on again; each next try waits twice as long, up to the hang guard.
 */
async function actUntilVisible(act, target) {
  for (let wait = 15_000; ; wait *= 2) {
    await act();
    try {
      await target.waitFor({ state: 'visible', timeout: Math.min(wait, HANG.timeout) });
      return;
    } catch (error) {
      if (error?.name !== 'TimeoutError' || wait >= HANG.timeout) throw error;
    }
  }
}

/**
 * Switches an operation's code sample from the language `from` to `to` with its dropdown, each step redone until it
 * shows, as a group of the menu is opened: the dropdown is opened while its entry for `to` is not shown, and that
 * entry is chosen until the dropdown's button names it.
 */
async function chooseSample(page, section, from, to) {
  const button = (label) =>
    section.locator('[data-testid="right-panel"] [data-testid="dropdown"] button', { hasText: label }).first();
  const entry = page.locator('[role="menuitem"]', { hasText: new RegExp(`^${to}$`) }).first();
  await actUntilVisible(async () => {
    if (!(await entry.isVisible())) await button(from).click();
  }, entry);
  await actUntilVisible(async () => {
    if (await entry.isVisible()) await entry.click();
    else if (await button(from).isVisible()) await button(from).click();
  }, button(to));
}

const sectionId = (entry) => operationAnchor(entry).slice(2);

async function gotoOperation(page, file, entry) {
  await page.goto(`${server.url}/${file}${operationAnchor(entry)}`);
  await hydrated(page);
  const section = page.locator(`[id="${sectionId(entry)}"]`);
  await section.waitFor({ state: 'attached', ...HANG });
  return section;
}

describe('index and guide pages', () => {
  for (const { file } of [{ file: 'index.html' }, ...guidePages]) {
    it(`${file} renders, its links resolve, and it stays local`, async () => {
      const w = await openWatchedPage(browser, { allowedOrigin: server.url });
      try {
        const res = await w.page.goto(`${server.url}/${file}`);
        expect(res?.status()).toBe(200);
        await expect(w.page.locator('main h1').first().isVisible()).resolves.toBe(true);
        expect((await w.page.title()).length).toBeGreaterThan(0);
        // Every link to another page of the site names a file that exists.
        const hrefs = await w.page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        for (const href of hrefs) {
          if (/^[a-z]+:/i.test(href) || href.startsWith('#')) continue;
          const target = href.split('#')[0];
          expect(fs.existsSync(path.join(siteDir, target)), `${file} links to missing ${href}`).toBe(true);
        }
        if (file === 'index.html') {
          await w.page.screenshot({ path: path.join(screenshotsDir, 'index.png'), fullPage: true });
        }
        expect(w.problems()).toEqual([]);
      } finally {
        await w.close();
      }
    });
  }

  it('deep links from the guides point at existing operations', async () => {
    const links = new Set();
    for (const { file } of [{ file: 'index.html' }, ...guidePages]) {
      const html = fs.readFileSync(path.join(siteDir, file), 'utf8');
      for (const m of html.matchAll(/href="([\w-]+\.html)#\/([^"]+)"/g)) links.add(`${m[1]}#/${m[2]}`);
    }
    expect(links.size).toBeGreaterThan(0);
    const anchors = new Set(
      references.flatMap((r) => listOperations(r.doc).map((e) => `${r.name}.html${operationAnchor(e)}`)),
    );
    for (const link of links) expect(anchors.has(link), `guide link ${link} names no operation`).toBe(true);
  });
});

for (const ref of references) {
  const file = `${ref.name}.html`;
  const operations = listOperations(ref.doc);

  describe(`${file}`, () => {
    let w;
    beforeAll(async () => {
      w = await openWatchedPage(browser, { allowedOrigin: server.url });
      await w.page.goto(`${server.url}/${file}`);
      await hydrated(w.page);
    });
    afterAll(async () => {
      await w?.close();
    });

    it('renders the document title', async () => {
      // Redoc renders in the page: poll the title until it is drawn.
      await expect.poll(() => w.page.locator('h1').first().innerText(), HANG).toContain(ref.doc.info.title);
    });

    it('lists every operation of the document in the navigation', async () => {
      const menu = w.page.locator('[data-component-name="Menu/Menu"]').first();
      const found = new Map();
      const collect = async () => {
        // Read the links in one go: the menu re-renders while groups open and close. The label is the link's
        // text without its method tag, read from the DOM: innerText depends on layout, and a link caught
        // mid-render gave its label and method run together.
        const links = await menu.locator('a[href^="#/"]').evaluateAll((as) =>
          as.map((a) => {
            const copy = a.cloneNode(true);
            copy.querySelectorAll('[data-component-name="Tags/HttpTag"]').forEach((tag) => tag.remove());
            return [a.getAttribute('href'), copy.textContent.trim()];
          }),
        );
        for (const [href, label] of links) found.set(href, label);
      };
      // Tag groups open one at a time: open each and collect the operations it shows.
      const tags = (ref.doc.tags ?? []).map((t) => t.name);
      for (const tag of tags) {
        const label = w.page.locator('[data-testid="menu-item-label"]', { hasText: new RegExp(`^${tag}$`) });
        const group = menu.locator('[data-component-name="Menu/MenuItem"]', { has: label }).first();
        // A closed group keeps its operations in a child hidden with display:none; a click opens it. Click only
        // while it is closed: a second click on an open group would close it.
        const open = async () => {
          const closed = await group.evaluate((item) => item.lastElementChild?.style.display === 'none');
          if (closed) await label.first().click();
        };
        // Wait until the group shows its first operation before reading.
        const first = operations.find((e) => e.operation.tags?.[0] === tag);
        if (first) await actUntilVisible(open, menu.locator(`a[href="${operationAnchor(first)}"]`).first());
        else await open();
        await collect();
      }
      await collect();
      for (const entry of operations) {
        const anchor = operationAnchor(entry);
        expect(found.has(anchor), `navigation lacks ${entry.operation.operationId} (${anchor})`).toBe(true);
        expect(found.get(anchor)).toBe(entry.operation.summary);
      }
      // Nothing in the navigation that the document does not have.
      const expected = new Set(operations.map(operationAnchor));
      const extra = [...found.keys()].filter((href) => href.split('/').length === 3 && !expected.has(href));
      expect(extra).toEqual([]);
    });

    it('finds every operation by name with the search', async () => {
      const input = w.page.locator('[data-testid="search-dialog"] input').first();
      await actUntilVisible(async () => {
        if (!(await input.isVisible())) await w.page.locator('[data-testid="search-trigger"]').click();
      }, input);
      for (const entry of operations) {
        const hit = w.page.locator(`[data-testid="search-dialog"] a[href="${operationAnchor(entry)}"]`).first();
        // Typing the name again is harmless: if the field missed it, the search runs now.
        await actUntilVisible(async () => {
          await input.fill('');
          await input.fill(entry.operation.summary);
        }, hit);
      }
      // A name that is in no document finds nothing.
      await input.fill('zzqx-no-such-operation');
      await w.page
        .locator('[data-testid="search-dialog"] [data-component-name="Search/SearchItem"]')
        .first()
        .waitFor({ state: 'detached', ...HANG });
      await w.page.keyboard.press('Escape');
      await w.page.locator('[data-testid="search-dialog"]').waitFor({ state: 'detached', ...HANG });
    });

    it('shows the TypeScript sample of every operation, and its curl sample on demand', async () => {
      for (const entry of operations) {
        const section = await gotoOperation(w.page, file, entry);
        const code = section.locator('[data-testid="right-panel"] [data-testid="source-code"]').first();
        await code.scrollIntoViewIfNeeded();
        await expect(code.isVisible()).resolves.toBe(true);
        const samples = entry.operation['x-codeSamples'];
        const ts = samples.find((s) => s.label === 'TypeScript client').source;
        const callLine = ts.split('\n').find((l) => l.includes(`('${entry.path}'`));
        await expect
          .poll(() => code.innerText(), { ...HANG, message: entry.operation.operationId })
          .toContain(callLine);
      }
      // Switch one operation to curl: the language dropdown offers both samples.
      const entry = operations.find((e) => e.operation.requestBody) ?? operations[0];
      const section = await gotoOperation(w.page, file, entry);
      await chooseSample(w.page, section, 'TypeScript client', 'curl');
      const curl = entry.operation['x-codeSamples'].find((s) => s.label === 'curl').source;
      const code = section.locator('[data-testid="right-panel"] [data-testid="source-code"]').first();
      await expect.poll(() => code.innerText(), HANG).toContain(curl.split('\n')[0]);
      if (ref.name === 'push-v1') {
        // Back to TypeScript for the screenshot of an operation page.
        await chooseSample(w.page, section, 'curl', 'TypeScript client');
        const single = operations.find((e) => e.operation.operationId === 'pushSingle') ?? entry;
        await gotoOperation(w.page, file, single);
        await w.page.waitForTimeout(300);
        await w.page.screenshot({ path: path.join(screenshotsDir, 'push-v1-operation.png') });
      }
    });

    it('shows every top-level field of the first request example in the request body', async () => {
      for (const entry of operations) {
        const example = requestExample(ref.doc, entry);
        if (!example) continue;
        await gotoOperation(w.page, file, entry);
        const body = w.page.locator(`[id="${sectionId(entry)}/request/body"]`);
        await body.waitFor(HANG);
        // Redoc fills the body section in after it appears: read it until every field is there
        // or the time is up (then the assertion names the fields still hidden).
        const hidden = async () => {
          const lines = new Set(
            (await body.innerText())
              .replace(/\u200b/g, '')
              .split('\n')
              .map((l) => l.trim()),
          );
          return Object.keys(example.value).filter((name) => !lines.has(name));
        };
        await expect.poll(hidden, { ...HANG, message: `${entry.operation.operationId}: fields not shown` }).toEqual([]);
      }
    });

    it('links back to the index', async () => {
      await w.page.goto(`${server.url}/${file}`);
      await hydrated(w.page);
      await w.page.locator('a[href="index.html"]').first().click();
      await w.page.waitForURL(`${server.url}/index.html`);
      await expect(w.page.locator('main h1').first().isVisible()).resolves.toBe(true);
    });

    it('made no non-local request and logged no console error', () => {
      expect(w.problems()).toEqual([]);
    });
  });
}

// A phone-wide screen (issue 51): Redoc's title broke "(deprecate|d)" and its floating menu button covered text.
// Both are checked in the page: each word of the title on one line; at 40 scroll positions through the overview and
// through the first operation, no text of the content under the menu button.
function narrowLayoutProblems() {
  return (async () => {
    const problems = [];
    const title = document.querySelector('[data-component-name="Typography/H1"]');
    const titleText = title && document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
    for (let node = titleText?.nextNode(); node; node = titleText.nextNode()) {
      for (const word of node.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) problems.push(`the title breaks inside "${word[0]}"`);
      }
    }
    const button = document.querySelector('[data-testid="floating-button"]');
    if (!button) return [...problems, 'no floating menu button (has Redoc changed its mobile layout?)'];
    // A code sample scrolls sideways inside its box: what runs past the box is clipped, not covered.
    const clipOf = (element, clips) => {
      if (!element || element === document.body) return null;
      if (clips.has(element)) return clips.get(element);
      const style = getComputedStyle(element);
      let clip = clipOf(element.parentElement, clips);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const r = element.getBoundingClientRect();
        clip = clip
          ? {
              left: Math.max(clip.left, r.left),
              right: Math.min(clip.right, r.right),
              top: Math.max(clip.top, r.top),
              bottom: Math.min(clip.bottom, r.bottom),
            }
          : { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }
      clips.set(element, clip);
      return clip;
    };
    const height = document.documentElement.scrollHeight;
    for (let step = 0; step < 40; step++) {
      window.scrollTo(0, Math.floor((height * step) / 40));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const b = button.getBoundingClientRect();
      const clips = new Map();
      const text = document.createTreeWalker(document.querySelector('.api-content'), NodeFilter.SHOW_TEXT);
      for (let node = text.nextNode(); node; node = text.nextNode()) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const c = clipOf(node.parentElement, clips) ?? { left: 0, right: Infinity, top: -Infinity, bottom: Infinity };
        const under = [...range.getClientRects()].some(
          (r) =>
            Math.min(r.right, c.right) > b.left &&
            Math.max(r.left, c.left) < b.right &&
            Math.min(r.bottom, c.bottom) > b.top &&
            Math.max(r.top, c.top) < b.bottom,
        );
        if (under)
          problems.push(`the menu button covers "${node.textContent.trim().slice(0, 40)}" at ${window.scrollY}px`);
      }
    }
    return problems;
  })();
}

describe('at 400 px wide', () => {
  for (const ref of references) {
    it(`${ref.name}.html keeps its title's words whole and no text under the menu button`, async () => {
      const w = await openWatchedPage(browser, { allowedOrigin: server.url, viewport: { width: 400, height: 900 } });
      try {
        await w.page.goto(`${server.url}/${ref.name}.html`);
        await w.page.locator('[data-component-name="Typography/H1"]').first().waitFor(HANG);
        const overview = await w.page.evaluate(narrowLayoutProblems);
        await gotoOperation(w.page, `${ref.name}.html`, listOperations(ref.doc)[0]);
        const operation = await w.page.evaluate(narrowLayoutProblems);
        expect([...overview, ...operation]).toEqual([]);
        await w.page.screenshot({ path: path.join(screenshotsDir, `${ref.name}-400px.png`) });
      } finally {
        await w.close();
      }
    });
  }
});

describe('opened from the file system', () => {
  it('index.html renders from file:// and links to the references', async () => {
    const w = await openWatchedPage(browser);
    try {
      await w.page.goto(pathToFileURL(path.join(siteDir, 'index.html')).href);
      await expect(w.page.locator('main h1').first().isVisible()).resolves.toBe(true);
      for (const ref of references)
        await expect(w.page.locator(`main a[href="${ref.name}.html"]`).count()).resolves.toBeGreaterThan(0);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  });

  for (const ref of references) {
    it(`${ref.name}.html renders from file:// with no request leaving the machine`, async () => {
      const w = await openWatchedPage(browser);
      try {
        await w.page.goto(pathToFileURL(path.join(siteDir, `${ref.name}.html`)).href);
        await expect.poll(() => w.page.locator('h1').first().innerText(), HANG).toContain(ref.doc.info.title);
        await w.page.locator('[data-testid="search-trigger"]').waitFor();
        expect(w.problems()).toEqual([]);
      } finally {
        await w.close();
      }
    });
  }
});
