import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Two runs of the behaviour suite: straight at the sandbox, and through Prism proxies that check every request
// and answer against the public documents (the referee). The other tests run once, straight.
export default defineConfig({
  test: {
    // One worker per core. Vitest's default is one fewer (a single worker on a 2-core runner), and most files wait on
    // processes they start (sandbox commands, HAProxy, Chromium, Prism): on a quiet 2-core machine the whole run took
    // 401 s with one worker and 347 s with two, and on a runner shared with other jobs two files get twice the
    // share of the cores one gets. Twice as many workers, beside every other CI stage (load 30), made every test
    // slower and some ran out of time. Five minutes a test: the tests that start sandbox commands one after another
    // (a restart, a rehome, stores broken at several offsets) took over two minutes at that load.
    maxWorkers: os.availableParallelism(),
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
          // The files of a worker share one module graph: each file imported the sandbox's sources anew, and that
          // import was a fifth of the run (this project, quiet: import 39.5 s of 170 s with isolation, 6.6 s of
          // 112 s without). Every sandbox a test starts has its own state; tests that stub a global or fake the
          // clock undo it in afterEach. (Not the page project: one file at a time, each with its own browser.)
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          provide: { viaPrism: false },
        },
      },
      {
        // The inbox page in Chromium: its own sandbox and browser per file, two files at a time, sharing one module
        // graph as the sandbox project does (each file's sandbox and browser are its own). One file at a time, each
        // importing anew, this project was a chain of 183 s after the others; quiet, `vitest run` here took 316 s
        // and 376 CPU-s that way, 282 s and 335 CPU-s this way.
        extends: true,
        test: {
          name: 'page',
          include: ['test/page/**/*.test.ts'],
          testTimeout: 120_000,
          isolate: false,
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
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          provide: { viaPrism: true },
        },
      },
    ],
  },
});
