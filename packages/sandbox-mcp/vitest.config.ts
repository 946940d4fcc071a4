import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // The sandbox is loaded as Node loads it for a user (its dist imports Ajv's CommonJS runtime, which Vite's
    // inlining would hand over without its `default`).
    server: { deps: { external: [/packages\/sandbox\/dist\//] } },
  },
});
