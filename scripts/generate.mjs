// Generates the TypeScript types of a client package from its bundled document with openapi-typescript
// (src/generated/schema.ts, from the typing copy of client-types.mjs), plus src/generated/calls.ts: one
// documented call signature per operation (client-types.mjs), and src/generated/known-values.ts: the
// `x-known-values` lists of the document's schemas as constants (openapi-typescript drops vendor extensions,
// and the clients type open result codes from these lists).
// Usage (from a client package): node ../../scripts/generate.mjs <api> [--check]
// --check regenerates in memory and fails when the file in the working tree differs. With CI set (as .ci/run
// does), it also fails when the version committed in git (HEAD) differs: under turbo the generate task has just
// rewritten the working tree before the test task runs, so only the committed version can show that a document
// change was pushed without its regenerated types. Locally the regenerated diff shows in `git status` instead.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { parse as parseYaml } from 'yaml';
import { apiNamed } from './apis.mjs';
import { callsSource, typingDocument } from './client-types.mjs';

const [name, flag] = process.argv.slice(2);
let api;
try {
  api = apiNamed(name);
} catch (error) {
  console.error(`generate: ${error.message}`);
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
const bundle = JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
const ast = await openapiTS(typingDocument(bundle), {
  alphabetize: false,
  exportType: false,
  immutable: false,
  // A property with a default is optional to send; without this, openapi-typescript 7 makes it required.
  defaultNonNullable: false,
});

// x-known-values of every component schema, keyed by schema name, in document order.
const known = Object.entries(bundle.components?.schemas ?? {})
  .filter(([, schema]) => Array.isArray(schema?.['x-known-values']))
  .map(([schemaName, schema]) => [schemaName, schema['x-known-values'].map(String)]);
const knownText =
  header +
  '/** Values listed in `x-known-values` of each schema: known, never a closed set. */\n' +
  'export const knownValues = {\n' +
  known.map(([schemaName, values]) => `  ${JSON.stringify(schemaName)}: ${JSON.stringify(values)},\n`).join('') +
  '} as const;\n';

/**
 * The control document's World schema as a JSON Schema file of its own (with the schemas it uses), for editors:
 * a world file names it in `$schema` and is completed as it is written.
 */
function worldSchema(doc) {
  return componentSchema(doc, 'World', 'A world of the pushapi sandbox (--seed <file>)');
}

/**
 * A JSON Schema file of its own for a component of the control document and the schemas it uses. `top`, when given,
 * is a schema written beside the components (the file of `pushapi-sandbox usage`, which no operation answers, so
 * the bundle leaves it out): its `./<Name>.yaml` refs point at those components.
 */
function componentSchema(doc, name, title, top) {
  const schemas = doc.components?.schemas ?? {};
  const needed = new Set(top ? [] : [name]);
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          needed.add(value.split('/')[3]);
          return [key, value.replace('#/components/schemas/', '#/$defs/')];
        }
        if (key === '$ref' && typeof value === 'string' && /^\.\/[A-Za-z]+\.yaml$/.test(value)) {
          needed.add(value.slice(2, -5));
          return [key, `#/$defs/${value.slice(2, -5)}`];
        }
        return [key, rewrite(value)];
      }),
    );
  };
  const root = top ? rewrite(top) : { $ref: `#/$defs/${name}` };
  const defs = {};
  for (const needs of needed) defs[needs] = rewrite(schemas[needs]); // the set grows while it is walked
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', title, ...root, $defs: defs };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** The file `pushapi-sandbox usage --out` writes (openapi/sandbox/components/schemas/UsageFile.yaml). */
function usageSchema(doc) {
  const file = new URL('../openapi/sandbox/components/schemas/UsageFile.yaml', import.meta.url);
  const top = parseYaml(fs.readFileSync(file, 'utf8'));
  return componentSchema(
    doc,
    'UsageFile',
    'Usage ledgers of a pushapi sandbox (pushapi-sandbox usage --out <file>)',
    top,
  );
}

const files = [
  [path.join(outDir, 'schema.ts'), header + astToString(ast)],
  // At the package root, where a world file's `$schema: ./node_modules/@pushapi/sandbox/world.schema.json` finds it.
  ...(api.name === 'sandbox' ? [[path.resolve('world.schema.json'), worldSchema(bundle)]] : []),
  // Beside it, the schema of the ledgers file that `pushapi-sandbox usage` writes and `api-diff --usage` reads.
  ...(api.name === 'sandbox' ? [[path.resolve('usage.schema.json'), usageSchema(bundle)]] : []),
  [path.join(outDir, 'known-values.ts'), knownText],
  // Documented call signatures, for a client package built on @pushapi/client-core (it has src/call-types.ts).
  ...(fs.existsSync(path.resolve('src/call-types.ts'))
    ? [[path.join(outDir, 'calls.ts'), callsSource(bundle, header)]]
    : []),
];

/** The file as committed in HEAD, or undefined when there is no git, no commit, or the file is not tracked. */
function committedVersion(file) {
  try {
    return execFileSync('git', ['show', `HEAD:./${path.relative(process.cwd(), file)}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

const inCi = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());
/** Whether there is a git commit to compare with (not the case in an unpacked tarball). */
function hasHead() {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const compareWithHead = inCi && hasHead();

if (flag === '--check') {
  let stale = false;
  for (const [file, text] of files) {
    const rel = path.relative(process.cwd(), file);
    const working = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (working !== text) {
      console.error(`drift: ${rel} is stale; run \`pnpm run generate\` and commit the result.`);
      stale = true;
      continue;
    }
    if (!compareWithHead) continue;
    const committed = committedVersion(file);
    if (committed !== text) {
      console.error(
        committed === undefined
          ? `drift: ${rel} is not committed; commit the generated files.`
          : `drift: the committed ${rel} differs from what openapi/${api.name} generates; commit the regenerated file.`,
      );
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
