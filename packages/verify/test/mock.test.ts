// Against the Prism mock (packages/mock): full conformance, and the parity differences of a stateless mock that
// answers every call with a documented example.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMocks } from '@pushapi/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verify, type Report } from '../src/index.js';
import { CIDS, NOW } from './support/targets.js';

let mocks: Awaited<ReturnType<typeof startMocks>>;
let outDir: string;
let report: Report;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-verify-mock-'));
  mocks = await startMocks({ port: 0, outDir });
  const servers = Object.values(mocks.servers) as Array<{ name: string; baseUrl: string }>;
  const base = (name: string) => servers.find((s) => s.name === name)!.baseUrl;
  report = await verify({
    baseUrl: base('push-v1'),
    appid: 'mock-app',
    appkey: 'mock-appkey',
    masterSecret: 'mock-master-secret',
    cids: CIDS,
    now: NOW,
    dmp: { url: base('dmp'), userCode: 'mock-user', authCode: 'mock-auth-code' },
    dmpIds: { oaid: 'OAID-1' },
    allowAppPush: 'pushapi-verify-app',
  });
}, 600_000);
afterAll(async () => {
  await mocks?.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
});

it('runs every operation but push_app, and finds every answer conforming', () => {
  // The mock's count of any tag is its example, not the 2 devices the run tagged: push_app (and the scheduled task
  // it would make) is not sent, saying so.
  const notRun = report.operations.filter((o) => !o.ran);
  expect(notRun.map((o) => o.operationId)).toEqual(['pushApp', 'getScheduleTask', 'delScheduleTask']);
  expect(notRun[0]!.reason).toMatch(
    /^needs the tag pushapi-verify-app on exactly the 2 listed cids the run tagged, and query_user_count counts \d+/,
  );
  const conformance = report.operations.flatMap((o) =>
    o.findings.filter((f) => f.kind === 'schema' || f.kind === 'http').map((f) => `${o.operationId} ${f.where}`),
  );
  expect(conformance).toEqual([]);
  expect(report.operations.filter((o) => o.ran).every((o) => o.conformance === 1)).toBe(true);
});

it('lists the parity differences of a stateless mock', () => {
  const different = report.operations.filter((o) => o.parity === 'different').map((o) => o.operationId);
  // Examples, not state: the tags just set, a task id of this app, refusals. (queryAlias's difference is the
  // broken rule below: one finding per cause, so its answer is not listed again as a parity difference.)
  expect(different).toEqual(expect.arrayContaining(['getTags', 'userStatus', 'queryAppUser', 'queryBiTags']));
  expect(
    report.operations
      .find((o) => o.operationId === 'queryAlias')!
      .findings.filter((f) => f.step === 'alias after rebinding')
      .map((f) => f.kind),
  ).toEqual(['rule']);
  // The examples' task ids carry a fixed date: the clock is named, and "today" is not judged (no false rule finding).
  expect(report.run?.clock?.evidence).toMatch(/^the target made task RAS[SLA]_\d{4}_/);
  expect(
    report.operations.find((o) => o.operationId === 'queryAppUser')!.findings.filter((f) => f.kind === 'rule'),
  ).toEqual([]);
  const rules = report.operations.flatMap((o) =>
    o.findings.filter((f) => f.kind === 'rule').map((f) => `${o.operationId}: ${f.message}`),
  );
  expect(rules).toEqual(
    expect.arrayContaining([
      'queryBiTags: rule broken: auth_close invalidates the token',
      'queryAlias: rule broken: a rebinding replaces the old alias',
    ]),
  );
});
