// A data folder has one owner, and a store that cannot be read stops the start with a clear message and exit
// code 2: never a signal death, never a silent empty start, never a 500 later.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from 'lmdb';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { runCli, startCli } from '../support/cli.js';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
const newFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-store-'));
  folders.push(dir);
  return dir;
};
const storeFile = (dir: string) => path.join(dir, 'sandbox.lmdb');

/** A folder holding a store written by a sandbox: the default app, a device, a push. */
async function writtenStore(): Promise<string> {
  const dir = newFolder();
  const sandbox = await startSandbox({ dataDir: dir });
  const app = await sandbox.app({ appid: 'stored-app' });
  await app.addDevice({ cid: 'stored-device', tags: ['a'] });
  await sandbox.stop();
  return dir;
}

/** A store of 300 devices: about 40 pages of 4 KiB, most of them data pages in use. */
async function largerStore(): Promise<string> {
  const dir = newFolder();
  const sandbox = await startSandbox({ dataDir: dir });
  await sandbox.app({ appid: 'stored-app' });
  const devices = Array.from({ length: 300 }, (_, i) => ({ cid: `stored-device-${i}`, tags: ['a', `t${i % 7}`] }));
  const { error } = await sandbox.control.POST('/apps/{appid}/devices/batch', {
    params: { path: { appid: 'stored-app' } },
    body: { devices },
  });
  expect(error).toBeUndefined();
  await sandbox.stop();
  return dir;
}

describe('one owner per data folder', () => {
  it('a second sandbox on a folder another process holds refuses to start, exit code 2, naming the folder and the process', async () => {
    const dir = newFolder();
    const first = await startCli(['--data', dir, '--port', '0', '--quiet']);
    try {
      const second = await runCli(['--data', dir, '--port', '0', '--quiet']);
      expect(second.code).toBe(2);
      expect(second.output).toContain(`data folder ${dir}`);
      expect(second.output).toContain(`process ${first.child.pid}`);
      expect(second.output).not.toMatch(/listening on/);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    // Once the owner stopped, the folder is free again, and what it kept is there.
    const again = await startSandbox({ dataDir: dir });
    expect(again.persistent).toBe(true);
    await again.stop();
  });

  it('in one process too: a second startSandbox on the same folder is refused, and the first keeps working', async () => {
    const dir = newFolder();
    const first = await startSandbox({ dataDir: dir });
    try {
      await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/is in use by this process/);
      expect((await first.app()).appid).toMatch(/^app-/);
    } finally {
      await first.stop();
    }
  });

  it('a lock left by a process that died is taken over', async () => {
    const dir = await writtenStore();
    // A process id that is not running: the largest pid the kernel hands out is far below this.
    fs.writeFileSync(
      path.join(dir, 'sandbox.owner'),
      JSON.stringify({ pid: 2 ** 30, host: os.hostname(), startedAt: 'earlier' }),
    );
    const sandbox = await startSandbox({ dataDir: dir });
    const { data } = await sandbox.control.GET('/apps');
    expect(data!.apps.map((a) => a.appid)).toContain('stored-app');
    await sandbox.stop();
  });
});

describe('a store that cannot be read: a clear error, exit code 2', () => {
  const refuses = async (dir: string, message: RegExp) => {
    const before = fs.readdirSync(dir).map((f) => [f, fs.statSync(path.join(dir, f)).size]);
    const { code, output } = await runCli(['--data', dir, '--port', '0', '--quiet']);
    expect(code, output).toBe(2);
    expect(output).toContain(`data folder ${dir}`);
    expect(output).toMatch(message);
    expect(output).toMatch(/move the folder away|start without --data/);
    expect(output).not.toMatch(/listening on/);
    // Nothing was written over the damaged store, and no lock was left behind.
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f !== 'sandbox.lmdb-lock')
        .map((f) => [f, fs.statSync(path.join(dir, f)).size]),
    ).toEqual(before.filter(([f]) => f !== 'sandbox.lmdb-lock'));
  };

  it('an empty (zero-byte) store file', async () => {
    const dir = newFolder();
    fs.writeFileSync(storeFile(dir), '');
    await refuses(dir, /is empty \(0 bytes\)/);
  });

  it('a store cut in half', async () => {
    const dir = await writtenStore();
    const size = fs.statSync(storeFile(dir)).size;
    fs.truncateSync(storeFile(dir), Math.floor(size / 2));
    await refuses(dir, /is cut short|second header page/);
  });

  it('random bytes', async () => {
    const dir = newFolder();
    fs.writeFileSync(storeFile(dir), Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7919 + 13) % 256)));
    await refuses(dir, /not an LMDB database/);
  });

  it('a store whose header was overwritten', async () => {
    const dir = await writtenStore();
    const fd = fs.openSync(storeFile(dir), 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, 0);
    fs.closeSync(fd);
    await refuses(dir, /not an LMDB database/);
  });

  // LMDB trusts its data pages: overwritten ones made it abort (an assertion, SIGABRT), fail with its raw
  // MDB_PAGE_NOTFOUND, or start with records silently missing. A child process reads every record first.
  it('overwritten data pages, at several offsets and with several bytes: never a signal, always exit 2', async () => {
    const dir = await largerStore();
    const file = storeFile(dir);
    const pageSize = 4096;
    const pages = fs.statSync(file).size / pageSize;
    // The main tree's root page, named by the newer of the two meta pages (its transaction id at 0x98, root at 0x88).
    const head = fs.readFileSync(file).subarray(0, 2 * pageSize);
    const newer = head.readBigUInt64LE(0x98) > head.readBigUInt64LE(pageSize + 0x98) ? 0 : pageSize;
    const root = Number(head.readBigUInt64LE(newer + 0x88));
    const offsets = [root, Math.floor(pages / 4), Math.floor(pages / 2), Math.floor((pages * 3) / 4)];
    expect(new Set(offsets).size).toBe(offsets.length);
    for (const page of offsets) {
      for (const byte of [0x00, 0xab]) {
        const copy = newFolder();
        fs.copyFileSync(file, storeFile(copy));
        const fd = fs.openSync(storeFile(copy), 'r+');
        fs.writeSync(fd, Buffer.alloc(pageSize, byte), 0, pageSize, page * pageSize);
        fs.closeSync(fd);
        await refuses(copy, /is damaged: reading its records (failed|killed the reading process)/);
      }
    }
  });

  it("another program's file", async () => {
    const dir = newFolder();
    fs.writeFileSync(storeFile(dir), 'SQLite format 3\u0000'.padEnd(8192, '\u0000'));
    await refuses(dir, /not an LMDB database/);
  });

  it('a record of the wrong shape, named with what is wrong', async () => {
    const dir = await writtenStore();
    const db = open({ path: storeFile(dir), encoding: 'string', compression: false });
    const key = ['d', 'stored-app', 'stored-device'];
    const record = JSON.parse(db.get(key) as string) as Record<string, unknown>;
    await db.put(key, JSON.stringify({ ...record, tags: 'not-a-list' }));
    await db.close();
    await refuses(dir, /record \["d","stored-app","stored-device"\] has the wrong shape: \/tags must be array/);
  });

  it('a record of no kind the sandbox keeps, and one that is not JSON', async () => {
    const unknown = await writtenStore();
    let db = open({ path: storeFile(unknown), encoding: 'string', compression: false });
    await db.put(['z', 'stored-app'], '{}');
    await db.close();
    await refuses(unknown, /record \["z","stored-app"\] is of no kind the sandbox keeps/);
    const notJson = await writtenStore();
    db = open({ path: storeFile(notJson), encoding: 'string', compression: false });
    await db.put(['t', 'stored-app', 'RASS_0101_x'], '{not json');
    await db.close();
    await refuses(notJson, /record \["t","stored-app","RASS_0101_x"\] is not JSON/);
  });
});
