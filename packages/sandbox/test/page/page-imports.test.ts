// The inbox page and the console run in the browser: from the server's tree they may import only src/shared/ (plain
// code with no Node in it) and src/generated/ (types). Every relative import of every page source file is resolved
// and checked; a failure names the file and the import.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pageDir = path.join(packageDir, 'page');
const serverDir = path.join(packageDir, 'src');
const allowed = ['shared', 'generated'].map((folder) => path.join(serverDir, folder) + path.sep);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [file] : [];
  });
}

/** Every relative module a file names: static imports and exports, `import('…')` and `import type`. */
function relativeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g))
    found.push(match[2]!);
  return found;
}

/** The imports of a page file that reach the server's tree outside shared/ and generated/, as `file: import`. */
function forbiddenImports(file: string, source: string): string[] {
  return relativeImports(source)
    .filter((spec) => {
      const target = path.resolve(path.dirname(file), spec);
      const inServer = target.startsWith(serverDir + path.sep);
      return inServer && !allowed.some((folder) => target.startsWith(folder));
    })
    .map((spec) => `${path.relative(packageDir, file)}: ${spec}`);
}

describe('the page imports from the server only src/shared/ and src/generated/', () => {
  const files = ['src', 'console'].flatMap((folder) => sourceFiles(path.join(pageDir, folder)));

  it('reads the page sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(
      files.some((file) => relativeImports(fs.readFileSync(file, 'utf8')).some((s) => s.includes('/src/shared/'))),
    ).toBe(true);
  });

  it('no page file imports another server folder', () => {
    expect(files.flatMap((file) => forbiddenImports(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('a forbidden import is found, named by its file and import', () => {
    const file = path.join(pageDir, 'src', 'components', 'Example.tsx');
    const source =
      "import { pushWarnings } from '../../../src/shared/push-check.js';\nimport type { AppState } from '../../../src/state/store.js';\nconst x = await import('../../../src/behaviour/faults.js');";
    expect(forbiddenImports(file, source)).toEqual([
      'page/src/components/Example.tsx: ../../../src/state/store.js',
      'page/src/components/Example.tsx: ../../../src/behaviour/faults.js',
    ]);
  });
});
