// Writes the generated parts of the guides (docs/guides/*.md, between the markers of guide-regions.mjs): the
// example files of docs/examples, the worked sign examples, and the tables and counts read from the bundled
// documents. With --check it writes nothing and fails when a guide differs from what it would write (the drift
// check, run by the docs package's tests).
// Usage (in docs/): node src/guides-sync.mjs [--check]   (package script `guides`; needs openapi/dist, from `bundle`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { documentFacts } from './facts.mjs';
import { fillRegions } from './guide-regions.mjs';
import { workedExampleFragments, workedExampleValues } from './signs.mjs';

export const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const guidesDir = path.join(docsDir, 'guides');
export const examplesDir = path.join(docsDir, 'examples');

/** Every fragment a guide may name: worked examples, and the facts of each bundled document. */
export function guideValues() {
  const values = { ...workedExampleValues(), ...workedExampleFragments() };
  for (const api of apis) {
    if (!fs.existsSync(api.bundle))
      throw new Error(
        `missing ${path.relative(docsDir, api.bundle)}: run the bundle task first (pnpm run build at the root)`,
      );
    Object.assign(values, documentFacts(api.name, JSON.parse(fs.readFileSync(api.bundle, 'utf8'))));
  }
  return values;
}

/**
 * Each guide as it is and as it should be.
 * @returns {{ file: string, current: string, expected: string }[]}
 */
export function guideStates(values = guideValues(), dir = examplesDir) {
  return fs
    .readdirSync(guidesDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const current = fs.readFileSync(path.join(guidesDir, f), 'utf8');
      return {
        file: `docs/guides/${f}`,
        current,
        expected: fillRegions(current, { values, examplesDir: dir, source: `docs/guides/${f}` }),
      };
    });
}

function main() {
  const check = process.argv.includes('--check');
  const stale = guideStates().filter((g) => g.current !== g.expected);
  if (check) {
    for (const g of stale)
      console.error(
        `drift: ${g.file} is stale (an example file or a document changed); run \`pnpm run guides\` in docs/ and commit the result.`,
      );
    if (stale.length) process.exit(1);
    console.log("drift check: the guides hold their examples and the documents' facts as they are.");
    return;
  }
  for (const g of stale) {
    fs.writeFileSync(path.join(docsDir, g.file.replace(/^docs\//, '')), g.expected);
    console.log(`updated ${g.file}`);
  }
  if (!stale.length) console.log('guides: up to date');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
