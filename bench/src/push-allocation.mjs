// @ts-check
// What a push_single allocates, and where: the sandbox in this process (startSandbox), loaded from a child process as
// section 6 loads it (autocannon, 10 connections, every request a new requestid), under V8's sampling heap profiler
// with the objects the collector took included, after a warm-up. Prints the bytes per request and the functions that
// allocated most. Allocation is what a busy machine moves least: the figure to compare builds by.
//   node bench/src/push-allocation.mjs [--seconds=4] [--top=20] [--sandbox=<another build's dist/index.js>]
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { pushLoad, signIn } from './sandbox.mjs';

const option = (/** @type {string} */ name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/**
 * Bytes allocated by each function of a sampling heap profile (self size), largest first.
 * @param {{ head: { callFrame: { functionName: string, url: string, lineNumber: number }, selfSize: number, children: any[] } }} profile
 */
export function allocationByFunction(profile) {
  /** @type {Map<string, number>} */
  const bytes = new Map();
  const stack = [profile.head];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').at(-1) ?? ''}:${lineNumber}`;
    bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
    stack.push(...node.children);
  }
  return [...bytes].sort((a, b) => b[1] - a[1]);
}

/** The load, in a child process of its own: its allocations stay out of the profile. Prints the requests answered. */
async function loadChild() {
  const [origin = '', seconds = '1'] = process.argv.slice(3);
  const token = await signIn(origin);
  const rps = await pushLoad(origin, token, { durationS: Number(seconds), connections: 10 });
  process.stdout.write(String(Math.round(rps * Number(seconds))));
}

/** @param {string} origin @param {number} seconds @returns {Promise<number>} */
function load(origin, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--load', origin, String(seconds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`the load exited ${code}`))));
  });
}

async function main() {
  const seconds = Number(option('seconds') ?? 4);
  const top = Number(option('top') ?? 20);
  const module = option('sandbox') ?? '@pushapi/sandbox';
  const { startSandbox } = await import(module);
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const origin = new URL(sandbox.url).origin;
  try {
    await load(origin, Math.max(1, seconds / 2));
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const requests = await load(origin, seconds);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    const rows = allocationByFunction(/** @type {any} */ (profile));
    const total = rows.reduce((sum, [, b]) => sum + b, 0);
    console.log(
      `push_single: ${requests} requests, ${Math.round(total / requests).toLocaleString('en')} bytes allocated per request`,
    );
    for (const [name, b] of rows.slice(0, top)) console.log(`${String(Math.round(b / requests)).padStart(7)}  ${name}`);
  } finally {
    await sandbox.stop();
  }
}

if (process.argv.includes('--load')) await loadChild();
else if (import.meta.url === `file://${process.argv[1]}`) await main();
