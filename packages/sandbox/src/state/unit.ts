// A unit of work: everything one request (or one tick of the clock) changes. The unit hands out what may change:
// - `put` stores a new record (or one put back whole, as a restore does); `remove` takes one out with what goes with it;
// - `update(kind, app, record, change)` changes a record the store holds: `change` edits it, then the unit places it
//   again (a message whose state changes moves between its device's lists) and tracks it. A record a snapshot
//   shares (a restored task, frozen) is copied first: `update` and `edit` return the record to go on with;
// - `edit(kind, app, record)` hands out a record the store holds for changing in place from here on (a task whose
//   counters a push raises cid by cid); the unit tracks it and stores the state it has at commit. Only for changes
//   that leave the record where it is: a message's state goes through `update`.
// Each record is remembered once, however often it changes. `commit` then stores each changed record once, in one
// batch (nothing is serialized when the state is in memory), and reports the changes, from which the event stream
// is made. A change is noted as it comes, and its record's key made only when the changes are read: a restore in
// memory (quiet, nothing to store) notes the replaced app once and every restored record once, and never reads
// them (bench section 9).
// A refused request commits nothing: behaviour reads and checks first, then changes. The types show that order: a
// check reads a `View` of the state (read-only records, no unit), and only what follows the checks gets the unit.
import { copyRecord, KINDS, type Key, type KindName, type KindSpec, type Records, type Removal } from './kinds.js';
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
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, View<V>>
    : T extends Set<infer E>
      ? ReadonlySet<View<E>>
      : T extends object
        ? { readonly [P in keyof T]: View<T[P]> }
        : T;

export class Unit {
  /** Every change noted, in order, the same record's too; `changes()` makes them one per record. */
  readonly #notes: Change[] = [];
  /** The notes made one per record, in the order records first changed; made at the first read after a note. */
  #changes: Change[] | undefined;
  /**
   * The notes of removed records that held others (an app), with the record and app as removed: what they held is
   * noted as gone when the changes are read (kept apart: reading the changes gives a note a later state).
   */
  readonly #holding = new Map<Change, Removal & { app: AppState }>();
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
    const own = this.#own(kind, app, record);
    change(own);
    this.put(kind, app, own);
    return own;
  }

  /**
   * Hands out a record the store holds for changing in place (not in ways that move it: see `update`); tracked from
   * now. Change the record it returns: that is the one in place (see `#own`).
   */
  edit<K extends KindName>(kind: K, app: AppState, record: Records[K]): Records[K] {
    const own = this.#own(kind, app, record);
    this.#note(kind, app, own, false);
    return own;
  }

  /**
   * The record to change: itself, unless a snapshot shares it (frozen: kinds.ts `shared`). Then the copy made for an
   * earlier change, or a new copy, put in its place.
   */
  #own<K extends KindName>(kind: K, app: AppState, record: Records[K]): Records[K] {
    const spec: KindSpec<Records[K]> = KINDS[kind];
    if (!spec.shared || !Object.isFrozen(record)) return record;
    const current = spec.shared.inPlace(app, record);
    if (current !== undefined && !Object.isFrozen(current)) return current;
    const copy = copyRecord(kind, record);
    spec.place(this.store, app, copy);
    return copy;
  }

  /**
   * Removes a record, and the records that go with it (a device's messages, an app's DMP tokens...). What it holds
   * inside (an app's devices, tasks...: its kind's `held`) goes with it as it is, and is noted as gone when the
   * changes are read.
   */
  remove<K extends KindName>(kind: K, app: AppState, record: Records[K]): void {
    const spec = KINDS[kind];
    for (const dependent of spec.dependents?.(this.store, app, record) ?? [])
      this.remove(dependent.kind, app, dependent.record);
    spec.unplace(this.store, app, record);
    const note = this.#note(kind, app, record, true);
    if (spec.held) this.#holding.set(note, { kind, record, app } as Removal & { app: AppState });
  }

  #note<K extends KindName>(kind: K, app: AppState, record: Records[K], gone: boolean): Change {
    const note = { kind, appid: app.record.appid, record, app, gone } as Change;
    this.#notes.push(note);
    this.#changes = undefined;
    return note;
  }

  /** Stores (or with undefined, removes) a value kept beside the records, such as a snapshot, with this unit. */
  keep(key: Key, json: (() => string) | undefined): void {
    this.#kept.set(keyText(key), { key, json });
  }

  get changed(): boolean {
    return this.#notes.length > 0 || this.#kept.size > 0;
  }

  /** The changes, one per record in the order records first changed, each with the record's last state. */
  changes(): Change[] {
    this.#changes ??= oncePerRecord(this.#withHeld());
    return this.#changes;
  }

  /**
   * The notes, each removed record that held others preceded by theirs, as `remove` would have noted them one by one
   * (a device's messages before the device). What it held is read from it as it was let go of: nothing changes it
   * after its removal.
   */
  #withHeld(): Change[] {
    if (this.#holding.size === 0) return this.#notes;
    const out: Change[] = [];
    // A held record, after what goes with it (a device's messages), as `remove` notes them.
    const goneWith = (kind: KindName, app: AppState, record: Records[KindName]) => {
      const spec: KindSpec<Records[KindName]> = KINDS[kind];
      for (const r of spec.dependents?.(this.store, app, record) ?? []) goneWith(r.kind, app, r.record);
      out.push({ kind, appid: app.record.appid, record, app, gone: true } as Change);
    };
    for (const note of this.#notes) {
      const removed = this.#holding.get(note);
      if (removed) {
        const spec: KindSpec<Records[KindName]> = KINDS[removed.kind];
        for (const r of spec.held?.(this.store, removed.app, removed.record) ?? [])
          goneWith(r.kind, removed.app, r.record);
      }
      out.push(note);
    }
    return out;
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
 * Notes one per record (by its key): a record changed again keeps its first place, with the later state; a record
 * removed with its app and put back with a new one (a restore) is stored from the new app. Most units change each
 * record through one object (a push: its task, its message, its request id, its day), so the notes of one object
 * are gathered first, without a key; keys are made only for a kind noted through two objects or more, which may be
 * one record (a copy of a snapshot's record, a record put back).
 */
function oncePerRecord(notes: readonly Change[]): Change[] {
  /** Each object's place in `gathered`; `lastAt` holds the index of the last note of the change at each place. */
  const placeOf = new Map<object, number>();
  const gathered: Change[] = [];
  const lastAt: number[] = [];
  /** How many objects of each kind were noted: two of one kind may be one record (in one app or another). */
  const perKind = new Map<KindName, number>();
  let shared = false;
  notes.forEach((note, i) => {
    const place = placeOf.get(note.record);
    if (place !== undefined) {
      take(gathered[place] as Change, note);
      lastAt[place] = i;
      return;
    }
    placeOf.set(note.record, gathered.length);
    gathered.push(note);
    lastAt.push(i);
    const count = (perKind.get(note.kind) ?? 0) + 1;
    perKind.set(note.kind, count);
    if (count > 1) shared = true;
  });
  return shared ? byKey(gathered, lastAt, (kind) => (perKind.get(kind) ?? 0) > 1) : gathered;
}

/** The first note takes the later state (so a second read, after more notes, comes to the same result). */
function take(earlier: Change, later: Change): void {
  earlier.record = later.record as never;
  earlier.app = later.app;
  earlier.gone = later.gone;
}

/**
 * Changes of different objects that are one record (one key) made one, in the first one's place, with the state of
 * the last note (`lastAt`, by place). Only the changes of a kind noted through several objects (`mayShare`) need
 * their key made; the others are their own.
 */
function byKey(changes: readonly Change[], lastAt: readonly number[], mayShare: (kind: KindName) => boolean): Change[] {
  const first = new Map<unknown, { change: Change; at: number }>();
  changes.forEach((change, place) => {
    const key = mayShare(change.kind) ? keyText(KINDS[change.kind].key(change.appid, change.record as never)) : change;
    const at = lastAt[place] ?? 0;
    const earlier = first.get(key);
    if (!earlier) first.set(key, { change, at });
    else if (at > earlier.at) {
      take(earlier.change, change);
      earlier.at = at;
    }
  });
  return [...first.values()].map((e) => e.change);
}

/** What a Committer does when the store refuses a unit: put memory back as the store holds it. */
export interface CommitRecovery {
  /** Reloads these apps from the store (memory then matches what was committed); throws when the store cannot be read. */
  rollBack(appids: ReadonlySet<string>): void;
  /** Told of each failure, and whether the store was rolled back (metrics, /readyz). */
  failed?(error: unknown, recovered: boolean): void;
}

/** LMDB's largest key, in bytes of its encoding: a unit with a longer key is refused before LMDB sees it. */
export const MAX_KEY_BYTES = 1978;

/** A key's bytes as LMDB stores an array of strings: each string's UTF-8 and a separator. */
const keyBytes = (key: Key) => key.reduce((sum, part) => sum + Buffer.byteLength(part) + 1, 0);

/** The store did not keep a unit: nothing of it was kept, and memory was put back as the store holds it. */
export class CommitError extends Error {
  constructor(readonly reason: unknown) {
    super(`the data folder could not store this change (${(reason as Error)?.message ?? String(reason)})`);
    this.name = 'CommitError';
  }
}

/**
 * Commits units in order. With a persistence that keeps state, each unit's writes are one atomic batch, committed
 * before its promise resolves (a request is answered only then); in memory there is nothing to write.
 *
 * A unit the store refuses (disk full, a key LMDB cannot hold) fails with every unit queued behind it (they may
 * have read or built on its changes), and the apps they changed are reloaded from the store: memory and store agree
 * again, and the next unit commits as usual. Only a store that cannot even be read back stops every commit.
 */
export class Committer {
  #committed: Promise<void> = Promise.resolve();
  /** Counts failures: a unit queued before a failure belongs to the failure it was queued in. */
  #epoch = 0;
  /** Apps changed by units of this epoch whose commit has not been seen to succeed with nothing queued after. */
  #pending = new Set<string>();
  #broken: unknown;

  constructor(
    private readonly persistence: Persistence,
    private readonly recovery?: CommitRecovery,
  ) {}

  /** Whether a unit's changes are written somewhere that keeps them (a --data store). */
  get durable(): boolean {
    return this.persistence.durable;
  }

  /** Why nothing can be committed any more (the store could not be read back after a failure), or undefined. */
  get broken(): unknown {
    return this.#broken;
  }

  commit(unit: Unit): Promise<void> {
    if (this.#broken !== undefined) return Promise.reject(new CommitError(this.#broken));
    if (this.persistence.durable && unit.changed) {
      const epoch = this.#epoch;
      for (const change of unit.changes()) this.#pending.add(change.appid);
      const batch = writesWithin(unit);
      const run = this.#committed.then(() =>
        batch instanceof Error ? Promise.reject(batch) : this.persistence.commit(batch),
      );
      this.#committed = run;
      run.then(
        () => {
          if (this.#committed === run) this.#pending.clear(); // nothing queued behind: all committed
        },
        (error: unknown) => this.#recover(epoch, error),
      );
      return run.catch((error: unknown) =>
        Promise.reject(error instanceof CommitError ? error : new CommitError(error)),
      );
    }
    return this.#committed.catch((error: unknown) => Promise.reject(new CommitError(error)));
  }

  /** After the first failure of an epoch: reload what its units changed, and start a new queue. */
  #recover(epoch: number, error: unknown): void {
    if (epoch !== this.#epoch) return; // a unit queued behind the failure: already recovered
    this.#epoch++;
    const apps = this.#pending;
    this.#pending = new Set();
    this.#committed = Promise.resolve();
    try {
      this.recovery?.rollBack(apps);
      this.recovery?.failed?.(error, true);
    } catch (readError) {
      this.#broken = readError;
      this.recovery?.failed?.(error, false);
    }
  }

  async close(): Promise<void> {
    await this.#committed.catch(() => undefined);
    await this.persistence.close();
  }
}

/** A unit's writes, or the error that keeps them from the store (a key longer than LMDB holds). */
function writesWithin(unit: Unit): Write[] | Error {
  try {
    const writes = unit.writes();
    const long = writes.find((w) => keyBytes(w.key) > MAX_KEY_BYTES);
    if (long)
      return new Error(
        `a key of ${keyBytes(long.key)} bytes, over the store's ${MAX_KEY_BYTES} (${long.key[0]} of app ${long.key[1]?.slice(0, 64)})`,
      );
    return writes;
  } catch (error) {
    return error as Error;
  }
}
