import { defineConfig } from 'vitest/config';

// Some tests spawn tsc, turbo (dry run) or size-limit: give them time, and run files one at a time so
// that they do not compete for the two cores with each other.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    // A hook that starts a sandbox: Vitest's 10 s default ran out at load 30.
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
