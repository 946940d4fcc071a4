import { defineConfig } from 'tsup';

// ESM + declarations: the library (index), the command (cli) and the store check's child (store-check). Dependencies stay external, but for the
// clients' private runtime (@pushapi/client-core), bundled in like the clients do, for the shared error classes.
export default defineConfig({
  // store-check: the child process that reads a store before the sandbox maps it (state/store-file.ts).
  // build-validators: run after tsup, writes Ajv's standalone validators to dist/validators/ (validation/standalone.ts).
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'store-check': 'src/state/store-check.ts',
    'build-validators': 'src/validation/build-validators.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: ['src/index.ts'] },
  clean: false,
  sourcemap: false,
  splitting: true,
  treeshake: true,
  // The MCP server signs auth_sign with the push client's pushSign: bundled in too, so it stays a dev dependency.
  noExternal: ['@pushapi/client-core', '@pushapi/push-v1-client'],
});
