// What the proxy says at start (its allow list) and at stop (what it did).
import { operation } from '../documents.js';
import type { FindingKind } from '../report/types.js';
import type { AllowList, RefusalReason } from './allow-list.js';
import { WRITES } from './writes.js';

export interface ProxySummary {
  /** Requests sent to an upstream. */
  forwarded: number;
  /** Refused locally, by reason. */
  refused: Partial<Record<RefusalReason, number>>;
  /** Upstream answers checked against the documents. */
  checked: number;
  findings: Record<FindingKind, number>;
  /** Operations with a failing finding. */
  failedOperations: number;
}

const list = (names: string[]) => (names.length ? names.join(', ') : '(none)');
const counts = (byName: Record<string, number | undefined>) =>
  Object.entries(byName)
    .filter(([, n]) => n)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/** The operations that change a device, by path, from the one list of writes. */
export const deviceWritePaths = () => [
  ...new Set(
    Object.entries(WRITES)
      .filter(([, w]) => 'changesDevices' in w)
      .map(([id]) => operation(id).path.slice(1)),
  ),
];

export function describeAllowList(allow: AllowList): string {
  const writes = allow.deviceWritesOutsideList
    ? 'forwarded for any device (--allow-device-writes-outside-list)'
    : 'refused';
  return [
    'allow list:',
    `  cids (pushes and device writes): ${list(allow.cids)}`,
    `  aliases (pushes, unbind_alias_all): ${list(allow.aliases)}`,
    `  push_app: ${allow.appPushTag ? `only restricted to tag ${allow.appPushTag}` : 'refused (no --allow-app-push <tag>)'}`,
    `  writes to devices outside the list (${deviceWritePaths().join(', ')}): ${writes}`,
    '  always refused: a message naming both a cid and an alias, a body that is not strict JSON, an operation the documents do not know',
  ].join('\n');
}

export function describeSummary(s: ProxySummary): string {
  const refused = Object.values(s.refused).reduce((a, n) => a + (n ?? 0), 0);
  const findings = Object.values(s.findings).reduce((a, n) => a + n, 0);
  return [
    'pushapi-verify proxy stopped:',
    `  requests forwarded: ${s.forwarded}`,
    `  refused: ${refused}${refused ? ` (${counts(s.refused)})` : ''}`,
    `  answers checked: ${s.checked}`,
    `  findings: ${findings}${findings ? ` (${counts(s.findings)}), ${s.failedOperations} operation(s) failing` : ''}`,
  ].join('\n');
}
