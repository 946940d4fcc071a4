// Work that fell due by an app's clock (areas/due.ts), run as a unit of its own: before a call to the app (the
// pipeline's due-work stage) and, for running clocks, on the sandbox's one-second timer.
import { appNow } from '../areas/apps.js';
import { processDue } from '../areas/due.js';
import type { AppState } from '../state/store.js';
import { Unit, type Committer } from '../state/unit.js';
import { clockNow } from '../time.js';
import type { Services } from './call.js';
import { commitUnit } from './commit.js';

type DueServices = Pick<Services, 'store' | 'realNow' | 'events' | 'metrics'>;

/** Whether the app's clock has reached its next due time (the only case with work to run). */
export const isDue = (app: AppState, appAt: number): boolean => appAt >= app.nextDueAt;

/** Makes happen what fell due for the app by its clock, as a unit of its own. */
export function runDueOfApp(services: DueServices, committer: Committer, app: AppState): Promise<void> {
  const unit = new Unit(services.store, services.realNow());
  processDue(unit, app, appNow(unit, app));
  return commitUnit(services, committer, unit);
}

/** The timer's round: what fell due for every app whose clock has passed its next due time (running clocks move). */
export function runDueOfEveryApp(services: DueServices, committer: Committer): void {
  for (const app of services.store.apps.values()) {
    if (isDue(app, clockNow(app.record.clock, services.realNow())))
      void runDueOfApp(services, committer, app).catch(() => undefined);
  }
}
