// Snapshots kept in the data folder's store, beside the records, so that they survive a restart as the state does.
// A snapshot is one value under ['~snapshot', team, name], written in the unit of the request that saves or deletes
// it (so answered only once stored). Its records are stored as the records themselves are (each kind's stored form,
// checked against its schema when read back), and each message content once, in a list the records point into.
import { KINDS, type Key, type KindName, type Removal } from '../state/kinds.js';
import type { PushContent } from '../state/records.js';
import { StoreError } from '../state/store-file.js';
import type { Unit } from '../state/unit.js';
import { savedApp, type Saved, type SnapshotView } from './snapshots.js';
import { getOrInsert, must } from '../shared/must.js';

/** The first element of a snapshot's key: it sorts after every kind of record, and load.ts sets such keys aside. */
export const SNAPSHOT_KEY = '~snapshot';

type StoredRecord = [kind: KindName, key: Key, value: Record<string, unknown>];

interface Stored {
  view: SnapshotView;
  order: number;
  contents: PushContent[];
  apps: { appid: string; userCode: string; devices: number; records: StoredRecord[] }[];
}

const hasContent = (kind: KindName) => kind === 'task' || kind === 'message';

/** The snapshot as stored: its records in their stored form, content objects once each. */
function encode(saved: Saved): string {
  const contents = new Map<PushContent, number>();
  const indexOf = (content: PushContent) => getOrInsert(contents, content, () => contents.size);
  const apps = saved.apps.map((app) => ({
    appid: app.appid,
    userCode: app.userCode,
    devices: app.devices,
    records: app.records.map(({ kind, record }): StoredRecord => {
      const spec = KINDS[kind];
      // The app record a snapshot holds is in its stored form already (snapshots.ts: save).
      const value = (
        kind === 'app' || !spec.encode ? record : spec.encode(record as never, undefined as never)
      ) as Record<string, unknown>;
      return [
        kind,
        spec.key(app.appid, record as never),
        hasContent(kind) ? { ...value, content: indexOf(value.content as PushContent) } : value,
      ];
    }),
  }));
  return JSON.stringify({
    view: saved.view,
    order: saved.order,
    contents: [...contents.keys()],
    apps,
  } satisfies Stored);
}

/** Stores a snapshot saved, or removes one deleted, with the unit of its request. */
export function keepSnapshot(unit: Unit, saved: Saved | { pool: string; name: string }): void {
  const name = 'view' in saved ? saved.view.name : saved.name;
  unit.keep([SNAPSHOT_KEY, saved.pool, name], 'view' in saved ? () => encode(saved) : undefined);
}

/** Checks a record's stored form against its kind's schema (load.ts); says what is wrong, or undefined. */
export type RecordCheck = (kind: KindName, value: unknown) => string | undefined;

/**
 * The snapshots read back from the store. Content equal in several snapshots becomes one object again, as it was
 * when they were saved from the same live state (the bytes budget counts it once). A damaged one stops the start.
 */
export function readSnapshots(entries: { key: Key; json: string }[], check: RecordCheck, dir: string): Saved[] {
  const interned = new Map<string, PushContent>();
  const intern = (content: PushContent) => {
    return getOrInsert(interned, JSON.stringify(content), () => content);
  };
  return entries.map(({ key, json }) => {
    const fail = (problem: string) => new StoreError(dir, `snapshot ${JSON.stringify(key)} ${problem}`);
    let stored: Stored;
    try {
      stored = JSON.parse(json) as Stored;
    } catch {
      throw fail('is not JSON');
    }
    const [, pool, name] = key;
    if (
      pool === undefined ||
      key.length !== 3 ||
      !Array.isArray(stored?.apps) ||
      !Array.isArray(stored.contents) ||
      stored.view?.name !== name ||
      !Number.isInteger(stored.order)
    )
      throw fail('is not a snapshot');
    const apps = stored.apps.map((app) =>
      savedApp(
        app.appid,
        app.userCode,
        app.devices,
        app.records.map(([kind, recordKey, value]): Removal => {
          const spec = KINDS[kind];
          const full = hasContent(kind) ? { ...value, content: stored.contents[value.content as number] } : value;
          const problem = spec ? check(kind, full) : 'is of no kind the sandbox keeps';
          if (problem !== undefined) throw fail(`holds record ${JSON.stringify(recordKey)} that ${problem}`);
          const record = (spec.decode ? spec.decode(full, recordKey) : full) as { content?: PushContent };
          if (hasContent(kind))
            record.content = intern(must(record.content, `a ${kind} record has content (its schema, checked above)`));
          return { kind, record } as Removal;
        }),
      ),
    );
    return { view: stored.view, pool, order: stored.order, apps };
  });
}
