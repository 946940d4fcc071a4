// An app's usage ledger as the control document writes it (UsageOperation), and back: the form it is stored in
// with --data and the body of GET /control/apps/{appid}/usage. Memory keeps maps, so that counting a call is a
// few map updates (behaviour/usage.ts).
import type { components } from '../generated/schema.js';
import type { OperationUsage, UsageFieldCount, UsageRecord } from './records.js';

type Schemas = components['schemas'];
type Field = Schemas['UsageField'];

export interface StoredUsage {
  truncated: boolean;
  operations: Schemas['UsageOperation'][];
}

const fieldOf = (where: string, count: UsageFieldCount): Field => {
  const field: Field = { where, calls: count.calls };
  if (count.values) field.values = [...count.values].map(([value, c]) => ({ value, calls: c.calls }));
  return field;
};

function operationOf(op: OperationUsage): Schemas['UsageOperation'] {
  const request: Field[] = [];
  const response: Field[] = [];
  for (const [where, count] of op.fields)
    (where.startsWith('request') ? request : response).push(fieldOf(where, count));
  const outcomes = [...op.outcomes.values()].sort((a, b) => b.calls - a.calls).map((o) => ({ ...o }));
  const { api, operationId, name, calls } = op;
  return { api, operationId, name, calls, request, response, outcomes };
}

export const storedUsage = (record: UsageRecord): StoredUsage => ({
  truncated: record.truncated,
  operations: [...record.operations.values()].map(operationOf),
});

function operationFrom(stored: Schemas['UsageOperation']): OperationUsage {
  const fields = new Map<string, UsageFieldCount>();
  for (const field of [...stored.request, ...stored.response]) {
    const values = field.values && new Map(field.values.map((v) => [v.value, { calls: v.calls, stamp: 0 }]));
    fields.set(field.where, { calls: field.calls, stamp: 0, values });
  }
  const outcomes = new Map(stored.outcomes.map((o) => [`${o.status} ${o.result}`, { ...o }]));
  const { api, operationId, name, calls } = stored;
  return { api, operationId, name, calls, fields, outcomes };
}

export const usageFromStored = (appid: string, stored: StoredUsage): UsageRecord => ({
  appid,
  truncated: stored.truncated,
  operations: new Map(stored.operations.map((op) => [`${op.api} ${op.operationId}`, operationFrom(op)])),
  stamp: 0,
  dirty: false,
});
