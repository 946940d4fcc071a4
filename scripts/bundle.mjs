// Bundles every document of the registry (redocly.yaml `apis:`) into openapi/dist/<name>.json with one
// `redocly bundle` run, writes the same bundle as YAML beside it, and writes openapi/dist/apis.json: the
// registry as installed packages read it (@pushapi/openapi/apis), which cannot see the workspace's redocly.yaml.
// A document marked `x-version: package` gets @pushapi/openapi's version as its `info.version`; a schema's
// `x-value-meanings` become its `x-known-values` and a table in its description.
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
/**
 * A schema's `x-value-meanings` (value: meaning, the one place they are written) in the forms readers take:
 * `x-known-values` (the list the clients, the mock and verify read) and a table appended to the description
 * (what the reference shows). Returns whether any schema had them.
 */
function writeValueMeanings(doc) {
  let found = false;
  for (const schema of Object.values(doc.components?.schemas ?? {})) {
    const meanings = schema?.['x-value-meanings'];
    if (!meanings || typeof meanings !== 'object') continue;
    found = true;
    schema['x-known-values'] = Object.keys(meanings);
    const rows = Object.entries(meanings).map(([value, meaning]) => `| \`${value}\` | ${meaning} |`);
    schema.description = `${schema.description.trimEnd()}\n\n| value | meaning |\n|---|---|\n${rows.join('\n')}\n`;
  }
  return found;
}

// The package's version, which each release moves: one fact, so the documents' info.version cannot lag behind it.
const packageVersion = JSON.parse(fs.readFileSync(path.join(root, 'openapi', 'package.json'), 'utf8')).version;
for (const api of apis) {
  const doc = JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
  const meanings = writeValueMeanings(doc);
  if (api.versionFromPackage) doc.info.version = packageVersion;
  if (api.versionFromPackage || meanings) fs.writeFileSync(api.bundle, `${JSON.stringify(doc, null, 2)}\n`);
  fs.writeFileSync(api.bundleYaml, stringify(doc, { lineWidth: 0 }));
}
const list = apis.map((api) => ({
  name: api.name,
  title: api.title,
  mock: api.mock,
  json: path.basename(api.bundle),
  yaml: path.basename(api.bundleYaml),
}));
fs.writeFileSync(path.join(distDir, 'apis.json'), `${JSON.stringify(list, null, 2)}\n`);
console.log(
  `bundle: ${apis.map((a) => a.name).join(', ')} in openapi/dist (JSON and YAML), and openapi/dist/apis.json`,
);
