// @ts-check
// Section 9: restoring a snapshot, the step a test suite runs before every test. One sandbox command (a child
// process, in memory); per run and per size, a new app whose devices are registered online in bulk, then one
// push_app so that every device has a message; the app is saved (`POST /control/snapshots`), changed (100 more
// devices) and restored (`POST /control/snapshots/{name}/restore`). Times are the sandbox's own (its request
// log's durationMs). Rows: the restore's growth at 8x the devices (1.00x is linear), and the restore against the
// baseline of rebuilding the same state (the bulk registration and the push), measured in the same run.
import { PUSH_BODY } from './client-overhead.mjs';
import { startSandboxChild } from './sandbox.mjs';
import { call, registerAndSignIn } from './sandbox-fanout.mjs';
import { summarize } from './stats.mjs';

/** Restores per app and run, at least. */
const RESTORES = 5;

/**
 * Devices restored per app and run, at least: a small app is restored more often. Five restores of 1,250 devices
 * (3 MB each) could all fall between two collections of the young generation, which a 10,000-device restore (26 MB)
 * meets within itself; over 50,000 devices' worth, every size has its share of collections in the mean.
 */
const DEVICES_RESTORED = 50_000;

/** @param {number} devices */
export const restoresFor = (devices) => Math.max(RESTORES, Math.ceil(DEVICES_RESTORED / devices));

/** @param {string} origin @param {number} devices @param {string} appid */
async function saveAndRestore(origin, devices, appid) {
  const token = await registerAndSignIn(origin, devices, appid);
  const { cid: _cid, ...body } = PUSH_BODY;
  await call(
    `${origin}/v1/${appid}/push_app`,
    'POST',
    { ...body, requestid: `snap${appid}`.padEnd(20, '0') },
    { authtoken: token },
  );
  await call(`${origin}/control/snapshots`, 'POST', { name: appid, appid });
  await call(`${origin}/control/apps/${appid}/devices/batch`, 'POST', {
    devices: Array.from({ length: 100 }, (_, i) => ({ cid: `extra-${i}` })),
  });
  // Restored several times (a restore of a restored app is the same work): one collection of the garbage
  // collector falling in one restore would otherwise decide the figure.
  const count = restoresFor(devices);
  for (let i = 0; i < count; i++) {
    const restored = await call(`${origin}/control/snapshots/${appid}/restore`, 'POST');
    if (restored.devices !== devices + 3)
      throw new Error(`the snapshot of ${devices} devices holds ${restored.devices}`);
  }
  const { devices: after } = await call(`${origin}/control/apps/${appid}/devices`, 'GET');
  if (after.length !== devices + 3)
    throw new Error(`after the restore the app has ${after.length} devices, not ${devices + 3}`);
  // The newest requests of the sandbox are this app's (the snapshot calls name no app in the log: read by path).
  /** @type {{ requests: { operation: string, path: string, method: string, durationMs: number }[] }} */
  const { requests } = await call(`${origin}/control/requests?limit=${count + 100}`, 'GET');
  const spent = (/** @type {(r: { operation: string, path: string, method: string }) => boolean} */ which) =>
    requests.filter(which).reduce((ms, r) => ms + r.durationMs, 0);
  const restores = requests.filter((r) => r.path === `/control/snapshots/${appid}/restore`).map((r) => r.durationMs);
  if (restores.length !== count) throw new Error(`the log holds ${restores.length} of the ${count} restores`);
  const restoreMs = summarize(restores).median;
  // Per restore over all of them: the collections that fell in some of them included.
  const restoreMeanMs = restores.reduce((sum, ms) => sum + ms, 0) / count;
  // The newest save is this app's (the log's last 100 requests may hold an earlier app's save as well).
  const saveMs = requests.find((r) => r.path === '/control/snapshots' && r.method === 'POST')?.durationMs ?? Number.NaN;
  // Rebuilding the same state instead: the app's batches without the last one (the 100 devices added after the
  // save), and the push.
  const batches = requests.filter((r) => r.path === `/control/apps/${appid}/devices/batch`);
  const registerMs =
    batches.slice(1).reduce((ms, r) => ms + r.durationMs, 0) + spent((r) => r.path === `/v1/${appid}/push_app`);
  await call(`${origin}/control/snapshots/${appid}`, 'DELETE');
  await call(`${origin}/control/apps/${appid}`, 'DELETE');
  return { restoreMs, restoreMeanMs, saveMs, registerMs };
}

/**
 * `cli`: another build of the sandbox command (a copy of an earlier dist/, to compare before and after in one run).
 * @param {{ runs: number, sizes: number[], cli?: string }} settings
 */
export async function benchSandboxSnapshots({ runs, sizes, cli }) {
  /** @type {Record<number, { restoreMs: number[], restoreMeanMs: number[], saveMs: number[], registerMs: number[] }>} */
  const times = Object.fromEntries(
    sizes.map((n) => [n, { restoreMs: [], restoreMeanMs: [], saveMs: [], registerMs: [] }]),
  );
  const sandbox = await startSandboxChild(cli);
  try {
    await saveAndRestore(sandbox.url, /** @type {number} */ (sizes[0]), 'snapshot-warm-up');
    for (let run = 0; run < runs; run++) {
      for (const n of sizes) {
        const t = await saveAndRestore(sandbox.url, n, `snapshot-${run}-${n}`);
        times[n]?.restoreMs.push(t.restoreMs);
        times[n]?.restoreMeanMs.push(t.restoreMeanMs);
        times[n]?.saveMs.push(t.saveMs);
        times[n]?.registerMs.push(t.registerMs);
      }
    }
  } finally {
    await sandbox.stop();
  }
  const large = /** @type {number} */ (sizes.at(-1));
  /** The restore's growth per device from one size to the next, per run (1.00x is linear), by the mean per restore. */
  const growth = (/** @type {number} */ from, /** @type {number} */ to) =>
    summarize(
      (times[to]?.restoreMeanMs ?? []).map(
        (ms, run) => ms / /** @type {number} */ (times[from]?.restoreMeanMs[run]) / (to / from),
      ),
    );
  const growthRows = sizes.slice(1).map((to, i) => {
    const from = /** @type {number} */ (sizes[i]);
    const ratio = growth(from, to);
    return {
      figure: `restore time growth, ${to.toLocaleString('en')} / ${from.toLocaleString('en')} devices, per device`,
      unit: 'x',
      ...ratio,
      baseline: { name: `${from.toLocaleString('en')} devices`, ...summarize(times[from]?.restoreMeanMs ?? []) },
      baselineUnit: 'ms',
      budget: { max: 1.3 },
      pass: ratio.median <= 1.3,
    };
  });
  const againstRegistration = summarize(
    (times[large]?.restoreMeanMs ?? []).map((ms, run) => ms / /** @type {number} */ (times[large]?.registerMs[run])),
  );
  const median = (
    /** @type {number} */ n,
    /** @type {'restoreMs' | 'restoreMeanMs' | 'saveMs' | 'registerMs'} */ what,
  ) => summarize(times[n]?.[what] ?? []).median;
  return {
    id: 'sandbox-snapshots',
    title: '9. Sandbox snapshots (restore before every test)',
    rows: [
      ...growthRows,
      {
        figure: `restore of ${large.toLocaleString('en')} devices / rebuilding them (bulk registration and the push)`,
        unit: 'x',
        ...againstRegistration,
        baseline: { name: 'rebuilding', ...summarize(times[large]?.registerMs ?? []) },
        baselineUnit: 'ms',
        budget: { max: 1 },
        pass: againstRegistration.median <= 1,
      },
    ],
    notes: [
      `${runs} runs; each app has ${sizes.join(' or ')} online devices (and the 3 magic cids), each with one message, and is saved, changed (100 more devices) and restored ${sizes.map(restoresFor).join(' or ')} times (at least ${DEVICES_RESTORED.toLocaleString('en')} devices restored, so that every size meets the garbage collector); the restored device count is checked. A run's figure is the mean per restore; the growth rows compare those.`,
      `per restore, mean: ${sizes.map((n) => `${n.toLocaleString('en')} devices ${median(n, 'restoreMeanMs').toFixed(1)} ms`).join(', ')}; the median restore (one without a collection, where most are): ${sizes.map((n) => `${n.toLocaleString('en')} devices ${median(n, 'restoreMs').toFixed(1)} ms`).join(', ')}; median save: ${sizes.map((n) => `${n.toLocaleString('en')} devices ${median(n, 'saveMs').toFixed(1)} ms`).join(', ')}.`,
      'The sandbox keeps state in memory here; with --data a restore also writes every record of the app in one LMDB batch.',
    ],
  };
}
