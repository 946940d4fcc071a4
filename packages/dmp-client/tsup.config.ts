import { defineConfig } from 'tsup';

// ESM + declarations. The shared runtime (@pushapi/client-core, private) is bundled in, code and types,
// so consumers install only openapi-fetch and @noble/hashes.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  dts: true,
  noExternal: ['@pushapi/client-core'],
  external: ['openapi-fetch', /^@noble\/hashes/],
  clean: true,
  sourcemap: false,
  treeshake: true,
});
