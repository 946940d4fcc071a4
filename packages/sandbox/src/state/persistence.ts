// Where the state goes: nowhere (memory only, the default), or an LMDB database in a data folder (`--data`).
// The state hands over one batch of writes per request; a batch is committed atomically, batches in order, and
// a request is answered only after its batch (and every batch before it) is committed. So a push answered `ok`
// survives a SIGKILL, and no task is ever half-written.
import fs from 'node:fs';
import path from 'node:path';
import type { RootDatabase } from 'lmdb';

/** A record's key: its kind, then the ids that place it, such as ['d', appid, cid]. */
export type Key = string[];

export interface Write {
  key: Key;
  /** The record as JSON text, or undefined to remove it. */
  json: string | undefined;
}

export interface Persistence {
  /** Whether state survives a restart. */
  readonly durable: boolean;
  /** Every stored record, at start. */
  load(): Iterable<{ key: Key; value: unknown }>;
  /** Commits one batch atomically; batches commit in the order given. */
  commit(writes: readonly Write[]): Promise<void>;
  close(): Promise<void>;
}

export const memoryPersistence = (): Persistence => ({
  durable: false,
  load: () => [],
  commit: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

/**
 * State in an LMDB database under `dir` (created when missing). LMDB is a native addon, loaded only here: a
 * sandbox in memory runs wherever Node does, with or without a prebuilt binary for it.
 */
export async function lmdbPersistence(dir: string): Promise<Persistence> {
  fs.mkdirSync(dir, { recursive: true });
  const { open } = await import('lmdb');
  // Records are stored as the JSON text the state wrote at the end of the request, so what is committed is
  // exactly that request's view, whatever happens to the objects in memory afterwards.
  const db: RootDatabase<string, Key> = open({ path: path.join(dir, 'sandbox.lmdb'), encoding: 'string', compression: false });
  return {
    durable: true,
    *load() {
      for (const { key, value } of db.getRange()) yield { key, value: JSON.parse(value) as unknown };
    },
    async commit(writes) {
      await db.batch(() => {
        for (const write of writes) {
          if (write.json === undefined) void db.remove(write.key);
          else void db.put(write.key, write.json);
        }
      });
    },
    close: () => db.close(),
  };
}
