// Runs the scenario against one target: builds each request from the documents' path and the context, checks
// the safety rules, sends it (or, in a dry run, only records it) and hands the answer to the step.
import { dmpSigns } from '@pushapi/dmp-client';
import { pushSign } from '@pushapi/push-v1-client';
import { outcomeOf, parseAnswer, type ServiceAnswer } from '../check/answer.js';
import { operation } from '../documents.js';
import {
  type Context,
  type DeviceState,
  type ScenarioOptions,
  type Target,
  type Unread,
  unreadBlock,
} from './context.js';
import { assertSafe, SafetyError } from './safety.js';
import type { Step, StepRequest } from './step.js';
import { scenario } from './steps.js';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface Exchange {
  step: Step;
  skipped?: string;
  request?: SentRequest;
  answer?: ServiceAnswer;
  /** A request that got no answer (connection refused, reset). */
  error?: string;
  /** How many times a transient refusal (too_frequent, "system busy") was retried. */
  retries?: number;
}

/** One state the run changed, and whether it was put back. */
export interface RestoreRecord {
  /** Such as `tags of team-phone-1`. */
  what: string;
  restored: boolean;
  /** Why not (the last answer of the restore step, or why it could not run). */
  reason?: string;
  /** Not restored: the calls that put it back by hand (each with an `authtoken` header from auth_sign). */
  calls?: RestoreCall[];
}

export interface RestoreCall {
  method: string;
  url: string;
  body?: unknown;
}

/** The target cannot be reached at all: a usage-level failure (exit 2). */
export class UnreachableError extends Error {}

function buildRequest(ctx: Context, step: Step, spec: StepRequest): SentRequest {
  const op = operation(step.operationId);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(spec.params?.[name] ?? ''));
  const base =
    op.api === 'push-v1'
      ? `${ctx.target.baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(ctx.target.appid)}`
      : (ctx.target.dmp?.url ?? '').replace(/\/+$/, '');
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  const token = ctx.vars.token ?? '<token from sign in>';
  if (spec.auth === 'token') headers.authtoken = token;
  if (spec.auth === 'token-as-bearer') headers.authorization = `Bearer ${token}`;
  if (spec.auth === 'closed-token') headers.authtoken = ctx.vars['closed token'] ?? '<token closed by sign out>';
  if (spec.auth === 'dmp-token')
    headers.authorization = `Bearer ${ctx.vars['dmp token'] ?? '<token from DMP sign in>'}`;
  return {
    method: op.method.toUpperCase(),
    url: `${base}${path}${query}`,
    headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  };
}

/** ECONNREFUSED, ENOTFOUND...: what a failed fetch says about the connection. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

async function send(request: SentRequest, fetchImpl: typeof fetch): Promise<ServiceAnswer> {
  const response = await fetchImpl(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
  return parseAnswer(response.status, response.headers.get('content-type'), await response.text());
}

/** The default time a request's retries may wait in all: 1 s, 2 s, 4 s (3 retries). */
export const DEFAULT_RETRY_WINDOW_MS = 7_000;
/** The longest single wait: a window of minutes (a rate limit per 10 minutes) is spanned by many such waits. */
export const MAX_RETRY_WAIT_MS = 60_000;

/**
 * The waits between retries of one request: 1 s, 2 s, 4 s…, each at most a minute, while their sum stays within
 * `windowMs`. The default window gives 3 retries; 660 s spans a limit of "2 per 10 minutes".
 */
export function retryWaits(windowMs = DEFAULT_RETRY_WINDOW_MS): number[] {
  const waits: number[] = [];
  let total = 0;
  for (let wait = 1000; total + Math.min(wait, MAX_RETRY_WAIT_MS) <= windowMs; wait *= 2) {
    waits.push(Math.min(wait, MAX_RETRY_WAIT_MS));
    total += waits.at(-1)!;
  }
  return waits;
}

/** A refusal that says "later" (rate control, a busy service): worth a bounded retry. */
export function isTransient(answer: ServiceAnswer): boolean {
  const { result, desc } = outcomeOf(answer);
  return (
    result === 'too_frequent' ||
    answer.status === 429 ||
    answer.status === 503 ||
    (result !== 'ok' && /busy/i.test(desc ?? ''))
  );
}

async function sendWithRetries(
  request: SentRequest,
  fetchImpl: typeof fetch,
  sleep: (ms: number) => Promise<void>,
  waits: number[],
): Promise<{ answer: ServiceAnswer; retries: number }> {
  let answer = await send(request, fetchImpl);
  let retries = 0;
  while (isTransient(answer) && retries < waits.length) {
    await sleep(waits[retries]!);
    retries++;
    answer = await send(request, fetchImpl);
  }
  return { answer, retries };
}

async function sign(ctx: Context): Promise<void> {
  const timestamp = String(ctx.options.now);
  if (!ctx.dryRun) ctx.vars.sign = await pushSign(ctx.target.appkey, timestamp, ctx.target.masterSecret);
  const dmp = ctx.target.dmp;
  if (dmp && !ctx.dryRun) Object.assign(ctx.vars, dmpSigns(dmp.userCode, dmp.authCode, timestamp));
}

export interface RunOptions {
  dryRun?: boolean;
  fetch?: typeof fetch;
  /** Called with every value that must never be shown (signs, tokens). */
  onSecret?: (secret: string) => void;
  /** The devices as another run saw them (parity: the sandbox restores the same state). */
  devices?: Record<string, DeviceState>;
  /** The state the target's run could not read: the parity run skips the same writes, so that both compare alike. */
  unread?: Record<string, Unread>;
  /** The wait between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** How long one request's retries may wait in all (default 7 s: 1 s, 2 s, 4 s). */
  retryWindowMs?: number;
  /** Aborted (SIGINT): the main part stops before its next step; the restore still runs. */
  signal?: AbortSignal;
}

export interface ScenarioRun {
  ctx: Context;
  exchanges: Exchange[];
  /** Each state the run changed, restored or not. */
  restore: RestoreRecord[];
}

/** The operations the description marks "Rate controlled" (its frequency table). */
export const RATE_CONTROLLED = new Set(['setTags', 'saveListBody', 'pushList', 'pushApp']);

/**
 * A write of a rate-controlled operation (set_tags) after the same operation was refused as transient through all
 * its retries: the limit is spent, and the restore needs what is left of it, so the run writes no more of it.
 */
function limitSpent(step: Step, exchanges: Exchange[]): string | undefined {
  if ((step.phase ?? 'main') !== 'main' || !step.dirties || !RATE_CONTROLLED.has(step.operationId)) return undefined;
  const refused = exchanges.find(
    (e) => e.step.operationId === step.operationId && e.answer && isTransient(e.answer) && e.step.phase !== 'restore',
  );
  if (!refused) return undefined;
  return `needs ${step.operationId} within its rate limit, which "${refused.step.name}" ${outcomeText(refused)}: the restore needs what is left of the limit, so no more ${step.operationId} is sent before it`;
}

/**
 * Why a step does not run now: a restore with nothing to restore, its own skip, a state it changes whose earlier
 * value was not read (per piece of state: the tags of one cid block set_tags on that cid only), the step it
 * follows not run, a missing value it needs. Each reason but the first two starts with "needs".
 */
function skipReason(ctx: Context, step: Step, exchanges: Exchange[]): string | undefined {
  if (step.restores && !ctx.dirty.has(step.restores(ctx))) return 'nothing to restore';
  const own = step.skip?.(ctx);
  if (own) return own;
  const blocked = (step.dirties?.(ctx) ?? []).map((key) => unreadBlock(ctx, key)).find(Boolean);
  if (blocked) return blocked;
  const spent = limitSpent(step, exchanges);
  if (spent) return spent;
  // A read observing a write that was not sent observes nothing (its rule is not judged either).
  const followed = step.follows ? [...exchanges].reverse().find((e) => e.step.name === step.follows) : undefined;
  if (followed?.skipped) return `needs "${step.follows}", which did not run (${followed.skipped})`;
  const missing = ctx.dryRun ? undefined : step.needs?.find((name) => ctx.vars[name] === undefined);
  if (missing) return `needs the ${missing}, which ${ctx.missing[missing] ?? 'no earlier step gave'}`;
  return undefined;
}

/** What the answer (or its absence) says, for a reason: `too_frequent "..." after 3 retries`. */
function outcomeText(e: Exchange): string {
  if (e.error) return `got no answer (${e.error})`;
  if (!e.answer) return e.skipped ? `did not run (${e.skipped})` : 'did not run';
  const { result, desc } = outcomeOf(e.answer);
  return `answered ${result ?? `HTTP ${e.answer.status}`}${desc ? ` "${desc}"` : ''}${e.retries ? ` after ${e.retries} retries` : ''}`;
}

interface Runner {
  ctx: Context;
  run: RunOptions;
  fetchImpl: typeof fetch;
  exchanges: Exchange[];
}

/** Runs one step: skip, safety, send (with retries), then hands the answer on. A safety stop stops the main part. */
async function runStep(r: Runner, step: Step): Promise<void> {
  const { ctx, run, exchanges } = r;
  const skipped = skipReason(ctx, step, exchanges);
  if (skipped) {
    exchanges.push({ step, skipped });
    for (const name of step.gives ?? []) ctx.missing[name] = `"${step.name}" did not run (${skipped})`;
    return;
  }
  const spec = step.request(ctx);
  const request = buildRequest(ctx, step, spec);
  const ownTasks = ['single task', 'list task', 'scheduled task'].map((n) => ctx.vars[n] ?? `<${n}>`);
  try {
    assertSafe(step.operationId, spec, {
      cids: ctx.options.cids,
      ...(ctx.options.allowAppPush ? { appPushTag: ctx.options.allowAppPush } : {}),
      ownTasks,
    });
  } catch (error) {
    if (!(error instanceof SafetyError)) throw error;
    exchanges.push({ step, skipped: `safety stop: ${error.message}` });
    if ((step.phase ?? 'main') === 'main') ctx.stopped ??= `safety stop: ${error.message}`;
    return;
  }
  for (const key of step.dirties?.(ctx) ?? []) ctx.dirty.add(key), ctx.touched.add(key);
  if (ctx.dryRun) {
    exchanges.push({ step, request });
    return;
  }
  const exchange = await sendOne(r, step, request);
  if (exchange.answer) {
    for (const key of step.cleans?.(ctx, exchange.answer) ?? []) ctx.dirty.delete(key);
    step.after?.(ctx, exchange.answer);
  }
  for (const name of step.gives ?? [])
    if (ctx.vars[name] === undefined) ctx.missing[name] = `"${step.name}" ${outcomeText(exchange)}`;
  for (const name of ['token', 'dmp token']) if (ctx.vars[name]) run.onSecret?.(ctx.vars[name]!);
}

/** Sends a step's request and records the exchange (an answer, or the error when none came). */
async function sendOne(r: Runner, step: Step, request: SentRequest): Promise<Exchange> {
  const sleep = r.run.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let exchange: Exchange;
  try {
    const { answer, retries } = await sendWithRetries(request, r.fetchImpl, sleep, retryWaits(r.run.retryWindowMs));
    exchange = { step, request, answer, ...(retries ? { retries } : {}) };
  } catch (error) {
    const reason = networkReason(error);
    if (r.exchanges.every((e) => !e.answer))
      throw new UnreachableError(`cannot reach ${new URL(request.url).origin} (${reason})`);
    exchange = { step, request, error: reason };
  }
  r.exchanges.push(exchange);
  return exchange;
}

const DESCRIBE: Record<string, string> = { tags: 'tags', alias: 'alias', blacklist: 'blacklist entry' };

/**
 * The calls that put `key` back, as its restore steps make them (headers left out: the token is the operator's
 * own). An alias read at the end is not known here: its place says how to find it.
 */
function restoreCalls(ctx: Context, steps: Step[], key: string): RestoreCall[] {
  const mine = steps.filter((step) => step.restores?.(ctx) === key && !step.skip?.(ctx));
  const hint = `<the alias query_alias answers, if it starts with pushapi-verify-${ctx.options.run}->`;
  const known = (_: string, v: unknown) => (typeof v === 'string' && v.startsWith('<missing alias left on') ? hint : v);
  return mine.map((step) => {
    const { method, url, body } = buildRequest(ctx, step, step.request(ctx));
    return { method, url, ...(body !== undefined ? { body: JSON.parse(JSON.stringify(body), known) } : {}) };
  });
}

/** The restore as the report shows it: each state the run touched, put back or not (and why not, and how). */
function restoreRecords(ctx: Context, exchanges: Exchange[], steps: Step[]): RestoreRecord[] {
  return [...ctx.touched].map((key) => {
    const [kind, cid] = key.split(/:(.*)/s) as [string, string];
    const what = kind === 'task' ? `the ${cid} task` : `${DESCRIBE[kind] ?? kind} of ${cid}`;
    if (!ctx.dirty.has(key)) return { what, restored: true };
    const tried = exchanges.filter((e) => e.step.restores?.(ctx) === key);
    const last = [...tried].reverse().find((e) => e.request) ?? tried.at(-1);
    const reason = last ? `"${last.step.name}" ${outcomeText(last)}` : 'no restore step ran';
    return { what, restored: false, reason, calls: restoreCalls(ctx, steps, key) };
  });
}

/** Why a step after an early stop did not run (the report's `run.stopped` says why the run stopped). */
const STOPPED = 'the run stopped early';

/** Runs every step in order against `target`; the restore steps run whatever happened before them. */
export async function runScenario(
  target: Target,
  options: ScenarioOptions,
  run: RunOptions = {},
): Promise<ScenarioRun> {
  const ctx: Context = {
    options,
    target,
    vars: {},
    devices: structuredClone(run.devices ?? {}),
    dryRun: run.dryRun ?? false,
    dirty: new Set(),
    touched: new Set(),
    missing: {},
    read: new Set(),
    unread: structuredClone(run.unread ?? {}),
    choices: [],
  };
  const r: Runner = { ctx, run, fetchImpl: run.fetch ?? fetch, exchanges: [] };
  await sign(ctx);
  for (const name of ['sign', 'sign1', 'sign2']) if (ctx.vars[name]) run.onSecret?.(ctx.vars[name]!);
  const steps = scenario(ctx);
  const phase = (p: string) => steps.filter((s) => (s.phase ?? 'main') === p);
  try {
    for (const step of phase('main')) {
      if (run.signal?.aborted) ctx.stopped ??= 'interrupted (SIGINT)';
      if (ctx.stopped) r.exchanges.push({ step, skipped: STOPPED });
      else await runStep(r, step);
    }
  } finally {
    // Each restore on its own: one that fails (or throws) does not keep the others from running.
    for (const step of phase('restore')) {
      try {
        await runStep(r, step);
      } catch (error) {
        r.exchanges.push({ step, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  for (const step of phase('after')) {
    if (ctx.stopped) r.exchanges.push({ step, skipped: STOPPED });
    else await runStep(r, step);
  }
  return { ctx, exchanges: r.exchanges, restore: restoreRecords(ctx, r.exchanges, phase('restore')) };
}
