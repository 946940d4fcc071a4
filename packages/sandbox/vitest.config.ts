import { defineConfig } from 'vitest/config';

// Two runs of the behaviour suite: straight at the sandbox, and through Prism proxies that check every request
// and answer against the public documents (the referee). The other tests run once, straight.
export default defineConfig({
  test: {
    // Vitest's default of one worker per core: twice as many made the suite no faster on a machine shared with other
    // jobs (load 30), and every test slower. Five minutes a test: the tests that start sandbox commands one after
    // another (a restart, a rehome, stores broken at several offsets) took over two minutes at that load.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for a state (a line a child process prints, a violation a proxy logs): its deadline is the
    // test's, not vitest's default of one second, which a busy machine's child process can miss.
    expect: { poll: { timeout: 25_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'sandbox',
          include: ['test/**/*.test.ts'],
          exclude: ['test/page/**'],
          globalSetup: ['test/support/global-setup.ts'],
          provide: { viaPrism: false },
        },
      },
      {
        // The inbox page in Chromium: its own sandbox per file, one browser at a time.
        extends: true,
        test: {
          name: 'page',
          include: ['test/page/**/*.test.ts'],
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'via-prism',
          include: ['test/behaviour/**/*.test.ts'],
          // Run once, straight: injected faults (a 503, a dropped connection) break the documents on purpose, and
          // the races would only repeat the straight run through a slower proxy.
          exclude: ['test/behaviour/faults.test.ts', 'test/behaviour/concurrency.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          provide: { viaPrism: true },
        },
      },
    ],
  },
});
