// @ts-check
// Fresh consumer projects in the system's temporary folder, outside the workspace: a template from
// projects/<kind>/ plus the smoke suite, with every public package installed by npm from its tarball,
// as a team that downloads them from the registry gets them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { workspaceToolVersions } from './workspace.mjs';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The kinds of consumer project, each a folder of projects/. */
export const projectKinds = /** @type {const} */ (['esm-ts', 'cjs-ts', 'plain-js']);
/** @typedef {(typeof projectKinds)[number]} ProjectKind */

/** The smoke suite every project and runtime runs (copied beside each project's own code). */
export const smokeDir = path.join(packageDir, 'smoke');

/**
 * Environment of every npm and node run in a consumer project: no audit or funding requests, no
 * update check, and no install-time analytics from Prism's @scarf/scarf.
 * @param {Record<string, string>} [extra]
 */
export function consumerEnv(extra = {}) {
  // Without the npm_* variables pnpm sets for the script that runs the tests: a consumer's npm has none.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return {
    ...inherited,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    SCARF_ANALYTICS: 'false',
    ...extra,
  };
}

/**
 * Runs a command and returns its output; on failure the error says the command, exit code and output.
 * @param {string} file
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} options
 */
export async function runIn(file, args, { cwd, env = consumerEnv(), timeoutMs = 300_000 }) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = /** @type {{ code?: number | string, stdout?: string, stderr?: string, message: string }} */ (error);
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * Creates a project of `kind` in a new temporary folder and installs the tarballs into it.
 * @param {ProjectKind} kind
 * @param {Iterable<string>} tarballs  paths of the packed public packages
 * @returns {Promise<string>} the project folder
 */
export async function createConsumerProject(kind, tarballs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pushapi-consumer-${kind}-`));
  fs.cpSync(path.join(packageDir, 'projects', kind), dir, { recursive: true });
  fs.copyFileSync(path.join(smokeDir, 'suite.mjs'), path.join(dir, 'suite.mjs'));
  // The consumer's own dev tools: the TypeScript and Node types the workspace uses.
  const manifestFile = path.join(dir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.devDependencies = workspaceToolVersions();
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const install = await runIn(
    'npm',
    ['install', '--no-audit', '--no-fund', '--engine-strict', '--loglevel=error', ...tarballs],
    { cwd: dir },
  );
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed (exit ${install.code}):\n${install.stderr}`);
  return dir;
}

/**
 * Runs the TypeScript compiler the project installed.
 * @param {string} dir
 * @param {string} project  tsconfig.json, jsconfig.json, ...
 */
export function tsc(dir, project) {
  return runIn(process.execPath, [path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
    cwd: dir,
  });
}

/**
 * The results a smoke run printed (its `SMOKE [...]` line), or undefined when it printed none.
 * @param {string} stdout
 * @returns {{ name: string, ok: boolean, detail?: string }[] | undefined}
 */
export function smokeResults(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('SMOKE '));
  return line === undefined ? undefined : JSON.parse(line.slice('SMOKE '.length));
}
