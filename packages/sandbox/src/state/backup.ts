// `pushapi-sandbox backup --data <folder> --to <folder>`: a consistent copy of a data folder's store while its
// process keeps running (LMDB's own copy, from one read transaction: every unit committed before it, none after,
// nothing half-written). No process stops, so no app answers 503 during a backup. The copy is a data folder a
// sandbox starts from (`--data <copy>`), checked the way a start checks one, owner-only like the original.
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE, STORE_FILE } from './persistence.js';
import { checkLmdbFile, StoreError } from './store-file.js';

/** Copies the store of `from` into the new folder `to`; throws a StoreError naming what is wrong. */
export async function backupStore(from: string, to: string): Promise<{ file: string; bytes: number }> {
  const source = path.join(from, STORE_FILE);
  if (!fs.existsSync(source))
    throw new StoreError(from, `has no store (${STORE_FILE})`, 'give the folder a sandbox runs with --data');
  checkLmdbFile(from, source);
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0)
    throw new StoreError(to, 'is not empty', 'give a new folder for the backup (a backup never overwrites one)');
  fs.mkdirSync(to, { recursive: true, mode: PRIVATE.folder });
  fs.chmodSync(to, PRIVATE.folder);
  const { open } = await import('lmdb');
  // Read-only: the running process stays the only writer; LMDB's lock file lets both read at once.
  const db = open({ path: source, encoding: 'string', compression: false, readOnly: true });
  const file = path.join(to, STORE_FILE);
  try {
    await db.backup(file, false);
  } catch (error) {
    throw new StoreError(
      from,
      `could not be copied to ${to} (${(error as Error).message})`,
      'check the space and the permissions of both folders',
    );
  } finally {
    await db.close();
  }
  fs.chmodSync(file, PRIVATE.file);
  for (const extra of fs.readdirSync(to)) fs.chmodSync(path.join(to, extra), PRIVATE.file);
  checkLmdbFile(to, file);
  return { file, bytes: fs.statSync(file).size };
}
