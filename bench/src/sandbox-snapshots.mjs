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

/** Restores per app and run; the run's figure is their median. */
const RESTORES = 5;

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
  for (let i = 0; i < RESTORES; i++) {
    const restored = await call(`${origin}/control/snapshots/${appid}/restore`, 'POST');
    if (restored.devices !== devices + 3)
      throw new Error(`the snapshot of ${devices} devices holds ${restored.devices}`);
  }
  const { devices: after } = await call(`${origin}/control/apps/${appid}/devices`, 'GET');
  if (after.length !== devices + 3)
    throw new Error(`after the restore the app has ${after.length} devices, not ${devices + 3}`);
  // The newest requests of the sandbox are this app's (the snapshot calls name no app in the log: read by path).
  /** @type {{ requests: { operation: string, path: string, method: string, durationMs: number }[] }} */
  const { requests } = await call(`${origin}/control/requests?limit=100`, 'GET');
  const spent = (/** @type {(r: { operation: string, path: string, method: string }) => boolean} */ which) =>
    requests.filter(which).reduce((ms, r) => ms + r.durationMs, 0);
  const restores = requests.filter((r) => r.path === `/control/snapshots/${appid}/restore`).map((r) => r.durationMs);
  const restoreMs = summarize(restores).median;
  // The newest save is this app's (the log's last 100 requests may hold an earlier app's save as well).
  const saveMs = requests.find((r) => r.path === '/control/snapshots' && r.method === 'POST')?.durationMs ?? Number.NaN;
  // Rebuilding the same state instead: the app's batches without the last one (the 100 devices added after the
  // save), and the push.
  const batches = requests.filter((r) => r.path === `/control/apps/${appid}/devices/batch`);
  const registerMs =
    batches.slice(1).reduce((ms, r) => ms + r.durationMs, 0) + spent((r) => r.path === `/v1/${appid}/push_app`);
  await call(`${origin}/control/snapshots/${appid}`, 'DELETE');
  await call(`${origin}/control/apps/${appid}`, 'DELETE');
  return { restoreMs, saveMs, registerMs };
}

/**
 * `cli`: another build of the sandbox command (a copy of an earlier dist/, to compare before and after in one run).
 * @param {{ runs: number, sizes: number[], cli?: string }} settings
 */
export async function benchSandboxSnapshots({ runs, sizes, cli }) {
  /** @type {Record<number, { restoreMs: number[], saveMs: number[], registerMs: number[] }>} */
  const times = Object.fromEntries(sizes.map((n) => [n, { restoreMs: [], saveMs: [], registerMs: [] }]));
  const sandbox = await startSandboxChild(cli);
  try {
    await saveAndRestore(sandbox.url, /** @type {number} */ (sizes[0]), 'snapshot-warm-up');
    for (let run = 0; run < runs; run++) {
      for (const n of sizes) {
        const t = await saveAndRestore(sandbox.url, n, `snapshot-${run}-${n}`);
        times[n]?.restoreMs.push(t.restoreMs);
        times[n]?.saveMs.push(t.saveMs);
        times[n]?.registerMs.push(t.registerMs);
      }
    }
  } finally {
    await sandbox.stop();
  }
  const large = /** @type {number} */ (sizes.at(-1));
  /** The restore's growth per device from one size to the next, per run (1.00x is linear). */
  const growth = (/** @type {number} */ from, /** @type {number} */ to) =>
    summarize(
      (times[to]?.restoreMs ?? []).map(
        (ms, run) => ms / /** @type {number} */ (times[from]?.restoreMs[run]) / (to / from),
      ),
    );
  const growthRows = sizes.slice(1).map((to, i) => {
    const from = /** @type {number} */ (sizes[i]);
    const ratio = growth(from, to);
    return {
      figure: `restore time growth, ${to.toLocaleString('en')} / ${from.toLocaleString('en')} devices, per device`,
      unit: 'x',
      ...ratio,
      baseline: { name: `${from.toLocaleString('en')} devices`, ...summarize(times[from]?.restoreMs ?? []) },
      baselineUnit: 'ms',
      budget: { max: 1.5 },
      pass: ratio.median <= 1.5,
    };
  });
  const againstRegistration = summarize(
    (times[large]?.restoreMs ?? []).map((ms, run) => ms / /** @type {number} */ (times[large]?.registerMs[run])),
  );
  const median = (/** @type {number} */ n, /** @type {'restoreMs' | 'saveMs' | 'registerMs'} */ what) =>
    summarize(times[n]?.[what] ?? []).median;
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
      `${runs} runs; each app has ${sizes.join(' or ')} online devices (and the 3 magic cids), each with one message, and is saved, changed (100 more devices) and restored ${RESTORES} times (the run's figure is their median); the restored device count is checked.`,
      `median restore: ${sizes.map((n) => `${n.toLocaleString('en')} devices ${median(n, 'restoreMs').toFixed(1)} ms`).join(', ')}; median save: ${sizes.map((n) => `${n.toLocaleString('en')} devices ${median(n, 'saveMs').toFixed(1)} ms`).join(', ')}.`,
      'The sandbox keeps state in memory here; with --data a restore also writes every record of the app in one LMDB batch.',
    ],
  };
}
