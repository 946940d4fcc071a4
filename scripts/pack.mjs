// @ts-check
// `run pack`: builds every public package (every workspace package without `"private": true`) and packs it with
// `pnpm pack`, which turns `workspace:` ranges into the ordinary ranges a registry user gets, into packs/ at the
// root (git-ignored): one tarball per package, named <scope>-<name>-<version>.tgz. Then prints the line that
// installs each into another project. Until the first release this is how a project gets the packages (README,
// Install); the consumer tests pack with the same functions and install the same lines.
// Usage: npx -y pnpm@10.34.9 run pack   (turbo needs pnpm on the PATH, which `pnpm run` gives it)
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const packsDir = path.join(workspaceRoot, 'packs');
export const pnpm = ['-y', 'pnpm@10.34.9'];
const execFileAsync = promisify(execFile);
/** stderr captured, not shown: under `pnpm run`, npx warns about each pnpm setting it inherits; a failure's error still carries it. */
const quiet = /** @type {import('node:child_process').StdioOptions} */ (['ignore', 'pipe', 'pipe']);

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
  const all = JSON.parse(
    execFileSync('npx', [...pnpm, 'ls', '-r', '--depth', '-1', '--json'], {
      cwd: workspaceRoot,
      encoding: 'utf8',
      stdio: quiet,
    }),
  );
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

/** The file name `pnpm pack` gives a package: `@pushapi/sandbox` 0.1.0 -> `pushapi-sandbox-0.1.0.tgz`. */
export function tarballName(/** @type {{ name: string, version: string }} */ pkg) {
  return `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
}

/**
 * Packs every public package into `dest`, all at once: a pack is mostly npx's and pnpm's own start, and three CI
 * stages pack every package, on a runner shared with other jobs.
 * @param {string} dest
 * @param {PublicPackage[]} [packages]
 * @returns {Promise<Map<string, string>>} package name -> tarball path
 */
export async function packPublicPackages(dest, packages = publicPackages()) {
  fs.mkdirSync(dest, { recursive: true });
  const packed = await Promise.all(
    packages.map(async (pkg) => {
      const { stdout } = await execFileAsync('npx', [...pnpm, 'pack', '--pack-destination', dest, '--json'], {
        cwd: pkg.dir,
        encoding: 'utf8',
      });
      const { filename } = JSON.parse(stdout.slice(stdout.indexOf('{')));
      const file = path.isAbsolute(filename) ? filename : path.join(dest, filename);
      if (path.basename(file) !== tarballName(pkg))
        throw new Error(`pack: ${pkg.name} was packed as ${file}, not ${tarballName(pkg)}`);
      return /** @type {[string, string]} */ ([pkg.name, file]);
    }),
  );
  return new Map(packed);
}

/**
 * The public packages one package needs installed beside it, itself last: none is on the registry yet, so npm
 * can only find them among the tarballs of the same `npm install`.
 * @param {string} name
 * @param {PublicPackage[]} packages
 * @returns {string[]} package names, dependencies first
 */
export function withPublicDependencies(name, packages) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  /** @type {string[]} */
  const order = [];
  const visit = (/** @type {string} */ current) => {
    if (order.includes(current)) return;
    const manifest = byName.get(current)?.manifest ?? {};
    const deps = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    for (const dep of Object.keys(deps).sort()) if (byName.has(dep)) visit(dep);
    order.push(current);
  };
  visit(name);
  return order;
}

/**
 * `npm install <tarballs>` of each public package, its public dependencies' tarballs in the same command.
 * @param {PublicPackage[]} packages
 * @param {string} dir  the folder of the tarballs, as the consumer writes it
 * @returns {Map<string, string>} package name -> install line
 */
export function installLines(packages, dir) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  return new Map(
    packages.map((pkg) => {
      const files = withPublicDependencies(pkg.name, packages).map(
        (n) => `${dir}/${tarballName(/** @type {PublicPackage} */ (byName.get(n)))}`,
      );
      return [pkg.name, `npm install ${files.join(' ')}`];
    }),
  );
}

function build(/** @type {PublicPackage[]} */ packages) {
  const turbo = path.join(workspaceRoot, 'node_modules', '.bin', 'turbo');
  const filters = packages.map((p) => `--filter=${p.name}`);
  try {
    execFileSync(turbo, ['run', 'bundle', 'build', ...filters, '--output-logs=errors-only'], {
      cwd: workspaceRoot,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
  } catch {
    console.error(
      "pack: building the public packages failed (turbo's output above names the task); nothing was packed.",
    );
    process.exit(1);
  }
}

async function main() {
  const packages = publicPackages();
  build(packages);
  // Only this run's tarballs: `packs/*.tgz` installs exactly the current versions.
  fs.mkdirSync(packsDir, { recursive: true });
  for (const file of fs.readdirSync(packsDir)) if (file.endsWith('.tgz')) fs.rmSync(path.join(packsDir, file));
  const tarballs = await packPublicPackages(packsDir, packages);
  console.log(`pack: ${tarballs.size} public packages packed into ${packsDir}/`);
  for (const [name, file] of tarballs) console.log(`  ${name.padEnd(26)} ${path.basename(file)}`);
  console.log(
    '\nIn your project, install a package with the tarballs of the @pushapi packages it depends on, in one command',
  );
  console.log(
    '(none is on the npm registry yet; add --save-dev for what only your tests use, such as the mock or the sandbox):',
  );
  for (const line of installLines(packages, packsDir).values()) console.log(`  ${line}`);
  console.log(`Every package at once:\n  npm install ${packsDir}/*.tgz`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
