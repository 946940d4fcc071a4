// The warm-cache budget, checked cheaply: a turbo dry run of the main job must find every task in the cache.
// Under the root `test`, this package's test runs after every main-job task (bench/turbo.json), so a miss
// here means a task changed its own inputs or its hash is not stable: a second `build` would not be all hits.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_JOB, parseTurboSummary } from '../src/pipeline.mjs';
import { repoRoot } from '../src/paths.mjs';

describe('turbo summary', () => {
  it('reads task and cache counts and the tasks that missed', () => {
    const output = [
      '@pushapi/openapi:bundle: cache hit, replaying logs 1a2b',
      '@pushapi/docs:docs: cache miss, executing 3c4d',
      '\u001b[1m Tasks:\u001b[0m    8 successful, 8 total',
      'Cached:    7 cached, 8 total',
      '  Time:    12.3s',
    ].join('\n');
    expect(parseTurboSummary(output)).toEqual({ successful: 8, total: 8, cached: 7, misses: ['@pushapi/docs:docs'] });
  });

  it('gives nothing for output without a summary', () => {
    expect(parseTurboSummary('x  ERROR  run failed')).toBeUndefined();
  });
});

describe('warm cache', () => {
  it('a dry run of the main job finds every task in the cache', async () => {
    // No deadline of its own (a busy machine runs it slowly): the test's timeout guards a hang; a failing turbo
    // rejects with its stderr.
    const res = await promisify(execFile)(
      path.join(repoRoot, 'node_modules', '.bin', 'turbo'),
      ['run', ...MAIN_JOB, '--dry=json'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
      },
    );
    const dry = JSON.parse(res.stdout) as { tasks: { taskId: string; command: string; cache: { status: string } }[] };
    // Packages without a script for a task are listed with the command <NONEXISTENT>: nothing to cache.
    const real = dry.tasks.filter((t) => t.command !== '<NONEXISTENT>');
    expect(real.length).toBeGreaterThanOrEqual(MAIN_JOB.length);
    // Run alone after an edit, this fails until the main job has run again (`npx -y pnpm@10.34.9 run build`);
    // under the root `test` command the main job runs first.
    const misses = real.filter((t) => t.cache.status !== 'HIT').map((t) => t.taskId);
    expect(misses, 'main-job tasks that would not be cache hits').toEqual([]);
  });
});
