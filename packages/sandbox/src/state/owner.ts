// One owner per data folder. Two processes on one folder would each keep their own copy of the state in memory
// and their own sequence numbers, and overwrite each other's records. The first process to start writes a lock
// file naming itself; another refuses to start while that process lives. A lock left by a process that died
// (SIGKILL, a crash) is taken over. Locks name their host: one written on another machine (a shared folder) is
// never taken over, since its process cannot be checked from here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreError } from './store-file.js';

export const OWNER_FILE = 'sandbox.owner';

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? (owner as Owner) : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the folder for this process, or throws a StoreError naming the process that holds it. */
export function holdFolder(dir: string): { release(): void } {
  const file = path.join(dir, OWNER_FILE);
  const me: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readOwner(file)?.pid === me.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StoreError(
          dir,
          `cannot be locked (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          'check that it is writable',
        );
      }
    }
    const owner = readOwner(file);
    if (owner && owner.host !== me.host) {
      throw new StoreError(
        dir,
        `is in use by process ${owner.pid} on ${owner.host} (since ${owner.startedAt})`,
        `stop that sandbox, or remove ${file} if none runs there`,
      );
    }
    if (owner && alive(owner.pid)) {
      const who = owner.pid === process.pid ? 'this process (another sandbox in it)' : `process ${owner.pid}`;
      throw new StoreError(
        dir,
        `is in use by ${who}, started ${owner.startedAt}`,
        'stop that sandbox, or give this one another folder',
      );
    }
    // Its owner is gone (or the file is not a lock we can read): take it over.
    fs.rmSync(file, { force: true });
  }
  throw new StoreError(dir, 'could not be locked: other processes keep taking it', 'start one sandbox per folder');
}
