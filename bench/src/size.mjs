// @ts-check
// Section 2: each client minified + gzipped, openapi-fetch included, measured by the size-limit config
// that the client package checks in its own tests (8 kB budget): here it is only run and reported.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clientPackages } from './paths.mjs';

/**
 * Runs a package's own size-limit with --json.
 * @param {string} dir
 * @returns {Array<{ name: string, passed: boolean, size: number, sizeLimit?: number }>}
 */
export function runSizeLimit(dir) {
  const bin = path.join(dir, 'node_modules', '.bin', 'size-limit');
  if (!fs.existsSync(bin)) throw new Error(`size-limit is not installed in ${dir}`);
  // size-limit exits 1 when a check is over its limit, and still prints the JSON: read it either way.
  const res = spawnSync(bin, ['--json'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  if (res.error) throw res.error;
  const start = res.stdout.indexOf('[');
  if (start < 0) throw new Error(`size-limit printed no JSON in ${dir}: ${res.stderr.trim().slice(0, 500)}`);
  return JSON.parse(res.stdout.slice(start));
}

export function benchSize() {
  const rows = clientPackages.flatMap(({ name, dir }) =>
    runSizeLimit(dir).map((check) => ({
      figure: `${name} min+gzip`,
      unit: 'B',
      min: check.size,
      median: check.size,
      max: check.size,
      runs: 1,
      budget: check.sizeLimit === undefined ? undefined : { max: check.sizeLimit },
      pass: check.passed,
      check: check.name,
    })),
  );
  return {
    id: 'size',
    title: '2. Size (size-limit of each client package: minified + gzipped, openapi-fetch included)',
    rows,
    notes: ["Sizes are deterministic: one run. The same budgets fail the client packages' `test`."],
  };
}
