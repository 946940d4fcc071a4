// This package reaches the sandbox through its public exports only: every module a source or test file names is
// one of this package's own files or a package by name, and each `@pushapi/sandbox` subpath it names is in the
// sandbox's `exports`. A relative import into packages/sandbox/src would work in the workspace and break once packed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sandboxExports = Object.keys(
  (
    JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('@pushapi/sandbox/package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    }
  ).exports,
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The modules a file names that break the rule, as `file: module`. */
function breaches(file: string, source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g)) {
    const spec = match[2] ?? '';
    const named = path.relative(packageDir, file);
    if (spec.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(packageDir + path.sep)) out.push(`${named}: ${spec}`);
    } else if (spec === '@pushapi/sandbox' || spec.startsWith('@pushapi/sandbox/')) {
      const subpath = `.${spec.slice('@pushapi/sandbox'.length)}`;
      if (!sandboxExports.includes(subpath)) out.push(`${named}: ${spec}`);
    }
  }
  return out;
}

describe('the sandbox through its public exports', () => {
  // This file aside: its example of a breach is one.
  const files = ['src', 'test']
    .flatMap((dir) => sourceFiles(path.join(packageDir, dir)))
    .filter((file) => file !== fileURLToPath(import.meta.url));

  it('no file imports outside this package but by package name, nor a subpath the sandbox does not export', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => breaches(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('a breach is found and named by its file and module', () => {
    const file = path.join(packageDir, 'src', 'server.ts');
    const source =
      "import { must } from '../../sandbox/src/shared/must.js';\nimport { VERSION } from '@pushapi/sandbox/dist/cli.js';\nimport { data } from '@pushapi/sandbox/client';";
    expect(breaches(file, source)).toEqual([
      'src/server.ts: ../../sandbox/src/shared/must.js',
      'src/server.ts: @pushapi/sandbox/dist/cli.js',
    ]);
  });
});
