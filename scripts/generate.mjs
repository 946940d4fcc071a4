// Generates the TypeScript types of a client package from its bundled document with openapi-typescript,
// plus src/generated/known-values.ts: the `x-known-values` lists of the document's schemas as constants
// (openapi-typescript drops vendor extensions, and the clients type open result codes from these lists).
// Usage (from a client package): node ../../scripts/generate.mjs <api> [--check]
// --check regenerates in memory and fails when a committed file differs (drift check).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apis } from './apis.mjs';

const [name, flag] = process.argv.slice(2);
const api = apis.find((a) => a.name === name);
if (!api) {
  console.error(`generate: unknown api "${name}"; expected one of ${apis.map((a) => a.name).join(', ')}`);
  process.exit(2);
}
if (!fs.existsSync(api.bundle)) {
  console.error(`generate: ${path.relative(process.cwd(), api.bundle)} is missing; run the bundle task first.`);
  process.exit(2);
}
const outDir = path.resolve('src/generated');
const { default: openapiTS, astToString } = await import(
  pathToFileURL(path.resolve('node_modules/openapi-typescript/dist/index.mjs')).href
);
const header = `// Generated from openapi/${api.name} (bundle: openapi/dist/${api.name}.json).\n// Do not edit: run \`pnpm run generate\` in this package.\n\n`;
const ast = await openapiTS(new URL(pathToFileURL(api.bundle).href), {
  alphabetize: false,
  exportType: false,
  immutable: false,
  // A property with a default is optional to send; without this, openapi-typescript 7 makes it required.
  defaultNonNullable: false,
});

// x-known-values of every component schema, keyed by schema name, in document order.
const bundle = JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
const known = Object.entries(bundle.components?.schemas ?? {})
  .filter(([, schema]) => Array.isArray(schema?.['x-known-values']))
  .map(([schemaName, schema]) => [schemaName, schema['x-known-values'].map(String)]);
const knownText =
  header +
  '/** Values listed in `x-known-values` of each schema: known, never a closed set. */\n' +
  'export const knownValues = {\n' +
  known.map(([schemaName, values]) => `  ${JSON.stringify(schemaName)}: ${JSON.stringify(values)},\n`).join('') +
  '} as const;\n';

const files = [
  [path.join(outDir, 'schema.ts'), header + astToString(ast)],
  [path.join(outDir, 'known-values.ts'), knownText],
];

if (flag === '--check') {
  let stale = false;
  for (const [file, text] of files) {
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (committed !== text) {
      console.error(`drift: ${path.relative(process.cwd(), file)} is stale; run \`pnpm run generate\` and commit the result.`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
  console.log(`drift check: src/generated matches openapi/${api.name}.`);
} else {
  fs.mkdirSync(outDir, { recursive: true });
  for (const [file, text] of files) {
    fs.writeFileSync(file, text);
    console.log(`generated ${path.relative(process.cwd(), file)}`);
  }
}
