// @ts-check
// Section 4: the main job (`turbo run lint bundle generate build docs`) cold and warm. Cold is `--force`:
// every task runs again (the cache is rewritten, nothing is deleted). Warm is the same command right after,
// with nothing changed: it must be all cache hits. Several cold/warm pairs, interleaved.
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from './paths.mjs';
import { ratios, summarize } from './stats.mjs';

export const MAIN_JOB = ['lint', 'bundle', 'generate', 'build', 'docs'];
const turboBin = path.join(repoRoot, 'node_modules', '.bin', 'turbo');

/**
 * Reads turbo's run summary: `Tasks: N successful, N total`, `Cached: N cached, N total`, and the tasks
 * that missed the cache (`<pkg>:<task>: cache miss, executing <hash>`).
 * @param {string} output
 */
export function parseTurboSummary(output) {
  const text = stripVTControlCharacters(output);
  const cached = /Cached:\s+(\d+) cached, (\d+) total/.exec(text);
  const tasks = /Tasks:\s+(\d+) successful, (\d+) total/.exec(text);
  if (!cached || !tasks) return undefined;
  const misses = [...text.matchAll(/^(\S+?): cache miss, executing/gm)].map((m) => /** @type {string} */ (m[1]));
  return {
    successful: Number(tasks[1]),
    total: Number(tasks[2]),
    cached: Number(cached[1]),
    misses: [...new Set(misses)],
  };
}

/**
 * Runs the main job once.
 * @param {{ force: boolean, extraArgs?: string[] }} options
 */
export function runMainJob({ force, extraArgs = [] }) {
  const args = ['run', ...MAIN_JOB, '--output-logs=hash-only', ...(force ? ['--force'] : []), ...extraArgs];
  const started = performance.now();
  const res = spawnSync(turboBin, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 15 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const wallMs = performance.now() - started;
  if (res.error) throw res.error;
  const summary = parseTurboSummary(`${res.stdout}\n${res.stderr}`);
  if (res.status !== 0 || !summary) {
    const tail = stripVTControlCharacters(`${res.stdout}\n${res.stderr}`).trim().split('\n').slice(-25).join('\n');
    throw new Error(`turbo ${args.join(' ')} failed (exit ${res.status}):\n${tail}`);
  }
  return { wallMs, ...summary };
}

/**
 * A fingerprint of the working tree (changes against HEAD and untracked files, content included), to tell
 * whether someone changed files while a cold/warm pair ran. Undefined outside a git checkout.
 * @returns {string | undefined}
 */
export function treeFingerprint() {
  const git = (/** @type {string[]} */ args) =>
    spawnSync('git', ['-C', repoRoot, ...args], { maxBuffer: 256 * 1024 * 1024 });
  const diff = git(['diff', 'HEAD', '--binary']);
  const untracked = git(['ls-files', '--others', '--exclude-standard', '-z']);
  if (diff.status !== 0 || untracked.status !== 0) return undefined;
  const hash = createHash('sha256').update(diff.stdout);
  for (const file of untracked.stdout.toString('utf8').split('\0').filter(Boolean)) {
    hash.update(file);
    try {
      hash.update(fs.readFileSync(path.join(repoRoot, file)));
    } catch {
      hash.update('(unreadable)');
    }
  }
  return hash.digest('hex');
}

/** @param {{ runs: number }} settings */
export function benchPipeline({ runs }) {
  /** @type {ReturnType<typeof runMainJob>[]} */
  const cold = [];
  /** @type {ReturnType<typeof runMainJob>[]} */
  const warm = [];
  /** @type {string[]} */
  const disturbed = [];
  // Bring every output up to date first (a normal run, mostly cache hits), so that the tree a pair starts
  // from is the tree it leaves, unless someone else changes a file.
  runMainJob({ force: false });
  // A pair during which the working tree changed (someone edited a file) says nothing about the cache:
  // it is reported and run again, at most twice more in all.
  for (let attempt = 0; warm.length < runs && attempt < runs + 2; attempt++) {
    const before = treeFingerprint();
    const c = runMainJob({ force: true });
    const w = runMainJob({ force: false });
    if (before !== treeFingerprint()) {
      disturbed.push(
        `pair ${attempt + 1}: files changed during the pair (${w.cached} of ${w.total} warm hits${w.misses.length ? `; missed ${w.misses.join(', ')}` : ''})`,
      );
      continue;
    }
    cold.push(c);
    warm.push(w);
  }
  if (warm.length === 0)
    throw new Error(`the working tree changed during every cold/warm pair: ${disturbed.join('; ')}`);
  const allHits = warm.every((w) => w.cached === w.total);
  const misses = [...new Set(warm.flatMap((w) => w.misses))];
  const r = summarize(
    ratios(
      warm.map((w) => w.wallMs),
      cold.map((c) => c.wallMs),
    ),
  );
  const hitShare = summarize(warm.map((w) => w.cached / w.total));
  return {
    id: 'pipeline',
    title: `4. Pipeline (turbo run ${MAIN_JOB.join(' ')}: cold = --force, warm = nothing changed)`,
    rows: [
      {
        figure: 'wall time: warm / cold',
        unit: 'x',
        ...r,
        subject: { name: 'warm', ...summarize(warm.map((w) => w.wallMs)) },
        baseline: { name: 'cold', ...summarize(cold.map((c) => c.wallMs)) },
        baselineUnit: 'ms',
      },
      {
        figure: `warm cache hits / tasks (${/** @type {{ total: number }} */ (warm[0]).total} tasks)`,
        unit: 'share',
        ...hitShare,
        budget: { min: 1 },
        pass: allHits,
        misses,
      },
    ],
    notes: [
      `${warm.length} cold/warm pairs, after one normal run that brings the outputs up to date. Cold runs cached ${cold.map((c) => c.cached).join(', ')} of ${cold.map((c) => c.total).join(', ')} tasks (--force: expected 0).`,
      ...(misses.length ? [`Warm cache misses with nothing changed: ${misses.join(', ')}.`] : []),
      ...(disturbed.length ? [`Left out: ${disturbed.join('; ')}.`] : []),
    ],
  };
}
