// Reads a store back into memory. Every record is checked against its kind's schema (kinds.ts) before anything
// uses it: a record of the wrong shape, an unknown kind or text that is not JSON stops the start with a
// StoreError naming the record, rather than a 500 on the first request that reads it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  decoderOf,
  KIND_BY_PREFIX,
  KINDS,
  indexAlias,
  keyId,
  type Key,
  type KindName,
  type KindSpec,
  type Records,
} from './kinds.js';
import type { Persistence } from './persistence.js';
import type { AppRecord } from './records.js';
import { StoreError } from './store-file.js';
import { newAppState, Store, type AppState } from './store.js';

/** One validator per kind, its schema's refs resolved in the control document. */
function validators(controlDocument: object): Record<KindName, ValidateFunction> {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(controlDocument, 'sandbox');
  return Object.fromEntries(Object.entries(KINDS).map(([name, spec]) => [name, ajv.compile(spec.schema)])) as Record<
    KindName,
    ValidateFunction
  >;
}

/** Checks a record's stored form against its kind's schema: what is wrong, or undefined (validators compiled at the first call). */
export function recordCheck(controlDocument: object): (kind: KindName, value: unknown) => string | undefined {
  let check: Record<KindName, ValidateFunction> | undefined;
  return (kind, value) => {
    const validate = (check ??= validators(controlDocument))[kind];
    return validate(value)
      ? undefined
      : `has the wrong shape: ${validate.errors?.map((e) => `${e.instancePath || '(the record)'} ${e.message}`).join('; ')}`;
  };
}

/** Reads the store's records into memory; values stored beside them under a key starting `~` (snapshots) go to `aside`. */
export function loadStore(
  persistence: Persistence,
  controlDocument: object,
  dir: string,
  aside?: (entry: { key: Key; json: string }) => void,
): Store {
  const store = new Store();
  // Compiled on the first record only: a sandbox in memory has none, and starts without the cost.
  let check: Record<KindName, ValidateFunction> | undefined;
  const fail = (key: Key, problem: string) => new StoreError(dir, `record ${JSON.stringify(key)} ${problem}`);
  const byApp = new Map<string, AppState>();
  for (const { key, json } of persistence.load()) {
    if (aside && key[0]?.startsWith('~')) {
      aside({ key, json });
      continue;
    }
    const kind = KIND_BY_PREFIX.get(key[0] ?? '');
    if (!kind || key.length < 2) throw fail(key, 'is of no kind the sandbox keeps');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw fail(key, 'is not JSON');
    }
    const validate = (check ??= validators(controlDocument))[kind];
    if (!validate(value))
      throw fail(
        key,
        `has the wrong shape: ${validate.errors?.map((e) => `${e.instancePath || '(the record)'} ${e.message}`).join('; ')}`,
      );
    if (kind === 'app') {
      const record = value as AppRecord; // checked against its kind's schema above
      const app = newAppState(record);
      byApp.set(keyId(key, 1), app);
      KINDS.app.place(store, app, record);
      continue;
    }
    if (kind === 'dmpToken') {
      const record = decoderOf('dmpToken')(value, key);
      store.dmpTokens.set(record.token, record);
      continue;
    }
    // Keys sort by kind, so an app's record comes before everything of the app.
    const app = byApp.get(keyId(key, 1));
    if (!app) throw fail(key, 'belongs to no app of the store');
    placeLoaded(kind, store, app, value, key);
  }
  for (const app of byApp.values()) rebuild(store, app);
  // Memory keeps apps in order of creation; stored keys sort by appid.
  const apps = [...store.apps.values()].sort((a, b) => a.record.seq - b.record.seq);
  store.apps.clear();
  for (const app of apps) store.apps.set(app.record.appid, app);
  return store;
}

/** Puts a record read back (and checked against its kind's schema) in its place in memory. */
function placeLoaded<K extends KindName>(kind: K, store: Store, app: AppState, value: unknown, key: Key): void {
  const spec: KindSpec<Records[K]> = KINDS[kind];
  spec.place(store, app, spec.decode ? spec.decode(value, key) : (value as Records[K]));
}

/** Orders what keys sorted by id, rebuilds the indexes, and finds the highest sequence number used. */
export function rebuild(store: Store, app: AppState): void {
  const bySeq = <T extends { seq: number }>(list: T[]) => list.sort((a, b) => a.seq - b.seq);
  if (!inSeqOrder(app.devices, (d) => d.record.seq))
    app.devices = new Map(
      [...app.devices.values()].sort((a, b) => a.record.seq - b.record.seq).map((d) => [d.record.cid, d]),
    );
  if (!inSeqOrder(app.tasks, (t) => t.seq))
    app.tasks = new Map(bySeq([...app.tasks.values()]).map((t) => [t.taskid, t]));
  let seq = app.record.seq;
  const see = (n: number) => void (seq = Math.max(seq, n));
  for (const device of app.devices.values()) {
    const { record } = device;
    see(record.seq);
    if (record.online) app.onlineCount++;
    if (record.alias !== null) indexAlias(app, record.alias, record.cid);
    device.inbox = messagesBySeq(device.inbox);
    device.pending = messagesBySeq(device.pending);
    device.ended = messagesBySeq(device.ended);
    for (const list of [device.inbox, device.pending, device.ended]) for (const m of list.values()) see(m.seq);
  }
  for (const task of app.tasks.values()) see(task.seq);
  store.seq = Math.max(store.seq, seq);
  app.nextDueAt = Number.NEGATIVE_INFINITY; // look for due work at the first touch
}

/**
 * Whether a map's values are already in the order of their sequence numbers. A restore puts records back in the order
 * they were saved, which is that order: re-making every map of every device (and the arrays to sort them) was most of
 * what a restore of a large app allocated, and the garbage collector's work grew faster than the devices.
 */
function inSeqOrder<V>(map: ReadonlyMap<unknown, V>, seq: (value: V) => number): boolean {
  let last = Number.NEGATIVE_INFINITY;
  for (const value of map.values()) {
    const n = seq(value);
    if (n < last) return false;
    last = n;
  }
  return true;
}

/** A device's list of messages in the order of their sequence numbers: the same map when it already is. */
function messagesBySeq<M extends { id: string; seq: number }>(list: ReadonlyMap<string, M>): ReadonlyMap<string, M> {
  if (inSeqOrder(list, (m) => m.seq)) return list;
  return new Map([...list.values()].sort((a, b) => a.seq - b.seq).map((m) => [m.id, m]));
}

/**
 * Puts these apps back as the store holds them, after a commit the store refused: their records are read again
 * (an app the refused unit created is gone), and what memory keeps beside the records (faults waiting, rate
 * counts, tallied deviations) stays. Snapshots are not reloaded: one saved by the refused unit stays in memory only.
 */
export function reloadApps(
  store: Store,
  persistence: Persistence,
  controlDocument: object,
  dir: string,
  appids: ReadonlySet<string>,
): void {
  const check = recordCheck(controlDocument);
  for (const appid of appids) {
    const before = store.apps.get(appid);
    if (before) KINDS.app.unplace(store, before, before.record);
    for (const [token, record] of store.dmpTokens) if (record.appid === appid) store.dmpTokens.delete(token);
    const entries = [...Object.values(KINDS)].flatMap((spec) =>
      spec.prefix === 'p' ? [] : [...persistence.loadRange([spec.prefix, appid])],
    );
    const reloaded = loadStore({ ...persistence, load: () => entries }, controlDocument, dir).apps.get(appid);
    if (reloaded) {
      KINDS.app.place(store, reloaded, reloaded.record);
      if (before)
        Object.assign(reloaded, { faults: before.faults, rateHits: before.rateHits, deviations: before.deviations });
      store.seq = Math.max(store.seq, reloaded.record.seq);
    }
    for (const { key, json } of persistence.loadRange(['p'])) {
      const value = JSON.parse(json) as { appid: string };
      if (value.appid !== appid || check('dmpToken', value)) continue;
      const record = decoderOf('dmpToken')(value, key);
      store.dmpTokens.set(record.token, record);
    }
  }
}
