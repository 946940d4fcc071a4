// Jest runs the compiled tests (tsc emits ES modules; run with NODE_OPTIONS=--experimental-vm-modules).
export default {
  testEnvironment: 'node',
  testMatch: ['**/*.test.js'],
  transform: {},
  // Jest's default is 5 s for a test and a hook: a sandbox starts in well under a second on a quiet machine, but
  // a busy CI machine (load 10 on 2 cores) has taken longer in beforeAll.
  testTimeout: 60_000,
};
