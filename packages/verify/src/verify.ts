// The active run: the scenario against the target, the same scenario against a fresh app of an in-process
// sandbox (parity), and the report of both, per operation.
import { randomBytes } from 'node:crypto';
import { startSandbox } from '@pushapi/sandbox';
import { outcomeOf } from './check/answer.js';
import { checkAnswer, checkRequest } from './check/conformance.js';
import { checkParity } from './check/parity.js';
import { checkUndocumented } from './check/undocumented.js';
import { documents, operation } from './documents.js';
import { finish, type Finding, type OperationReport, type Report } from './report/types.js';
import type { DeviceState, ScenarioOptions, Target } from './scenario/context.js';
import { runScenario, type Exchange } from './scenario/run.js';
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
}

export class UsageError extends Error {}

function scenarioOptions(options: VerifyOptions): ScenarioOptions {
  if (options.cids.length === 0) throw new UsageError('at least one --cid is needed: the scenario pushes to the listed cids only');
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

async function sandboxRun(options: VerifyOptions, scenario: ScenarioOptions, devices: Record<string, DeviceState>, onSecret: (s: string) => void) {
  const sandbox = await startSandbox();
  try {
    const app = await sandbox.app();
    await app.setClock({ time: scenario.now });
    const known = Object.entries(devices ?? {}).filter(([, d]) => d.known);
    if (known.length) {
      await app.addDevices(known.map(([cid, d]) => ({ cid, online: d.status === 'online', ...(d.alias ? { alias: d.alias } : {}), ...(d.tags?.length ? { tags: d.tags } : {}) })));
    }
    const target: Target = {
      baseUrl: sandbox.url, appid: app.appid, appkey: app.appkey, masterSecret: app.mastersecret,
      ...(options.dmp ? { dmp: { url: app.dmpOptions.baseUrl, userCode: app.userCode, authCode: app.authCode } } : {}),
    };
    return await runScenario(target, scenario, { onSecret });
  } finally {
    await sandbox.stop();
  }
}

function findingsOf(exchange: Exchange, sandbox: Exchange | undefined, ctx: Parameters<NonNullable<Exchange['step']['rule']>>[0]): Finding[] {
  const { step, request, answer } = exchange;
  const op = operation(step.operationId);
  if (exchange.error) return [{ kind: 'http', where: 'response', expected: 'an answer', actual: exchange.error, message: `no answer: ${exchange.error}`, step: step.name }];
  if (!answer) return [];
  const out = [...checkRequest(op, request?.body, step.name), ...checkAnswer(op, answer, step.name, step.refusal), ...checkUndocumented(op, answer, step.name)];
  const broken = step.rule?.(ctx, answer);
  if (broken) out.push({ kind: 'rule', where: broken.where, expected: broken.expected, actual: broken.actual, message: `rule broken: ${broken.rule}`, step: step.name });
  if (sandbox?.answer) out.push(...checkParity(step.operationId, step.name, answer, sandbox.answer));
  return out;
}

/** Runs the scenario against the target (and the sandbox) and reports per operation. Secrets are redacted. */
export async function verify(options: VerifyOptions): Promise<Report> {
  const scenario = scenarioOptions(options);
  const redactor = new Redactor();
  for (const secret of [options.masterSecret, options.dmp?.authCode]) redactor.add(secret);
  const onSecret = (s: string) => redactor.add(s);
  const startedAt = new Date().toISOString();
  const target = await runScenario(options, scenario, { ...(options.fetch ? { fetch: options.fetch } : {}), onSecret });
  const compared = options.parity !== false;
  const sandbox = compared ? await sandboxRun(options, scenario, target.ctx.devices, onSecret) : undefined;
  const operations: OperationReport[] = [...documents().operations.values()].map((op) => {
    const mine = target.exchanges.filter((e) => e.step.operationId === op.operationId);
    const ran = mine.filter((e) => !e.skipped);
    const reasons = [...new Set(mine.map((e) => e.skipped).filter(Boolean))];
    const findings = ran.flatMap((e) => findingsOf(e, sandbox?.exchanges.find((s) => s.step.name === e.step.name), target.ctx));
    return {
      operationId: op.operationId, api: op.api, method: op.method.toUpperCase(), path: op.path,
      ran: ran.length > 0, ...(ran.length === 0 ? { reason: reasons.join('; ') || 'not in the scenario' } : {}),
      ok: true, conformance: null, parity: 'not compared' as const,
      steps: ran.map((e) => ({ name: e.step.name, refusal: e.step.refusal ?? false, ...(e.answer ? { status: e.answer.status, ...outcomeOf(e.answer) } : {}) })),
      findings,
    };
  });
  const report: Report = {
    tool: 'pushapi-verify', mode: 'run',
    target: { baseUrl: options.baseUrl, appid: options.appid, ...(options.dmp ? { dmpUrl: options.dmp.url } : {}) },
    startedAt, finishedAt: new Date().toISOString(),
    parity: compared ? { compared: true } : { compared: false, reason: '--no-parity' },
    summary: { operations: 0, ran: 0, failed: 0, findings: {} as Report['summary']['findings'] },
    operations,
  };
  return redactor.value(finish(report));
}
