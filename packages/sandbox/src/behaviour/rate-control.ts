// Frequency limits of the operations the description names as rate controlled. None by default (the
// description gives no numbers); a test sets them per app. A call beyond its limit is refused `too_frequent`
// before anything changes, and a refused call does not count. The counts live in memory only.
import { serviceRefusal } from '../shared/refusal.js';
import type { RateLimitedOperation } from '../state/records.js';
import type { AppState } from '../state/store.js';

/** Throws `too_frequent` when the call would exceed the app's limit for the operation. */
export function checkRate(app: AppState, operation: RateLimitedOperation, now: number): void {
  const limit = app.record.rateLimits[operation];
  if (!limit) return;
  const hits = (app.rateHits.get(operation) ?? []).filter((t) => t > now - limit.perMs && t <= now);
  app.rateHits.set(operation, hits);
  if (hits.length >= limit.max) {
    throw serviceRefusal(
      'too_frequent',
      `${operation} is limited to ${limit.max} calls per ${limit.perMs} ms in this app; try again later`,
    );
  }
}

/** Counts an accepted call. */
export function countRate(app: AppState, operation: RateLimitedOperation, now: number): void {
  if (!app.record.rateLimits[operation]) return;
  const hits = app.rateHits.get(operation) ?? [];
  hits.push(now);
  app.rateHits.set(operation, hits);
}
