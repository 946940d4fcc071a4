// What a run will spend, said before it runs: the calls per operation (from the dry run's plan), the rate-controlled
// ones (their limits are shared with the app's production traffic), the pushes that show in the app's statistics,
// the token it closes, and how long its retries may wait. A team reads it before pointing the run at production.
import type { Exchange } from '../scenario/run.js';
import { RATE_CONTROLLED, retryWaits } from '../scenario/run.js';
/** The pushes: each adds a task to push_result, query_app_push and the app's delivery statistics. */
const PUSHES = new Set(['pushSingle', 'pushList', 'pushSingleBatch', 'pushApp']);

const seconds = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/** The calls of a plan by operation: main part and after (`n`), and restore calls sent only when needed (`restore`). */
function countCalls(planned: Exchange[]): Map<string, { n: number; restore: number }> {
  const calls = new Map<string, { n: number; restore: number }>();
  for (const e of planned.filter((x) => x.request)) {
    const c = calls.get(e.step.operationId) ?? { n: 0, restore: 0 };
    if (e.step.phase === 'restore') c.restore++;
    else c.n++;
    calls.set(e.step.operationId, c);
  }
  return calls;
}

/** The lines of "What the run will spend", from a dry run's plan and the retry window. */
export function spendLines(planned: Exchange[], retryWindowMs?: number): string[] {
  const calls = countCalls(planned);
  const text = (op: string, c: { n: number; restore: number }) =>
    `${op} ${c.n}${c.restore ? ` (+${c.restore} if restoring)` : ''}`;
  const all = [...calls].map(([op, c]) => text(op, c));
  const limited = [...calls].filter(([op]) => RATE_CONTROLLED.has(op)).map(([op, c]) => text(op, c));
  const pushes = [...calls].filter(([op]) => PUSHES.has(op)).map(([op, c]) => `${op} ${c.n}`);
  const waits = retryWaits(retryWindowMs);
  const total = waits.reduce((a, b) => a + b, 0);
  const closes = planned.some((e) => e.request && e.step.operationId === 'authClose');
  return [
    "What the run will spend (start on a staging appid: the limits and statistics below are the app's own):",
    `  calls: ${all.join(', ')}`,
    `  rate-controlled, sharing the app's limits with its production traffic: ${limited.join(', ') || 'none'}`,
    `  pushes, each a task in the app's statistics (push_result, query_app_push): ${pushes.join(', ') || 'none'}; pass-through messages to the listed cids only`,
    ...(closes
      ? [
          '  auth_close: the token this run signed in for is closed at the end; the description does not say whether auth_sign hands every sign-in of the app the same token: if it does, production loses its token too',
        ]
      : []),
    `  retries: a transient refusal is retried ${waits.length} times, waiting ${waits.map(seconds).join(', ') || 'never'} (up to ${seconds(total)} per request; --retry-window sets it: 660 spans a limit of 2 per 10 minutes)`,
  ];
}
