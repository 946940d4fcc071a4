// Checks that a data folder's LMDB file is one LMDB can read before LMDB opens it: LMDB trusts its file, and a
// damaged one (cut short, overwritten, another program's) makes it crash the whole process with a signal.
// The check reads the two meta pages at the file's start: their magic number, the page size, and the last page
// the newer one names, which the file must reach.
import fs from 'node:fs';

/** The data folder cannot be used; the message names the folder, what is wrong and what to do. Exit code 2. */
export class StoreError extends Error {
  readonly exitCode = 2;

  constructor(dir: string, problem: string, remedy = 'move the folder away (or start without --data)') {
    super(`data folder ${dir}: ${problem}; ${remedy}`);
    this.name = 'StoreError';
  }
}

const MAGIC = 0xbeefc0de;
// Offsets within a meta page (LMDB's page header, then its meta record): magic, the page size (kept in the
// free-page database record), the last page used and the transaction id.
const AT = { magic: 0x18, pageSize: 0x30, lastPage: 0x90, txnid: 0x98 } as const;
const META_END = AT.txnid + 8;

interface Meta {
  pageSize: number;
  lastPage: bigint;
  txnid: bigint;
}

function readMeta(page: Buffer): Meta | undefined {
  if (page.length < META_END || page.readUInt32LE(AT.magic) !== MAGIC) return undefined;
  return { pageSize: page.readUInt32LE(AT.pageSize), lastPage: page.readBigUInt64LE(AT.lastPage), txnid: page.readBigUInt64LE(AT.txnid) };
}

const validPageSize = (size: number) => size >= 512 && size <= 65536 && (size & (size - 1)) === 0;

/** Throws a StoreError when `file` exists and is not a whole LMDB database. A missing file is a new store. */
export function checkLmdbFile(dir: string, file: string): void {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StoreError(dir, `its store ${file} cannot be read (${(error as NodeJS.ErrnoException).code})`, 'check its permissions');
  }
  if (size === 0) throw new StoreError(dir, `its store ${file} is empty (0 bytes): it is damaged, or not the sandbox's`);
  const fd = fs.openSync(file, 'r');
  try {
    const first = Buffer.alloc(META_END);
    fs.readSync(fd, first, 0, META_END, 0);
    const meta0 = readMeta(first.subarray(0, Math.min(size, META_END)));
    if (!meta0 || !validPageSize(meta0.pageSize)) {
      throw new StoreError(dir, `its store ${file} is not an LMDB database (its header is damaged, or it is another program's file)`);
    }
    const second = Buffer.alloc(META_END);
    const read = fs.readSync(fd, second, 0, META_END, meta0.pageSize);
    const meta1 = readMeta(second.subarray(0, read));
    if (!meta1) throw new StoreError(dir, `its store ${file} is damaged: its second header page is missing or overwritten (${size} bytes)`);
    const newer = meta1.txnid > meta0.txnid ? meta1 : meta0;
    const needed = (newer.lastPage + 1n) * BigInt(meta0.pageSize);
    if (BigInt(size) < needed) throw new StoreError(dir, `its store ${file} is cut short: ${size} bytes where its header needs ${needed}`);
  } finally {
    fs.closeSync(fd);
  }
}
