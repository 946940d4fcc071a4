// Work that falls due with time: scheduled pushes fire, offline messages expire or wait for their display
// window. It runs before each call that concerns an app whose clock has passed `nextDueAt`, when a test moves the
// clock, and every second for running clocks (sandbox.ts).
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { reviewPending } from './delivery.js';
import { fireScheduled, isWaiting } from './schedule.js';

export function processDue(unit: Unit, app: AppState, now: number): { fired: string[]; expired: number } {
  const fired: string[] = [];
  let expired = 0;
  if (now < app.nextDueAt) return { fired, expired };
  app.nextDueAt = Number.POSITIVE_INFINITY;
  const due = [...app.tasks.values()]
    .filter(isWaiting)
    .filter((t) => t.dispatchAt <= now)
    .sort((a, b) => a.dispatchAt - b.dispatchAt);
  for (const task of due) {
    fireScheduled(unit, app, task);
    fired.push(task.taskid);
  }
  for (const task of app.tasks.values()) {
    if (isWaiting(task)) app.nextDueAt = Math.min(app.nextDueAt, task.dispatchAt);
  }
  for (const device of app.devices.values()) {
    if (device.pending.size > 0) expired += reviewPending(unit, app, device, now);
  }
  return { fired, expired };
}
