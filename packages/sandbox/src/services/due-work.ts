// Work that fell due by an app's clock (behaviour/due.ts), run as a unit of its own: before a call to the app (the
// pipeline's due-work stage) and, for running clocks, on the sandbox's one-second timer.
import { appNow, deleteApp } from '../behaviour/apps.js';
import { processDue } from '../behaviour/due.js';
import type { AppState } from '../state/store.js';
import { Unit, type Committer } from '../state/unit.js';
import { clockNow } from '../shared/time.js';
import type { Services } from '../interfaces/call.js';
import { commitUnit } from './commit.js';

type DueServices = Pick<Services, 'store' | 'realNow' | 'events' | 'metrics'>;
type ExpiryServices = DueServices & Pick<Services, 'defaultApp'>;

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

/**
 * Removes, with their data, the apps no call has named for `idleMs` of real time (`--app-idle-expiry`): a quarter
 * of CI jobs each making apps would otherwise hold every one of them. The default app stays. An app not named since
 * this process started counts from the first round that sees it. Returns the appids removed.
 */
export async function expireIdleApps(
  services: ExpiryServices,
  committer: Committer,
  idleMs: number,
): Promise<string[]> {
  const now = services.realNow();
  const unit = new Unit(services.store, now);
  const gone: string[] = [];
  for (const app of [...services.store.apps.values()]) {
    if (Number.isNaN(app.usedAt)) app.usedAt = now;
    else if (app.record.appid !== services.defaultApp.appid && now - app.usedAt >= idleMs) {
      gone.push(app.record.appid);
      deleteApp(unit, app);
    }
  }
  if (gone.length > 0) await commitUnit(services, committer, unit);
  return gone;
}
