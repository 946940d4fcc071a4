// @ts-check
// Renders the bench results as a plain-text table.

/**
 * @typedef {{ name: string, min: number, median: number, max: number }} Series
 * @typedef {{ figure: string, unit: 'x' | 'B' | 'share', min: number, median: number, max: number,
 *   baseline?: Series, baselineUnit?: string, budget?: { max?: number, min?: number }, pass?: boolean }} Row
 * @typedef {{ id: string, title: string, rows: Row[], notes?: string[], error?: string }} Section
 */

/**
 * @param {number} value
 * @param {Row['unit']} unit
 */
export function formatValue(value, unit) {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'x')
    return `${value >= 10 ? value.toFixed(1) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)}x`;
  if (unit === 'B') return `${(value / 1000).toFixed(2)} kB`;
  return `${Math.round(value * 100)}%`;
}

/**
 * @param {number} value
 * @param {string | undefined} unit
 */
function formatAbsolute(value, unit) {
  if (unit === 'ms')
    return value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : value >= 1
        ? `${value.toFixed(1)} ms`
        : `${Math.round(value * 1000)} µs`;
  if (unit === 'req/s') return `${Math.round(value)} req/s`;
  return `${value}`;
}

/** @param {Row} row */
export function formatBudget(row) {
  if (!row.budget) return '';
  if (row.budget.max !== undefined) return `<= ${formatValue(row.budget.max, row.unit)}`;
  if (row.budget.min !== undefined) return `>= ${formatValue(row.budget.min, row.unit)}`;
  return '';
}

/** @param {Row} row */
function status(row) {
  if (!row.budget) return '';
  return row.pass ? 'ok' : 'MISS';
}

/**
 * @param {string[][]} cells
 * @param {boolean[]} rightAligned
 */
function layout(cells, rightAligned) {
  const widths = cells[0]?.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length))) ?? [];
  return cells.map((r) =>
    r
      .map((cell, c) => (rightAligned[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** @param {Section[]} sections */
export function renderTable(sections) {
  const header = ['figure', 'min', 'median', 'max', 'baseline (median)', 'budget', 'status'];
  const right = [false, true, true, true, false, false, false];
  /** @type {string[]} */
  const out = [];
  for (const section of sections) {
    out.push('', section.title);
    if (section.error) {
      out.push(`  FAILED: ${section.error.split('\n').join('\n  ')}`);
      continue;
    }
    const cells = [
      header,
      ...section.rows.map((row) => [
        row.figure,
        formatValue(row.min, row.unit),
        formatValue(row.median, row.unit),
        formatValue(row.max, row.unit),
        row.baseline ? `${row.baseline.name} ${formatAbsolute(row.baseline.median, row.baselineUnit)}` : '',
        formatBudget(row),
        status(row),
      ]),
    ];
    out.push(...layout(cells, right).map((line) => `  ${line}`));
    for (const note of section.notes ?? []) out.push(`  - ${note}`);
  }
  return out.join('\n');
}
