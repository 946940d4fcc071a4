// Run as a child process (store-read.ts) before the sandbox maps its store: opens the LMDB file read-only and reads
// every record, key and value. LMDB trusts its data pages: an overwritten one can kill the process that reads it
// with a signal (SIGSEGV, or SIGABRT on one of LMDB's assertions). Here it kills this child, not the sandbox.
// Usage: node store-check.js <file>. Exit 0 printing the count of records; exit 3 with LMDB's error on stderr.
import { open } from 'lmdb';
import { LMDB_ERROR_EXIT } from './store-file.js';

function readEveryRecord(file: string): number {
  const db = open({ path: file, readOnly: true, encoding: 'binary', compression: false, cache: false });
  let records = 0;
  for (const { key } of db.getRange()) {
    if (!Array.isArray(key))
      throw new Error(`record ${records + 1} has a key that is not the sandbox's (${typeof key})`);
    records++;
  }
  // The entry count the database's root keeps: fewer records read means pages that were skipped.
  const { entryCount } = db.getStats() as { entryCount?: number };
  if (entryCount !== undefined && entryCount !== records)
    throw new Error(`its root counts ${entryCount} records, ${records} could be read`);
  void db.close();
  return records;
}

const file = process.argv[2];
if (file) {
  try {
    process.stdout.write(`${readEveryRecord(file)}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = LMDB_ERROR_EXIT;
  }
}
