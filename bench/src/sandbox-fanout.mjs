// @ts-check
// Section 8: how the sandbox's cost grows with the devices a push reaches. One sandbox command (a child process,
// `--port 0 --quiet`); per run and per size, a new app whose devices are registered online in bulk
// (`POST /control/apps/{appid}/devices/batch`, 10,000 per call), then one push_app with no condition, which
// reaches every device. The figures are growths: (time at 8x the devices / time at 1x) / 8, so 1.00 is linear.
// Times are the sandbox's own (its request log's durationMs): the time it spent on those requests.
import { createHash } from 'node:crypto';
import { PUSH_BODY } from './client-overhead.mjs';
import { startSandboxChild } from './sandbox.mjs';
import { summarize } from './stats.mjs';

const BATCH = 10_000;

/** @param {string} url @param {string} method @param {unknown} [body] @param {Record<string, string>} [headers] */
export async function call(url, method, body, headers = {}) {
  const response = await fetch(url, {
    method,
    // The sandbox takes a control call that changes state only as JSON, even one without a body.
    headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A new app with `devices` online devices (`d-0`, `d-1`...), registered in bulk; returns its credentials.
 * @param {string} origin @param {number} devices @param {string} appid
 */
export async function registerApp(origin, devices, appid) {
  const credentials = { appid, appkey: `${appid}-key`, mastersecret: `${appid}-secret` };
  await call(`${origin}/control/apps`, 'POST', credentials);
  for (let first = 0; first < devices; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, devices - first) }, (_, i) => ({
      cid: `d-${first + i}`,
      online: true,
    }));
    await call(`${origin}/control/apps/${appid}/devices/batch`, 'POST', { devices: batch });
  }
  return credentials;
}

/**
 * registerApp, then the app's push v1 sign-in (auth_sign): returns its auth token.
 * @param {string} origin @param {number} devices @param {string} appid
 */
export async function registerAndSignIn(origin, devices, appid) {
  const credentials = await registerApp(origin, devices, appid);
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(credentials.appkey + timestamp + credentials.mastersecret)
    .digest('hex');
  const { auth_token: token } = await call(`${origin}/v1/${appid}/auth_sign`, 'POST', {
    sign,
    timestamp,
    appkey: credentials.appkey,
  });
  return token;
}

/**
 * A new app with `devices` online devices, then one push_app to all of them. Returns the time the sandbox spent on
 * the registration calls and on push_app, as its request log reports them (the time from reading the request to
 * answering it, so connection and client costs stay out of the figure).
 * @param {string} origin @param {number} devices @param {string} appid
 */
async function fanOut(origin, devices, appid) {
  const token = await registerAndSignIn(origin, devices, appid);
  const { cid: _cid, ...body } = PUSH_BODY;
  const answer = await call(
    `${origin}/v1/${appid}/push_app`,
    'POST',
    { ...body, requestid: `fanout${appid}`.padEnd(20, '0') },
    { authtoken: token },
  );
  if (answer.result !== 'ok') throw new Error(`push_app to ${devices} devices answered ${JSON.stringify(answer)}`);
  const task = await call(`${origin}/control/apps/${appid}/tasks/${answer.taskid}`, 'GET');
  // Every device received it (besides the magic cids).
  if (task.stats.received < devices)
    throw new Error(`push_app to ${devices} devices: only ${task.stats.received} received it`);
  const { requests } = await call(`${origin}/control/requests?appid=${appid}&limit=100`, 'GET');
  const spent = (/** @type {string} */ operation) =>
    requests
      .filter((/** @type {{ operation: string }} */ r) => r.operation === operation)
      .reduce((/** @type {number} */ ms, /** @type {{ durationMs: number }} */ r) => ms + r.durationMs, 0);
  await call(`${origin}/control/apps/${appid}`, 'DELETE');
  return { registerMs: spent('createDevices'), pushMs: spent('push_app') };
}

/** @param {{ runs: number, sizes: number[] }} settings */
export async function benchSandboxFanout({ runs, sizes }) {
  /** @type {Record<number, { registerMs: number[], pushMs: number[] }>} */
  const times = Object.fromEntries(sizes.map((n) => [n, { registerMs: [], pushMs: [] }]));
  const sandbox = await startSandboxChild();
  try {
    // A first round at the smallest size, not counted: the sandbox compiles each schema on its first use.
    await fanOut(sandbox.url, /** @type {number} */ (sizes[0]), 'fanout-warm-up');
    for (let run = 0; run < runs; run++) {
      for (const n of sizes) {
        const t = await fanOut(sandbox.url, n, `fanout-${run}-${n}`);
        times[n]?.registerMs.push(t.registerMs);
        times[n]?.pushMs.push(t.pushMs);
      }
    }
  } finally {
    await sandbox.stop();
  }
  /** @type {import('./table.mjs').Row[]} */
  const rows = [];
  for (let i = 1; i < sizes.length; i++) {
    const small = /** @type {number} */ (sizes[i - 1]);
    const large = /** @type {number} */ (sizes[i]);
    const growth = (/** @type {'pushMs' | 'registerMs'} */ what) => {
      const a = times[small]?.[what] ?? [];
      const b = times[large]?.[what] ?? [];
      return b.map((value, run) => value / /** @type {number} */ (a[run]) / (large / small));
    };
    for (const [what, label] of /** @type {const} */ ([
      ['pushMs', 'push_app'],
      ['registerMs', 'bulk registration'],
    ])) {
      const ratio = summarize(growth(what));
      rows.push({
        figure: `${label} time growth, ${large.toLocaleString('en')} / ${small.toLocaleString('en')} devices, per device`,
        unit: 'x',
        ...ratio,
        baseline: { name: `${small.toLocaleString('en')} devices`, ...summarize(times[small]?.[what] ?? []) },
        baselineUnit: 'ms',
        budget: { max: 1.5 },
        pass: ratio.median <= 1.5,
      });
    }
  }
  const perDevice = (/** @type {'pushMs' | 'registerMs'} */ what) =>
    sizes
      .map((n) => `${n.toLocaleString('en')}: ${Math.round((summarize(times[n]?.[what] ?? []).median * 1000) / n)} µs`)
      .join(', ');
  return {
    id: 'sandbox-fanout',
    title: '8. Sandbox fan-out (push_app to every device of an app)',
    rows,
    notes: [
      `${runs} runs; each registers ${sizes.join(', ')} online devices in new apps (bulk, ${BATCH.toLocaleString('en')} per call), then times one push_app with no condition (every device receives it, checked).`,
      `A growth of 1.00x is linear: the time at the larger size is exactly as many times the smaller size's as there are devices more.`,
      `push_app, median µs per device: ${perDevice('pushMs')}.`,
      `bulk registration, median µs per device: ${perDevice('registerMs')}.`,
    ],
  };
}
