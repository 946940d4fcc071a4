// @ts-check
// The breakdown of one push_single: the sandbox command in a child process under `node --cpu-prof` and
// `--trace-gc-nvp`, loaded as section 6 loads it (autocannon, 10 connections, every request a new requestid, every
// answer checked), a warm-up first, then a measured phase. Each CPU sample of the measured phase is put in one part
// of the request path (profile-parts.mjs) by the innermost frame that names a part; the GC lines of that phase give
// the bytes allocated and the pause per request.
//   node bench/src/profile-push.mjs [--seconds=6] [--warmup=2] [--connections=10] [--json] [--keep=<file.cpuprofile>]
//     [--cli=<another build's dist/cli.js>, to profile an earlier build in the same sitting]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { partOfStack, PARTS } from './profile-parts.mjs';
import { pushLoad, signIn, startSandboxChild } from './sandbox.mjs';

/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
};

/** Microseconds of CLOCK_MONOTONIC: the clock V8 stamps its profile samples with on Linux. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time of the samples taken between `from` and `to` (µs, monotonic), summed by part of the request path.
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string }, children?: number[] }[], startTime: number, samples: number[], timeDeltas: number[] }} profile
 * @param {number} from @param {number} to
 */
export function partsOfProfile(profile, from, to) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, { callFrame: n.callFrame, parent: -1 }]));
  for (const n of profile.nodes)
    for (const child of n.children ?? []) {
      const node = nodes.get(child);
      if (node) node.parent = n.id;
    }
  /** The part of each node, found once per node (a stack is its node's chain of parents). */
  /** @type {Map<number, string>} */
  const partOf = new Map();
  const part = (/** @type {number} */ id) => {
    let found = partOf.get(id);
    if (found === undefined) {
      const stack = [];
      for (let node = nodes.get(id); node; node = nodes.get(node.parent)) stack.push(node.callFrame);
      partOf.set(id, (found = partOfStack(stack)));
    }
    return found;
  };
  /** @type {Map<string, number>} */
  const us = new Map(PARTS.map((p) => [p, 0]));
  let t = profile.startTime;
  profile.samples.forEach((sample, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < from || t > to) return;
    // A sample's time is the gap to the next one: the interval it stands for.
    const spent = profile.timeDeltas[i + 1] ?? delta;
    const p = part(sample);
    us.set(p, (us.get(p) ?? 0) + spent);
  });
  return us;
}

/** Sums `allocated=` and `pause=` of the GC lines (`--trace-gc-nvp`), and counts the collections by kind. */
export function gcOfLines(/** @type {string[]} */ lines) {
  let allocated = 0;
  let pauseMs = 0;
  /** @type {Record<string, number>} */
  const kinds = {};
  for (const line of lines) {
    const kind = /\bgc=(\w+)/.exec(line)?.[1];
    if (!kind) continue;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    allocated += Number(/\ballocated=(\d+)/.exec(line)?.[1] ?? 0);
    pauseMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
  }
  return { allocated, pauseMs, kinds };
}

async function main() {
  const seconds = option('seconds', 6);
  const warmup = option('warmup', 2);
  const connections = option('connections', 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-profile-'));
  /** @type {string[]} */
  const gcLines = [];
  let counting = false;
  const cli = process.argv.find((a) => a.startsWith('--cli='))?.slice(6);
  const sandbox = await startSandboxChild(cli, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--trace-gc-nvp'],
    // Only the collections of the measured phase count; V8 prints them on the child's stdout.
    lines: (line) => {
      if (/\bgc=/.test(line)) {
        if (counting) gcLines.push(line);
      }
    },
  });
  const token = await signIn(sandbox.url);
  await pushLoad(sandbox.url, token, { durationS: warmup, connections });
  counting = true;
  const from = monotonicUs();
  const rps = await pushLoad(sandbox.url, token, { durationS: seconds, connections });
  const to = monotonicUs();
  counting = false;
  await sandbox.stop();
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the sandbox wrote no CPU profile to ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  // --keep=<file>: the profile itself, for Chrome's DevTools or a closer look.
  const keep = process.argv.find((a) => a.startsWith('--keep='))?.slice(7);
  if (keep) fs.copyFileSync(path.join(dir, file), keep);
  fs.rmSync(dir, { recursive: true, force: true });
  const requests = (rps * (to - from)) / 1e6;
  return {
    rps,
    requests,
    windowS: (to - from) / 1e6,
    parts: partsOfProfile(profile, from, to),
    gc: gcOfLines(gcLines),
  };
}

/** The table of the bench README: µs per request and % of the busy time, by part; then allocation and GC. */
function report(/** @type {Awaited<ReturnType<typeof main>>} */ { rps, requests, windowS, parts, gc }) {
  const idle = parts.get('idle') ?? 0;
  const busy = [...parts.values()].reduce((a, b) => a + b, 0) - idle;
  const lines = [
    `push_single: ${Math.round(rps)} req/s over ${windowS.toFixed(1)} s; busy ${(busy / requests).toFixed(1)} µs per request (idle ${(idle / requests).toFixed(1)} µs)`,
    '',
    '| part | µs per request | % of busy time |',
    '|---|---|---|',
  ];
  for (const [part, us] of parts) {
    if (part === 'idle') continue;
    lines.push(`| ${part} | ${(us / requests).toFixed(1)} | ${((100 * us) / busy).toFixed(1)} |`);
  }
  const kinds = Object.entries(gc.kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  lines.push(
    '',
    `allocated: ${Math.round(gc.allocated / requests).toLocaleString('en')} bytes per request; GC pauses ${((1000 * gc.pauseMs) / requests).toFixed(1)} µs per request (${kinds || 'no collections'})`,
  );
  return lines.join('\n');
}

const result = await main();
if (process.argv.includes('--json'))
  console.log(JSON.stringify({ ...result, parts: Object.fromEntries(result.parts) }, null, 2));
else console.log(report(result));
