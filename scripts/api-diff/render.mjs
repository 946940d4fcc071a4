// The diff as people read it: plain text for the terminal and the gate, Markdown for the changelog.

const CLASS_ORDER = ['breaking', 'breaking-for-exhaustive-clients', 'non-breaking'];

/** Why a change has its class, from where it is. */
export function why(change) {
  const request = change.where.startsWith('request') || change.where === 'operation';
  if (change.class === 'breaking')
    return request ? 'a request that old code sends is no longer valid' : 'old code cannot read the answer any more';
  if (change.class === 'breaking-for-exhaustive-clients')
    return 'an exhaustive switch over the generated union misses the new case';
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
  return `${changes.length} change(s): ${count('breaking')} breaking, ${count('breaking-for-exhaustive-clients')} breaking for exhaustive clients, ${count('non-breaking')} non-breaking`;
}

export function renderText(changes) {
  if (!changes.length)
    return 'no change that a consumer can see (descriptions, examples and x- extensions do not count)';
  const lines = [summary(changes)];
  for (const [operation, list] of byOperation(changes)) {
    lines.push('', operation);
    for (const c of list)
      lines.push(`  ${c.class.padEnd(31)} ${c.where}: ${c.change}`, `  ${''.padEnd(31)} why: ${why(c)}`);
  }
  return lines.join('\n');
}

/**
 * The changelog entry: one item per operation (`**api** \`operationId\``, which the site's Changes page links to
 * the operation), one line per change with its class, and a migration line under each breaking one.
 */
export function renderMarkdown(changes) {
  if (!changes.length) return 'No change to the documents that a consumer can see.\n';
  const lines = [`Changes to the documents by operation (${summary(changes)}):`, ''];
  for (const [, list] of byOperation(changes)) {
    lines.push(`- **${list[0].api}** \`${list[0].operationId}\``);
    for (const c of list) {
      lines.push(`  - ${c.class}: \`${c.where}\`: ${c.change}`);
      if (c.class !== 'non-breaking') lines.push(`    - Migration: ${c.migration ?? why(c)}.`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The `--json` form: exactly the five public keys of each change. */
export function toJson(changes) {
  return {
    changes: changes.map(({ api, operationId, where, change, class: cls }) => ({
      api,
      operationId,
      where,
      change,
      class: cls,
    })),
  };
}
