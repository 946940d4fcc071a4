import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One Prism per API for the whole run, started on free ports and always stopped in its teardown.
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
});
