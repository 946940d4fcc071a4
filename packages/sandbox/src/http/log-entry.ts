// The request-log entry of one request, made once, at the end, from what the pipeline found (context.ts). Nothing
// secret goes in: no header, no query (the DMP sign-in sends its signs there), and no body but that of a push.
import { performance } from 'node:perf_hooks';
import type { NewLogEntry } from '../services/observe.js';
import type { RequestContext } from './context.js';

/** The push v1 operations whose body the log keeps, and the largest body it keeps (bytes of the JSON received). */
const PUSHES = new Set(['push_single', 'push_single_batch', 'save_list_body', 'push_list', 'push_app']);
const MAX_KEPT_BODY_BYTES = 64 * 1024;

export function logEntryOf(ctx: RequestContext): NewLogEntry {
  const { operation, reply, app } = ctx;
  const entry: NewLogEntry = {
    at: ctx.at,
    appid:
      app?.record.appid ??
      ctx.scopedAppid ??
      (operation ? (ctx.params.appid ?? ctx.url.searchParams.get('appid') ?? null) : null),
    api: ctx.api,
    operation: operation?.op.name ?? null,
    method: ctx.method,
    path: ctx.url.pathname,
    status: ctx.status,
    outcome: reply?.outcome ?? null,
    desc: reply?.desc ?? null,
    violations: reply?.violations ?? [],
    deviations: ctx.deviations,
    durationMs: Math.round((performance.now() - ctx.started) * 100) / 100,
    fault: ctx.fault?.kind ?? null,
  };
  if (ctx.appAt !== undefined) entry.appAt = ctx.appAt;
  if (operation?.op.api === 'push-v1' && ctx.call)
    Object.assign(entry, pushNote(operation.op.name, ctx.raw?.length ?? 0, ctx.body, reply?.body));
  // The push check of an accepted push, made once by its handler (interfaces/push-v1.ts).
  if (reply?.warnings) entry.warnings = reply.warnings;
  return entry;
}

/** The tasks a push v1 answer names and, for a push, its body (when not too large). */
function pushNote(
  operation: string,
  rawBytes: number,
  body: unknown,
  answer: unknown,
): Pick<NewLogEntry, 'taskids' | 'body'> {
  const taskid = typeof answer === 'object' && answer !== null && 'taskid' in answer ? answer.taskid : undefined;
  const note: Pick<NewLogEntry, 'taskids' | 'body'> = typeof taskid === 'string' ? { taskids: [taskid] } : {};
  if (!PUSHES.has(operation) || typeof body !== 'object' || body === null || Array.isArray(body)) return note;
  return { ...note, body: rawBytes <= MAX_KEPT_BODY_BYTES ? (body as Record<string, unknown>) : null };
}
