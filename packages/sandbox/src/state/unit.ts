// A unit of work: everything one request (or one tick of the clock) changes. The unit hands out what may change:
// - `put` stores a new record (or one put back whole, as a restore does); `remove` takes one out with what goes with it;
// - `update(kind, app, record, change)` changes a record the store holds: `change` edits it, then the unit places it
//   again (a message whose state changes moves between its device's lists) and tracks it;
// - `edit(kind, app, record)` hands out a record the store holds for changing in place from here on (a task whose
//   counters a push raises cid by cid); the unit tracks it and stores the state it has at commit. Only for changes
//   that leave the record where it is: a message's state goes through `update`.
// Each record is remembered once, however often it changes. `commit` then stores each changed record once, in one
// batch (nothing is serialized when the state is in memory), and reports the changes, from which the event stream
// is made. A refused request commits nothing: behaviour reads and checks first, then changes. The types show that
// order: a check reads a `View` of the state (read-only records, no unit), and only what follows the checks gets the unit.
import { KINDS, type Key, type KindName, type Records } from './kinds.js';
import type { Persistence, Write } from './persistence.js';
import type { AppState, Store } from './store.js';

/** One record changed by a unit: its final state, and whether it is gone. */
export type Change = {
  [K in KindName]: { kind: K; appid: string; record: Records[K]; app: AppState; gone: boolean };
}[KindName];

const keyText = (key: Key) => key.join('\u0000');

/**
 * The state as a check reads it: read-only all the way down (records, lists, maps, sets). A check takes a view and
 * no unit, so a change made before every check has passed does not compile; what it found goes to the apply step.
 */
export type View<T> = T extends (infer E)[]
  ? readonly View<E>[]
  : T extends Map<infer K, infer V>
    ? ReadonlyMap<K, View<V>>
    : T extends Set<infer E>
      ? ReadonlySet<View<E>>
      : T extends object
        ? { readonly [P in keyof T]: View<T[P]> }
        : T;

export class Unit {
  readonly #changes = new Map<string, Change>();
  /** What is stored beside the records (snapshots): its JSON made only when the state is kept in a data folder. */
  readonly #kept = new Map<string, { key: Key; json: (() => string) | undefined }>();

  constructor(
    readonly store: Store,
    /** Real time when the unit began (epoch ms). */
    readonly realNow: number,
  ) {}

  /** Records a new or changed record and puts it in its place in memory. */
  put<K extends KindName>(kind: K, app: AppState, record: Records[K]): void {
    KINDS[kind].place(this.store, app, record);
    this.#note(kind, app, record, false);
  }

  /** Changes a record the store holds: `change` edits it, then it is placed again and tracked. Returns the record. */
  update<K extends KindName>(
    kind: K,
    app: AppState,
    record: Records[K],
    change: (record: Records[K]) => void,
  ): Records[K] {
    change(record);
    this.put(kind, app, record);
    return record;
  }

  /** Hands out a record the store holds for changing in place (not in ways that move it: see `update`); tracked from now. */
  edit<K extends KindName>(kind: K, app: AppState, record: Records[K]): Records[K] {
    this.#note(kind, app, record, false);
    return record;
  }

  /** Removes a record, and the records that go with it (an app's devices, a device's messages...). */
  remove<K extends KindName>(kind: K, app: AppState, record: Records[K]): void {
    const spec = KINDS[kind];
    for (const dependent of spec.dependents?.(this.store, app, record) ?? [])
      this.remove(dependent.kind, app, dependent.record);
    spec.unplace(this.store, app, record);
    this.#note(kind, app, record, true);
  }

  #note<K extends KindName>(kind: K, app: AppState, record: Records[K], gone: boolean): void {
    const appid = app.record.appid;
    const key = keyText(KINDS[kind].key(appid, record));
    // A record changed again keeps its first place in the order of changes.
    const earlier = this.#changes.get(key);
    if (earlier) {
      earlier.record = record as never;
      earlier.app = app; // a record removed with its app and put back with a new one (a restore) is stored from the new
      earlier.gone = gone;
    } else this.#changes.set(key, { kind, appid, record, app, gone } as Change);
  }

  /** Stores (or with undefined, removes) a value kept beside the records, such as a snapshot, with this unit. */
  keep(key: Key, json: (() => string) | undefined): void {
    this.#kept.set(keyText(key), { key, json });
  }

  get changed(): boolean {
    return this.#changes.size > 0 || this.#kept.size > 0;
  }

  /** The changes, in the order records first changed. */
  changes(): Change[] {
    return [...this.#changes.values()];
  }

  /** The writes of this unit for a store that keeps them: each changed record serialized once, now. */
  writes(): Write[] {
    return this.changes()
      .map((c) => {
        const spec = KINDS[c.kind];
        const key = spec.key(c.appid, c.record as never);
        if (c.gone) return { key, json: undefined };
        const stored = spec.encode ? spec.encode(c.record as never, c.app) : c.record;
        return { key, json: JSON.stringify(stored) };
      })
      .concat([...this.#kept.values()].map(({ key, json }) => ({ key, json: json?.() })));
  }
}

/**
 * Commits units in order. With a persistence that keeps state, each unit's writes are one atomic batch, committed
 * before its promise resolves (a request is answered only then); in memory there is nothing to write.
 */
export class Committer {
  #committed: Promise<void> = Promise.resolve();
  #failure: unknown;

  constructor(private readonly persistence: Persistence) {}

  /** Whether a unit's changes are written somewhere that keeps them (a --data store). */
  get durable(): boolean {
    return this.persistence.durable;
  }

  commit(unit: Unit): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.persistence.durable && unit.changed) {
      const writes = unit.writes();
      this.#committed = this.#committed.then(() => this.persistence.commit(writes));
      // A failed commit (disk full...) fails every later request rather than answering ok for unsaved state.
      this.#committed.catch((error: unknown) => {
        this.#failure ??= error;
      });
    }
    return this.#committed;
  }

  async close(): Promise<void> {
    await this.#committed.catch(() => undefined);
    await this.persistence.close();
  }
}
