// @ts-check
// What a socket write costs a server, as its own work per request grows. The fixed node:http server (fixed-server.mjs)
// with 0 to 200 µs of busy work before each answer, under the load of section 6 (autocannon, 10 connections,
// push_single), under `node --cpu-prof`: per step, requests per second and the µs per request its profile spends in
// the `writev` system call. On loopback the kernel delivers the answer within the sender's write, and wakes the
// client if it sleeps: a fast server writes to a client that is busy, a slow one to a client that waits for it.
//   node bench/src/write-cost.mjs [--seconds=6] [--steps=0,50,100,150,200] [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PUSH_BODY } from './client-overhead.mjs';
import { startFixedServer } from './fixed-server.mjs';

/** @param {string} name @param {string} fallback */
const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/**
 * Self time of the frames named `name` in a profile, in µs.
 * @param {{ nodes: { id: number, callFrame: { functionName: string } }[], samples: number[], timeDeltas: number[] }} profile
 * @param {string} name
 */
export function selfTimeOf(profile, name) {
  const named = new Set(profile.nodes.filter((n) => n.callFrame.functionName === name).map((n) => n.id));
  let us = 0;
  profile.samples.forEach((sample, i) => {
    if (named.has(sample)) us += profile.timeDeltas[i + 1] ?? 0;
  });
  return us;
}

/**
 * One step: the server with `spinUs` of work, loaded for `seconds`; its req/s and writev µs per request.
 * @param {number} spinUs @param {number} seconds
 */
async function step(spinUs, seconds) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-cost-'));
  const server = await startFixedServer({ spinUs, execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  let result;
  try {
    result = await autocannon({
      url: `${server.url}/v1/bench-app/push_single`,
      connections: 10,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PUSH_BODY),
    });
  } finally {
    await server.stop();
  }
  const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`write-cost: the server with ${spinUs} µs of work left no profile in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  if (result.errors || result.non2xx) throw new Error(`write-cost: ${result.errors} errors, ${result.non2xx} non-2xx`);
  const requests = result.requests.total;
  return { spinUs, reqPerS: requests / seconds, writevUs: selfTimeOf(profile, 'writev') / requests };
}

/** Runs the steps and prints the table (or the rows as JSON with --json). */
async function main() {
  const seconds = Number(option('seconds', '6'));
  const steps = option('steps', '0,50,100,150,200').split(',').map(Number);
  const rows = [];
  for (const spinUs of steps) rows.push(await step(spinUs, seconds));
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else {
    const first = rows[0]?.reqPerS ?? 1;
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${seconds} s per step\n`,
    );
    console.log('| own work per request | req/s | / no work | writev µs per request |');
    console.log('|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.spinUs} µs | ${Math.round(r.reqPerS)} | ${(r.reqPerS / first).toFixed(2)}x | ${r.writevUs.toFixed(1)} |`,
      );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
