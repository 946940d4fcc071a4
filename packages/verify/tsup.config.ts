import { defineConfig } from 'tsup';

// ESM + declarations: the library (index) and the command (cli). Dependencies stay external.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: ['src/index.ts'] },
  clean: true,
  sourcemap: false,
  splitting: true,
  treeshake: true,
});
