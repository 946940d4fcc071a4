// Writes src/generated/schema-files.json: for each document, the source file (under openapi/) of every
// component of the bundle, so that a finding can name the file where the documents would learn it.
// `--check` fails when the committed file is stale. Paths are not listed: their file name follows the
// workspace's convention (path separators as `_`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const out = path.resolve(here, '../src/generated/schema-files.json');

function yamlFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? yamlFiles(path.join(dir, e.name)) : e.name.endsWith('.yaml') ? [path.join(dir, e.name)] : [],
    );
}

const map = {};
for (const api of ['push-v1', 'dmp']) {
  map[api] = {};
  for (const kind of ['schemas', 'responses', 'parameters', 'examples']) {
    map[api][kind] = {};
    for (const file of yamlFiles(path.join(root, 'openapi', api, 'components', kind)).sort()) {
      map[api][kind][path.basename(file, '.yaml')] = path.relative(root, file).split(path.sep).join('/');
    }
  }
}
const text = `${JSON.stringify(map, null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== text) {
    console.error(`${path.relative(root, out)} is stale: run node packages/verify/scripts/schema-files.mjs`);
    process.exit(1);
  }
} else fs.writeFileSync(out, text);
