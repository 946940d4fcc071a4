// What every handler works with: the state, the event stream, the request log and real time. Kept as one
// object so a request can be followed from the server to the state without hidden globals.
import type { EventBus } from './control/events.js';
import type { RequestLog } from './control/request-log.js';
import type { AppState, SandboxState } from './state/state.js';
import { clockNow } from './time.js';

export interface World {
  state: SandboxState;
  events: EventBus;
  requestLog: RequestLog;
  /** Real time in epoch ms (tests of the sandbox itself may replace it). */
  realNow: () => number;
}

/** The app's time by its test clock. */
export const appNow = (world: World, app: AppState): number => clockNow(app.record.clock, world.realNow());

/** A refusal of the service: HTTP 200 with this `result` and `desc`, and nothing changed. */
export class Refusal extends Error {
  constructor(
    readonly result: string,
    readonly desc: string,
  ) {
    super(`${result}: ${desc}`);
  }
}
