import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two runs of the behaviour suite: straight at the sandbox, and through Prism proxies that check every request
// and answer against the public documents (the referee). The other tests run once, straight.
export default defineConfig({
  test: {
    // Twice the cores (at most 8): a quarter of the files spend most of their time on other processes (sandbox
    // commands, HAProxy, Chromium, Prism, tsc) starting and answering, and a worker waiting on one leaves its core
    // to another file. On a machine shared with other jobs it also keeps the suite's share of the cores.
    maxWorkers: Math.min(8, availableParallelism() * 2),
    testTimeout: 120_000,
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
