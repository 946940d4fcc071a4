import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // One sandbox for the whole run, seeded with the team's world; each test file makes its own apps.
    globalSetup: ['./global-setup.ts'],
  },
});
