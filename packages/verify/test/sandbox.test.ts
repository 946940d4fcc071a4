// Against the project's own sandbox, the verifier reports full conformance and full parity.
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verify } from '../src/index.js';
import { NOW, sandboxTarget } from './support/targets.js';

let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox?.stop());

it('reports full conformance and parity, every operation run, against the sandbox', async () => {
  const target = await sandboxTarget(sandbox);
  const report = await verify({
    ...target,
    now: NOW,
    allowAppPush: 'pushapi-verify-app',
    dmpIds: { imeiMD5: 'd41d8cd98f00b204e9800998ecf8427e' },
  });
  const findings = report.operations.flatMap((o) =>
    o.findings.map((f) => ({ op: o.operationId, kind: f.kind, where: f.where, step: f.step })),
  );
  // Two things the documents could learn from the sandbox's own choices (its README, "Where the description is
  // silent"): the 401 of a wrong DMP sign, and the `desc` of its DMP error bodies. Neither is a failure.
  expect(findings).toEqual([
    { op: 'getAccessToken', kind: 'unknown-value', where: 'response.status', step: 'DMP sign in with a wrong sign2' },
    { op: 'getUserTags', kind: 'undocumented-field', where: 'response.body.desc', step: 'DMP tags without a token' },
  ]);
  expect(report.operations.filter((o) => !o.ran).map((o) => o.operationId)).toEqual([]);
  expect(report.operations).toHaveLength(31);
  for (const op of report.operations) {
    expect(op, op.operationId).toMatchObject({ ok: true, conformance: 1, parity: 'same' });
  }
  expect(report.summary.failed).toBe(0);
});
