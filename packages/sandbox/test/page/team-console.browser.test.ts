// The console (/console/) of a shared sandbox opened with a team's app token (--app-token), in Debian's Chromium:
// opened once with #token=…, it takes the token out of the address as it does the control token, lists only the
// team's apps, opens on the team's first one, follows the event stream, and shows a refusal of what the team may
// not do (reset the whole sandbox) as a 403 naming its prefix. The token never appears in the address or the page.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openWatchedPage, type Browser } from '@pushapi/test-browser';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { live, POLL, requireBuiltPage, seriousViolations } from './helpers.js';

const ADMIN = `admin-${randomBytes(16).toString('hex')}`;
const TEAM_A = `team-a-${randomBytes(16).toString('hex')}`;
const TEAM_B = `team-b-${randomBytes(16).toString('hex')}`;

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  requireBuiltPage();
  sandbox = await startSandbox({
    controlToken: ADMIN,
    appTokens: [
      { prefix: 'team-a-', token: TEAM_A },
      { prefix: 'team-b-', token: TEAM_B },
    ],
  });
  for (const appid of ['team-b-1', 'team-a-1', 'team-a-2'])
    await sandbox.control.PUT('/apps/{appid}', { params: { path: { appid } }, body: {} });
  await sandbox.control.POST('/apps/{appid}/devices', {
    params: { path: { appid: 'team-a-1' } },
    body: { cid: 'phone-a', online: true },
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
});

describe('the console with a team token', { timeout: 120_000 }, () => {
  it("accepts it in the address, lists only the team's apps and opens on the team's first", async () => {
    const w = await openWatchedPage(browser, { allowedOrigin: sandbox.url });
    const authorizations: (string | undefined)[] = [];
    w.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/control'))
        void request.allHeaders().then((h) => authorizations.push(h.authorization));
    });
    try {
      const { page } = w;
      await page.goto(`${sandbox.url}/console/#token=${TEAM_A}`);
      await live(page);
      expect(page.url()).toBe(`${sandbox.url}/console/`);
      const options = page.locator('#app option');
      await expect.poll(() => page.locator('#app').inputValue()).toBe('team-a-1');
      expect(await options.evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))).toEqual([
        'team-a-1',
        'team-a-2',
      ]);
      await page.getByText(/\b4 devices\b/).waitFor();
      expect(await page.content()).not.toContain(TEAM_A);
      // Each request's headers are read back asynchronously.
      await expect.poll(() => authorizations.length, POLL).toBeGreaterThan(0);
      expect(authorizations.filter((a) => a !== `Bearer ${TEAM_A}`)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // A reset of the whole sandbox is the administrator's: the console says the sandbox refused it, and why.
      await page.getByRole('button', { name: 'Reset sandbox' }).click();
      await page.getByRole('group').getByRole('button', { name: /^Yes/ }).click();
      await page.getByRole('alert').filter({ hasText: 'team-a-' }).waitFor();
      expect((await sandbox.control.GET('/apps')).data!.apps.map((a) => a.appid)).toContain('team-b-1');
      for (const p of w.problems())
        expect(p).toMatch(
          /^console error: Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/,
        );
    } finally {
      await w.close();
    }
  });
});
