// Where the state goes: nowhere (memory only, the default), or an LMDB database in a data folder (`--data`).
// A unit of work's writes are committed atomically, units in order, and a request is answered only after its
// unit (and every unit before it) is committed. So a push answered `ok` survives a SIGKILL, and no task is ever
// half-written. A data folder has one owner: the process that holds its lock file (owner.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { RootDatabase } from 'lmdb';
import type { Key } from './kinds.js';
import { checkLmdbFile, checkRecordsInChild, StoreError } from './store-file.js';
import { holdFolder } from './owner.js';

export interface Write {
  key: Key;
  /** The record as JSON text, or undefined to remove it. */
  json: string | undefined;
}

export interface Persistence {
  /** Whether state survives a restart. */
  readonly durable: boolean;
  /** Every stored record, at start (values as stored: JSON text). */
  load(): Iterable<{ key: Key; json: string }>;
  /** The records stored under these key prefixes (`['d', appid]`: the app's devices), to put memory back after a failed commit. */
  loadRange(prefix: Key): Iterable<{ key: Key; json: string }>;
  /** Commits one batch atomically; batches commit in the order given. */
  commit(writes: readonly Write[]): Promise<void>;
  close(): Promise<void>;
}

export const memoryPersistence = (): Persistence => ({
  durable: false,
  load: () => [],
  loadRange: () => [],
  commit: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

export const STORE_FILE = 'sandbox.lmdb';

/** An LMDB error at open or read (the file changed after its check) as the same clear StoreError. */
function lmdbCall<T>(dir: string, what: 'open' | 'read', call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      dir,
      `its store ${path.join(dir, STORE_FILE)} cannot be ${what === 'open' ? 'opened' : 'read'}: ${(error as Error).message}`,
    );
  }
}

/**
 * State in an LMDB database under `dir` (created when missing), owned by this process until it closes. LMDB is a
 * native addon, loaded only here: a sandbox in memory runs wherever Node does, with or without a prebuilt binary.
 */
export async function lmdbPersistence(
  dir: string,
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<Persistence> {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE.folder });
  } catch (error) {
    throw new StoreError(
      dir,
      `cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'choose another folder',
    );
  }
  tighten(dir, warn);
  // Files made from here on (the lock, LMDB's two) are the owner's only: the store holds master secrets in clear.
  // (A worker thread may not set it: there the files are made private just after, by tighten.)
  let umask: number | undefined;
  try {
    umask = process.umask(0o077);
  } catch {
    umask = undefined;
  }
  try {
    return await openLmdb(dir);
  } finally {
    if (umask !== undefined) process.umask(umask);
    tighten(dir, warn);
  }
}

/** Modes of the data folder and its files: the owner's only. */
export const PRIVATE = { folder: 0o700, file: 0o600 } as const;

/** Makes the folder 0700 and its files 0600, saying what was looser (an older sandbox made them 0755 and 0644). */
function tighten(dir: string, warn: (line: string) => void): void {
  const loose: string[] = [];
  const make = (file: string, mode: number) => {
    const now = fs.statSync(file).mode & 0o777;
    if ((now & ~mode) === 0) return;
    fs.chmodSync(file, now & mode);
    loose.push(`${file} (${now.toString(8)})`);
  };
  try {
    make(dir, PRIVATE.folder);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile()) make(path.join(dir, entry.name), PRIVATE.file);
  } catch (error) {
    throw new StoreError(
      dir,
      `cannot be made private (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'check that this user owns it',
    );
  }
  if (loose.length > 0)
    warn(`data folder ${dir}: others could read ${loose.join(', ')}; made it the owner's only (folder 700, files 600)`);
}

async function openLmdb(dir: string): Promise<Persistence> {
  const owner = holdFolder(dir);
  try {
    // LMDB trusts its file: a damaged one makes it crash the process. So the file is checked first: its header
    // here, every record in a child process that a damaged page kills instead of this one.
    const file = path.join(dir, STORE_FILE);
    checkLmdbFile(dir, file);
    await checkRecordsInChild(dir, file);
    const { open } = await import('lmdb');
    const db: RootDatabase<string, Key> = lmdbCall(dir, 'open', () =>
      open({ path: file, encoding: 'string', compression: false }),
    );
    return {
      durable: true,
      *load() {
        const records = lmdbCall(dir, 'read', () => db.getRange()[Symbol.iterator]());
        for (;;) {
          const next = lmdbCall(dir, 'read', () => records.next());
          if (next.done) return;
          yield { key: next.value.key, json: next.value.value };
        }
      },
      *loadRange(prefix) {
        const within = (key: Key) => prefix.every((part, i) => key[i] === part);
        // Keys sort part by part, so the keys under a prefix follow it with nothing between.
        for (const { key, value } of lmdbCall(dir, 'read', () => db.getRange({ start: prefix }))) {
          if (!within(key)) return;
          yield { key, json: value };
        }
      },
      async commit(writes) {
        await db.batch(() => {
          for (const write of writes) {
            if (write.json === undefined) void db.remove(write.key);
            else void db.put(write.key, write.json);
          }
        });
      },
      async close() {
        await db.close();
        owner.release();
      },
    };
  } catch (error) {
    owner.release();
    throw error;
  }
}
