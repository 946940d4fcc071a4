import { defineConfig } from 'tsup';

// ESM + declarations: the library (index) and the command (cli). Dependencies stay external, but for the
// clients' private runtime (@pushapi/client-core), bundled in like the clients do, for the shared error classes.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: ['src/index.ts'] },
  clean: false,
  sourcemap: false,
  splitting: true,
  treeshake: true,
  noExternal: ['@pushapi/client-core'],
});
