// Compat mode on the page, in Debian's Chromium: a request a lenient app read through a deviation shows, beside it
// in the request log, the rule it bent, where, and what the sandbox read; a strict app's refusal shows violations.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { SandboxApp } from '../../src/index.js';
import { openInbox, sandboxAndBrowser } from './helpers.js';

const shared = sandboxAndBrowser();

/** auth_sign with the timestamp as a JSON number, as a community client sends it. */
async function numericSignIn(app: SandboxApp) {
  const timestamp = 1_893_456_000_000;
  const sign = createHash('sha256').update(`${app.appkey}${timestamp}${app.mastersecret}`).digest('hex');
  const response = await fetch(`${shared.sandbox.url}/v1/${app.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: app.appkey }),
  });
  return response.status;
}

it('the request log shows the deviation a lenient app accepted beside its request, and a strict refusal as violations', {
  timeout: 120_000,
}, async () => {
  const lenient = await shared.sandbox.app({ name: 'Lenient', settings: { compat: 'lenient' } });
  const strict = await shared.sandbox.app({ name: 'Strict' });
  expect(await numericSignIn(lenient)).toBe(200);
  expect(await numericSignIn(strict)).toBe(422);
  for (const [app, expected, absent] of [
    [
      lenient,
      ['lenient: json-type', 'body.timestamp', 'the number 1893456000000 read as the string "1893456000000"'],
      'must be a string',
    ],
    [strict, ['body.timestamp', 'must be a string'], 'lenient:'],
  ] as const) {
    const w = await openInbox(shared.browser, shared.sandbox.url, { app: app.appid, tab: 'requests' });
    try {
      const row = w.page.locator('tr', { hasText: 'auth_sign' }).first();
      await row.waitFor();
      // The row's details (deviations, violations) open in place.
      await row.locator('details.log-more > summary').click();
      const text = await row.innerText();
      for (const part of expected) expect(text).toContain(part);
      expect(text).not.toContain(absent);
      expect(w.problems()).toEqual([]);
    } finally {
      await w.close();
    }
  }
});
