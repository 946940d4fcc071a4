// What follows an answered request: the metrics count it, the request log keeps it, the app's tally of compat
// deviations and the request's own event. The server (http/) calls this and knows nothing of the event bus, the
// request log or the compat summary. (The commit and its events: commit.ts; due work: due-work.ts.)
import type { components } from '../generated/schema.js';
import { noteDeviations } from '../behaviour/compat.js';
import type { Services } from '../interfaces/call.js';

export type NewLogEntry = Omit<components['schemas']['RequestLogEntry'], 'id'>;

/**
 * Observes one answered request: the metrics count it; the log keeps it, the app's compat summary counts its
 * deviations and the event stream tells of it. Reads of the control API and the page are the page's own traffic:
 * counted, not logged. Says whether it was logged.
 */
export function recordRequest(services: Services, entry: NewLogEntry): boolean {
  services.metrics?.observeRequest(entry);
  if (entry.api === 'page' || (entry.api === 'control' && entry.method === 'GET' && entry.status < 400)) return false;
  const logged = services.requestLog.add(entry);
  if (entry.deviations.length > 0 && entry.appid !== null)
    noteDeviations(services.store.apps.get(entry.appid), logged, entry.deviations);
  services.events.emit({ type: 'request', appid: entry.appid, request: logged });
  return true;
}
