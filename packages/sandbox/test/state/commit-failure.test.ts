// A commit the store refuses is answered once (503, in the interface's shape), memory is put back as the store holds
// it, and the next calls work: one failed write never wedges the process. Only a store that cannot be read back
// takes the process out of the balancer (/readyz 503).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDevice } from '../../src/behaviour/devices.js';
import { listenSandbox } from '../../src/start/sandbox.js';
import type { Persistence, Write } from '../../src/state/persistence.js';
import { newAppState, Store } from '../../src/state/store.js';
import { CommitError, Committer, Unit } from '../../src/state/unit.js';
import { raw } from '../support/in-process.js';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a commit the LMDB store refuses', () => {
  it('is answered 503 once, rolled back from the store, and the next calls of every app work', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-commit-'));
    folders.push(dir);
    const sandbox = await listenSandbox({ port: 0, dataDir: dir });
    try {
      const post = (url: string, body: unknown = {}) =>
        raw(`${sandbox.url}/control${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('/apps', { appid: 'other-team-app' })).status).toBe(201);
      // A device no request could make (the edge bounds cids): its key is longer than LMDB holds. It is in memory
      // only, as a change of a request that failed before its commit would be.
      const app = sandbox.store.apps.get('sandbox-app')!;
      addDevice(new Unit(sandbox.store, Date.now()), app, { cid: 'x'.repeat(3000) }, Date.now());
      expect(app.devices.size).toBe(4);

      const refused = await post('/apps/sandbox-app/reset');
      expect(refused.status).toBe(503);
      expect(refused.body.type).toBe('urn:pushapi:sandbox:store-failed');
      expect(refused.body.detail).toMatch(/nothing of this call was kept, and it may be retried/);

      // Memory is the store's again: the device that was never stored is gone, the app is as committed.
      expect(sandbox.store.apps.get('sandbox-app')!.devices.size).toBe(3);
      expect((await post('/apps/sandbox-app/reset')).status).toBe(200);
      expect((await post('/apps/other-team-app/devices', { cid: 'after-the-failure' })).status).toBe(201);
      expect((await raw(`${sandbox.url}/readyz`)).status).toBe(200);
      const metrics = (await raw(`${sandbox.url}/metrics`)).text;
      expect(metrics).toContain('sandbox_store_commit_failures_total{recovered="true"} 1');
      expect(metrics).toContain('sandbox_store_writable 1');
    } finally {
      await sandbox.stop();
    }
    // What was answered was kept: the device made after the failure is there after a restart.
    const again = await listenSandbox({ port: 0, dataDir: dir });
    try {
      expect(again.store.apps.get('other-team-app')!.devices.has('after-the-failure')).toBe(true);
    } finally {
      await again.stop();
    }
  });
});

/** A store whose next commit fails, and which keeps every batch it was given. */
function failingOnce(loadable: { key: string[]; json: string }[] = []) {
  const batches: Write[][] = [];
  let fail = true;
  const persistence: Persistence = {
    durable: true,
    load: () => loadable,
    loadRange: () => [],
    async commit(writes) {
      if (fail) {
        fail = false;
        throw new Error('MDB_MAP_FULL: the disk is full');
      }
      batches.push([...writes]);
    },
    close: async () => undefined,
  };
  return { persistence, batches };
}

function changedUnit(store: Store, appid: string): Unit {
  // Only what placing an app reads: its appid and its DMP party's user code.
  const record = { appid, seq: 1, party: { userCode: `${appid}-party` } } as never;
  const app = store.apps.get(appid) ?? newAppState(record);
  const unit = new Unit(store, 0);
  unit.put('app', app, record);
  return unit;
}

describe('the committer', () => {
  it('fails the refused unit and those queued behind it, rolls their apps back once, then commits again', async () => {
    const store = new Store();
    const { persistence, batches } = failingOnce();
    const rolledBack: string[][] = [];
    const failures: boolean[] = [];
    const committer = new Committer(persistence, {
      rollBack: (apps) => void rolledBack.push([...apps].sort()),
      failed: (_, recovered) => void failures.push(recovered),
    });
    const first = committer.commit(changedUnit(store, 'app-a'));
    const queued = committer.commit(changedUnit(store, 'app-b'));
    await expect(first).rejects.toBeInstanceOf(CommitError);
    await expect(queued).rejects.toBeInstanceOf(CommitError);
    expect(rolledBack).toEqual([['app-a', 'app-b']]);
    expect(failures).toEqual([true]);
    await committer.commit(changedUnit(store, 'app-c'));
    expect(batches).toHaveLength(1);
    expect(batches[0]![0]!.key).toEqual(['a', 'app-c']);
    expect(committer.broken).toBeUndefined();
  });

  it('stops committing, and says so, only when the store cannot be read back', async () => {
    const { persistence } = failingOnce();
    const committer = new Committer(persistence, {
      rollBack: () => {
        throw new Error('the store cannot be read');
      },
    });
    await expect(committer.commit(changedUnit(new Store(), 'app-a'))).rejects.toBeInstanceOf(CommitError);
    expect(String(committer.broken)).toContain('cannot be read');
    await expect(committer.commit(changedUnit(new Store(), 'app-b'))).rejects.toBeInstanceOf(CommitError);
  });
});
