import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The consumer tests (part of the workspace's test command). The runtime matrix has its own config.
export default defineConfig({
  test: {
    // One worker per core (Vitest's default is one fewer: a single worker on a 2-core runner). Each file spends most
    // of its time in npm, tsc and the packed packages' own processes: on a quiet 2-core machine `vitest run` took
    // 320 s with one worker and 198 s with two; on a runner shared with other jobs the files one after another took
    // 1,157 s of the suite's 1,697 (CI's busy-machine run).
    maxWorkers: os.availableParallelism(),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
