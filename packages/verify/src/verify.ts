// The active run: the scenario against the target, the same scenario against a fresh app of an in-process
// sandbox (parity), and the report of both, per operation.
import { randomBytes } from 'node:crypto';
import { startSandbox } from '@pushapi/sandbox';
import { outcomeOf } from './check/answer.js';
import { clockDisagreement } from './check/clock.js';
import { documents } from './documents.js';
import { findingsOf, mergeAcrossSteps } from './report/findings.js';
import {
  finish,
  operationReport,
  type OperationReport,
  type Report,
  type RunOutcome,
  type UnreadState,
} from './report/types.js';
import type { Context, ScenarioOptions, Target } from './scenario/context.js';
import { runScenario, type Exchange, type ScenarioRun } from './scenario/run.js';
import { appPushTagProblem } from './scenario/safety.js';
import { Redactor } from './secrets.js';

export interface VerifyOptions extends Target {
  cids: string[];
  dmpIds?: Record<string, string>;
  allowAppPush?: string;
  /** Compare with the sandbox (default true). */
  parity?: boolean;
  /** Epoch milliseconds the run takes as now (default: the clock). */
  now?: number;
  utcOffsetMinutes?: number;
  run?: string;
  fetch?: typeof fetch;
  /** The wait between retries of a transient refusal (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** How long one request's retries may wait in all, in ms (default 7 s: 1 s, 2 s, 4 s). */
  retryWindowMs?: number;
  /** Aborted (SIGINT): the run stops before its next step, restores, and reports. */
  signal?: AbortSignal;
}

export class UsageError extends Error {}

function scenarioOptions(options: VerifyOptions): ScenarioOptions {
  if (options.cids.length === 0)
    throw new UsageError('at least one --cid is needed: the scenario pushes to the listed cids only');
  const tagProblem = options.allowAppPush === undefined ? undefined : appPushTagProblem(options.allowAppPush);
  if (tagProblem) throw new UsageError(tagProblem);
  return {
    cids: options.cids,
    dmpIds: options.dmpIds ?? {},
    ...(options.allowAppPush ? { allowAppPush: options.allowAppPush } : {}),
    run: options.run ?? randomBytes(4).toString('hex'),
    now: options.now ?? Date.now(),
    utcOffsetMinutes: options.utcOffsetMinutes ?? 480,
  };
}

/** The plan of a dry run: each request, redacted, nothing sent. */
export async function plan(options: VerifyOptions): Promise<Exchange[]> {
  const { exchanges } = await runScenario(options, scenarioOptions(options), { dryRun: true });
  return exchanges;
}

async function sandboxRun(
  options: VerifyOptions,
  scenario: ScenarioOptions,
  { devices, unread }: Pick<Context, 'devices' | 'unread'>,
  onSecret: (s: string) => void,
) {
  const sandbox = await startSandbox();
  try {
    const app = await sandbox.app();
    await app.setClock({ time: scenario.now });
    const known = Object.entries(devices ?? {}).filter(([, d]) => d.known);
    if (known.length) {
      await app.addDevices(
        known.map(([cid, d]) => ({
          cid,
          online: d.status === 'online',
          // What an answer of an unused shape held (reads.ts): the sandbox starts from it, the target is not written.
          ...((d.alias ?? d.seen?.alias) ? { alias: (d.alias ?? d.seen?.alias)! } : {}),
          ...((d.tags ?? d.seen?.tags)?.length ? { tags: (d.tags ?? d.seen?.tags)! } : {}),
        })),
      );
    }
    const target: Target = {
      baseUrl: sandbox.url,
      appid: app.appid,
      appkey: app.appkey,
      masterSecret: app.mastersecret,
      ...(options.dmp ? { dmp: { url: app.dmpOptions.baseUrl, userCode: app.userCode, authCode: app.authCode } } : {}),
    };
    return await runScenario(target, scenario, { onSecret, unread });
  } finally {
    await sandbox.stop();
  }
}

/** Each earlier state that could not be read, with the choice applied and the steps it kept from running. */
function unreadStates({ ctx, exchanges }: ScenarioRun): UnreadState[] {
  return Object.entries(ctx.unread).map(([key, unread]) => {
    const [state, cid] = key.split(/:(.*)/s) as ['tags' | 'alias', string];
    // Every skip reason naming this state (a cid is followed by a comma or a space, never by more of a cid).
    const names = (reason: string) =>
      [', ', ' '].some((end) => reason.includes(`the earlier ${state} of ${cid}${end}`));
    const blocks = exchanges.filter((e) => e.skipped && names(e.skipped)).map((e) => e.step.name);
    const choice = unread.choice && {
      field: unread.choice.field,
      shape: unread.choice.shape,
      used: unread.choice.used,
      why: unread.choice.why,
    };
    return { cid, state, reason: unread.reason, ...(choice ? { choice } : {}), blocks };
  });
}

/** How the run ended, for the report: stop, restore, cids left alone, skipped steps, clock. */
function runOutcome(target: ScenarioRun, clock: RunOutcome['clock']): RunOutcome {
  const { ctx } = target;
  return {
    ...(ctx.stopped ? { stopped: ctx.stopped } : {}),
    restored: target.restore.every((r) => r.restored),
    restore: target.restore,
    before: ctx.options.cids.map((cid) => ({
      cid,
      ...(ctx.read.has(`alias:${cid}`) ? { alias: ctx.devices[cid]?.alias || null } : {}),
      ...(ctx.read.has(`tags:${cid}`) ? { tags: ctx.devices[cid]?.tags ?? [] } : {}),
      blacklisted: false as const,
    })),
    unread: unreadStates(target),
    ...(ctx.choices.length
      ? { choices: ctx.choices.map(({ step, choice: { documented: _, ...c } }) => ({ step, ...c })) }
      : {}),
    skipped: target.exchanges.flatMap((e) =>
      e.skipped?.startsWith('needs ') ? [{ step: e.step.name, reason: e.skipped }] : [],
    ),
    ...(clock ? { clock } : {}),
  };
}

/**
 * The exit status of a run: 3 restore incomplete (before all else); 1 findings, or a run that did not do every
 * step (stopped early, steps skipped because an earlier one was refused, a listed cid left alone); 0 conformant.
 */
export function exitStatus(report: Report): 0 | 1 | 3 {
  if (report.run && !report.run.restored) return 3;
  return report.summary.failed > 0 || report.run?.stopped || report.run?.skipped.length || report.run?.unread.length
    ? 1
    : 0;
}

/** Runs the scenario against the target (and the sandbox) and reports per operation. Secrets are redacted. */
export async function verify(options: VerifyOptions): Promise<Report> {
  const scenario = scenarioOptions(options);
  const redactor = new Redactor();
  for (const secret of [options.masterSecret, options.dmp?.authCode]) redactor.add(secret);
  const onSecret = (s: string) => redactor.add(s);
  const startedAt = new Date().toISOString();
  const target = await runScenario(options, scenario, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.retryWindowMs !== undefined ? { retryWindowMs: options.retryWindowMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onSecret,
  });
  const clock = clockDisagreement(
    target.exchanges.flatMap((e) => (e.answer ? [e.answer] : [])),
    scenario.now,
    scenario.utcOffsetMinutes,
  );
  const answeredOk = (name: string) =>
    target.exchanges.some((e) => e.step.name === name && e.answer && outcomeOf(e.answer).result === 'ok');
  const view = { ctx: target.ctx, clock, answeredOk };
  const compared = options.parity !== false;
  const sandbox = compared ? await sandboxRun(options, scenario, target.ctx, onSecret) : undefined;
  const operations: OperationReport[] = [...documents().operations.values()].map((op) => {
    const mine = target.exchanges.filter((e) => e.step.operationId === op.operationId);
    const ran = mine.filter((e) => !e.skipped);
    // A restore with nothing to restore is no reason worth naming beside the others.
    const reasons = [...new Set(mine.map((e) => e.skipped).filter((r) => r && r !== 'nothing to restore'))];
    const findings = mergeAcrossSteps(
      ran.flatMap((e) =>
        findingsOf(
          e,
          sandbox?.exchanges.find((s) => s.step.name === e.step.name),
          view,
        ),
      ),
    );
    return operationReport(op, {
      ran: ran.length > 0,
      ...(ran.length === 0 ? { reason: reasons.join('; ') || 'not in the scenario' } : {}),
      steps: ran.map((e) => ({
        name: e.step.name,
        refusal: e.step.refusal ?? false,
        ...(e.answer ? { status: e.answer.status, ...outcomeOf(e.answer) } : {}),
        ...(e.retries ? { retries: e.retries } : {}),
        ...(e.step.appWide ? { appWide: true } : {}),
      })),
      findings,
    });
  });
  const report: Report = {
    tool: 'pushapi-verify',
    mode: 'run',
    target: { baseUrl: options.baseUrl, appid: options.appid, ...(options.dmp ? { dmpUrl: options.dmp.url } : {}) },
    startedAt,
    finishedAt: new Date().toISOString(),
    parity: compared ? { compared: true } : { compared: false, reason: '--no-parity' },
    run: runOutcome(target, clock),
    summary: { operations: 0, ran: 0, failed: 0, findings: {} as Report['summary']['findings'] },
    operations,
  };
  return redactor.value(finish(report));
}
