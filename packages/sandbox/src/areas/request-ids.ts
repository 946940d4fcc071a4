// requestid: a push repeated with the same requestid in one app answers as the first call did and delivers
// nothing again, so a client that retries after a lost answer never pushes twice. Remembered for a day of app
// time, at most LIMITS.requestIdLimit per app (the oldest are forgotten first).
import { LIMITS, REQUEST_ID_TTL_MS } from '../config.js';
import type { AppState } from '../state/state.js';
import type { World } from '../world.js';

/** The answer of an earlier call with this requestid, if it is still remembered. */
export function rememberedAnswer(app: AppState, requestid: string, now: number): Record<string, unknown> | undefined {
  const record = app.requestIds.get(requestid);
  return record && now - record.at < REQUEST_ID_TTL_MS ? record.answer : undefined;
}

export function rememberAnswer(world: World, app: AppState, requestid: string, operation: string, answer: Record<string, unknown>, now: number): void {
  world.state.putRequestId(app, requestid, { at: now, operation, answer });
  for (const [rid, record] of app.requestIds) {
    if (app.requestIds.size <= LIMITS.requestIdLimit && now - record.at < REQUEST_ID_TTL_MS) break;
    world.state.removeRequestId(app, rid);
  }
}
