// A JSON copy of everything kept (what is stored, not faults or rate-limit counts), for tests that compare the
// state before and after a request: a refused request must leave it equal, and a restart must bring it back.
import { encoderOf } from './kinds.js';
import type { Store } from './store.js';

const byKey = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export function snapshotOf(store: Store): unknown {
  const apps = [...store.apps.values()].map((app) => ({
    record: { ...app.record, blacklist: [...app.blacklist].sort() },
    devices: [...app.devices.values()].map((d) => ({
      record: d.record,
      inbox: [...d.inbox.values()],
      pending: [...d.pending.values()],
    })),
    aliases: [...app.aliases].map(([alias, cids]) => [alias, [...cids].sort()]),
    tasks: [...app.tasks.values()],
    // Sets in effect: their order in memory is not kept by the store.
    requestIds: byKey(app.requestIds),
    tokens: byKey(app.tokens),
    days: [...app.days.values()].map((day) => encoderOf('day')(day, app)),
  }));
  return JSON.parse(JSON.stringify({ apps, dmpTokens: byKey(store.dmpTokens) })) as unknown;
}
