// Bundles every document of the registry (redocly.yaml `apis:`) into openapi/dist/<name>.json with one
// `redocly bundle` run, writes the same bundle as YAML beside it, and writes openapi/dist/apis.json: the
// registry as installed packages read it (@pushapi/openapi/apis), which cannot see the workspace's redocly.yaml.
// Run from the openapi package (turbo task `bundle`).
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { apis, distDir, registryFile, root } from './apis.mjs';
import { run } from './run.mjs';

const redocly = path.join(root, 'openapi', 'node_modules', '.bin', 'redocly');
run(redocly, ['bundle', '--config', registryFile], {
  cwd: root,
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
for (const api of apis) {
  fs.writeFileSync(api.bundleYaml, stringify(JSON.parse(fs.readFileSync(api.bundle, 'utf8')), { lineWidth: 0 }));
}
const list = apis.map((api) => ({ name: api.name, title: api.title, mock: api.mock, json: path.basename(api.bundle), yaml: path.basename(api.bundleYaml) }));
fs.writeFileSync(path.join(distDir, 'apis.json'), `${JSON.stringify(list, null, 2)}\n`);
console.log(`bundle: ${apis.map((a) => a.name).join(', ')} in openapi/dist (JSON and YAML), and openapi/dist/apis.json`);
