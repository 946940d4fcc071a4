// Stable names for what api-diff finds. A check id names the kind of change (`response-property-removed`); a
// finding id names one change in one place, so that a changeset can say which findings it documents and the gate
// can tell a finding a changeset names from a new one. The id ends in a digest of what changed (before and after),
// so a later change at the same place (a maxLength 30 -> 20 made 30 -> 10) is a new finding that no older changeset
// covers.
import { createHash } from 'node:crypto';

/** Who a finding concerns: the request the client writes, the answer it reads, or the operation itself. */
export function sideOf(where) {
  if (where.startsWith('request')) return 'request';
  if (where.startsWith('response')) return 'response';
  return 'operation';
}

/** The check id: the side, then the classifier's kind (`property-removed`). */
export const checkId = (where, kind) => `${sideOf(where)}-${kind}`;

/** The finding id: check, api, operation and place, and a digest of the change's text. */
export function findingId({ check, api, operationId, where, change }) {
  const digest = createHash('sha256').update(change).digest('hex').slice(0, 8);
  return `${check}@${api}:${operationId}:${where}#${digest}`;
}

/** The findings with their check id and finding id set, in their order. */
export const withIds = (api, changes) =>
  changes.map((c) => {
    const check = checkId(c.where, c.check ?? 'changed');
    return { ...c, api, check, id: findingId({ ...c, api, check }) };
  });
