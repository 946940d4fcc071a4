import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    // The browser test opens each page and walks every operation: give it room on a 2-core machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One Chromium at a time.
    fileParallelism: false,
  },
});
