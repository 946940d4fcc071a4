// @ts-check
// The CPU time the sandbox command's process spends per push_single, two builds alternating in one sitting. On a
// machine shared with other jobs, req/s moves by a tenth from run to run with nothing changed; the process's own
// user and system time over a fixed number of requests moves less, and a pair run one after the other drifts less
// than the machine does, so the figure to quote is the median of the pairs' ratios. Loaded as section 6 loads it
// (autocannon, 10 connections, every request a new requestid, every answer checked 2xx), after a warm-up of a
// quarter of the requests. Linux only: the times are read from /proc/<pid>/stat.
//   node bench/src/push-cpu.mjs --cli=<the other build's dist/cli.js> [--pairs=6] [--requests=40000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { PUSH_BODY } from './client-overhead.mjs';
import { signIn } from './sandbox.mjs';
import { median } from './stats.mjs';

const require = createRequire(import.meta.url);
const builtCli = path.join(path.dirname(require.resolve('@pushapi/sandbox/package.json')), 'dist', 'cli.js');

/** The clock ticks a process's /proc stat line gives as user and system time (fields 14 and 15). */
export function ticksOfStat(/** @type {string} */ stat) {
  // The command name (field 2) is in parentheses and may hold spaces: the fields after it are counted from there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux for every architecture this runs on). */
const TICKS_PER_S = 100;

/** @param {string} cli @param {number} requests */
async function cpuPerPush(cli, requests) {
  const child = spawn(process.execPath, [cli, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the sandbox at ${cli} exited (${code}) before it listened`)));
      readline
        .createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })
        .on('line', (line) => {
          const match = /listening on (http:\/\/\S+)/.exec(line);
          if (match) resolve(String(match[1]));
        });
    });
    const origin = new URL(url).origin;
    const token = await signIn(origin);
    let n = 0;
    const load = async (/** @type {number} */ amount) => {
      const result = await autocannon({
        url: origin,
        connections: 10,
        amount,
        requests: [
          {
            method: 'POST',
            path: '/v1/sandbox-app/push_single',
            headers: { 'content-type': 'application/json', authtoken: token },
            setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({
              ...request,
              body: JSON.stringify({
                ...PUSH_BODY,
                cid: 'magic-online',
                requestid: `cpu${String(++n).padStart(29, '0')}`,
              }),
            }),
          },
        ],
      });
      if (result.errors || result.timeouts || result.non2xx)
        throw new Error(
          `push_single under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
        );
    };
    await load(Math.round(requests / 4));
    const stat = () => ticksOfStat(fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8'));
    const before = stat();
    await load(requests);
    const after = stat();
    const us = (/** @type {number} */ ticks) => (ticks / TICKS_PER_S / requests) * 1e6;
    return { userUs: us(after.user - before.user), systemUs: us(after.system - before.system) };
  } finally {
    child.kill('SIGTERM');
  }
}

const option = (/** @type {string} */ name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

if (import.meta.url === `file://${process.argv[1]}`) {
  const other = option('cli');
  if (!other)
    throw new Error(
      'usage: node bench/src/push-cpu.mjs --cli=<the other build dist/cli.js> [--pairs=6] [--requests=40000]',
    );
  const pairs = Number(option('pairs') ?? 6);
  const requests = Number(option('requests') ?? 40_000);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${pairs} pairs of ${requests} requests`,
  );
  /** @type {number[]} */
  const ratios = [];
  for (let i = 0; i < pairs; i++) {
    // The order turns every pair, so that neither build always runs on a machine warmed by the other.
    const [first, second] = i % 2 ? [builtCli, other] : [other, builtCli];
    const a = await cpuPerPush(first, requests);
    const b = await cpuPerPush(second, requests);
    const [base, built] = first === other ? [a, b] : [b, a];
    const ratio = (built.userUs + built.systemUs) / (base.userUs + base.systemUs);
    ratios.push(ratio);
    const text = (/** @type {{ userUs: number, systemUs: number }} */ c) =>
      `${c.userUs.toFixed(1)} + ${c.systemUs.toFixed(1)} µs`;
    console.log(`pair ${i + 1}: other ${text(base)}, built ${text(built)}: ${ratio.toFixed(3)}x`);
  }
  console.log(
    `CPU per push_single, built / other: median ${median(ratios).toFixed(3)}x (${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)})`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
