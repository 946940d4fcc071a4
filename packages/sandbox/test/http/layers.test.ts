// The folders of src/ by role depend one way (README, "How it is built"): the HTTP layer reaches behaviour only
// through interfaces/ and services/; behaviour, state and validation know nothing of HTTP, the interfaces or the
// services; shared/ (what the browser may import, and what the subpath @pushapi/sandbox/client exports:
// shared/client-exports.ts) imports only shared/ and generated/. Every relative import of
// every source file is checked against that table; a failure names the file and the import. (Type-only imports of
// a service's shapes from interfaces/ and http/ are allowed to services/: they carry no code.)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Folder -> the folders it must not import from. */
const FORBIDDEN: Record<string, string[]> = {
  http: ['behaviour', 'cli'],
  behaviour: ['http', 'interfaces', 'services', 'cli', 'client'],
  state: ['behaviour', 'http', 'interfaces', 'services', 'start', 'validation', 'cli', 'client'],
  validation: ['behaviour', 'http', 'interfaces', 'services', 'state', 'cli', 'client'],
  shared: ['behaviour', 'http', 'interfaces', 'services', 'state', 'start', 'validation', 'cli', 'client'],
  client: ['behaviour', 'http', 'interfaces', 'services', 'state', 'start', 'validation', 'cli'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The imports of one file (its path under src/ and its text) that break the table, as `file: import`. */
function breaches(file: string, source: string): string[] {
  const [folder] = path.relative(srcDir, file).split(path.sep);
  const forbidden = FORBIDDEN[folder ?? ''] ?? [];
  const out: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g)) {
    const spec = match[2] ?? '';
    const [target] = path.relative(srcDir, path.resolve(path.dirname(file), spec)).split(path.sep);
    if (forbidden.includes(target ?? '')) out.push(`${path.relative(srcDir, file)}: ${spec}`);
  }
  return out;
}

describe('the folders of src/ depend one way', () => {
  const files = sourceFiles(srcDir);

  it('reads every folder the table names', () => {
    for (const folder of Object.keys(FORBIDDEN))
      expect(files.some((file) => file.startsWith(path.join(srcDir, folder) + path.sep))).toBe(true);
  });

  it('no file imports a folder its own may not', () => {
    expect(files.flatMap((file) => breaches(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('a breach is found and named by its file and import', () => {
    const file = path.join(srcDir, 'http', 'pipeline.ts');
    const source =
      "import { takeFault } from '../behaviour/faults.js';\nimport type { Call } from '../interfaces/call.js';";
    expect(breaches(file, source)).toEqual(['http/pipeline.ts: ../behaviour/faults.js']);
  });
});
