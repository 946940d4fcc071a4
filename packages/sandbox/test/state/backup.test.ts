// `pushapi-sandbox backup`: a copy of a running process's store, taken without stopping it, that a sandbox starts
// from with everything committed before the copy; refusals name what is wrong and touch nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { runCli } from '../support/cli.js';
import { raw } from '../support/in-process.js';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
const newFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-backup-'));
  folders.push(dir);
  return dir;
};

describe('a hot backup of a store', () => {
  it('copies a running store (the process keeps answering), and a sandbox starts from the copy with its apps', async () => {
    const data = newFolder();
    const copy = path.join(newFolder(), 'copy');
    const running = await startSandbox({ dataDir: data });
    try {
      const app = await running.app({ appid: 'backed-up' });
      await app.addDevice({ cid: 'kept-device', tags: ['a'] });
      const done = await runCli(['backup', '--data', data, '--to', copy]);
      expect(done.code).toBe(0);
      expect(done.output).toContain(`start a sandbox on it with --data ${copy}`);
      // The process was never stopped: it answers, and takes writes, after the copy.
      expect((await raw(`${running.controlUrl}/apps/backed-up`)).status).toBe(200);
      await app.addDevice({ cid: 'after-the-backup' });
    } finally {
      await running.stop();
    }
    expect(fs.statSync(copy).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(copy)) expect(fs.statSync(path.join(copy, file)).mode & 0o777).toBe(0o600);
    const restored = await startSandbox({ dataDir: copy });
    try {
      const devices = await raw(`${restored.controlUrl}/apps/backed-up/devices`);
      const cids = (devices.body.devices as { cid: string }[]).map((d) => d.cid);
      expect(cids).toContain('kept-device');
      expect(cids).not.toContain('after-the-backup');
    } finally {
      await restored.stop();
    }
  });

  it('refuses a folder with no store and a target that is not empty, naming each, exit 2', async () => {
    const empty = newFolder();
    const none = await runCli(['backup', '--data', empty, '--to', path.join(empty, 'x')]);
    expect(none.code).toBe(2);
    expect(none.output).toContain(`data folder ${empty}: has no store (sandbox.lmdb)`);
    const data = newFolder();
    const sandbox = await startSandbox({ dataDir: data });
    await sandbox.stop();
    const taken = newFolder();
    fs.writeFileSync(path.join(taken, 'something'), 'x');
    const full = await runCli(['backup', '--data', data, '--to', taken]);
    expect(full.code).toBe(2);
    expect(full.output).toContain(`data folder ${taken}: is not empty`);
    expect(fs.readdirSync(taken)).toEqual(['something']);
  });
});
