// `pushapi-sandbox rehome`: a fourth process added, each app whose balancer home changed is moved with its data to
// the folder of its new home, and nothing else moves; a rerun moves nothing; `--dry-run` changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { homeFinder } from '../../src/state/rehome.js';
import { runCli } from '../support/cli.js';
import { raw } from '../support/in-process.js';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
const dirs = Array.from({ length: 4 }, (_, i) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sandbox-rehome-${i}-`));
  folders.push(dir);
  return dir;
});
const APPIDS = Array.from({ length: 16 }, (_, i) => `ci-web-move-${i}`);

/** What each folder holds of the test's apps: appid -> its device cids and task count. */
async function contents(count: number): Promise<Map<string, { folder: number; cids: string[]; tasks: number }>> {
  const found = new Map<string, { folder: number; cids: string[]; tasks: number }>();
  for (let folder = 0; folder < count; folder++) {
    const sandbox = await startSandbox({ dataDir: dirs[folder]! });
    try {
      for (const appid of APPIDS) {
        const devices = await raw(`${sandbox.controlUrl}/apps/${appid}/devices`);
        if (devices.status !== 200) continue;
        expect(found.has(appid), `${appid} is in one folder only`).toBe(false);
        const tasks = await raw(`${sandbox.controlUrl}/apps/${appid}/tasks`);
        const cids = (devices.body.devices as { cid: string }[]).map((d) => d.cid).sort();
        found.set(appid, { folder, cids, tasks: (tasks.body.tasks as unknown[]).length });
      }
    } finally {
      await sandbox.stop();
    }
  }
  return found;
}

describe('rehome after adding a process', () => {
  it('moves each app whose home changed, with its devices and tasks, and only those', async () => {
    const home = await homeFinder();
    for (let folder = 0; folder < 3; folder++) {
      const sandbox = await startSandbox({ dataDir: dirs[folder]! });
      try {
        for (const appid of APPIDS.filter((id) => home(id, 3) === folder)) {
          const app = await sandbox.app({ appid });
          await app.addDevice({ cid: `${appid}-phone`, tags: ['moved'] });
          const push = createPushClient({ ...app.pushOptions, retry: false });
          const pushed = await push.POST('/push_single', {
            body: {
              cid: 'magic-online',
              requestid: `${appid}-request-1`,
              message: { appkey: app.appkey, is_offline: false, msgtype: 'transmission' },
              transmission: { transmission_content: 'kept across the move' },
            },
          });
          expect(pushed.result).toBe('ok');
        }
      } finally {
        await sandbox.stop();
      }
    }
    const before = await contents(3);
    expect(before.size).toBe(APPIDS.length);
    const moving = APPIDS.filter((id) => home(id, 4) !== home(id, 3));
    expect(moving.length).toBeGreaterThan(0);

    const dry = await runCli(['rehome', ...dirs.flatMap((d) => ['--data', d]), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.output).toContain(`${moving.length} apps would move among 4 folders`);
    const done = await runCli(['rehome', ...dirs.flatMap((d) => ['--data', d])]);
    expect(done.code).toBe(0);
    for (const appid of moving)
      expect(done.output).toContain(`moved ${appid} from s${home(appid, 3) + 1} to s${home(appid, 4) + 1}`);
    expect(done.output).not.toContain('moved sandbox-app');

    const after = await contents(4);
    for (const appid of APPIDS) {
      expect(after.get(appid)?.folder, appid).toBe(home(appid, 4));
      expect(after.get(appid)?.cids).toEqual(before.get(appid)?.cids);
      expect(after.get(appid)?.tasks).toBe(1);
    }
    const again = await runCli(['rehome', ...dirs.flatMap((d) => ['--data', d])]);
    expect(again.output).toContain('0 apps moved among 4 folders');
  });
});
