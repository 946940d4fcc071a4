// @ts-check
// What the store check costs at start (packages/sandbox/src/state/store-file.ts): before the sandbox maps its
// store, a child process reads every record. Per size (10,000 and 100,000 devices by default), a store is written
// by a sandbox (one app, its devices registered in bulk), then, several times: the child check alone (spawn to
// exit), and the whole start of a sandbox on that store (`startSandbox({ dataDir })`, the check included) and its
// stop. Prints the medians. Run: node bench/src/store-check-cost.mjs [sizes, comma-separated]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@pushapi/sandbox';

const RUNS = 5;
const BATCH = 10_000;
const checkModule = path.join(path.dirname(fileURLToPath(import.meta.resolve('@pushapi/sandbox'))), 'store-check.js');

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** @param {string} dir @param {number} devices */
async function writeStore(dir, devices) {
  const sandbox = await startSandbox({ dataDir: dir });
  await sandbox.app({ appid: 'stored-app' });
  for (let from = 0; from < devices; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, devices - from) }, (_, i) => ({
      cid: `cid-${from + i}`,
      tags: ['a', 'b'],
    }));
    const { error } = await sandbox.control.POST('/apps/{appid}/devices/batch', {
      params: { path: { appid: 'stored-app' } },
      body: { devices: batch },
    });
    if (error) throw new Error(`registering devices failed: ${JSON.stringify(error)}`);
  }
  await sandbox.stop();
}

/** @param {string} file @returns {Promise<{ ms: number, records: number }>} from spawn to exit, and the records it read */
function timeCheck(file) {
  const started = performance.now();
  const child = spawn(process.execPath, [checkModule, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, records: Number(out) })
        : reject(new Error(`the check exited ${code}`)),
    ),
  );
}

/** @param {string} dir @returns {Promise<number>} milliseconds of startSandbox on the store */
async function timeStart(dir) {
  const started = performance.now();
  const sandbox = await startSandbox({ dataDir: dir });
  const elapsed = performance.now() - started;
  await sandbox.stop();
  return elapsed;
}

const sizes = (process.argv[2] ?? '10000,100000').split(',').map(Number);
console.log(
  `store check cost, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)}, ${RUNS} runs each`,
);
console.log(
  '| devices | store size | records | the check alone (median) | the whole start, check included (median) | share |',
);
console.log('|---|---|---|---|---|---|');
for (const devices of sizes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-check-cost-'));
  try {
    await writeStore(dir, devices);
    const file = path.join(dir, 'sandbox.lmdb');
    const checks = [];
    const starts = [];
    let records = 0;
    for (let run = 0; run < RUNS; run++) {
      const check = await timeCheck(file);
      checks.push(check.ms);
      records = check.records;
      starts.push(await timeStart(dir));
    }
    const [check, start] = [median(checks), median(starts)];
    const mib = (fs.statSync(file).size / 2 ** 20).toFixed(1);
    console.log(
      `| ${devices.toLocaleString('en')} | ${mib} MiB | ${records} | ${check.toFixed(0)} ms | ${start.toFixed(0)} ms | ${((check / start) * 100).toFixed(0)} % |`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
