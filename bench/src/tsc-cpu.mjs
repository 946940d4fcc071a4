// @ts-check
// Runs tsc in this process (arguments as for tsc) and, on exit, prints the CPU time the whole process used
// (user + system, node start-up included) as a last stdout line `BENCH_CPU_MS <ms>`. CPU time is what
// the compile costs; unlike wall time it hardly moves when other processes share the cores.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  fs.writeSync(1, `\nBENCH_CPU_MS ${((user + system) / 1000).toFixed(1)}\n`);
});
// tsc reads its arguments from process.argv.slice(2), compiles, and exits with its status.
require('typescript/lib/tsc.js');
