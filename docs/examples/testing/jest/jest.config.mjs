// Jest runs the compiled tests (tsc emits ES modules; run with NODE_OPTIONS=--experimental-vm-modules).
export default {
  testEnvironment: 'node',
  testMatch: ['**/*.test.js'],
  transform: {},
};
