// Where the diff starts: the public APIs it compares, the last release and the merge base of the branch.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { apis, root } from '../apis.mjs';

export { root };

/** The documents the diff compares: the public APIs of the registry (the sandbox's control API is not one). */
export const diffedApis = apis
  .filter((api) => api.mock)
  .map((api) => ({ name: api.name, root: path.relative(root, api.source), output: path.relative(root, api.bundle) }));

const git = (cwd, args) => {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

/** The last release of @pushapi/openapi: the last commit that wrote openapi/CHANGELOG.md (`changeset version` writes it). */
export function lastRelease(cwd) {
  return git(cwd, ['log', '-1', '--format=%H', '--', 'openapi/CHANGELOG.md']) || undefined;
}

/**
 * The branch's merge base with main: with origin/main when the clone has it, else with a local main. On main itself
 * (a fresh clone in CI, or a maintainer's working tree on main) there is no other branch to leave findings to, and
 * the change at hand is everything no changeset names yet.
 */
export function mergeBase(cwd) {
  const head = git(cwd, ['rev-parse', 'HEAD']);
  const branch = git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (branch === 'main') return { base: head, upstream: 'main', onMain: true };
  for (const upstream of ['origin/main', 'main']) {
    const base = git(cwd, ['merge-base', 'HEAD', upstream]);
    // A detached HEAD at main's tip is CI's checkout of main, not a branch.
    if (base) return { base, upstream, onMain: branch === 'HEAD' && base === head };
  }
  return { base: head, upstream: 'HEAD', onMain: true };
}

/** Throws a usage error unless `ref` names a commit. */
export function verifyCommit(cwd, ref) {
  if (!git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]))
    throw Object.assign(new Error(`--base ${ref}: not a commit in this repository`), { usage: true });
}
