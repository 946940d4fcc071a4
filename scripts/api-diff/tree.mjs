// The published documents of a tree, built the way a release builds them. Both sides of a diff are snapshots
// (a git ref through `git archive`, the working tree through `git ls-files`) of everything that shapes a published
// document: openapi/, the root redocly.yaml (its `apis:` entries, decorators and plugins) and scripts/ (the bundle
// script and what it imports). Each snapshot is built in a temporary folder by its own scripts/bundle.mjs with its
// own root config, so a decorator or a bundle-script change shows in the diff, and base and head are built alike.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { diffedApis, root as workspaceRoot } from './registry.mjs';

/** What shapes a published document: a change to any of these may change what consumers get. */
export const SHAPING = ['openapi', 'redocly.yaml', 'scripts'];
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const redocly = path.join(workspaceRoot, 'openapi', 'node_modules', '.bin', 'redocly');

/** A temporary folder holding the shaping files at `ref`, or of the working tree when `ref` is undefined. */
export function snapshot(cwd, ref) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-api-diff-tree-'));
  if (ref === undefined) {
    const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard', '--', ...SHAPING], { cwd });
    for (const file of files.toString('utf8').split('\0').filter(Boolean)) {
      // Deleted in the working tree, or not a file (a symlinked node_modules that a `node_modules/` ignore misses).
      if (
        file.split('/').includes('node_modules') ||
        !fs.statSync(path.join(cwd, file), { throwIfNoEntry: false })?.isFile()
      )
        continue;
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(path.join(cwd, file), path.join(dir, file));
    }
    return dir;
  }
  const present = execFileSync('git', ['ls-tree', '--name-only', ref, '--', ...SHAPING], { cwd, encoding: 'utf8' });
  const paths = present.split('\n').filter(Boolean);
  if (paths.length) {
    const tar = execFileSync('git', ['archive', '--format=tar', ref, '--', ...paths], {
      cwd,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
  }
  return dir;
}

/** The public APIs a tree's root config registers (name and output), or the workspace's when it has none. */
function registryOf(dir) {
  const file = path.join(dir, 'redocly.yaml');
  const entries = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8'))?.apis : undefined;
  if (!entries) return { configured: false, apis: diffedApis };
  const apis = Object.entries(entries)
    .filter(([, entry]) => entry?.['x-mock'] !== false)
    .map(([name, entry]) => ({ name, root: entry.root, output: entry.output }));
  return { configured: true, apis };
}

const tail = (error) =>
  String(error.stderr ?? error.message)
    .trim()
    .split('\n')
    .slice(-3)
    .join(' ');

function run(dir, command, args, what) {
  try {
    execFileSync(command, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: ENV });
  } catch (error) {
    throw new Error(`${what} failed: ${tail(error)}`);
  }
}

/** The tooling's installed modules, seen from the snapshot, so its bundle script runs there as in the workspace. */
function linkModules(dir) {
  for (const sub of ['', 'openapi']) {
    const target = path.join(workspaceRoot, sub, 'node_modules');
    const link = path.join(dir, sub, 'node_modules');
    if (fs.existsSync(target) && fs.existsSync(path.dirname(link)) && !fs.existsSync(link))
      fs.symlinkSync(target, link, 'dir');
  }
}

/** Builds the snapshot's published documents: { apiName: bundle } ({} for an API whose root is missing). */
export function buildPublished(dir) {
  const { configured, apis } = registryOf(dir);
  const present = apis.filter((api) => fs.existsSync(path.join(dir, api.root)));
  if (configured && present.length) {
    linkModules(dir);
    if (fs.existsSync(path.join(dir, 'scripts', 'bundle.mjs')))
      run(dir, process.execPath, ['scripts/bundle.mjs'], 'building the published documents (scripts/bundle.mjs)');
    else run(dir, redocly, ['bundle', '--config', 'redocly.yaml'], 'bundling with redocly.yaml');
    return Object.fromEntries(
      apis.map((api) => {
        const out = path.join(dir, api.output);
        return [api.name, fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {}];
      }),
    );
  }
  // A tree without a root config (a bare repository): each root bundled alone, the same on both sides.
  return Object.fromEntries(
    apis.map((api) => {
      if (!fs.existsSync(path.join(dir, api.root))) return [api.name, {}];
      const out = path.join(dir, `.api-diff-${api.name}.json`);
      run(dir, redocly, ['bundle', api.root, '-o', out], `bundling ${api.root}`);
      return [api.name, JSON.parse(fs.readFileSync(out, 'utf8'))];
    }),
  );
}

/** The published documents at `ref` (the working tree when undefined). */
export function publishedAt(cwd, ref) {
  const dir = snapshot(cwd, ref);
  try {
    return buildPublished(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
