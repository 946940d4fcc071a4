// An app's usage ledger: for each push v1 and DMP operation its calls met, how often, the request fields sent and
// the answer fields received (places as api-diff writes them), the documented values among them, and the statuses
// and results. `api-diff --usage` reads the ledgers to say which apps a document change hits.
//
// Counted once a request is answered (services/usage.ts), off the unit of work: a ledger counts refused calls too, which
// commit nothing. Its cost per call is a walk of the body and the answer along the operation's tree (usage-shape.ts):
// one map look-up per field met, one per field counted; nothing is allocated but a ledger's new entries. Bounded per
// app: the operations of the two documents, FIELDS_PER_OPERATION places an operation, VALUES_PER_FIELD values a
// place, OUTCOMES_PER_OPERATION statuses and results an operation, ITEMS_WALKED items of an array or entries of a
// map, WALK_STEPS places visited a call; what falls beyond is left out and the ledger says it is `truncated`.
import type { components } from '../generated/schema.js';
import type { OperationSpec } from '../start/documents.js';
import type { OperationUsage, UsageFieldCount, UsageRecord } from '../state/records.js';
import type { Store } from '../state/store.js';
import { storedUsage } from '../state/usage-form.js';
import type { OperationShape, ShapeNode } from './usage-shape.js';

export const USAGE_BOUNDS = {
  fieldsPerOperation: 256,
  valuesPerField: 16,
  outcomesPerOperation: 32,
  itemsWalked: 32,
  walkSteps: 1024,
} as const;

/** What the ledger reads of one answered call: the documents' places only, through the operation's tree. */
export interface UsedCall {
  op: OperationSpec & { api: 'push-v1' | 'dmp' };
  shape: OperationShape;
  /** Parameter values by place (`request.query.appid`); undefined when not sent. */
  param: (p: OperationShape['params'][number]) => unknown;
  body: unknown;
  status: number;
  /** The answer's `result` or `code`. */
  result: string | null;
  answer: unknown;
}

const newLedger = (appid: string): UsageRecord => ({
  appid,
  operations: new Map(),
  truncated: false,
  stamp: 0,
  dirty: false,
});

/** Counts one answered call in its app's ledger (made on the app's first call). */
export function countCall(store: Store, appid: string, call: UsedCall): void {
  let ledger = store.usage.get(appid);
  if (!ledger) store.usage.set(appid, (ledger = newLedger(appid)));
  const key = `${call.op.api} ${call.op.operationId}`;
  let op = ledger.operations.get(key);
  if (!op) {
    const { api, operationId, name } = call.op;
    ledger.operations.set(key, (op = { api, operationId, name, calls: 0, fields: new Map(), outcomes: new Map() }));
  }
  ledger.stamp++;
  ledger.dirty = true;
  op.calls++;
  const walk = { ledger, op, steps: 0 };
  for (const p of call.shape.params) {
    const value = call.param(p);
    if (value !== undefined) visit(walk, p.node, value);
  }
  if (call.body !== undefined && call.shape.body) visit(walk, call.shape.body, call.body);
  const answer = call.shape.responses.get(String(call.status)) ?? responseRange(call.shape, call.status);
  if (answer && call.answer !== undefined) visit(walk, answer, call.answer);
  countOutcome(ledger, op, call.status, call.result);
}

/** An answer's tree by its status's range (`4XX`) or `default`, as OpenAPI reads them. */
const responseRange = (shape: OperationShape, status: number) =>
  shape.responses.get(`${String(status).charAt(0)}XX`) ?? shape.responses.get('default');

interface Walk {
  ledger: UsageRecord;
  op: OperationUsage;
  steps: number;
}

/** Counts the place, then the places within the value the tree names (bounded: USAGE_BOUNDS). */
function visit(walk: Walk, node: ShapeNode, value: unknown): void {
  if (++walk.steps > USAGE_BOUNDS.walkSteps) {
    walk.ledger.truncated = true;
    return;
  }
  count(walk, node, value);
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, USAGE_BOUNDS.itemsWalked);
    for (let i = 0; i < n; i++) {
      const child = node.tuple?.[i] ?? node.items;
      if (child) visit(walk, child, value[i]);
    }
    return;
  }
  let entries = 0;
  for (const key in value) {
    const child = node.props?.get(key) ?? (node.rest && entries++ < USAGE_BOUNDS.itemsWalked ? node.rest : undefined);
    if (child) visit(walk, child, (value as Record<string, unknown>)[key]);
  }
}

/** One more call met the place (once a call, however many items met it), and its value if documented. */
function count(walk: Walk, node: ShapeNode, value: unknown): void {
  const { ledger, op } = walk;
  let field = op.fields.get(node.where);
  if (!field) {
    if (op.fields.size >= USAGE_BOUNDS.fieldsPerOperation) return void (ledger.truncated = true);
    op.fields.set(node.where, (field = { calls: 0, stamp: 0, values: undefined }));
  }
  if (field.stamp !== ledger.stamp) {
    field.stamp = ledger.stamp;
    field.calls++;
  }
  if (node.values?.has(value)) countValue(ledger, field, value as string | number | boolean);
}

function countValue(ledger: UsageRecord, field: UsageFieldCount, value: string | number | boolean): void {
  field.values ??= new Map();
  let seen = field.values.get(value);
  if (!seen) {
    if (field.values.size >= USAGE_BOUNDS.valuesPerField) return void (ledger.truncated = true);
    field.values.set(value, (seen = { calls: 0, stamp: 0 }));
  }
  if (seen.stamp !== ledger.stamp) {
    seen.stamp = ledger.stamp;
    seen.calls++;
  }
}

/** A `result` is the sandbox's own answer, or an injected fault's (a test's text): kept short. */
const RESULT_CHARS = 64;

function countOutcome(ledger: UsageRecord, op: OperationUsage, status: number, result: string | null): void {
  const text = result === null ? null : result.slice(0, RESULT_CHARS);
  const key = `${status} ${text}`;
  const outcome = op.outcomes.get(key);
  if (outcome) outcome.calls++;
  else if (op.outcomes.size >= USAGE_BOUNDS.outcomesPerOperation) ledger.truncated = true;
  else op.outcomes.set(key, { status, result: text, calls: 1 });
}

/** The ledger as GET /control/apps/{appid}/usage answers it (empty for an app that made no call yet). */
export function usageView(store: Store, appid: string, team: string | undefined): components['schemas']['UsageLedger'] {
  const ledger = store.usage.get(appid);
  const { truncated, operations } = ledger ? storedUsage(ledger) : { truncated: false, operations: [] };
  return { appid, team: team ?? null, truncated, operations };
}
