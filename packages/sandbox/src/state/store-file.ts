// Checks that a data folder's LMDB file is one LMDB can read before LMDB opens it: LMDB trusts its file, and a
// damaged one (cut short, overwritten, another program's) makes it crash the whole process with a signal.
// Two checks: the two meta pages at the file's start (their magic number, the page size, and the last page the
// newer one names, which the file must reach), then every record read by a child process (store-check.ts), which
// a damaged data page kills instead of the sandbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  return {
    pageSize: page.readUInt32LE(AT.pageSize),
    lastPage: page.readBigUInt64LE(AT.lastPage),
    txnid: page.readBigUInt64LE(AT.txnid),
  };
}

const validPageSize = (size: number) => size >= 512 && size <= 65536 && (size & (size - 1)) === 0;

/** Throws a StoreError when `file` exists and is not a whole LMDB database. A missing file is a new store. */
export function checkLmdbFile(dir: string, file: string): void {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StoreError(
      dir,
      `its store ${file} cannot be read (${(error as NodeJS.ErrnoException).code})`,
      'check its permissions',
    );
  }
  if (size === 0)
    throw new StoreError(dir, `its store ${file} is empty (0 bytes): it is damaged, or not the sandbox's`);
  const fd = fs.openSync(file, 'r');
  try {
    const first = Buffer.alloc(META_END);
    fs.readSync(fd, first, 0, META_END, 0);
    const meta0 = readMeta(first.subarray(0, Math.min(size, META_END)));
    if (!meta0 || !validPageSize(meta0.pageSize)) {
      throw new StoreError(
        dir,
        `its store ${file} is not an LMDB database (its header is damaged, or it is another program's file)`,
      );
    }
    const second = Buffer.alloc(META_END);
    const read = fs.readSync(fd, second, 0, META_END, meta0.pageSize);
    const meta1 = readMeta(second.subarray(0, read));
    if (!meta1)
      throw new StoreError(
        dir,
        `its store ${file} is damaged: its second header page is missing or overwritten (${size} bytes)`,
      );
    const newer = meta1.txnid > meta0.txnid ? meta1 : meta0;
    const needed = (newer.lastPage + 1n) * BigInt(meta0.pageSize);
    if (BigInt(size) < needed)
      throw new StoreError(dir, `its store ${file} is cut short: ${size} bytes where its header needs ${needed}`);
  } finally {
    fs.closeSync(fd);
  }
}

/** How the checking child (store-check.ts) says LMDB refused the file. */
export const LMDB_ERROR_EXIT = 3;

/**
 * The checking child's module: beside this code in the built package (dist/), or, when the sandbox runs from its
 * sources in the workspace (the tests), in the package's dist/ (Node 20 runs no TypeScript).
 */
function storeCheckModule(): string {
  const candidates = ['./store-check.js', '../../dist/store-check.js'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found)
    throw new Error(
      `the store check ${candidates[0]} is missing: build the package (its build writes dist/store-check.js)`,
    );
  return found;
}

/** Reads every record of an existing store in a child process; throws a StoreError when the child fails or dies. */
export async function checkRecordsInChild(dir: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) return;
  const child = spawn(process.execPath, [storeCheckModule(), file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  if (code === 0) return;
  const said = stderr.trim().split('\n').filter(Boolean);
  if (signal !== null) {
    const assertion = said.find((line) => /Assertion/.test(line));
    throw new StoreError(
      dir,
      `its store ${file} is damaged: reading its records killed the reading process (${signal}${assertion ? `, ${assertion.trim()}` : ''})`,
    );
  }
  if (code === LMDB_ERROR_EXIT)
    throw new StoreError(
      dir,
      `its store ${file} is damaged: reading its records failed (${said.at(-1) ?? 'no reason given'})`,
    );
  throw new StoreError(
    dir,
    `its store ${file} could not be checked: the checking process ended with exit code ${code} (${said.at(-1) ?? 'no reason given'})`,
    'check the installation of the package and its lmdb dependency',
  );
}
