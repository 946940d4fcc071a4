// @ts-check
// The documentation a consumer reads (the root README, every workspace package's README, docs/*.md and the guides)
// and what it names: install lines, tarballs, import specifiers, `$schema` paths and files under node_modules.
// The consumer tests check these against the packed and installed packages, so the lists come from the Markdown,
// never from a hand-kept copy.
import fs from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from './workspace.mjs';

/** @returns {{ file: string, text: string }[]} every Markdown file a consumer reads, paths relative to the root */
export function documentationFiles() {
  const packageDirs = [
    'openapi',
    'bench',
    'docs',
    ...fs.readdirSync(path.join(workspaceRoot, 'packages')).map((d) => `packages/${d}`),
  ];
  const files = [
    'README.md',
    ...packageDirs.map((d) => `${d}/README.md`),
    ...fs
      .readdirSync(path.join(workspaceRoot, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...fs
      .readdirSync(path.join(workspaceRoot, 'docs', 'guides'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/guides/${f}`),
  ];
  return [...new Set(files)]
    .filter((f) => fs.existsSync(path.join(workspaceRoot, f)))
    .map((file) => ({ file, text: fs.readFileSync(path.join(workspaceRoot, file), 'utf8') }));
}

/**
 * The claims the docs may not make before the first release, each with where it stands. The rule, kept simple:
 * the registry install (`npm install [flags] @pushapi/…`, or pnpm's or yarn's `add`) and the word "published" may stand only in a paragraph that
 * starts with "After the first release"; elsewhere "published" must be denied in its own sentence ("not
 * published", "never published", "nothing here is published").
 * @param {string} text  Markdown
 * @returns {string[]} the offending sentences
 */
export function prematureRegistryClaims(text) {
  const found = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (/^\s*After the first release\b/.test(paragraph)) continue;
    for (const sentence of paragraph.replace(/\s+/g, ' ').split(/(?<=[.!?:])\s+(?=[A-Z`(])/)) {
      if (/\b(?:npm (?:install|i)|pnpm add|yarn add)(?: --?[\w-]+(?:=\S+)?)* @pushapi\/[a-z]/.test(sentence))
        found.push(sentence.trim());
      // A quoted "published" is the word mentioned, not a claim.
      else if (
        /\bpublished\b(?!["'`])/i.test(sentence) &&
        !/\b(not|never|nothing|none)\b.*\bpublished\b/i.test(sentence)
      )
        found.push(sentence.trim());
    }
  }
  return found;
}

/**
 * The `npm install` lines that name tarballs of `run pack` (`…/packs/<file>.tgz`), each with its tarball file names.
 * @param {string} text
 * @returns {{ line: string, tarballs: string[] }[]}
 */
export function tarballInstallLines(text) {
  // A chain (`npm install <clients> && npm install --save-dev <tools>`) is one line: its commands run in order, so
  // each may rely on the tarballs of the ones before it.
  const command = String.raw`npm install(?: --?[\w-]+)*(?: \S*packs\/[\w.*-]+\.tgz)+`;
  return [...text.matchAll(new RegExp(`${command}(?: && ${command})*`, 'g'))].map((m) => ({
    line: m[0],
    tarballs: [...m[0].matchAll(/packs\/([\w.*-]+\.tgz)/g)].map((t) => String(t[1])),
  }));
}

/**
 * What the Markdown names inside installed packages: import specifiers (`from '…'`, `require('…')`, `import('…')`,
 * `import.meta.resolve('…')`, or a code span that is a subpath), `$schema` paths, and files under node_modules.
 * @param {string} text
 */
export function documentedPaths(text) {
  /** @type {Set<string>} */
  const specifiers = new Set();
  for (const m of text.matchAll(/(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|\bresolve\(\s*)['"](@pushapi\/[^'"]+)['"]/g))
    specifiers.add(String(m[1]));
  for (const m of text.matchAll(/`(@pushapi\/[a-z0-9-]+\/[\w./-]+)`/g)) specifiers.add(String(m[1]));
  const schemas = new Set(
    [...text.matchAll(/"?\$schema"?\s*:\s*["']?(\.{0,2}\/?[^\s"',]*node_modules\/[^\s"',]+)/g)].map((m) =>
      String(m[1]),
    ),
  );
  const files = new Set([...text.matchAll(/node_modules\/(@pushapi\/[\w./-]+\.\w+)/g)].map((m) => String(m[1])));
  return { specifiers: [...specifiers], schemas: [...schemas], files: [...files] };
}

/** The package a specifier or node_modules path belongs to: `@pushapi/openapi/apis` -> `@pushapi/openapi`. */
export function packageOf(/** @type {string} */ specifier) {
  return specifier.split('/').slice(0, 2).join('/');
}
