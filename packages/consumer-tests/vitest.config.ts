import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The consumer tests (part of the workspace's test command). The runtime matrix has its own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Twice the cores (at most 8): the files mostly wait on npm, tsc and the smoke scripts they start.
    maxWorkers: Math.min(8, availableParallelism() * 2),
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
