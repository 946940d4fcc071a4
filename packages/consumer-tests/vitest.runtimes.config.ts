import { defineConfig } from 'vitest/config';

// The runtime matrix: the clients' smoke suite on every supported runtime (`pnpm run test:runtimes`).
export default defineConfig({
  test: {
    include: ['matrix/runtimes.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
