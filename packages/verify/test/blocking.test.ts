// One deviation of the service costs only what it must: for every read the scenario makes, answered (on every call)
// in a shape the documents do not give, the steps not run are exactly those whose restore needs what that read
// gives, or that need a value it gives. With PUSHAPI_VERIFY_BLOCKING=<file>, the table (markdown, then JSON) and the
// summary of the get_tags-shape run (<file>.summary) are written there: the note of issue 48 shows both.
import fs from 'node:fs';
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../src/index.js';
import { summaryLines } from '../src/report/table.js';
import {
  type BlockingRow,
  blockingMarkdown,
  blockingTable,
  blockingTarget,
  OPTIONS,
  READS,
  shapeDeviation,
  TEAM,
} from './support/blocking.js';
import { startStandIn } from './support/stand-in.js';

let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox?.stop());
const out = process.env.PUSHAPI_VERIFY_BLOCKING;

describe('one read at a time in another shape', () => {
  let rows: BlockingRow[];
  beforeAll(async () => {
    rows = await blockingTable(sandbox);
    if (out) fs.writeFileSync(out, `${blockingMarkdown(rows)}\n${JSON.stringify(rows, null, 1)}\n`);
  });
  const blocked = (read: string) => rows.find((r) => r.read === read)!.blocked;

  it('get_tags blocks set_tags and what needs the tag it sets, each naming the tags it could not read', () => {
    expect(blocked('getTags').map((b) => b.step)).toEqual([
      'set tags of cid 1',
      'set tags of cid 2',
      'tags of cid 1 after setting',
      'count devices with the allowed tag',
      'app push to the tag',
      'scheduled app push to the tag',
      'the scheduled task',
      'delete the scheduled task',
    ]);
    for (const b of blocked('getTags').slice(0, 3))
      expect(b.reason, b.step).toMatch(/needs the earlier tags of team-phone-[12]/);
  });

  it('query_alias of cid 1 in another shape moves the alias steps to cid 2 (whose alias was read): nothing blocked', () => {
    expect(blocked('queryAlias')).toEqual([]);
  });

  it('a token in another shape stops the run (auth_sign, DMP sign-in): nothing can be sent without it', () => {
    expect(blocked('authSign').length).toBeGreaterThan(40);
    expect(blocked('authSign').every((b) => b.reason === 'the run stopped early' || b.reason.startsWith('needs'))).toBe(
      true,
    );
    expect(blocked('getAccessToken').map((b) => b.step)).toEqual(['DMP tags of the device', 'DMP tag catalogue']);
  });

  it('a count as a string of digits is read (the choice for user_count): nothing blocked', () => {
    expect(blocked('queryUserCount')).toEqual([]);
  });

  it('every other read blocks nothing', () => {
    const others = READS.map((r) => r.operationId).filter(
      (op) => !['getTags', 'queryAlias', 'authSign', 'getAccessToken'].includes(op),
    );
    expect(others.length).toBeGreaterThan(9);
    for (const op of others) expect(blocked(op), op).toEqual([]);
  });
});

it('the summary of a run whose get_tags answers a JSON array: only set_tags and what needs its tag not run', async () => {
  const { target } = await blockingTarget(sandbox);
  const standIn = await startStandIn(sandbox.url, [shapeDeviation('getTags', 'tags')]);
  try {
    const report = await verify({
      ...target,
      ...OPTIONS,
      baseUrl: standIn.url,
      dmp: { ...target.dmp!, url: standIn.dmpUrl },
      sleep: async () => {},
    });
    if (out) fs.writeFileSync(`${out}.summary`, `${summaryLines(report).join('\n')}\n`);
    expect(report.operations.filter((o) => !o.ran).map((o) => o.operationId)).toEqual([
      'setTags',
      'pushApp',
      'getScheduleTask',
      'delScheduleTask',
    ]);
    expect(report.run!.unread.map((u) => [u.cid, u.state])).toEqual(TEAM.map((cid) => [cid, 'tags']));
    // The deviation itself is named where it is: the answer breaks get_tags's schema at tags.
    const getTags = report.operations.find((o) => o.operationId === 'getTags')!;
    expect(getTags.findings.map((f) => [f.kind, f.where])).toContainEqual(['schema', 'response.body.tags']);
  } finally {
    await standIn.stop();
  }
});
