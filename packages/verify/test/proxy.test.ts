// The proxy: the allow list keeps pushes to other cids from the upstream, answers pass through byte for byte,
// the report names a drifted answer, a recording (secrets redacted) becomes a world the sandbox loads, and the
// command prints its allow list at start and what it did at stop, and writes its report.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushSign } from '@pushapi/push-v1-client';
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProxy, worldFromRecording, type Report, type VerifyOptions } from '../src/index.js';
import { startStandIn, type StandIn } from './support/stand-in.js';
import { CIDS, NOW, sandboxTarget } from './support/targets.js';

let sandbox: Sandbox;
let target: VerifyOptions;
let standIn: StandIn;
let dir: string;
const DRIFTED = '{"result" :"ok",  "cid":"team-phone-1", "status":"online", "lastlogin": 5, "model":"x"}';

beforeAll(async () => {
  sandbox = await startSandbox();
  target = await sandboxTarget(sandbox);
  // The upstream: the sandbox app, but user_status answers with odd spacing, a number where a text belongs and
  // an undocumented field.
  standIn = await startStandIn(sandbox.url, [
    {
      operationId: 'userStatus',
      local: true,
      answer: () => ({ status: 200, contentType: 'application/json', raw: DRIFTED }),
    },
  ]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-verify-proxy-'));
});
afterAll(async () => {
  await standIn?.stop();
  await sandbox?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(base: string): Promise<string> {
  const timestamp = String(NOW);
  const sign = await pushSign(target.appkey, timestamp, target.masterSecret);
  const answer = await fetch(`${base}/v1/${target.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: target.appkey }),
  });
  return ((await answer.json()) as { auth_token: string }).auth_token;
}

const pushTo = (base: string, token: string, cid: string) =>
  fetch(`${base}/v1/${target.appid}/push_single`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authtoken: token },
    body: JSON.stringify({
      message: { appkey: target.appkey, is_offline: false, msgtype: 'transmission' },
      transmission: { transmission_content: 'hi' },
      cid,
      requestid: `proxy-test-${cid}-0001`,
    }),
  });

it('refuses a push outside the allow list locally, forwards the rest, passes answers through byte for byte, and reports drift', async () => {
  const recordDir = path.join(dir, 'recording');
  const proxy = await startProxy({
    upstream: standIn.url,
    dmpUpstream: standIn.dmpUrl,
    allowCids: [CIDS[0]!],
    recordDir,
  });
  try {
    const token = await signIn(proxy.url);
    const before = standIn.received.length;
    const refused = await pushTo(proxy.url, token, 'a-real-user');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      result: 'other_error',
      desc: 'pushapi-verify proxy refused: cid a-real-user is not in --allow-cid; not forwarded',
    });
    expect(standIn.received.slice(before)).toEqual([]);

    const allowed = await pushTo(proxy.url, token, CIDS[0]!);
    expect(await allowed.json()).toMatchObject({ result: 'ok', status: 'successed_online' });
    expect(standIn.received.slice(before).map((r) => r.operationId)).toEqual(['pushSingle']);

    const status = await fetch(`${proxy.url}/v1/${target.appid}/user_status/${CIDS[0]}`, {
      headers: { authtoken: token },
    });
    expect(await status.text()).toBe(DRIFTED);
    const appPush = await fetch(`${proxy.url}/v1/${target.appid}/push_app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: '{}',
    });
    expect(await appPush.json()).toMatchObject({
      result: 'other_error',
      desc: expect.stringContaining('--allow-app-push'),
    });

    const direct = await fetch(`${standIn.dmpUrl}/config/tags`);
    const viaProxy = await fetch(`${proxy.url}/dmp/config/tags`);
    expect([viaProxy.status, await viaProxy.text()]).toEqual([direct.status, await direct.text()]);

    const report = (await (await fetch(`${proxy.url}/_pushapi/report`)).json()) as Report;
    const userStatus = report.operations.find((o) => o.operationId === 'userStatus')!;
    expect(userStatus.findings.map((f) => [f.kind, f.where])).toEqual([
      ['schema', 'response.body.lastlogin'],
      ['undocumented-field', 'response.body.model'],
    ]);
    expect(userStatus.ok).toBe(false);
    expect(report.operations.find((o) => o.operationId === 'pushSingle')).toMatchObject({
      ran: true,
      ok: true,
      findings: [],
    });
    expect(report.operations.find((o) => o.operationId === 'queryBiTags')).toMatchObject({
      ran: false,
      reason: 'no request went through the proxy',
    });
    expect(report.operations.find((o) => o.operationId === 'listTags')).toMatchObject({
      ran: true,
      steps: [{ status: 401 }],
    });

    // The recording holds no token, no sign; its world loads into the sandbox.
    const recording = fs.readFileSync(path.join(recordDir, 'exchanges.jsonl'), 'utf8');
    expect(recording.split('\n').filter(Boolean)).toHaveLength(6);
    expect(recording).not.toContain(token);
    expect(recording).not.toContain(await pushSign(target.appkey, String(NOW), target.masterSecret));
    expect(JSON.stringify(report)).not.toContain(token);
    const world = worldFromRecording(recordDir);
    expect(world.apps).toEqual([
      {
        appid: target.appid,
        appkey: target.appkey,
        mastersecret: expect.stringMatching(/^sandbox-[0-9a-f]{24}$/),
        devices: [{ cid: CIDS[0], online: true }],
      },
    ]);
    const replay = await startSandbox({ seed: world });
    try {
      const app = await replay.openApp(target.appid);
      expect(await app.device(CIDS[0]!)).toMatchObject({ cid: CIDS[0], online: true });
    } finally {
      await replay.stop();
    }
  } finally {
    await proxy.stop();
  }
});

it('the command prints its allow list, serves until SIGTERM, then prints what it did, writes its report and exits 0', async () => {
  const file = path.join(dir, 'proxy-report.json');
  const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const child = spawn(process.execPath, [
    cli,
    'proxy',
    '--upstream',
    standIn.url,
    '--port',
    '0',
    '--allow-cid',
    CIDS[0]!,
    '--allow-app-push',
    'pushapi-verify-app',
    '--report',
    file,
  ]);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /push v1 at (http:\/\/127\.0\.0\.1:\d+)\/[\s\S]*always refused/.exec(stdout);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`proxy exited (${code}) before listening`)));
  });
  expect(stdout).toContain(`cids (pushes and device writes): ${CIDS[0]}\n`);
  expect(stdout).toContain('push_app: only restricted to tag pushapi-verify-app');
  const token = await signIn(url);
  await fetch(`${url}/v1/${target.appid}/user_status/${CIDS[0]}`, { headers: { authtoken: token } });
  await pushTo(url, token, 'a-real-user');
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code))); // after stdout is read
  child.kill('SIGTERM');
  expect(await exited).toBe(0); // a stop is the proxy's normal end, though the drifted user_status failed
  expect(stdout).toMatch(
    /requests forwarded: 2\n {2}refused: 1 \(push-outside-list 1\)\n {2}answers checked: 2\n {2}findings: 2 \(schema 1, undocumented-field 1\), 1 operation\(s\) failing/,
  );
  expect(stderr).toContain(
    'pushapi-verify proxy: refused POST /v1/<appid>/push_single (push-outside-list, HTTP 403): cid a-real-user is not in --allow-cid',
  );
  expect(stdout + stderr).not.toContain(token);
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
  expect(report.mode).toBe('proxy');
  expect(report.operations.find((o) => o.operationId === 'userStatus')?.findings.map((f) => f.where)).toContain(
    'response.body.lastlogin',
  );
  expect(fs.readFileSync(file, 'utf8')).not.toContain(token);
});
