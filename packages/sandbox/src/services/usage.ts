// The usage ledgers around the request path: counted once a call is answered (http/usage-note.ts calls countUsage
// beside the request log), and written to the data folder by flushUsage, every second and at stop, as one unit of
// work of the ledgers changed since (a call itself writes nothing more to the store: the request path stays as it
// was, and a crash loses at most the last second of counts).
import { countCall, type UsedCall } from '../behaviour/usage.js';
import { operationShape } from '../behaviour/usage-shape.js';
import type { OperationSpec } from '../start/documents.js';
import type { UsageRecord } from '../state/records.js';
import type { AppState, Store } from '../state/store.js';
import { type Committer, Unit } from '../state/unit.js';
import type { SchemaSet } from '../validation/schemas.js';

/** One answered call as the pipeline saw it. */
export interface AnsweredCall {
  op: OperationSpec;
  app: AppState | undefined;
  params: Record<string, string>;
  /** Query values as the validator read them (numbers, booleans), when the call got that far. */
  query: Record<string, unknown> | undefined;
  search: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  result: string | null;
  answer: unknown;
}

const isPublic = (op: OperationSpec): op is UsedCall['op'] => op.api === 'push-v1' || op.api === 'dmp';

/** Counts a push v1 or DMP call of an app that exists in the app's ledger; the control API's calls are not counted. */
export function countUsage(store: Store, schemas: SchemaSet, call: AnsweredCall): void {
  const { op, app } = call;
  if (!app || !isPublic(op) || !store.apps.has(app.record.appid)) return;
  countCall(store, app.record.appid, {
    op,
    shape: operationShape(schemas, op),
    param: (p) =>
      p.in === 'path'
        ? call.params[p.name]
        : p.in === 'query'
          ? (call.query?.[p.name] ?? call.search.get(p.name) ?? undefined)
          : p.in === 'header'
            ? call.headers[p.name.toLowerCase()]
            : undefined,
    body: call.body,
    status: call.status,
    result: call.result,
    answer: call.answer,
  });
}

/**
 * Writes the ledgers changed since the last flush as one unit (nothing to do in memory). A ledger whose write the
 * store refused is written again at the next flush.
 */
export async function flushUsage(store: Store, committer: Committer, realNow: number): Promise<void> {
  if (!committer.durable) return;
  const unit = new Unit(store, realNow);
  const written: UsageRecord[] = [];
  for (const ledger of store.usage.values()) {
    const app = store.apps.get(ledger.appid);
    if (!ledger.dirty || !app) continue;
    ledger.dirty = false;
    unit.put('usage', app, ledger);
    written.push(ledger);
  }
  if (!unit.changed) return;
  await committer.commit(unit).catch(() => {
    for (const ledger of written) ledger.dirty = true;
  });
}
