// Which steps one deviation of the service keeps from running: for every read the scenario makes, a stand-in
// answers that read (every call of its operation) in an undocumented shape, and the scenario's skipped steps are
// compared with those of a faithful run. It uses only runScenario and the stand-in, so the same file measures an
// older build of the scenario too (the "before" of a change).
import type { Sandbox, SandboxApp } from '@pushapi/sandbox';
import type { ScenarioOptions, Target } from '../../src/scenario/context.js';
import { runScenario } from '../../src/scenario/run.js';
import { startStandIn, type Answer, type Deviation } from './stand-in.js';
import { NOW } from './targets.js';

export const TEAM = ['team-phone-1', 'team-phone-2'];
const noWait = async () => {};

/** Every operation the scenario only reads with, and the field whose shape the deviation changes. */
export const READS: Array<{ operationId: string; field: string }> = [
  { operationId: 'authSign', field: 'auth_token' },
  { operationId: 'userStatus', field: 'status' },
  { operationId: 'queryAlias', field: 'alias' },
  { operationId: 'getTags', field: 'tags' },
  { operationId: 'queryCid', field: 'cid' },
  { operationId: 'queryUserCount', field: 'user_count' },
  { operationId: 'queryBiTags', field: 'tags' },
  { operationId: 'pushResult', field: 'data' },
  { operationId: 'getPushResultByGroupName', field: 'msgTotal' },
  { operationId: 'queryAppUser', field: 'data' },
  { operationId: 'queryAppPush', field: 'data' },
  { operationId: 'getLast24hoursOnlineUserStatistics', field: 'onlineStatics' },
  { operationId: 'getScheduleTask', field: 'taskDetail' },
  { operationId: 'getAccessToken', field: 'access_token' },
  { operationId: 'getUserTags', field: 'data' },
  { operationId: 'listTags', field: 'data' },
];

/** A text becomes a JSON array (get_tags: its tags split, as a service keeping a list would answer), a list a text. */
function reshape(value: unknown): unknown {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.join(',');
  if (value && typeof value === 'object') return [value];
  return value === undefined ? value : String(value);
}

/** What the deviation does to the field, in words, for the table. */
export const SHAPES = 'a text answered as a JSON array, a list as a comma-separated text, an object inside a list';

/** The read of `operationId` answering its `field` in another shape, on every call. */
export function shapeDeviation(operationId: string, field: string): Deviation {
  return {
    operationId,
    answer: (a: Answer) =>
      a.body && typeof a.body === 'object' && field in a.body
        ? { ...a, body: { ...a.body, [field]: reshape(a.body[field]) } }
        : a,
  };
}

/** A fresh app: the team's phones with an alias and tags, another user's phone, scheduled pushes on. */
export async function blockingTarget(sandbox: Sandbox): Promise<{ app: SandboxApp; target: Target }> {
  const app = await sandbox.app();
  await app.setClock({ time: NOW });
  await app.update({ scheduledPush: true });
  await app.addDevices([
    { cid: TEAM[0]!, online: true, alias: 'u_10086', tags: ['city_shanghai', 'vip'] },
    { cid: TEAM[1]!, online: false, tags: ['staff'] },
    { cid: 'someone-elses-phone', online: true, alias: 'u_20000', tags: ['other'] },
  ]);
  const target: Target = {
    baseUrl: sandbox.url,
    appid: app.appid,
    appkey: app.appkey,
    masterSecret: app.mastersecret,
    dmp: { url: app.dmpOptions.baseUrl, userCode: app.userCode, authCode: app.authCode },
  };
  return { app, target };
}

export const OPTIONS: ScenarioOptions = {
  cids: TEAM,
  dmpIds: { imeiMD5: 'd41d8cd98f00b204e9800998ecf8427e' },
  allowAppPush: 'pushapi-verify-app',
  run: 'r1',
  now: NOW,
  utcOffsetMinutes: 480,
};

/** The steps a run skipped (step name and why), against a stand-in with these deviations. */
export async function skippedSteps(sandbox: Sandbox, deviations: Deviation[]): Promise<Map<string, string>> {
  const { target } = await blockingTarget(sandbox);
  const standIn = await startStandIn(sandbox.url, deviations);
  try {
    const dmp = target.dmp && { ...target.dmp, url: standIn.dmpUrl };
    const run = await runScenario({ ...target, baseUrl: standIn.url, ...(dmp ? { dmp } : {}) }, OPTIONS, {
      sleep: noWait,
    });
    return new Map(run.exchanges.flatMap((e) => (e.skipped ? [[e.step.name, e.skipped] as const] : [])));
  } finally {
    await standIn.stop();
  }
}

export interface BlockingRow {
  read: string;
  field: string;
  /** The steps this deviation keeps from running that a faithful run runs, with why. */
  blocked: Array<{ step: string; reason: string }>;
}

/** One row per read of the scenario: what its deviation blocks beyond what a faithful run skips. */
export async function blockingTable(sandbox: Sandbox): Promise<BlockingRow[]> {
  const faithful = await skippedSteps(sandbox, []);
  const rows: BlockingRow[] = [];
  for (const { operationId, field } of READS) {
    const skipped = await skippedSteps(sandbox, [shapeDeviation(operationId, field)]);
    // A restore with nothing to restore is no step kept from running: the write it would undo was not sent.
    const blocked = [...skipped]
      .filter(([step, reason]) => !faithful.has(step) && reason !== 'nothing to restore')
      .map(([step, reason]) => ({ step, reason }));
    rows.push({ read: operationId, field, blocked });
  }
  return rows;
}

/** The table as markdown: the read, and the steps its deviation blocks. */
export function blockingMarkdown(rows: BlockingRow[]): string {
  const lines = ['| read answering another shape | steps not run (beyond a faithful run) |', '|---|---|'];
  for (const r of rows)
    lines.push(
      `| ${r.read} \`${r.field}\` | ${r.blocked.map((b) => b.step).join('; ') || 'none'} (${r.blocked.length}) |`,
    );
  return `${lines.join('\n')}\n`;
}
