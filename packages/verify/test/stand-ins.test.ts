// The verifier against stand-ins of the real service: a faithful one is flagged for nothing; one with planted
// deviations of every kind is named at each deviation's operation and place, and nothing else fails.
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify, type Report, type VerifyOptions } from '../src/index.js';
import { startStandIn, type Deviation, type StandIn } from './support/stand-in.js';
import { NOW, sandboxTarget } from './support/targets.js';

let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox?.stop());

const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body });
const today = '2030-03-04'; // NOW in UTC+08:00

/** Every planted deviation: its operation, the kind of finding it must produce and where. */
const PLANTED: Array<Deviation & { kind: string; where: string }> = [
  {
    kind: 'schema',
    where: 'response.body.lastlogin',
    operationId: 'userStatus',
    answer: (a) => json({ ...a.body, lastlogin: 1234 }),
  },
  {
    kind: 'schema',
    where: 'response.body.user_count',
    operationId: 'queryUserCount',
    answer: (a) => json({ ...a.body, user_count: String(a.body.user_count) }),
  },
  {
    kind: 'undocumented-field',
    where: 'response.body.trace_id',
    operationId: 'pushSingle',
    answer: (a) => json({ ...a.body, trace_id: 't-1' }),
  },
  {
    kind: 'undocumented-field',
    where: 'response.body.data.0.GT.extra',
    operationId: 'pushResult',
    answer: (a) => json({ ...a.body, data: a.body.data?.map((d: any) => ({ ...d, GT: { ...d.GT, extra: 1 } })) }),
  },
  {
    kind: 'unknown-value',
    where: 'response.body.result',
    operationId: 'unbindAlias',
    when: () => true,
    answer: (a) => (a.body.result === 'ok' ? a : json({ ...a.body, result: 'pair_not_found' })),
  },
  {
    kind: 'unknown-value',
    where: 'response.body.result',
    operationId: 'queryCid',
    answer: (a) => (a.body.result === 'ok' ? a : json({ ...a.body, result: 'alias_unknown' })),
  },
  {
    kind: 'rule',
    where: 'response.body.result',
    operationId: 'queryAppUser',
    when: (r) => r.path.endsWith(today),
    local: true,
    answer: () =>
      json({
        result: 'ok',
        data: { appId: 'x', date: today, newRegistCount: 0, registTotalCount: 0, activeCount: 0, onlineCount: 0 },
      }),
  },
  {
    kind: 'rule',
    where: 'response.body.result',
    operationId: 'authClose',
    local: true,
    answer: () => json({ result: 'ok' }),
  },
  {
    kind: 'parity',
    where: 'response.body.tags',
    operationId: 'getTags',
    answer: (a) =>
      json({ ...a.body, ...(typeof a.body.tags === 'string' ? { tags: a.body.tags.split(' ').join(',') } : {}) }),
  },
  {
    kind: 'parity',
    where: 'response.body.status',
    operationId: 'pushList',
    answer: (a) =>
      json({
        ...a.body,
        cid_details: Object.fromEntries(Object.keys(a.body.cid_details ?? {}).map((k) => [k, 'successed_ignore'])),
      }),
  },
  {
    kind: 'http',
    where: 'response.status',
    operationId: 'getLast24hoursOnlineUserStatistics',
    answer: () => json({ result: 'other_error' }, 500),
  },
  {
    kind: 'http',
    where: 'response.headers.content-type',
    operationId: 'setBadge',
    answer: () => ({ status: 200, contentType: 'text/html', raw: '<p>ok</p>' }),
  },
];

async function runAgainst(
  standIn: StandIn,
  target: VerifyOptions,
  extra: Partial<VerifyOptions> = {},
): Promise<Report> {
  return verify({ ...target, baseUrl: standIn.url, now: NOW, ...extra });
}

describe('the faithful stand-in', () => {
  it('is flagged for nothing, and exits 0 (no failed operation)', async () => {
    const target = await sandboxTarget(sandbox);
    const standIn = await startStandIn(sandbox.url);
    try {
      const { dmp: _dmp, ...noDmp } = target;
      const report = await runAgainst(standIn, noDmp, { allowAppPush: 'pushapi-verify-app' });
      expect(report.operations.flatMap((o) => o.findings)).toEqual([]);
      expect(report.summary.failed).toBe(0);
      expect(report.operations.filter((o) => !o.ran).map((o) => [o.operationId, o.reason])).toEqual([
        ['getAccessToken', 'no --dmp-url'],
        ['getUserTags', 'no --dmp-url'],
        ['listTags', 'no --dmp-url'],
      ]);
    } finally {
      await standIn.stop();
    }
  });
});

describe('the stand-in with planted deviations', () => {
  let report: Report;
  beforeAll(async () => {
    const target = await sandboxTarget(sandbox);
    const standIn = await startStandIn(sandbox.url, PLANTED);
    try {
      report = await runAgainst(standIn, target, {
        allowAppPush: 'pushapi-verify-app',
        dmp: { ...target.dmp!, url: standIn.dmpUrl },
      });
    } finally {
      await standIn.stop();
    }
  });

  it.each(PLANTED.map((p) => [p.kind, p.operationId, p.where] as const))(
    'names the %s deviation of %s at %s',
    (kind, operationId, where) => {
      const op = report.operations.find(
        (o) => o.operationId === (kind === 'rule' && operationId === 'authClose' ? 'queryBiTags' : operationId),
      )!;
      const at = kind === 'parity' && operationId === 'pushList' ? 'response.body.cid_details' : where;
      expect(op.findings.filter((f) => f.kind === kind).map((f) => f.where)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${at.replace(/\./g, '\\.')}`))]),
      );
    },
  );

  it('runs every operation: a count answered as a string of digits is read for the push_app guard, and said', () => {
    expect(report.operations.filter((o) => !o.ran).map((o) => o.operationId)).toEqual([]);
    expect(report.run!.choices).toEqual([
      expect.objectContaining({
        step: 'count devices with the allowed tag',
        field: 'query_user_count user_count',
        shape: 'a string of digits',
        used: true,
      }),
    ]);
  });

  it('fails only the operations it planted a deviation in', () => {
    // An undocumented field or value is no failure, and one finding only: the sandbox's answer without it is the
    // same cause, not a parity difference besides. authClose answers as the sandbox does; its broken rule shows on
    // the next call (queryBiTags).
    const failing = PLANTED.filter((p) => p.kind !== 'undocumented-field' && p.kind !== 'unknown-value');
    const failingPlants = new Set(failing.map((p) => (p.operationId === 'authClose' ? 'queryBiTags' : p.operationId)));
    expect(
      report.operations
        .filter((o) => !o.ok)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual([...failingPlants].sort());
    const quiet = report.operations.filter(
      (o) => !PLANTED.some((p) => p.operationId === o.operationId) && o.operationId !== 'queryBiTags',
    );
    expect(
      quiet.flatMap((o) =>
        o.findings.filter((f) => !(o.api === 'dmp' && (f.kind === 'undocumented-field' || f.kind === 'unknown-value'))),
      ),
    ).toEqual([]);
  });

  it('reports an undocumented field once, naming every step that showed it, and not again as a parity difference', () => {
    const traceId = report.operations
      .find((o) => o.operationId === 'pushSingle')!
      .findings.filter((f) => f.where === 'response.body.trace_id');
    expect(traceId.map((f) => [f.kind, f.step])).toEqual([
      ['undocumented-field', 'push to the blacklisted cid; push to cid 1; push again with the same requestid'],
    ]);
    expect(traceId[0]!.next).toMatch(
      /^document it in openapi\/push-v1\/components\/schemas\/responses\/PushSingleResponse\.yaml#/,
    );
  });

  it('shows where the documents would learn each undocumented field and value', () => {
    const pushSingle = report.operations.find((o) => o.operationId === 'pushSingle')!;
    // The properties of the answer's shape (of its ok shape, where the document splits ok and failure answers).
    expect(pushSingle.findings.find((f) => f.where === 'response.body.trace_id')?.documentAt).toEqual({
      file: 'openapi/push-v1/components/schemas/responses/PushSingleResponse.yaml',
      pointer: expect.stringMatching(/^#\/(oneOf\/0\/)?properties$/),
    });
    const unbind = report.operations.find((o) => o.operationId === 'unbindAlias')!;
    expect(unbind.findings.find((f) => f.kind === 'unknown-value')?.documentAt).toEqual({
      file: 'openapi/push-v1/components/schemas/Result.yaml',
      pointer: '#/x-known-values',
    });
  });

  it('points a parity difference on a silent point at the sandbox choice', () => {
    const getTags = report.operations.find((o) => o.operationId === 'getTags')!;
    expect(getTags.findings.find((f) => f.kind === 'parity')?.sandboxChoice).toEqual({
      readme: 'packages/sandbox/README.md#where-the-description-is-silent',
      question: 'get_tags `tags`',
    });
  });
});

describe('a stand-in whose get_tags answers tags as a JSON array, with the other planted deviations', () => {
  // Every get_tags answer in another shape; the other plants as above, but unbind_alias's refusal in a word the
  // documents do not know (alias_notexist) and no other deviation of get_tags.
  const tagsAsArray: Deviation = {
    operationId: 'getTags',
    answer: (a) =>
      json({
        ...a.body,
        ...(typeof a.body.tags === 'string' ? { tags: a.body.tags.split(/[\s,]+/).filter(Boolean) } : {}),
      }),
  };
  const aliasNotExist: Deviation & { kind: string; where: string } = {
    kind: 'unknown-value',
    where: 'response.body.result',
    operationId: 'unbindAlias',
    answer: (a) => (a.body.result === 'ok' ? a : json({ ...a.body, result: 'alias_notexist' })),
  };
  const plants = [
    ...PLANTED.filter((p) => p.operationId !== 'getTags' && p.operationId !== 'unbindAlias'),
    aliasNotExist,
  ];
  let report: Report;
  beforeAll(async () => {
    const target = await sandboxTarget(sandbox);
    const standIn = await startStandIn(sandbox.url, [tagsAsArray, ...plants]);
    try {
      report = await runAgainst(standIn, target, {
        allowAppPush: 'pushapi-verify-app',
        dmp: { ...target.dmp!, url: standIn.dmpUrl },
      });
    } finally {
      await standIn.stop();
    }
  });

  it('runs every operation but set_tags and what needs the tag it sets, each saying which tags it could not read', () => {
    const notRun = report.operations.filter((o) => !o.ran);
    expect(notRun.map((o) => o.operationId)).toEqual(['setTags', 'pushApp', 'getScheduleTask', 'delScheduleTask']);
    for (const o of notRun) expect(o.reason, o.operationId).toMatch(/the earlier tags of team-phone-1[, ]/);
  });

  it.each(plants.map((p) => [p.kind, p.operationId, p.where] as const))(
    'still names the %s deviation of %s at %s',
    (kind, operationId, where) => {
      const op = report.operations.find(
        (o) => o.operationId === (kind === 'rule' && operationId === 'authClose' ? 'queryBiTags' : operationId),
      )!;
      const at = kind === 'parity' && operationId === 'pushList' ? 'response.body.cid_details' : where;
      expect(op.findings.filter((f) => f.kind === kind).map((f) => f.where)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${at.replace(/\./g, '\\.')}`))]),
      );
    },
  );

  it('names alias_notexist as a result the documents do not know', () => {
    const unbind = report.operations.find((o) => o.operationId === 'unbindAlias')!;
    expect(unbind.findings.find((f) => f.kind === 'unknown-value')?.actual).toContain('alias_notexist');
  });

  it('fails only the operations with a plant, and get_tags for its shape', () => {
    const failing = plants.filter((p) => p.kind !== 'undocumented-field' && p.kind !== 'unknown-value');
    const expected = new Set([
      ...failing.map((p) => (p.operationId === 'authClose' ? 'queryBiTags' : p.operationId)),
      'getTags',
    ]);
    expect(
      report.operations
        .filter((o) => !o.ok)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual([...expected].sort());
    // One schema finding per answer (each cid's tags are another value), nothing else.
    const getTags = report.operations.find((o) => o.operationId === 'getTags')!;
    expect(new Set(getTags.findings.map((f) => `${f.kind} ${f.where}`))).toEqual(
      new Set(['schema response.body.tags']),
    );
  });
});
