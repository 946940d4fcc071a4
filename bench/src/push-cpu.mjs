// @ts-check
// The CPU time the sandbox command's process spends per push_single, two builds alternating in one sitting. On a
// machine shared with other jobs, req/s moves by a tenth from run to run with nothing changed; the process's own
// user and system time over a fixed number of requests moves less, and a pair run one after the other drifts less
// than the machine does, so the figure to quote is the median of the pairs' ratios. Loaded as section 6 loads it
// (pushLoad: autocannon, 10 connections, every request a new requestid, every answer checked 2xx and `ok`), after a
// warm-up of a quarter of the requests. (`durationS` only bounds a load that stalls: `amount` ends it.) Linux only: the times are read from /proc/<pid>/stat.
//   node bench/src/push-cpu.mjs --cli=<the other build's dist/cli.js> [--pairs=6] [--requests=40000]
import fs from 'node:fs';
import os from 'node:os';
import { pushLoad, sandboxCli, signIn, startSandboxChild } from './sandbox.mjs';
import { median } from './stats.mjs';

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
  const sandbox = await startSandboxChild(cli);
  try {
    const origin = new URL(sandbox.url).origin;
    const token = await signIn(origin);
    const load = (/** @type {number} */ amount) => pushLoad(origin, token, { durationS: 600, connections: 10, amount });
    await load(Math.round(requests / 4));
    const stat = () => ticksOfStat(fs.readFileSync(`/proc/${sandbox.pid}/stat`, 'utf8'));
    const before = stat();
    await load(requests);
    const after = stat();
    const us = (/** @type {number} */ ticks) => (ticks / TICKS_PER_S / requests) * 1e6;
    return { userUs: us(after.user - before.user), systemUs: us(after.system - before.system) };
  } finally {
    await sandbox.stop();
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
    const [first, second] = i % 2 ? [sandboxCli, other] : [other, sandboxCli];
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
