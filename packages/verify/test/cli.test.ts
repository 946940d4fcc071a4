// The command: exit codes, the report files (JSON valid against the shipped schema, HTML), the dry run, and
// secrets given on the command line appearing nowhere (stdout, stderr, report, page).
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VerifyOptions } from '../src/index.js';
import { startStandIn } from './support/stand-in.js';
import { NOW, sandboxTarget } from './support/targets.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const schema = JSON.parse(fs.readFileSync(new URL('../schema/report.schema.json', import.meta.url), 'utf8'));
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;
const validateReport = addFormats(new Ajv2020({ allErrors: true })).compile(schema);

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-verify-cli-'));
});
afterAll(async () => {
  await sandbox?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(
  args: string[],
  env: Record<string, string> = {},
  started?: (child: ChildProcess) => void,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    started?.(child);
  });
}

const flags = (t: VerifyOptions, baseUrl = t.baseUrl) => [
  '--base-url',
  baseUrl,
  '--appid',
  t.appid,
  '--appkey',
  t.appkey,
  '--master-secret',
  t.masterSecret,
  ...t.cids.flatMap((c) => ['--cid', c]),
  '--now',
  new Date(NOW).toISOString(),
  '--dmp-url',
  t.dmp!.url,
  '--user-code',
  t.dmp!.userCode,
  '--auth-code',
  t.dmp!.authCode,
  '--dmp-id',
  'oaid=OAID-1',
  '--allow-app-push',
  'pushapi-verify-app',
];

function expectNoSecret(texts: string[], secrets: string[]) {
  for (const secret of secrets)
    for (const text of texts) expect(text.includes(secret), `a secret appears in:\n${text.slice(0, 300)}`).toBe(false);
}

it('exits 0 against the sandbox, writes a report valid against its schema and a page, and shows no secret', async () => {
  const t = await sandboxTarget(sandbox);
  const report = path.join(dir, 'sandbox.json');
  const html = path.join(dir, 'sandbox.html');
  const { code, stdout, stderr } = await run([...flags(t), '--report', report, '--html', html]);
  // Before the run, on stderr: what it will spend (stdout stays the table); nothing else.
  expect(stderr).toMatch(/^What the run will spend \(start on a staging appid[^\n]*\n {2}calls: authSign 2, /);
  expect(stderr).toContain(
    '  retries: a transient refusal is retried 3 times, waiting 1 s, 2 s, 4 s (up to 7 s per request;',
  );
  expect(stderr).not.toContain('pushapi-verify:');
  expect(code, stdout).toBe(0);
  expect(stdout).toMatch(/^pushapi-verify: http:\/\/127\.0\.0\.1:\d+ \(app app-/);
  expect(stdout).toContain('31 of 31 operations ran; 0 failed');
  expect(stdout).toContain(
    'Refusals, as the service answered them:\n  authSign (sign in with a wrong sign): HTTP 200 sign_error "',
  );
  expect(stdout).toContain('  queryAppUser (users of today): HTTP 200 invalid_param "');
  // A DMP refusal's code is its status: said once.
  expect(stdout).toContain('  getUserTags (DMP tags without a token): HTTP 401 "');
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  expect(validateReport(json), JSON.stringify(validateReport.errors)).toBe(true);
  const page = fs.readFileSync(html, 'utf8');
  expect(page).toMatch(/^<!doctype html>/);
  expect(page).not.toMatch(/<script|src=|href=/);
  expectNoSecret([stdout, stderr, fs.readFileSync(report, 'utf8'), page], [t.masterSecret, t.dmp!.authCode]);
});

it('exits 1 against a stand-in that drifted, naming the operation', async () => {
  const t = await sandboxTarget(sandbox);
  const standIn = await startStandIn(sandbox.url, [
    { operationId: 'userStatus', answer: (a) => ({ ...a, body: { ...a.body, lastlogin: 1 } }) },
  ]);
  try {
    const { code, stdout } = await run([...flags(t, standIn.url), '--no-parity']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/✗ userStatus +yes/);
    expect(stdout).toContain('userStatus [schema] response.body.lastlogin: response.body.lastlogin: must be a string');
  } finally {
    await standIn.stop();
  }
});

it('exits 2 naming an unreachable target, without the secret', async () => {
  const t = await sandboxTarget(sandbox);
  const closed = await startStandIn(sandbox.url);
  await closed.stop(); // a port nothing listens on any more
  const { code, stdout, stderr } = await run(flags(t, closed.url));
  expect(code).toBe(2);
  expect(stderr.split('\n').filter((l) => l.startsWith('pushapi-verify'))).toEqual([
    `pushapi-verify: cannot reach ${closed.url} (ECONNREFUSED)`,
  ]);
  expectNoSecret([stdout, stderr], [t.masterSecret, t.dmp!.authCode]);
});

it('exits 2 for a usage error: no --cid, a wrong --allow-app-push, a missing credential', async () => {
  const t = await sandboxTarget(sandbox);
  const noCid = flags(t).filter((_, i, all) => all[i] !== '--cid' && all[i - 1] !== '--cid');
  expect(await run(noCid)).toMatchObject({ code: 2, stderr: expect.stringContaining('at least one --cid is needed') });
  expect(await run([...flags(t).slice(0, -2), '--allow-app-push', 'everyone'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('must start with pushapi-verify-'),
  });
  expect(await run(['--base-url', t.baseUrl, '--cid', 'x'])).toMatchObject({
    code: 2,
    stderr: 'pushapi-verify: --appid (or PUSHAPI_APPID) is required\n',
  });
});

it('takes the credentials from the environment; the dry run sends nothing and shows no secret', async () => {
  const t = await sandboxTarget(sandbox);
  const standIn = await startStandIn(sandbox.url);
  try {
    const { code, stdout, stderr } = await run(['--cid', t.cids[0]!, '--dry-run', '--dmp-id', 'oaid=OAID-1'], {
      PUSHAPI_BASE_URL: standIn.url,
      PUSHAPI_APPID: t.appid,
      PUSHAPI_APPKEY: t.appkey,
      PUSHAPI_MASTER_SECRET: t.masterSecret,
      PUSHAPI_DMP_URL: standIn.dmpUrl,
      PUSHAPI_USER_CODE: t.dmp!.userCode,
      PUSHAPI_AUTH_CODE: t.dmp!.authCode,
    });
    expect(code).toBe(0);
    expect(standIn.received).toEqual([]);
    expect(stdout).toContain(`- authSign (sign in): POST ${standIn.url}/v1/${t.appid}/auth_sign`);
    expect(stdout).toContain('- pushApp (app push to the tag): not run: no --allow-app-push');
    // The restore writes back what it will have read: placeholders, never an empty list that reads as a wipe.
    expect(stdout).toContain(
      `- setTags (restore the tags of cid 1): POST ${standIn.url}/v1/${t.appid}/set_tags {"accept":"application/json","content-type":"application/json","authtoken":"<redacted>"} {"cid":"${t.cids[0]}","tag_list":"<the tags read before>"}`,
    );
    expect(stdout).toContain(`{"alias_list":[{"cid":"${t.cids[0]}","alias":"<the alias read before>"}]}`);
    expect(stdout).toContain('dry run: nothing was sent');
    expect(stdout).toMatch(/^What the run will spend \(start on a staging appid/);
    expect(stdout).toContain(
      "  rate-controlled, sharing the app's limits with its production traffic: setTags 1 (+1 if restoring), saveListBody 1, pushList 1\n",
    );
    expectNoSecret([stdout, stderr], [t.masterSecret, t.dmp!.authCode]);
  } finally {
    await standIn.stop();
  }
});

it('Ctrl-C (SIGINT) stops before the next step, restores what the run changed, writes the report and exits 1', async () => {
  const app = await sandbox.app();
  await app.setClock({ time: NOW });
  await app.addDevices([
    { cid: 'team-phone-1', online: true, alias: 'team-alias', tags: ['vip'] },
    { cid: 'team-phone-2', online: false, tags: ['staff'] },
  ]);
  const t = { ...(await sandboxTarget(sandbox)), appid: app.appid, appkey: app.appkey, masterSecret: app.mastersecret };
  const device = async (cid: string) => {
    const d = await app.device(cid);
    return { alias: d.alias, tags: d.tags, blacklisted: d.blacklisted };
  };
  const before = await Promise.all(t.cids.map(device));
  let child: ChildProcess | undefined;
  // The signal arrives while the run waits for the blacklist's answer: an event, not a time.
  const standIn = await startStandIn(sandbox.url, [
    { operationId: 'postUserBlkList', answer: (a) => (child?.kill('SIGINT'), a) },
  ]);
  try {
    const report = path.join(dir, 'interrupted.json');
    const { code, stdout, stderr } = await run(
      [...flags(t, standIn.url), '--no-parity', '--report', report],
      {},
      (c) => (child = c),
    );
    expect(stderr).toContain('pushapi-verify: interrupted: restoring what the run changed');
    expect(code, stdout).toBe(1);
    expect(stdout).toContain('The run stopped early: interrupted (SIGINT).');
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    expect(json.run).toMatchObject({ stopped: 'interrupted (SIGINT)', restored: true });
    // The signal is handled at the child's next turn of its event loop, long before the main part's last step.
    expect(standIn.received.map((r) => r.operationId)).not.toContain('authClose');
    expect(await Promise.all(t.cids.map(device))).toEqual(before);
  } finally {
    await standIn.stop();
  }
});
