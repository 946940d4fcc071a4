// @ts-check
// The workspace as the consumer tests see it: its root, its public packages (every workspace package
// not marked `private`), and packing them the way `pnpm publish` does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const pnpm = ['-y', 'pnpm@10.34.9'];

/**
 * @typedef {object} PublicPackage
 * @property {string} name
 * @property {string} version
 * @property {string} dir   absolute path of the package folder
 * @property {any} manifest the package.json as written in the workspace
 */

/** @returns {PublicPackage[]} every workspace package that is published, sorted by name */
export function publicPackages() {
  /** @type {{ name: string, version: string, path: string, private: boolean }[]} */
  const all = JSON.parse(execFileSync('npx', [...pnpm, 'ls', '-r', '--depth', '-1', '--json'], { cwd: workspaceRoot, encoding: 'utf8' }));
  return all
    .filter((p) => !p.private && p.path !== workspaceRoot)
    .map((p) => ({
      name: p.name,
      version: p.version,
      dir: p.path,
      manifest: JSON.parse(fs.readFileSync(path.join(p.path, 'package.json'), 'utf8')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Packs every public package into `dest` with `pnpm pack`, which rewrites `workspace:` ranges into the
 * ordinary ranges a registry user gets.
 * @param {string} dest
 * @returns {Map<string, string>} package name -> tarball path
 */
export function packPublicPackages(dest) {
  fs.mkdirSync(dest, { recursive: true });
  const tarballs = new Map();
  for (const pkg of publicPackages()) {
    const out = execFileSync('npx', [...pnpm, 'pack', '--pack-destination', dest, '--json'], { cwd: pkg.dir, encoding: 'utf8' });
    const { filename } = JSON.parse(out.slice(out.indexOf('{')));
    tarballs.set(pkg.name, path.isAbsolute(filename) ? filename : path.join(dest, filename));
  }
  return tarballs;
}

/** The exact versions the workspace itself uses for a consumer's dev tools (one fact, one place). */
export function workspaceToolVersions() {
  const root = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
  return { typescript: root.devDependencies.typescript, '@types/node': root.devDependencies['@types/node'] };
}
