import { defineConfig } from 'vitest/config';

// The consumer tests (part of the workspace's test command). The runtime matrix has its own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
