// requestid: a push repeated with the same requestid in one app answers as the first call did and delivers
// nothing again, so a client that retries after a lost answer never pushes twice. Remembered for a day of app
// time, at most LIMITS.requestIdLimit per app (the oldest are forgotten first).
import { LIMITS, REQUEST_ID_TTL_MS } from '../shared/config.js';
import type { RequestIdRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';

/** The answer of an earlier call with this requestid, if it is still remembered. */
export function rememberedAnswer(app: AppState, requestid: string, now: number): Record<string, unknown> | undefined {
  const record = app.requestIds.get(requestid);
  return record && now - record.at < REQUEST_ID_TTL_MS ? record.answer : undefined;
}

export function rememberAnswer(
  unit: Unit,
  app: AppState,
  requestid: string,
  operation: string,
  answer: Record<string, unknown>,
  now: number,
): void {
  unit.put('requestId', app, { requestid, at: now, operation, answer });
  const isKept = (record: RequestIdRecord) => app.requestIds.get(record.requestid) === record;
  for (let oldest = app.requestIdsByAge.oldest(isKept); oldest; oldest = app.requestIdsByAge.oldest(isKept)) {
    if (app.requestIds.size <= LIMITS.requestIdLimit && now - oldest.at < REQUEST_ID_TTL_MS) break;
    unit.remove('requestId', app, oldest);
  }
}

/** Operations whose body's requestid makes a call idempotent; push_single_batch keeps one per item (pushes.ts). */
const ONCE_PER_REQUEST_ID = new Set(['push_single', 'push_app']);

const requestIdOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'requestid' in body && typeof body.requestid === 'string'
    ? body.requestid
    : undefined;

/**
 * A push answered once per requestid: a repeat answers as the first call did and delivers nothing again; a first
 * call runs `push`, whose answer is remembered when it is ok. Calls of other operations just run `push`.
 */
export function answerOnce(
  unit: Unit,
  app: AppState,
  operation: string,
  body: unknown,
  now: number,
  push: () => Record<string, unknown>,
): Record<string, unknown> {
  const requestid = ONCE_PER_REQUEST_ID.has(operation) ? requestIdOf(body) : undefined;
  if (requestid === undefined) return push();
  const earlier = rememberedAnswer(app, requestid, now);
  if (earlier) return earlier;
  const answer = push();
  if (answer.result === 'ok') rememberAnswer(unit, app, requestid, operation, answer, now);
  return answer;
}
