// @ts-check
// The `bench` command: runs the sections, prints one table and writes it as JSON. Options: USAGE below.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchClientOverhead } from './client-overhead.mjs';
import { benchMock } from './mock.mjs';
import { repoRoot } from './paths.mjs';
import { benchPipeline } from './pipeline.mjs';
import { benchSandbox } from './sandbox.mjs';
import { benchSandboxFanout } from './sandbox-fanout.mjs';
import { benchSandboxSnapshots } from './sandbox-snapshots.mjs';
import { benchSandboxSuite } from './sandbox-suite.mjs';
import { benchSandboxLoad } from './sandbox-load.mjs';
import { benchSandboxValidation } from './sandbox-validation.mjs';
import { benchSize } from './size.mjs';
import { renderTable } from './table.mjs';
import { benchTypeCost } from './type-cost.mjs';

/** Run counts and durations; every loop in the bench is bounded by these. */
export const SETTINGS = {
  full: {
    client: { rounds: 9, timeMs: 300, warmupMs: 100 },
    types: { runs: 7 },
    pipeline: { runs: 2 },
    mock: { runs: 3, durationS: 5, connections: 10, rounds: 4, timeMs: 400 },
    sandbox: { runs: 3, durationS: 5, connections: 10 },
    'sandbox-load': { requests: 100_000 },
    'sandbox-fanout': { runs: 3, sizes: [1000, 8000, 64_000] },
    'sandbox-snapshots': { runs: 5, sizes: [1250, 10_000, 80_000] },
    'sandbox-validation': { runs: 5, sizes: { valid: [100, 1000, 8000], invalid: [100, 1000, 10_000] } },
    'sandbox-suite': { runs: 5, tests: 100 },
  },
  quick: {
    client: { rounds: 3, timeMs: 150, warmupMs: 50 },
    types: { runs: 2 },
    pipeline: { runs: 1 },
    mock: { runs: 1, durationS: 2, connections: 10, rounds: 2, timeMs: 200 },
    sandbox: { runs: 1, durationS: 2, connections: 10 },
    'sandbox-load': { requests: 10_000 },
    'sandbox-fanout': { runs: 1, sizes: [1000, 8000] },
    'sandbox-snapshots': { runs: 1, sizes: [1250, 10_000] },
    'sandbox-validation': { runs: 1, sizes: { valid: [100, 1000, 8000], invalid: [100, 1000, 10_000] } },
    'sandbox-suite': { runs: 1, tests: 20 },
  },
};

export const SECTION_IDS = [
  'client',
  'size',
  'types',
  'pipeline',
  'mock',
  'sandbox',
  'sandbox-load',
  'sandbox-fanout',
  'sandbox-snapshots',
  'sandbox-validation',
  'sandbox-suite',
];

export const USAGE = `Usage: pnpm run bench [-- options]

Runs the benchmarks and checks their budgets (bench/README.md), prints one table and writes it as JSON.

Options:
  --quick         fewer and shorter runs: a smoke run, not figures to quote
  --only=<ids>    some sections only, comma-separated: ${SECTION_IDS.join(', ')}
  --out=<file>    where to write the JSON; default bench-results.json at the root (a partial run overwrites it)
  --strict        exit 1 when a budget misses (by default only a section that fails to run exits 1: timings are noisy)
  --help          show this text`;

/** @param {string[]} argv */
export function parseArgs(argv) {
  const options = {
    help: false,
    quick: false,
    strict: false,
    only: SECTION_IDS,
    out: path.join(repoRoot, 'bench-results.json'),
  };
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--quick') options.quick = true;
    else if (arg === '--strict') options.strict = true;
    else if (arg.startsWith('--only=')) {
      const only = arg.slice('--only='.length).split(',').filter(Boolean);
      const unknown = only.filter((id) => !SECTION_IDS.includes(id));
      if (unknown.length)
        throw new Error(`unknown section(s): ${unknown.join(', ')}; known: ${SECTION_IDS.join(', ')}`);
      options.only = only;
    } else if (arg.startsWith('--out=')) options.out = path.resolve(arg.slice('--out='.length));
    else if (arg !== '--') throw new Error(`unknown argument: ${arg}`);
  }
  return options;
}

/** @param {string[]} argv */
export async function main(argv) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    // A wrong option is the user's slip, not a crash: say what is wrong and how to ask, without a stack trace.
    console.error(`bench: ${/** @type {Error} */ (error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const s = options.quick ? SETTINGS.quick : SETTINGS.full;
  /** @type {Record<string, () => unknown>} */
  const runners = {
    client: () => benchClientOverhead(s.client),
    size: () => benchSize(),
    types: () => benchTypeCost(s.types),
    pipeline: () => benchPipeline(s.pipeline),
    mock: () => benchMock(s.mock),
    sandbox: () => benchSandbox(s.sandbox),
    'sandbox-load': () => benchSandboxLoad(s['sandbox-load']),
    'sandbox-fanout': () => benchSandboxFanout(s['sandbox-fanout']),
    'sandbox-snapshots': () => benchSandboxSnapshots(s['sandbox-snapshots']),
    'sandbox-validation': () => benchSandboxValidation(s['sandbox-validation']),
    'sandbox-suite': () => benchSandboxSuite(s['sandbox-suite']),
  };
  const titles = {
    client: '1. Client overhead',
    size: '2. Size',
    types: '3. Type cost',
    pipeline: '4. Pipeline',
    mock: '5. Mock',
    sandbox: '6. Sandbox',
    'sandbox-load': '7. Sandbox under a mixed load',
    'sandbox-fanout': '8. Sandbox fan-out',
    'sandbox-snapshots': '9. Sandbox snapshots',
    'sandbox-validation': '10. Sandbox validation',
    'sandbox-suite': '11. A test suite on the sandbox against stubs',
  };
  const environment = {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
  console.log(
    `bench: ${options.quick ? 'quick' : 'full'} run of ${options.only.join(', ')} on Node ${environment.node}, ${environment.cpus} CPUs, load average ${environment.loadAverageAtStart.join(' ')}`,
  );
  /** @type {import('./table.mjs').Section[]} */
  const sections = [];
  for (const id of options.only) {
    const started = Date.now();
    process.stdout.write(`  running ${id}...`);
    try {
      sections.push(/** @type {import('./table.mjs').Section} */ (await runners[id]?.()));
      process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      process.stdout.write(' failed\n');
      const message =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
          : String(error);
      sections.push({ id, title: titles[/** @type {keyof typeof titles} */ (id)], rows: [], error: message });
    }
  }
  console.log(renderTable(sections));

  const budgets = sections.flatMap((sec) =>
    sec.rows
      .filter((r) => r.budget)
      .map((r) => ({ section: sec.id, figure: r.figure, median: r.median, budget: r.budget, pass: r.pass })),
  );
  const failed = sections.filter((sec) => sec.error).map((sec) => sec.id);
  const missed = budgets.filter((b) => !b.pass);
  const results = {
    generatedAt: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'full',
    environment,
    settings: s,
    sections,
    budgets,
    failed,
  };
  fs.writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  if (budgets.length) {
    const list = missed.map((m) => `${m.section}: ${m.figure}`).join('; ');
    console.log(
      `\nBudgets: ${budgets.length - missed.length} of ${budgets.length} hold${missed.length ? `; missed: ${list}` : ''}.`,
    );
  } else console.log('\nNo budget in the sections run.');
  if (failed.length) console.log(`Failed sections: ${failed.join(', ')}.`);
  console.log(`Written to ${path.relative(process.cwd(), options.out) || options.out}.`);
  return failed.length || (options.strict && missed.length) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
