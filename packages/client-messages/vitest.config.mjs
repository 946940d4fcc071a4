import { defineConfig } from 'vitest/config';

// Hang guards, not deadlines: no assertion waits on them. Vitest's 5 s default fails a test that takes 5.2 s on a
// CI machine at load 10 on 2 cores (a hundred concurrent calls, a sign-in and a push through the built client).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
