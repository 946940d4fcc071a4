// Kubb 4: types and a fetch client for each public bundle. Imports are written without an ending (by default
// they end in `.ts`, which tsc refuses unless allowImportingTsExtensions is set); no formatter or linter is run.
import { defineConfig } from '@kubb/core';
import { pluginClient } from '@kubb/plugin-client';
import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';

export default defineConfig(
  ['push-v1', 'dmp'].map((name) => ({
    name,
    root: '.',
    input: { path: `./${name}.json` },
    output: {
      path: `./gen/${name}`,
      clean: true,
      format: false as const,
      lint: false as const,
      extension: { '.ts': '' as const },
    },
    plugins: [pluginOas(), pluginTs(), pluginClient({ client: 'fetch' })],
  })),
);
