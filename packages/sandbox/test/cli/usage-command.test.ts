// `pushapi-sandbox usage`: every app's ledger from every process, in one file that meets usage.schema.json. Two
// sandboxes in this process stand for two processes of a service; a team's token and --team collect its apps only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { runUsage, type UsageFile } from '../../src/cli/usage-command.js';

const ADMIN = 'admin-token-0123456789abcdef';
const WEB = 'web-team-token-0123456789abcdef';
const options = {
  controlToken: ADMIN,
  appTokens: [
    { prefix: 'ci-web-', token: WEB },
    { prefix: 'ci-api-', token: 'api-team-token-0123456789abcdef' },
  ],
};
const processes: Sandbox[] = [];
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-command-'));

async function pushOnce(sandbox: Sandbox, appid: string): Promise<void> {
  const app = await sandbox.app({ appid });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  const style = { type: 0 as const, text: 'Hello', title: 'Hi', logo: 'icon.png' };
  await push.POST('/push_single', {
    body: { message: { msgtype: 'notification', is_offline: true }, notification: { style }, cid: 'magic-online' },
  });
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) processes.push(await startSandbox(options));
  await pushOnce(processes[0]!, 'ci-web-one');
  await pushOnce(processes[1]!, 'ci-web-two');
  await pushOnce(processes[1]!, 'ci-api-one');
  await processes[1]!.app({ appid: 'ci-web-idle' }); // no call: left out
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  fs.rmSync(folder, { recursive: true, force: true });
});

async function usage(args: string[], token: string): Promise<{ code: number; file: UsageFile }> {
  const out = path.join(folder, 'usage.json');
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await runUsage([...args, '--out', out], { SANDBOX_CONTROL_TOKEN: token });
    return { code, file: JSON.parse(fs.readFileSync(out, 'utf8')) as UsageFile };
  } finally {
    log.mockRestore();
  }
}

describe('pushapi-sandbox usage', () => {
  it("collects a team's ledgers from every process into a file that meets usage.schema.json", async () => {
    const servers = processes.flatMap((p) => ['--server', p.url]);
    const { code, file } = await usage([...servers, '--team', 'ci-web-'], WEB);
    expect(code).toBe(0);
    expect(file.apps.map((a) => [a.appid, a.server, a.team])).toEqual([
      ['ci-web-one', processes[0]!.url, 'ci-web-'],
      ['ci-web-two', processes[1]!.url, 'ci-web-'],
    ]);
    expect(file.apps[0]!.operations.map((o) => o.name)).toEqual(['auth_sign', 'push_single']);
    const schema = JSON.parse(fs.readFileSync(new URL('../../usage.schema.json', import.meta.url), 'utf8'));
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
    expect(ajv.validate(schema, file), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('names a process that gave no ledgers and exits 1', async () => {
    const { code, file } = await usage(['--server', processes[0]!.url, '--server', 'http://127.0.0.1:1'], ADMIN);
    expect(code).toBe(1);
    expect(file.servers[1]).toMatchObject({ server: 'http://127.0.0.1:1', apps: 0 });
    expect(file.servers[1]!.reason).toBeTruthy();
  });
});
