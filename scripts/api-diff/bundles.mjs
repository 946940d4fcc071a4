// The bundled public documents (push-v1, dmp) of a working tree or of a git ref, for the diff. A ref's documents
// are taken with `git archive` into a temporary folder and bundled there: the working tree is never checked out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apis, root as workspaceRoot } from '../apis.mjs';

const redocly = path.join(workspaceRoot, 'openapi', 'node_modules', '.bin', 'redocly');
/** The documents the diff compares: the public APIs of the registry (the sandbox's control API is not one). */
export const diffedApis = apis
  .filter((api) => api.mock)
  .map((api) => ({ name: api.name, root: path.relative(workspaceRoot, api.source) }));

/** The last release of @pushapi/openapi: the last commit that wrote openapi/CHANGELOG.md (`changeset version` writes it). */
export function lastRelease(cwd) {
  const out = execFileSync('git', ['log', '-1', '--format=%H', '--', 'openapi/CHANGELOG.md'], {
    cwd,
    encoding: 'utf8',
  }).trim();
  return out || undefined;
}

/** Bundles each document under `dir` (an API whose root is missing there is `{}`: all its operations are new). */
function bundleAll(dir) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-api-diff-out-'));
  try {
    return Object.fromEntries(
      diffedApis.map((api) => {
        if (!fs.existsSync(path.join(dir, api.root))) return [api.name, {}];
        const file = path.join(out, `${api.name}.json`);
        try {
          execFileSync(redocly, ['bundle', api.root, '-o', file], {
            cwd: dir,
            stdio: ['ignore', 'ignore', 'pipe'],
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          });
        } catch (error) {
          throw new Error(
            `bundling ${api.root} failed: ${String(error.stderr ?? error.message)
              .trim()
              .split('\n')
              .slice(-3)
              .join(' ')}`,
          );
        }
        return [api.name, JSON.parse(fs.readFileSync(file, 'utf8'))];
      }),
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** The bundles of the working tree at `cwd`, committed or not. */
export function bundlesOfWorkingTree(cwd) {
  return bundleAll(cwd);
}

/** The bundles at git `ref` of the repository at `cwd`. */
export function bundlesAtRef(cwd, ref) {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, stdio: 'ignore' });
  } catch {
    throw Object.assign(new Error(`--base ${ref}: not a commit in this repository`), { usage: true });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-api-diff-base-'));
  try {
    const hasDocuments = execFileSync('git', ['ls-tree', '--name-only', ref, '--', 'openapi'], {
      cwd,
      encoding: 'utf8',
    }).trim();
    if (hasDocuments) {
      const tar = execFileSync('git', ['archive', '--format=tar', ref, '--', 'openapi'], {
        cwd,
        maxBuffer: 256 * 1024 * 1024,
      });
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
    }
    return bundleAll(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every change between `base` (default: the last release) and the working tree. */
export async function diffWorkingTree(cwd, base = lastRelease(cwd)) {
  const { diffDocuments } = await import('./classify.mjs');
  if (!base)
    throw Object.assign(
      new Error('openapi/CHANGELOG.md has no commit here, so the last release is unknown: pass --base <git ref>'),
      { usage: true },
    );
  const before = bundlesAtRef(cwd, base);
  const after = bundlesOfWorkingTree(cwd);
  return { base, changes: diffedApis.flatMap((api) => diffDocuments(api.name, before[api.name], after[api.name])) };
}
