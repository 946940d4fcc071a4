// The diff as people read it: plain text for the terminal and the gate, Markdown for the changelog.
import { hitsText, tellsHits } from './usage.mjs';
import { plainWords, withoutMediaType } from './words.mjs';

const CLASS_ORDER = ['breaking', 'breaking-for-exhaustive-clients', 'review', 'non-breaking'];

/** Why a change has its class, from where it is. */
export function why(change) {
  const request = change.where.startsWith('request') || change.where === 'operation';
  if (change.class === 'breaking')
    return request ? 'a request that old code sends is no longer valid' : 'old code cannot read the answer any more';
  if (change.class === 'breaking-for-exhaustive-clients')
    return 'an exhaustive switch over the generated union misses the new case';
  if (change.class === 'review')
    return 'the documents cannot tell whether old code still works: a maintainer decides (a changeset, or an acceptance with a reason)';
  return request ? 'every request old code sends stays valid' : 'old code reads the answer as before';
}

/** The changes grouped by `api operationId`, each group in class order, groups in first-seen order. */
export function byOperation(changes) {
  const groups = new Map();
  for (const change of changes) {
    const key = `${change.api} ${change.operationId}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(change);
  }
  for (const list of groups.values()) list.sort((a, b) => CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class));
  return groups;
}

export function summary(changes) {
  const count = (cls) => changes.filter((c) => c.class === cls).length;
  const review = count('review') ? `, ${count('review')} to review` : '';
  return `${changes.length} change(s): ${count('breaking')} breaking, ${count('breaking-for-exhaustive-clients')} breaking for exhaustive clients${review}, ${count('non-breaking')} non-breaking`;
}

export function renderText(changes) {
  if (!changes.length)
    return 'no change that a consumer can see (descriptions, examples and x- extensions do not count)';
  const lines = [summary(changes)];
  for (const [operation, list] of byOperation(changes)) {
    lines.push('', operation);
    for (const c of list)
      lines.push(
        `  ${c.class.padEnd(31)} ${c.where}: ${c.change}`,
        `  ${''.padEnd(31)} why: ${why(c)}`,
        `  ${''.padEnd(31)} id: ${c.id}`,
        ...(tellsHits(c) ? [`  ${''.padEnd(31)} ${hitsText(c.hits)}`] : []),
      );
  }
  return lines.join('\n');
}

/** The same change met in several media types of one body is one item for a reader. */
export function foldMediaTypes(changes) {
  const seen = new Map();
  for (const c of changes) {
    const key = [c.api, c.operationId, withoutMediaType(c.where), c.change, c.class].join('\0');
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

/**
 * Kinds whose migration line says all a consumer needs (call the new name, send the new field); for any other
 * breaking finding the line is only mechanical, and the changeset asks a maintainer for a sentence.
 */
const SELF_EXPLAINED = new Set([
  'operation-renamed',
  'operation-moved',
  'request-required-parameter-added',
  'request-parameter-became-required',
  'request-required-property-added',
  'request-property-became-required',
  'request-body-became-required',
  'response-value-added',
  'response-status-added',
]);

function item(c, { ask }) {
  const lines = [`- **${c.api}** \`${c.operationId}\`: ${plainWords(c)}.`];
  const hits = tellsHits(c) ? [`  Recorded use (api-diff --usage): ${hitsText(c.hits)}.`] : [];
  if (c.class === 'non-breaking') return [...lines, ...hits];
  if (c.class === 'breaking-for-exhaustive-clients') lines.push('  Breaks only code that switches over every case.');
  lines.push(`  What to do: ${c.migration ?? why(c)}.`);
  if (ask && !SELF_EXPLAINED.has(c.check))
    lines.push('  MAINTAINER: replace this line with one sentence on what this means for a consumer and what to do.');
  return [...lines, ...hits];
}

/**
 * The changelog entry, for consumers: the breaking changes first in plain words, each with what to do, then the
 * other changes; a change met in several media types once. Each item names **api** `operationId`, which the site's
 * Changes page links to the operation. A change that carries `hits` (api-diff --usage) gets its hits line. `ask` adds a line for a maintainer's sentence under each breaking item whose
 * migration line is only mechanical (the gate fails until it is replaced).
 */
export function renderMarkdown(changes, { ask = false } = {}) {
  if (!changes.length) return 'No change to the documents that a consumer can see.\n';
  const folded = foldMediaTypes(changes);
  const order = (c) => CLASS_ORDER.indexOf(c.class);
  const breaking = folded.filter((c) => c.class !== 'non-breaking').sort((a, b) => order(a) - order(b));
  const other = folded.filter((c) => c.class === 'non-breaking');
  const lines = [];
  if (breaking.length) lines.push('**Breaking changes**', '', ...breaking.flatMap((c) => item(c, { ask })), '');
  if (other.length)
    lines.push(
      breaking.length ? '**Other changes**' : '**Changes**',
      '',
      ...other.flatMap((c) => item(c, { ask })),
      '',
    );
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The `--json` form: the public keys of each change (its finding id and check id with them). */
export function toJson(changes) {
  return {
    changes: changes.map(({ id, check, api, operationId, where, change, class: cls }) => ({
      id,
      check,
      api,
      operationId,
      where,
      change,
      class: cls,
    })),
  };
}
