// @ts-check
// Section 10: how the cost of checking a request grows with its body. One sandbox command (a child process); per
// run and per size, a push_single_batch of valid items (pushed to magic-online; 100, 1,000 and 8,000: 10,000 valid
// items do not fit the 1 MiB body limit) and one of empty items (100, 1,000 and 10,000, each missing its message,
// template, target and requestid: refused, 422). The figures are growths: (time at k times the items / time at
// 1x) / k, so 1.00 is linear. Times are the sandbox's own (its request log's
// durationMs). Until the check stopped at 200 violations and asked Ajv for validity without gathering errors, 3,000
// invalid items took 9 s and grew as N squared.
import { createHash } from 'node:crypto';
import { call } from './sandbox-fanout.mjs';
import { startSandboxChild } from './sandbox.mjs';
import { summarize } from './stats.mjs';

const APP = { appid: 'sandbox-app', appkey: 'sandbox-appkey', mastersecret: 'sandbox-mastersecret' };

/** @param {string} origin */
async function signIn(origin) {
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(APP.appkey + timestamp + APP.mastersecret)
    .digest('hex');
  const { auth_token: token } = await call(`${origin}/v1/${APP.appid}/auth_sign`, 'POST', {
    sign,
    timestamp,
    appkey: APP.appkey,
  });
  return /** @type {string} */ (token);
}

/** @param {number} n @param {boolean} valid @param {string} prefix */
function batch(n, valid, prefix) {
  const item = (/** @type {number} */ i) => ({
    // As short as a valid item is (about 130 bytes), so that 8,000 fit in a body.
    message: { msgtype: 'transmission' },
    transmission: { transmission_content: 'x' },
    cid: 'magic-online',
    requestid: `${prefix}${String(i).padStart(6, '0')}`,
  });
  return { msg_list: Array.from({ length: n }, (_, i) => (valid ? item(i) : {})) };
}

/**
 * One push_single_batch; returns the sandbox's time for it (request log) and the answer's bytes.
 * @param {string} origin @param {string} token @param {number} n @param {boolean} valid @param {string} prefix
 */
async function timed(origin, token, n, valid, prefix) {
  const response = await fetch(`${origin}/v1/${APP.appid}/push_single_batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authtoken: token },
    body: JSON.stringify(batch(n, valid, prefix)),
  });
  const text = await response.text();
  const expected = valid ? 200 : 422;
  if (response.status !== expected || (valid && JSON.parse(text).result !== 'ok'))
    throw new Error(`${n} ${valid ? 'valid' : 'invalid'} items answered ${response.status}: ${text.slice(0, 300)}`);
  const { requests } = await call(`${origin}/control/requests?appid=${APP.appid}&limit=1`, 'GET');
  return { ms: /** @type {number} */ (requests[0].durationMs), answerBytes: Buffer.byteLength(text) };
}

/** @param {{ runs: number, sizes: { valid: number[], invalid: number[] }, cli?: string }} settings */
export async function benchSandboxValidation({ runs, sizes: sizesOf, cli }) {
  const sizes = (/** @type {boolean} */ valid) => (valid ? sizesOf.valid : sizesOf.invalid);
  /** @type {Record<string, number[]>} */
  const times = {};
  /** @type {Record<string, number>} */
  const answers = {};
  const key = (/** @type {boolean} */ valid, /** @type {number} */ n) => `${valid ? 'valid' : 'invalid'} ${n}`;
  const sandbox = await startSandboxChild(cli);
  try {
    const token = await signIn(sandbox.url);
    // A first round, not counted: the sandbox compiles each schema on its first use.
    for (const valid of [true, false])
      await timed(sandbox.url, token, /** @type {number} */ (sizes(valid)[0]), valid, 'warm');
    for (let run = 0; run < runs; run++) {
      for (const valid of [true, false]) {
        for (const n of sizes(valid)) {
          const t = await timed(sandbox.url, token, n, valid, `r${run}s${sizes(valid).indexOf(n)}`);
          (times[key(valid, n)] ??= []).push(t.ms);
          answers[key(valid, n)] = t.answerBytes;
        }
      }
    }
  } finally {
    await sandbox.stop();
  }
  /** @type {import('./table.mjs').Row[]} */
  const rows = [];
  for (const valid of [true, false]) {
    for (let i = 1; i < sizes(valid).length; i++) {
      const small = /** @type {number} */ (sizes(valid)[i - 1]);
      const large = /** @type {number} */ (sizes(valid)[i]);
      const a = times[key(valid, small)] ?? [];
      const growth = summarize(
        (times[key(valid, large)] ?? []).map((ms, run) => ms / /** @type {number} */ (a[run]) / (large / small)),
      );
      rows.push({
        figure: `push_single_batch of ${valid ? 'valid' : 'invalid'} items, time growth ${large.toLocaleString('en')} / ${small.toLocaleString('en')}, per item`,
        unit: 'x',
        ...growth,
        baseline: { name: `${small.toLocaleString('en')} items`, ...summarize(a) },
        baselineUnit: 'ms',
        budget: { max: 1.5 },
        pass: growth.median <= 1.5,
      });
    }
  }
  const perSize = (/** @type {boolean} */ valid) =>
    sizes(valid)
      .map(
        (n) =>
          `${n.toLocaleString('en')}: ${summarize(times[key(valid, n)] ?? []).median.toFixed(1)} ms (answer ${(answers[key(valid, n)] ?? 0).toLocaleString('en')} bytes)`,
      )
      .join(', ');
  return {
    id: 'sandbox-validation',
    title: '10. Sandbox validation (push_single_batch, valid and invalid items)',
    rows,
    notes: [
      `${runs} runs; each sends push_single_batch of ${sizesOf.valid.join(', ')} valid items (pushed) and of ${sizesOf.invalid.join(', ')} empty items (refused, 422), timed by the sandbox's request log.`,
      'A growth of 1.00x is linear; an invalid body grows less, since the check explains the first 200 violations and only counts the rest.',
      `valid, median: ${perSize(true)}.`,
      `invalid, median: ${perSize(false)}.`,
    ],
  };
}
