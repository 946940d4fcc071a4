// Compat mode: which apps read requests leniently (`settings.compat`), and the per-app summary of the deviations
// they accepted (how often each rule was bent, and the last request that bent it). How a lenient app reads a
// request is validation/lenient.ts; the summary lives in memory, like the request log it points into.
import { cutLocation } from '../shared/bounded.js';
import type { components } from '../generated/schema.js';
import type { AppState } from '../state/store.js';
import { DEVIATION_RULES } from '../validation/lenient.js';

export type Compat = components['schemas']['Compat'];
type Summary = components['schemas']['DeviationSummary'];
type RequestLogEntry = components['schemas']['RequestLogEntry'];

/** Strict unless the app says otherwise (apps stored before the setting existed are strict). */
export const compatOf = (app: AppState): Compat => app.record.settings.compat ?? 'strict';

/**
 * Counts the deviations of one logged request against the app's summary: all of them, `deviations` (the entry lists
 * only the first few of a large request).
 */
export function noteDeviations(app: AppState | undefined, entry: RequestLogEntry, deviations = entry.deviations): void {
  if (!app) return;
  for (const d of deviations) {
    const last = {
      requestId: entry.id,
      at: entry.at,
      operation: entry.operation ?? entry.path,
      location: cutLocation(d.location),
      detail: d.detail,
    };
    const earlier = app.deviations.get(d.rule);
    if (earlier) {
      earlier.count++;
      earlier.last = last;
    } else app.deviations.set(d.rule, { rule: d.rule, rule_text: DEVIATION_RULES[d.rule], count: 1, last });
  }
}

export const deviationsView = (app: AppState): Summary => ({
  compat: compatOf(app),
  deviations: [...app.deviations.values()]
    .sort((a, b) => b.count - a.count)
    .map((d) => ({ ...d, last: { ...d.last } })),
});
