// The state of the pending release: the findings since the last release, held against what the pending
// changesets name and the acceptance file accepts; and the change at hand, which `api-diff --changeset` writes.
import { bundlesAtRef, diffBundles } from './bundles.mjs';
import { acceptedFindings, pendingChangesets, reconcile } from './ledger.mjs';
import { mergeBase } from './registry.mjs';

/**
 * @param {string} cwd  the repository's root
 * @param {string} base  the commit the findings start from (the last release)
 * @param {import('./types.d.mts').Change[]} findings  every finding from `base` to the working tree
 */
export function releaseState(cwd, base, findings) {
  const changesets = pendingChangesets(cwd);
  const { accepted, note } = acceptedFindings(cwd, base);
  return { base, findings, changesets, accepted, note, ...reconcile(findings, changesets, accepted) };
}

/**
 * Of the findings no changeset names, those this branch made: on a branch, the ones already there at its merge
 * base with main are main's to cover, not this branch's (they are told apart by id). On main (a fresh clone in CI,
 * or a maintainer's working tree) the merge base is HEAD and every unnamed finding is at hand.
 */
export function changeAtHand(cwd, state) {
  const branch = mergeBase(cwd);
  if (branch.onMain || !state.unnamed.length) return { branch, changes: state.unnamed, onMainAlready: [] };
  const atBase = new Set(diffBundles(bundlesAtRef(cwd, state.base), bundlesAtRef(cwd, branch.base)).map((f) => f.id));
  return {
    branch,
    changes: state.unnamed.filter((f) => !atBase.has(f.id)),
    onMainAlready: state.unnamed.filter((f) => atBase.has(f.id)),
  };
}
