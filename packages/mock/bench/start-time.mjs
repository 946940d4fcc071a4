// @ts-check
// Measures how long the mocks (one per API) take from start to ready (Prism listening), over several runs.
// Usage: node bench/start-time.mjs [runs]   (default 5)
import { performance } from 'node:perf_hooks';
import { startMocks } from '../src/index.mjs';

const runs = Number(process.argv[2] ?? 5);
/** @type {number[]} */
const times = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const mocks = await startMocks({ port: 0 });
  times.push(performance.now() - started);
  await mocks.stop();
}
times.sort((a, b) => a - b);
const at = (/** @type {number} */ i) => /** @type {number} */ (times[i]);
const median = runs % 2 ? at((runs - 1) / 2) : (at(runs / 2 - 1) + at(runs / 2)) / 2;
const ms = (/** @type {number} */ t) => `${Math.round(t)} ms`;
console.log(`all mocks to ready, ${runs} runs: min ${ms(at(0))}, median ${ms(median)}, max ${ms(at(runs - 1))}`);
