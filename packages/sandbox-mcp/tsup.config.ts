import { defineConfig } from 'tsup';

// ESM + declarations: the library (index) and the command (cli). Dependencies stay external (the MCP SDK, the
// sandbox and its documents), but for the push client: send_push signs auth_sign with its pushSign, as a team's code
// signs, bundled in (a few lines of Web Crypto) so that installing this package needs no client beside it.
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
  noExternal: ['@pushapi/push-v1-client', '@pushapi/client-core'],
});
