// The diff between the published documents of two trees: a git ref (default: the last release) and the working
// tree, committed or not. Both are built by tree.mjs the same way; nothing is checked out.
import { diffDocuments } from './classify.mjs';
import { diffedApis, lastRelease, verifyCommit } from './registry.mjs';
import { publishedAt } from './tree.mjs';

export { diffedApis, lastRelease };
export { mergeBase } from './registry.mjs';

/** The published documents of the working tree at `cwd`, committed or not. */
export const bundlesOfWorkingTree = (cwd) => publishedAt(cwd, undefined);

/** The published documents at git `ref` of the repository at `cwd`. */
export function bundlesAtRef(cwd, ref) {
  verifyCommit(cwd, ref);
  return publishedAt(cwd, ref);
}

/** Every change between two sets of published documents, API by API (an API on one side only: {} on the other). */
export function diffBundles(before, after) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.flatMap((name) => diffDocuments(name, before[name] ?? {}, after[name] ?? {}));
}

/** Every change between `base` (default: the last release) and the working tree. */
export async function diffWorkingTree(cwd, base = lastRelease(cwd)) {
  if (!base)
    throw Object.assign(
      new Error('openapi/CHANGELOG.md has no commit here, so the last release is unknown: pass --base <git ref>'),
      { usage: true },
    );
  const before = bundlesAtRef(cwd, base);
  return { base, changes: diffBundles(before, bundlesOfWorkingTree(cwd)) };
}
