// What the pending release already says about the documents: the finding ids each pending changeset names (in
// the block `api-diff --changeset` writes), and the findings a maintainer accepted in .changeset/api-diff-accepted.json
// with a reason. The gate compares it with the findings since the release.
import fs from 'node:fs';
import path from 'node:path';

export const ACCEPTED_FILE = '.changeset/api-diff-accepted.json';
const BLOCK = /<!-- api-diff findings[^\n]*\n([\s\S]*?)-->/g;
/** The mark of a sentence a maintainer still has to write; the gate fails while a changeset has one. */
export const MAINTAINER_MARK = 'MAINTAINER:';

/** The block of finding ids that ends a changeset `api-diff --changeset` writes. */
export const findingsBlock = (ids) =>
  `<!-- api-diff findings (the change gate reads these ids; keep them, one a line):\n${ids.join('\n')}\n-->\n`;

/** The finding ids a changeset's text names. */
export function namedIn(text) {
  return [...text.matchAll(BLOCK)].flatMap((m) =>
    m[1]
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/** The pending changesets: { name, text, ids }, from .changeset/*.md but its README. */
export function pendingChangesets(cwd) {
  const dir = path.join(cwd, '.changeset');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      return { name: file.replace(/\.md$/, ''), text, ids: namedIn(text) };
    });
}

/**
 * The accepted findings (id -> reason) of the acceptance file, when it was written for `release`: after a release
 * its entries say nothing about the next one, and the gate says so instead of reading them.
 */
export function acceptedFindings(cwd, release) {
  const file = path.join(cwd, ACCEPTED_FILE);
  if (!fs.existsSync(file)) return { accepted: new Map(), note: '' };
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (data.release !== release)
    return {
      accepted: new Map(),
      note: (data.accepted ?? []).length
        ? `${ACCEPTED_FILE} was written for release ${String(data.release).slice(0, 12)}, not the last one (${release.slice(0, 12)}): its entries are ignored; empty it.`
        : '',
    };
  const accepted = new Map();
  for (const group of data.accepted ?? []) {
    if (typeof group.reason !== 'string' || !group.reason.trim())
      throw new Error(`${ACCEPTED_FILE}: every entry needs a reason (${JSON.stringify(group.ids ?? group.id)})`);
    for (const id of group.ids ?? [group.id]) accepted.set(id, group.reason);
  }
  return { accepted, note: '' };
}

/**
 * The release's findings against the ledger: which need a changeset and have none (`uncovered`), which names in
 * the changesets match no finding any more (`stale`: the changelog would tell something untrue), which changesets
 * still wait for a maintainer's sentence (`unfinished`), and the findings no changeset names (`unnamed`).
 */
export function reconcile(findings, changesets, accepted) {
  const named = new Map();
  for (const c of changesets) for (const id of c.ids) named.set(id, [...(named.get(id) ?? []), c.name]);
  const known = new Set(findings.map((f) => f.id));
  const unnamed = findings.filter((f) => !named.has(f.id) && !accepted.has(f.id));
  return {
    unnamed,
    uncovered: unnamed.filter((f) => f.class !== 'non-breaking'),
    stale: [...named].filter(([id]) => !known.has(id)).map(([id, names]) => ({ id, changesets: names })),
    unfinished: changesets.filter((c) => c.text.includes(MAINTAINER_MARK)).map((c) => c.name),
  };
}
