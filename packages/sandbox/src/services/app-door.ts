// What the HTTP layer asks of an app as a call comes to it, before the call runs: the app's time by its test clock,
// and the fault injected into the call (taken from the app's list, one use counted). The server reaches the apps'
// behaviour only through here, so http/ imports no behaviour.
import { appNow } from '../behaviour/apps.js';
import { takeFault } from '../behaviour/faults.js';
import type { OperationSpec } from '../start/documents.js';
import type { FaultRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';

/** The app's time by its test clock, at the unit's real time. */
export const appTime = (unit: Unit, app: AppState): number => appNow(unit, app);

/** The fault this call of a push v1 or DMP operation meets, if one is injected (control calls meet none). */
export function faultOfCall(app: AppState | undefined, op: OperationSpec): FaultRecord | undefined {
  return app && op.api !== 'control' && op.faultName !== undefined ? takeFault(app, op.faultName) : undefined;
}
