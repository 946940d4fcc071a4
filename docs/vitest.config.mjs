import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    // The browser test opens each page and walks every operation (the sandbox reference's search: 40 s on a quiet
    // 2-core machine, several times that at a load of 10): a limit for a hang, not a pace.
    testTimeout: 900_000,
    hookTimeout: 300_000,
    // One Chromium at a time.
    fileParallelism: false,
  },
});
