import { defineConfig } from 'tsup';

// ESM + declarations: the library (index), its two subpaths for tools built on the sandbox (client: the browser-safe
// control client and shared helpers; documents: the served documents, their Ajv vocabulary, the workspace's
// reference), the command (cli) and the store check's child (store-check). Dependencies stay external, but for the
// clients' private runtime (@pushapi/client-core), bundled in like the clients do, for the shared error classes.
export default defineConfig({
  // store-check: the child process that reads a store before the sandbox maps it (state/store-file.ts).
  // build-validators: run after tsup, writes Ajv's standalone validators to dist/validators/ (validation/standalone.ts).
  entry: {
    index: 'src/index.ts',
    client: 'src/shared/client-exports.ts',
    documents: 'src/start/documents-exports.ts',
    cli: 'src/cli.ts',
    'store-check': 'src/state/store-check.ts',
    'build-validators': 'src/validation/build-validators.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: {
    entry: {
      index: 'src/index.ts',
      client: 'src/shared/client-exports.ts',
      documents: 'src/start/documents-exports.ts',
    },
  },
  clean: false,
  sourcemap: false,
  splitting: true,
  treeshake: true,
  noExternal: ['@pushapi/client-core'],
});
