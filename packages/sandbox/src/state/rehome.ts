// `pushapi-sandbox rehome --data <folder of s1> … --data <folder of sN>`: after the number of processes changes,
// moves each app whose home changes, with all its records (devices, inboxes, tasks, tokens, statistics, its DMP
// tokens and the snapshots that hold it alone), to the data folder of its new home. The home is the balancer's:
// deploy/haproxy.cfg sends an appid to server `xxh32(appid) mod N + 1`. Run with every process stopped (each folder
// is locked while it is open): records are copied as stored, so the next start checks each one as it always does.
import xxhash from 'xxhash-wasm';
import { KINDS, keyId, type Key } from './kinds.js';
import { lmdbPersistence, type Persistence, type Write } from './persistence.js';
import { must } from '../shared/must.js';

/** The 0-based home of an appid among `processes`: HAProxy's `xxh32` (seed 0) of the appid, modulo their number. */
export async function homeFinder(): Promise<(appid: string, processes: number) => number> {
  const { h32 } = await xxhash();
  return (appid, processes) => h32(appid, 0) % processes;
}

/** Where one process's snapshots are kept (behaviour/snapshot-store.ts's key), read here without the area. */
const SNAPSHOT_PREFIX = '~snapshot';

/** Every stored record of one app in a store, as stored: its kinds' records, its DMP tokens, the snapshots of it alone. */
function recordsOf(store: Persistence, appid: string): Write[] {
  const out: Write[] = [];
  for (const spec of Object.values(KINDS)) {
    if (spec.prefix === 'p') continue; // DMP tokens are keyed by token: found below by their appid
    for (const { key, json } of store.loadRange([spec.prefix, appid])) out.push({ key, json });
  }
  for (const { key, json } of store.loadRange(['p']))
    if ((JSON.parse(json) as { appid?: string }).appid === appid) out.push({ key, json });
  for (const { key, json } of store.loadRange([SNAPSHOT_PREFIX])) {
    const apps = (JSON.parse(json) as { apps?: { appid: string }[] }).apps ?? [];
    if (apps.length > 0 && apps.every((app) => app.appid === appid)) out.push({ key, json });
  }
  return out;
}

export interface Move {
  appid: string;
  from: number;
  to: number;
  records: number;
  /** Snapshots of the app alone left where they were: the new home has one of the same team and name. */
  snapshotsLeft: string[];
}

const has = (store: Persistence, key: Key) => [...store.loadRange(key)].some((e) => e.key.length === key.length);

const same = (a: Write[], b: Write[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Moves one app from `source` to `target`: written there first, then removed here. A rerun after a cut (the app
 * written there, not yet removed here) finds the same records on both and only removes them here; different
 * records on both is an app split in two, which it refuses to choose between.
 */
async function moveApp(
  source: Persistence,
  target: Persistence,
  appid: string,
): Promise<{ records: number; left: string[] }> {
  const records = recordsOf(source, appid);
  const left: string[] = [];
  const writes = records.filter(({ key }) => {
    if (key[0] !== SNAPSHOT_PREFIX || !has(target, key)) return true;
    left.push(key[2] ?? '');
    return false;
  });
  if (has(target, ['a', appid]) && !same(recordsOf(target, appid), records))
    throw new Error(
      `app ${appid} is held by both folders with different records: keep one (delete the other copy with DELETE /control/apps/${appid} at its process) and run again`,
    );
  await target.commit(writes);
  await source.commit(writes.map(({ key }) => ({ key, json: undefined })));
  return { records: writes.length, left };
}

/**
 * Moves every app of the folders (given in the order of their processes, s1 first) whose home among them is another
 * folder. `dryRun`: says what would move, and changes nothing. `stays`: apps every process has its own of (the
 * default app each one makes at start), never moved.
 */
export async function rehome(
  dirs: readonly string[],
  dryRun = false,
  stays: ReadonlySet<string> = new Set(),
): Promise<Move[]> {
  const home = await homeFinder();
  const stores: Persistence[] = [];
  try {
    for (const dir of dirs) stores.push(await lmdbPersistence(dir));
    const moves: Move[] = [];
    for (const [from, source] of stores.entries()) {
      const appids = [...source.loadRange(['a'])].map(({ key }) => keyId(key, 1));
      for (const appid of appids) {
        const to = home(appid, stores.length);
        if (to === from || stays.has(appid)) continue;
        if (dryRun) {
          moves.push({ appid, from, to, records: recordsOf(source, appid).length, snapshotsLeft: [] });
          continue;
        }
        const target = must(stores[to], `homeFinder gives an index among the ${stores.length} folders (gave ${to})`);
        const { records, left } = await moveApp(source, target, appid);
        moves.push({ appid, from, to, records, snapshotsLeft: left });
      }
    }
    return moves;
  } finally {
    for (const store of stores) await store.close();
  }
}
