// @ts-check
// Section 3: what the client's types cost a consumer. `tsc --noEmit` of a small consumer making ten typed
// calls (type-cost/with-calls) against the same consumer with the calls removed (type-cost/no-calls),
// alternating, several runs. The budget is on the CPU time of the whole `tsc` process (start-up, parse,
// check); wall time, tsc's own check time and the instantiation count are reported beside it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchDir } from './paths.mjs';
import { ratios, summarize } from './stats.mjs';

const tscRunner = fileURLToPath(new URL('./tsc-cpu.mjs', import.meta.url));
export const consumers = {
  withCalls: path.join(benchDir, 'type-cost', 'with-calls'),
  noCalls: path.join(benchDir, 'type-cost', 'no-calls'),
};

/**
 * One `tsc --noEmit` of a consumer project; throws when it does not compile.
 * @param {string} project
 * @returns {{ wallMs: number, cpuMs: number, checkMs: number, instantiations: number }}
 */
export function compileConsumer(project) {
  const started = performance.now();
  const res = spawnSync(process.execPath, [tscRunner, '-p', project, '--noEmit', '--extendedDiagnostics'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const wallMs = performance.now() - started;
  if (res.error) throw res.error;
  if (res.status !== 0)
    throw new Error(`tsc failed on ${path.relative(benchDir, project)}:\n${res.stdout.slice(0, 2000)}`);
  const number = (/** @type {RegExp} */ re) => Number(re.exec(res.stdout)?.[1] ?? NaN);
  return {
    wallMs,
    cpuMs: number(/^BENCH_CPU_MS ([\d.]+)$/m),
    checkMs: number(/^Check time:\s+([\d.]+)s$/m) * 1000,
    instantiations: number(/^Instantiations:\s+(\d+)$/m),
  };
}

/** @param {{ runs: number }} settings */
export function benchTypeCost({ runs }) {
  /** @type {ReturnType<typeof compileConsumer>[]} */
  const withCalls = [];
  /** @type {typeof withCalls} */
  const noCalls = [];
  compileConsumer(consumers.noCalls); // warm-up: file cache, and a compile error shows up before timing
  compileConsumer(consumers.withCalls);
  for (let i = 0; i < runs; i++) {
    // Alternate which one runs first, so that neither profits from the other's warm file cache.
    if (i % 2) {
      withCalls.push(compileConsumer(consumers.withCalls));
      noCalls.push(compileConsumer(consumers.noCalls));
    } else {
      noCalls.push(compileConsumer(consumers.noCalls));
      withCalls.push(compileConsumer(consumers.withCalls));
    }
  }
  const cpu = summarize(
    ratios(
      withCalls.map((r) => r.cpuMs),
      noCalls.map((r) => r.cpuMs),
    ),
  );
  const wall = summarize(
    ratios(
      withCalls.map((r) => r.wallMs),
      noCalls.map((r) => r.wallMs),
    ),
  );
  const check = summarize(
    ratios(
      withCalls.map((r) => r.checkMs),
      noCalls.map((r) => Math.max(r.checkMs, 10)),
    ),
  );
  const inst = /** @type {{ instantiations: number }} */ (withCalls[0]).instantiations;
  return {
    id: 'types',
    title: '3. Type cost (tsc --noEmit: consumer with ten typed calls vs the same consumer without them)',
    rows: [
      {
        figure: 'tsc CPU time (user+sys): ten calls / no calls',
        unit: 'x',
        ...cpu,
        subject: { name: 'with calls', ...summarize(withCalls.map((r) => r.cpuMs)) },
        baseline: { name: 'no calls', ...summarize(noCalls.map((r) => r.cpuMs)) },
        baselineUnit: 'ms',
        budget: { max: 1.5 },
        pass: cpu.median <= 1.5,
      },
      {
        figure: 'tsc wall time: ten calls / no calls (reference)',
        unit: 'x',
        ...wall,
        subject: { name: 'with calls', ...summarize(withCalls.map((r) => r.wallMs)) },
        baseline: { name: 'no calls', ...summarize(noCalls.map((r) => r.wallMs)) },
        baselineUnit: 'ms',
      },
      {
        figure: 'tsc check time: ten calls / no calls (reference)',
        unit: 'x',
        ...check,
        subject: { name: 'with calls', ...summarize(withCalls.map((r) => r.checkMs)) },
        baseline: { name: 'no calls', ...summarize(noCalls.map((r) => r.checkMs)) },
        baselineUnit: 'ms',
      },
    ],
    notes: [
      `${runs} runs each, alternating, after one warm-up compile of each; budget on the median ratio of CPU times of the whole tsc process (wall time moves with the load of other processes; it is shown for reference).`,
      `Type instantiations: ${inst} with the calls, ${/** @type {{ instantiations: number }} */ (noCalls[0]).instantiations} without (deterministic). Check time of the baseline is floored at 10 ms (tsc prints it in 10 ms steps).`,
    ],
  };
}
