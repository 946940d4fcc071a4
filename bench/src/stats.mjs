// @ts-check
// Small statistics over repeated runs: median, min/median/max summaries, ratios.

/** @param {readonly number[]} values */
export function median(values) {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // A function for the cast: a JSDoc cast inside the sum would move when the code is formatted.
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * @param {readonly number[]} values
 * @returns {{ min: number, median: number, max: number, runs: number }}
 */
export function summarize(values) {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values), runs: values.length };
}

/**
 * Element-wise ratios of two equally long series (run i of the subject over run i of its baseline).
 * @param {readonly number[]} subject
 * @param {readonly number[]} baseline
 */
export function ratios(subject, baseline) {
  if (subject.length !== baseline.length) throw new RangeError('ratios: series of different lengths');
  return subject.map((value, i) => value / /** @type {number} */ (baseline[i]));
}
