// Bundles every document of the registry (redocly.yaml `apis:`) into openapi/dist/<name>.json with one
// `redocly bundle` run, writes the same bundle as YAML beside it, and writes openapi/dist/apis.json: the
// registry as installed packages read it (@pushapi/openapi/apis), which cannot see the workspace's redocly.yaml.
// A document marked `x-version: package` gets @pushapi/openapi's version as its `info.version`.
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
// The package's version, which each release moves: one fact, so the documents' info.version cannot lag behind it.
const packageVersion = JSON.parse(fs.readFileSync(path.join(root, 'openapi', 'package.json'), 'utf8')).version;
for (const api of apis) {
  const doc = JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
  if (api.versionFromPackage) {
    doc.info.version = packageVersion;
    fs.writeFileSync(api.bundle, `${JSON.stringify(doc, null, 2)}\n`);
  }
  fs.writeFileSync(api.bundleYaml, stringify(doc, { lineWidth: 0 }));
}
const list = apis.map((api) => ({ name: api.name, title: api.title, mock: api.mock, json: path.basename(api.bundle), yaml: path.basename(api.bundleYaml) }));
fs.writeFileSync(path.join(distDir, 'apis.json'), `${JSON.stringify(list, null, 2)}\n`);
console.log(`bundle: ${apis.map((a) => a.name).join(', ')} in openapi/dist (JSON and YAML), and openapi/dist/apis.json`);
