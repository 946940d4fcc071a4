// What follows a commit, observing the committed unit: the events of its changes, the metrics, and, once the
// request is answered, its request-log entry, the app's tally of compat deviations and the request's own event.
// The server (http/) calls these and knows nothing of the event bus, the request log or the compat summary.
import type { components } from '../generated/schema.js';
import { appNow } from '../areas/apps.js';
import { noteDeviations } from '../areas/compat.js';
import { processDue } from '../areas/due.js';
import type { AppState } from '../state/store.js';
import { Unit, type Committer } from '../state/unit.js';
import { clockNow } from '../time.js';
import type { Services } from './call.js';
import { eventOf, type SandboxEvent } from './events.js';

type Observers = Pick<Services, 'store' | 'realNow' | 'events' | 'metrics'>;
export type NewLogEntry = Omit<components['schemas']['RequestLogEntry'], 'id'>;

/** Commits a unit, then announces its changes (computed now, so each event shows the state this unit left). */
export async function commitUnit(services: Pick<Services, 'events' | 'metrics'>, committer: Committer, unit: Unit, announce: Omit<SandboxEvent, 'id'>[] = [], quiet = false): Promise<void> {
  const events = quiet ? [] : unit.changes().flatMap((change) => eventOf(change) ?? []);
  // Only a write to the --data store takes time worth a histogram; in memory a commit writes nothing.
  if (services.metrics && committer.durable && unit.changed) await services.metrics.timeCommit(committer.commit(unit));
  else await committer.commit(unit);
  if (!quiet) services.metrics?.observeChanges(unit.changes());
  for (const event of [...events, ...announce]) services.events.emit(event);
}

/** Makes happen what fell due for the app by its clock, as a unit of its own. */
export function runDue(services: Observers, committer: Committer, app: AppState): Promise<void> {
  const unit = new Unit(services.store, services.realNow());
  processDue(unit, app, appNow(unit, app));
  return commitUnit(services, committer, unit);
}

/** Runs what fell due for every app whose clock has passed its next due time (running clocks move by themselves). */
export function runDueWork(services: Observers, committer: Committer): void {
  for (const app of services.store.apps.values()) {
    if (clockNow(app.record.clock, services.realNow()) >= app.nextDueAt) void runDue(services, committer, app).catch(() => undefined);
  }
}

/**
 * Observes one answered request: the metrics count it; the log keeps it, the app's compat summary counts its
 * deviations and the event stream tells of it. Reads of the control API and the page are the page's own traffic:
 * counted, not logged. Says whether it was logged.
 */
export function recordRequest(services: Services, entry: NewLogEntry): boolean {
  services.metrics?.observeRequest(entry);
  if (entry.api === 'page' || (entry.api === 'control' && entry.method === 'GET' && entry.status < 400)) return false;
  const logged = services.requestLog.add(entry);
  if (entry.deviations.length > 0 && entry.appid !== null) noteDeviations(services.store.apps.get(entry.appid), logged, entry.deviations);
  services.events.emit({ type: 'request', appid: entry.appid, request: logged });
  return true;
}
