// Timeouts tested without racing a wall clock. The clients' own timers (each attempt's time limit, the wait for a
// sign-in, each backoff) run on vitest's fake setTimeout, while fetch and the scripted server keep real I/O. Fake
// time moves only when the test says so: an attempt times out after the server holds its request, never before,
// however busy the machine. Test-only; never bundled into a client.
import { setTimeout as pause } from 'node:timers/promises';
import { vi } from 'vitest';

/**
 * Fakes setTimeout and clearTimeout (undo with vi.useRealTimers()); node:http and fetch keep their own clock. With
 * `date`, Date too, so that the times a client measures (an error's elapsedMs) are fake time as well.
 */
export function fakeClientTimers(options: { date?: boolean } = {}): void {
  vi.useFakeTimers({ toFake: options.date ? ['setTimeout', 'clearTimeout', 'Date'] : ['setTimeout', 'clearTimeout'] });
}

/**
 * Waits in real time until `ready()` holds (the test's own timeout is the limit). Fake time stands still meanwhile,
 * so no client timer can fire: give the client `retry: { baseDelayMs: 0 }`, whose backoff needs no timer.
 */
export async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await pause(2);
}

/** Once `ready()` holds (the server has the request), moves fake time on by `ms` (the client's time limit). */
export async function passWhen(ready: () => boolean, ms: number): Promise<void> {
  await until(ready);
  await vi.advanceTimersByTimeAsync(ms);
}
