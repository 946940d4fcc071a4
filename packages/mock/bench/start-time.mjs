// Measures how long both mocks take from start to ready (Prism listening), over several runs.
// Usage: node bench/start-time.mjs [runs]   (default 5)
import { performance } from 'node:perf_hooks';
import { startMocks } from '../src/index.mjs';

const runs = Number(process.argv[2] ?? 5);
const times = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const mocks = await startMocks({ pushPort: 0, dmpPort: 0 });
  times.push(performance.now() - started);
  await mocks.stop();
}
times.sort((a, b) => a - b);
const median = runs % 2 ? times[(runs - 1) / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
const ms = (/** @type {number} */ t) => `${Math.round(t)} ms`;
console.log(`both mocks to ready, ${runs} runs: min ${ms(times[0])}, median ${ms(median)}, max ${ms(times.at(-1))}`);
