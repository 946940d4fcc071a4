// A run always ends where it began: against stand-ins that refuse any one write (too_frequent), answer what
// cannot be read, refuse the sign-in, run a frozen clock or are interrupted, the team's devices (tags, alias,
// badge, blacklist) and another user's device end as they began, the report is written and says what happened.
import fs from 'node:fs';
import { startSandbox, type Sandbox, type SandboxApp } from '@pushapi/sandbox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify, type Report, type VerifyOptions } from '../src/index.js';
import { formatTable } from '../src/report/table.js';
import { exitStatus } from '../src/verify.js';
import { startStandIn, type Deviation, type Received, type StandIn } from './support/stand-in.js';
import { NOW } from './support/targets.js';

const TEAM = ['team-phone-1', 'team-phone-2'];
const STRANGER = 'someone-elses-phone';
/** The operations of the scenario that change something on the service. */
const WRITES = new Set([
  'bindAlias',
  'unbindAlias',
  'unbindAliasAll',
  'setTags',
  'postUserBlkList',
  'deleteUserBlkList',
  'pushSingle',
  'saveListBody',
  'pushList',
  'pushSingleBatch',
  'stopTask',
  'setBadge',
  'pushApp',
  'delScheduleTask',
]);
const noWait = async () => {};
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;
const validateReport = addFormats(new Ajv2020({ allErrors: true })).compile(
  JSON.parse(fs.readFileSync(new URL('../schema/report.schema.json', import.meta.url), 'utf8')),
);

let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox?.stop());

/** A fresh app: the team's phones with an alias and tags of their own, and another user's phone. */
async function freshApp(): Promise<{ app: SandboxApp; target: VerifyOptions }> {
  const app = await sandbox.app();
  await app.setClock({ time: NOW });
  await app.update({ scheduledPush: true });
  await app.addDevices([
    { cid: TEAM[0]!, online: true, alias: 'u_10086', tags: ['city_shanghai', 'vip'] },
    { cid: TEAM[1]!, online: false, tags: ['staff'] },
    { cid: STRANGER, online: true, alias: 'u_20000', tags: ['other'] },
  ]);
  return {
    app,
    target: {
      baseUrl: sandbox.url,
      appid: app.appid,
      appkey: app.appkey,
      masterSecret: app.mastersecret,
      cids: TEAM,
      allowAppPush: 'pushapi-verify-app',
      parity: false,
      now: NOW,
      run: 'r1',
      sleep: noWait,
    },
  };
}

/** What a device holds that the run may change. A badge never set reads 0 on the phone. */
async function devices(app: SandboxApp) {
  return Promise.all(
    [...TEAM, STRANGER].map(async (cid) => {
      const d = await app.device(cid);
      return { cid, alias: d.alias, tags: [...d.tags].sort(), blacklisted: d.blacklisted, badge: d.badge ?? 0 };
    }),
  );
}

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body });
const TOO_FREQUENT = { result: 'too_frequent', desc: 'the call is rate controlled' };
/** A request as the scenario makes it in any run of the same name: task ids differ from app to app. */
const keyOf = (r: Received) =>
  `${r.method} ${r.path.replace(/\/v1\/[^/]+/, '')} ${JSON.stringify(r.body ?? null)}`.replace(
    /RAS[SLA]_\d{4}_[0-9a-z]+/gi,
    '<task>',
  );

/** Refuses `times` requests equal to `key` with too_frequent (a rate-controlled refusal); the rest pass. */
function refuse(key: string, times: number): Deviation[] {
  let left = times;
  return [...WRITES].map((operationId) => ({
    operationId,
    local: true,
    when: (r: Received) => keyOf(r) === key && left-- > 0,
    answer: () => json(TOO_FREQUENT),
  }));
}

async function runWith(deviations: Deviation[], extra: Partial<VerifyOptions> = {}) {
  const { app, target } = await freshApp();
  const before = await devices(app);
  const standIn = await startStandIn(sandbox.url, deviations);
  try {
    const report = await verify({ ...target, baseUrl: standIn.url, ...extra });
    return { report, before, after: await devices(app), received: standIn.received, app };
  } finally {
    await standIn.stop();
  }
}

const namesMissing = (received: Received[]) =>
  received.filter((r) => /<missing|<the /.test(`${r.path} ${JSON.stringify(r.body)}`));

describe('a refused write, each write of the scenario in turn', () => {
  let writes: string[];
  beforeAll(async () => {
    // The writes of a whole run, each once (a retry or a repeat sends the same request).
    const { report, received, before, after } = await runWith([]);
    expect(exitStatus(report)).toBe(0);
    expect(after).toEqual(before);
    writes = [...new Set(received.filter((r) => r.operationId && WRITES.has(r.operationId)).map(keyOf))];
    expect(writes.length).toBeGreaterThan(20);
  });

  it('leaves the devices as they began, restored or named as not restored, with the report written', async () => {
    const outcomes = { restored: 0, incomplete: 0 };
    for (const key of writes) {
      // Refused at the first try and at each of the 3 retries: the step fails.
      const { report, before, after, received } = await runWith(refuse(key, 4));
      expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
      const undone = report.run!.restore.filter((r) => !r.restored);
      expect(namesMissing(received), key).toEqual([]);
      if (undone.length === 0) {
        expect(after, key).toEqual(before);
        expect(exitStatus(report), key).toBe(report.summary.failed || report.run!.skipped.length ? 1 : 0);
        expect(report.run!.unread, key).toEqual([]);
        outcomes.restored++;
        continue;
      }
      // Only a restore's own write refused every time leaves something, and the report says what.
      expect(exitStatus(report), key).toBe(3);
      expect(formatTable(report), key).toContain('RESTORE INCOMPLETE');
      expect(undone.map((u) => u.reason).join(), key).toMatch(/too_frequent .* after 3 retries/);
      const left = after.filter((d, i) => JSON.stringify(d) !== JSON.stringify(before[i]));
      expect(
        left.map((d) => d.cid),
        key,
      ).toHaveLength(1);
      expect(undone[0]!.what, key).toContain(left[0]!.cid);
      expect(left[0]!.cid, key).not.toBe(STRANGER);
      outcomes.incomplete++;
    }
    // Both kinds happened: a refused write of the scenario (restored) and a refused restore (named).
    expect(outcomes.restored).toBeGreaterThan(15);
    expect(outcomes.incomplete).toBeGreaterThan(2);
  });
});

describe('a transient refusal', () => {
  it('is retried (3 times at most, waiting through the injected sleep) and reported', async () => {
    const waits: number[] = [];
    const saveList = (r: Received) => r.operationId === 'saveListBody';
    let left = 2;
    const { report, before, after, received } = await runWith(
      [
        {
          operationId: 'saveListBody',
          when: (r) => saveList(r) && left-- > 0,
          local: true,
          answer: () => json({ result: 'other_error', desc: 'system busy' }),
        },
      ],
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([1000, 2000]);
    expect(received.filter(saveList)).toHaveLength(3);
    const step = report.operations.find((o) => o.operationId === 'saveListBody')!.steps[0]!;
    expect(step).toMatchObject({ result: 'ok', retries: 2 });
    expect(formatTable(report)).toContain('saveListBody (save a list body): 2 retries, then ok');
    expect(received.find((r) => r.operationId === 'pushList')?.body).toMatchObject({
      taskid: expect.stringMatching(/^RASL_/),
    });
    expect(after).toEqual(before);
  });

  it('that never clears skips what depends on it, saying why, and sends no placeholder', async () => {
    const { report, received } = await runWith([
      { operationId: 'saveListBody', local: true, answer: () => json(TOO_FREQUENT) },
    ]);
    expect(received.filter((r) => r.operationId === 'saveListBody')).toHaveLength(4);
    expect(received.filter((r) => r.operationId === 'pushList' || r.operationId === 'stopTask')).toEqual([]);
    const skipped = report.run!.skipped.map((s) => `${s.step}: ${s.reason}`);
    expect(skipped).toContain(
      'push the list to the listed cids: needs the list task, which "save a list body" answered too_frequent "the call is rate controlled" after 3 retries',
    );
    expect(report.operations.find((o) => o.operationId === 'stopTask')!.reason).toContain('needs the list task');
    expect(exitStatus(report)).toBe(1); // not every step ran
  });
});

describe('an answer the run cannot read: only the writes whose restore needs it are skipped', () => {
  /** The writes of a run that name `cid`, by operation. */
  const writesTo = (received: Received[], cid: string) =>
    received
      .filter((r) => r.operationId && WRITES.has(r.operationId) && JSON.stringify(r.body ?? '').includes(cid))
      .map((r) => r.operationId);

  it('tags as a JSON array: set_tags never names that cid; its alias, blacklist and pushes run and are restored', async () => {
    const { report, before, after, received } = await runWith([
      {
        operationId: 'getTags',
        when: (r) => r.path.endsWith(`/${TEAM[0]}`),
        answer: (a) => json({ ...a.body, tags: String(a.body.tags).split(' ') }),
      },
    ]);
    expect(after).toEqual(before);
    expect(writesTo(received, TEAM[0]!)).not.toContain('setTags');
    expect(writesTo(received, TEAM[0]!)).toEqual(
      expect.arrayContaining(['bindAlias', 'unbindAlias', 'pushSingle', 'pushList', 'pushSingleBatch', 'setBadge']),
    );
    expect(writesTo(received, TEAM[1]!)).toEqual(expect.arrayContaining(['setTags', 'postUserBlkList']));
    expect(report.run!.unread).toEqual([
      {
        cid: TEAM[0],
        state: 'tags',
        reason: 'get_tags answered tags as a JSON array',
        choice: expect.objectContaining({ field: 'get_tags tags', shape: 'a JSON array', used: false }),
        blocks: ['set tags of cid 1', 'tags of cid 1 after setting'],
      },
    ]);
    expect(report.run!.skipped).toContainEqual({
      step: 'set tags of cid 1',
      reason: `needs the earlier tags of ${TEAM[0]}, which could not be read (get_tags answered tags as a JSON array)`,
    });
    expect(report.run!.restore.every((r) => r.restored)).toBe(true);
    // push_app still runs: the tag is on cid 2, the one cid set_tags reached.
    expect(received.filter((r) => r.operationId === 'pushApp')).toHaveLength(2);
    expect(formatTable(report)).toContain(
      `Not read: the tags of ${TEAM[0]}: get_tags answered tags as a JSON array (get_tags tags as a JSON array: not used,`,
    );
    expect(exitStatus(report)).toBe(1); // not every step ran
  });

  it('"system busy" on the first query_alias, after its retries: no alias write names that cid, the alias steps take cid 2', async () => {
    let busy = 4; // the first query_alias and its 3 retries
    const { report, before, after, received } = await runWith([
      {
        operationId: 'queryAlias',
        when: (r) => r.path.endsWith(`/${TEAM[0]}`) && busy-- > 0,
        local: true,
        answer: () => json({ result: 'other_error', desc: 'system busy' }),
      },
    ]);
    expect(after).toEqual(before);
    expect(after[0]!.alias).toBe('u_10086');
    expect(report.run!.unread).toEqual([
      { cid: TEAM[0], state: 'alias', reason: 'query_alias answered other_error "system busy"', blocks: [] },
    ]);
    const toFirst = writesTo(received, TEAM[0]!);
    expect(toFirst).not.toContain('bindAlias');
    expect(toFirst).not.toContain('unbindAlias');
    expect(toFirst).toEqual(expect.arrayContaining(['setTags', 'pushSingle', 'setBadge']));
    expect(writesTo(received, TEAM[1]!)).toEqual(expect.arrayContaining(['bindAlias', 'unbindAlias']));
    expect(report.run!.restore.every((r) => r.restored)).toBe(true);
    expect(exitStatus(report)).toBe(1); // a state could not be read
  });

  it('no alias readable at all: every alias write is skipped naming the alias it needs, the rest runs', async () => {
    const { report, before, after, received } = await runWith([
      { operationId: 'queryAlias', local: true, answer: () => json({ result: 'ok', alias: null }) },
    ]);
    expect(after).toEqual(before);
    expect(received.filter((r) => ['bindAlias', 'unbindAlias', 'unbindAliasAll'].includes(r.operationId!))).toEqual([]);
    expect(report.run!.skipped).toContainEqual({
      step: 'bind an alias',
      reason: `needs the earlier alias of ${TEAM[0]}, which could not be read (query_alias answered alias as null)`,
    });
    expect(report.run!.skipped).toContainEqual({
      step: 'alias after binding',
      reason: expect.stringMatching(/^needs "bind an alias", which did not run \(needs the earlier alias of/),
    });
    const ran = new Set(report.operations.filter((o) => o.ran).map((o) => o.operationId));
    for (const op of ['setTags', 'postUserBlkList', 'deleteUserBlkList', 'pushSingle', 'pushApp', 'setBadge'])
      expect(ran, op).toContain(op);
    expect(report.run!.unread.map((u) => [u.cid, u.state, u.choice?.used])).toEqual([
      [TEAM[0], 'alias', false],
      [TEAM[1], 'alias', false],
    ]);
  });
});

describe('clear stops', () => {
  it('a wrong master secret stops after the sign-in, saying sign_error, before any other request', async () => {
    const { report, received, before, after } = await runWith([], { masterSecret: 'not-the-secret' });
    expect(received.map((r) => r.operationId)).toEqual(['authSign']);
    expect(report.run!.stopped).toMatch(
      /^the sign-in was refused \(sign_error ".*"\): check --master-secret and --appkey/,
    );
    expect(exitStatus(report)).toBe(1);
    expect(formatTable(report)).toContain('The run stopped early: the sign-in was refused (sign_error');
    expect(after).toEqual(before);
  });

  it('a target whose clock differs is named, with --now suggested, instead of a false rule finding', async () => {
    // The app's clock is frozen at NOW (2030); the run takes the real clock as now.
    const { report } = await runWith([], { now: undefined as never });
    expect(report.run!.clock?.evidence).toMatch(
      /^the target (made task RAS[SLA]_0304_|answers a lastlogin of 2030-03-04)/,
    );
    expect(report.operations.find((o) => o.operationId === 'queryAppUser')!.findings).toEqual([]);
    expect(formatTable(report)).toMatch(/The target's clock differs from this run's: .* Next: pass --now/);
  });

  it('an interruption (SIGINT) stops before the next step, restores and reports', async () => {
    const interrupt = new AbortController();
    const { report, before, after, received } = await runWith(
      [{ operationId: 'postUserBlkList', answer: (a) => (interrupt.abort(), a) }],
      { signal: interrupt.signal },
    );
    expect(report.run!.stopped).toBe('interrupted (SIGINT)');
    expect(received.map((r) => r.operationId)).not.toContain('pushSingle');
    expect(report.run!.restore.map((r) => r.what).sort()).toEqual([
      `alias of ${TEAM[0]}`,
      `blacklist entry of ${TEAM[1]}`,
      `tags of ${TEAM[0]}`,
      `tags of ${TEAM[1]}`,
    ]);
    expect(report.run!.restored).toBe(true);
    expect(after).toEqual(before);
  });
});

describe('a report that reads like a review', () => {
  let report: Report;
  beforeAll(async () => {
    // A service that accepts a wrong sign, and keeps one task of two in push_result.
    const { app, target } = await freshApp();
    const standIn: StandIn = await startStandIn(sandbox.url, [
      {
        operationId: 'authSign',
        when: (r) => (r.body as { sign?: string }).sign === '0'.repeat(64),
        local: true,
        answer: () => json({ result: 'ok', auth_token: 'f'.repeat(64) }),
      },
      {
        operationId: 'pushResult',
        when: (r) => JSON.stringify(r.body).includes('RASL_'),
        answer: (a) => json({ ...a.body, data: a.body.data.slice(0, 1) }),
      },
    ]);
    try {
      report = await verify({ ...target, baseUrl: standIn.url, parity: true });
    } finally {
      await standIn.stop();
      void app;
    }
  });

  it('a wrong sign accepted is one finding (the rule), not a rule and parity differences', () => {
    const findings = report.operations.find((o) => o.operationId === 'authSign')!.findings;
    expect(findings.map((f) => [f.kind, f.step])).toEqual([['rule', 'sign in with a wrong sign']]);
    expect(findings[0]!.next).toMatch(/^report it to the service's owner/);
  });

  it('says a parity difference in words: one task missing', () => {
    const parity = report.operations
      .find((o) => o.operationId === 'pushResult')!
      .findings.filter((f) => f.kind === 'parity');
    expect(parity.map((f) => f.message)).toEqual([
      'one task missing: the service answers 1 where the sandbox answers 2 (response.body.data); the sandbox kept RASL_<mmdd>_<id>, the service did not',
    ]);
    expect(parity[0]!.next).toMatch(/change the sandbox/);
  });

  it('opens with a summary per operation: conformant, with deviations, not run and why', () => {
    const table = formatTable(report);
    // (queryBiTags differs too: the sandbox's copy of the app holds the team's devices only, not the stranger's tag.)
    expect(table).toMatch(
      /^pushapi-verify: .*\n\nSummary: \d+ operations conformant, \d with deviations \(authSign, pushResult[^)]*\), 3 not run\.\n {2}not run \(no --dmp-url\): getAccessToken, getUserTags, listTags\n/,
    );
    expect(table).toContain("  next: report it to the service's owner");
  });
});

describe('the app-wide push, guarded', () => {
  const count = (n: number): Deviation => ({
    operationId: 'queryUserCount',
    when: (r) => JSON.stringify(r.body).includes('pushapi-verify-app'),
    answer: (a) => json({ ...a.body, user_count: n }),
  });

  it('is sent when query_user_count of the allowed tag counts exactly the listed cids the run tagged', async () => {
    const { received, report } = await runWith([]);
    const counted = received.findIndex(
      (r) => r.operationId === 'queryUserCount' && JSON.stringify(r.body).includes('pushapi-verify-app'),
    );
    const pushed = received.findIndex((r) => r.operationId === 'pushApp');
    expect(counted).toBeGreaterThan(-1);
    expect(pushed).toBeGreaterThan(counted);
    expect(exitStatus(report)).toBe(0);
  });

  it('is not sent when another device carries the tag, saying so', async () => {
    const { received, report, before, after } = await runWith([count(3)]);
    expect(received.filter((r) => r.operationId === 'pushApp')).toEqual([]);
    expect(report.run!.skipped).toContainEqual({
      step: 'app push to the tag',
      reason:
        'needs the tag pushapi-verify-app on exactly the 2 listed cids the run tagged, and query_user_count counts 3: push_app would reach devices not listed; not sent',
    });
    expect(after).toEqual(before);
    expect(exitStatus(report)).toBe(1);
  });

  it('is not sent when the count cannot be read', async () => {
    const { received, report } = await runWith([
      { ...count(0), local: true, answer: () => json({ result: 'other_error', desc: 'system busy' }) },
    ]);
    expect(received.filter((r) => r.operationId === 'pushApp')).toEqual([]);
    expect(report.run!.skipped.find((s) => s.step === 'app push to the tag')?.reason).toBe(
      'needs the app push audience, which "count devices with the allowed tag" answered other_error "system busy" after 3 retries',
    );
  });
});

describe('app-wide answers, against a service with other users', () => {
  it('a clean run with parity exits 0: the other users tags in bi tags are not compared', async () => {
    // The stranger's tag "other" is in the service's bi tags, never in the sandbox's copy (listed devices only).
    const { report, before, after } = await runWith([], { parity: true });
    expect(report.operations.flatMap((o) => o.findings.map((f) => `${o.operationId} ${f.kind} ${f.where}`))).toEqual(
      [],
    );
    expect(report.operations.find((o) => o.operationId === 'queryBiTags')!.steps[0]).toMatchObject({
      name: 'bi tags',
      appWide: true,
    });
    expect(formatTable(report)).toContain('App-wide answers, compared with the sandbox only for what the listed');
    expect(exitStatus(report)).toBe(0);
    expect(after).toEqual(before);
  });

  it('what the listed devices and the run contribute is still compared: the run tag missing from bi tags is named', async () => {
    const { report } = await runWith(
      [
        {
          operationId: 'queryBiTags',
          // The run's own bi tags step (the refusals on this path answer no tags).
          answer: (a) =>
            Array.isArray(a.body.tags)
              ? json({ ...a.body, tags: a.body.tags.filter((t: string) => !t.startsWith('pushapi-verify-r1')) })
              : a,
        },
      ],
      { parity: true },
    );
    const parity = report.operations.find((o) => o.operationId === 'queryBiTags')!.findings;
    expect(parity.map((f) => [f.kind, f.where])).toEqual([['parity', 'response.body.tags']]);
    expect(parity[0]!.message).toMatch(/^the sandbox has pushapi-verify-r1 and the service does not/);
  });
});

describe('a set_tags limit of 2 per 10 minutes (a controllable clock: each injected wait advances it)', () => {
  /** set_tags refused too_frequent while 2 were accepted in the last 10 minutes of the stand-in's clock. */
  function limitedSetTags() {
    const clock = { now: 0 };
    const accepted: number[] = [];
    const deviation: Deviation = {
      operationId: 'setTags',
      local: true,
      when: () => {
        if (accepted.filter((t) => clock.now - t < 600_000).length >= 2) return true;
        accepted.push(clock.now);
        return false;
      },
      answer: () => json(TOO_FREQUENT),
    };
    // Accepted requests are forwarded: a deviation that does not match passes the request to the sandbox.
    return { clock, deviation, sleep: async (ms: number) => void (clock.now += ms) };
  }

  it('with a retry window spanning the limit, every listed device ends as it began and the run exits 0', async () => {
    const limit = limitedSetTags();
    const { report, before, after } = await runWith([limit.deviation], {
      sleep: limit.sleep,
      retryWindowMs: 660_000,
    });
    expect(after).toEqual(before);
    expect(report.run!.restored).toBe(true);
    expect(exitStatus(report)).toBe(0);
    expect(limit.clock.now).toBeGreaterThanOrEqual(600_000); // it waited out the window, on the stand-in's clock
    const restoreStep = report.operations.find((o) => o.operationId === 'setTags')!.steps;
    expect(restoreStep.find((s) => s.name === 'restore the tags of cid 1')).toMatchObject({ result: 'ok' });
  });

  it('with the default window, the report records the earlier state and prints the exact calls that finish it', async () => {
    const limit = limitedSetTags();
    const { report, app } = await runWith([limit.deviation], { sleep: limit.sleep });
    expect(exitStatus(report)).toBe(3);
    expect(report.run!.before).toEqual([
      { cid: TEAM[0], alias: 'u_10086', tags: ['city_shanghai', 'vip'], blacklisted: false },
      { cid: TEAM[1], alias: null, tags: ['staff'], blacklisted: false },
    ]);
    const undone = report.run!.restore.filter((r) => !r.restored);
    expect(undone.map((r) => r.what)).toEqual([`tags of ${TEAM[0]}`, `tags of ${TEAM[1]}`]);
    expect(undone[0]!.calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(new RegExp(`/v1/${app.appid}/set_tags$`)),
        body: { cid: TEAM[0], tag_list: ['city_shanghai', 'vip'] },
      },
    ]);
    const table = formatTable(report);
    expect(table).toContain(
      `Before the run: ${TEAM[0]}: alias u_10086, tags city_shanghai, vip, not blacklisted (assumed); ${TEAM[1]}: no alias, tags staff, not blacklisted (assumed).`,
    );
    expect(table).toMatch(/RESTORE INCOMPLETE: .*Put these back by hand, each call with the header authtoken/);
    expect(table).toContain(`/set_tags {"cid":"${TEAM[0]}","tag_list":["city_shanghai","vip"]}`);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  });
});

describe('a spent rate limit', () => {
  it('set_tags refused through its retries: no more set_tags is sent before the restore, which needs the limit', async () => {
    const first = (r: Received) =>
      r.operationId === 'setTags' && JSON.stringify(r.body).includes(`"cid":"${TEAM[0]}","tag_list":["pushapi-verify`);
    const { report, received, before, after } = await runWith([
      { operationId: 'setTags', when: first, local: true, answer: () => json(TOO_FREQUENT) },
    ]);
    const sent = received.filter((r) => r.operationId === 'setTags').map((r) => (r.body as { cid: string }).cid);
    expect(sent).toEqual([TEAM[0], TEAM[0], TEAM[0], TEAM[0], TEAM[0]]); // 4 tries, then its restore
    expect(report.run!.skipped).toContainEqual({
      step: 'set tags of cid 2',
      reason:
        'needs setTags within its rate limit, which "set tags of cid 1" answered too_frequent "the call is rate controlled" after 3 retries: the restore needs what is left of the limit, so no more setTags is sent before it',
    });
    expect(after).toEqual(before);
    expect(exitStatus(report)).toBe(1);
  });
});
