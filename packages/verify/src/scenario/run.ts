// Runs the scenario against one target: builds each request from the documents' path and the context, checks
// the safety rules, sends it (or, in a dry run, only records it) and hands the answer to the step.
import { createHash } from 'node:crypto';
import { pushSign } from '@pushapi/push-v1-client';
import { parseAnswer, type Answer } from '../check/answer.js';
import { operation } from '../documents.js';
import type { Context, DeviceState, ScenarioOptions, Target } from './context.js';
import { assertSafe } from './safety.js';
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
  answer?: Answer;
  /** A request that got no answer (connection refused, reset). */
  error?: string;
}

/** The target cannot be reached at all: a usage-level failure (exit 2). */
export class UnreachableError extends Error {}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function buildRequest(ctx: Context, step: Step, spec: StepRequest): SentRequest {
  const op = operation(step.operationId);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(spec.params?.[name] ?? ''));
  const base = op.api === 'push-v1' ? `${ctx.target.baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(ctx.target.appid)}` : (ctx.target.dmp?.url ?? '').replace(/\/+$/, '');
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  const token = ctx.vars.token ?? '<token from sign in>';
  if (spec.auth === 'token') headers.authtoken = token;
  if (spec.auth === 'token-as-bearer') headers.authorization = `Bearer ${token}`;
  if (spec.auth === 'closed-token') headers.authtoken = ctx.vars['closed token'] ?? '<token closed by sign out>';
  if (spec.auth === 'dmp-token') headers.authorization = `Bearer ${ctx.vars['dmp token'] ?? '<token from DMP sign in>'}`;
  return { method: op.method.toUpperCase(), url: `${base}${path}${query}`, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/** ECONNREFUSED, ENOTFOUND...: what a failed fetch says about the connection. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

async function send(request: SentRequest, fetchImpl: typeof fetch): Promise<Answer> {
  const response = await fetchImpl(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
  return parseAnswer(response.status, response.headers.get('content-type'), await response.text());
}

async function sign(ctx: Context): Promise<void> {
  const timestamp = String(ctx.options.now);
  if (!ctx.dryRun) ctx.vars.sign = await pushSign(ctx.target.appkey, timestamp, ctx.target.masterSecret);
  const dmp = ctx.target.dmp;
  if (dmp && !ctx.dryRun) {
    ctx.vars.sign1 = md5(dmp.userCode + md5(timestamp));
    ctx.vars.sign2 = md5(dmp.userCode + dmp.authCode + md5(timestamp));
  }
}

export interface RunOptions {
  dryRun?: boolean;
  fetch?: typeof fetch;
  /** Called with every value that must never be shown (signs, tokens). */
  onSecret?: (secret: string) => void;
  /** The devices as another run saw them (parity: the sandbox restores the same state). */
  devices?: Record<string, DeviceState>;
}

/** Runs every step in order against `target`. */
export async function runScenario(target: Target, options: ScenarioOptions, run: RunOptions = {}): Promise<{ ctx: Context; exchanges: Exchange[] }> {
  const ctx: Context = { options, target, vars: {}, devices: structuredClone(run.devices ?? {}), dryRun: run.dryRun ?? false };
  const fetchImpl = run.fetch ?? fetch;
  await sign(ctx);
  for (const name of ['sign', 'sign1', 'sign2']) if (ctx.vars[name]) run.onSecret?.(ctx.vars[name]!);
  const exchanges: Exchange[] = [];
  for (const step of scenario(ctx)) {
    const skipped = step.skip?.(ctx);
    if (skipped) {
      exchanges.push({ step, skipped });
      continue;
    }
    const spec = step.request(ctx);
    const request = buildRequest(ctx, step, spec);
    const ownTasks = ['single task', 'list task', 'scheduled task'].map((n) => ctx.vars[n] ?? `<${n}>`);
    assertSafe(step.operationId, spec, { cids: options.cids, ...(options.allowAppPush ? { appPushTag: options.allowAppPush } : {}), ownTasks });
    if (ctx.dryRun) {
      exchanges.push({ step, request });
      continue;
    }
    let answer: Answer;
    try {
      answer = await send(request, fetchImpl);
    } catch (error) {
      const reason = networkReason(error);
      if (exchanges.every((e) => !e.answer)) throw new UnreachableError(`cannot reach ${new URL(request.url).origin} (${reason})`);
      exchanges.push({ step, request, error: reason });
      continue;
    }
    exchanges.push({ step, request, answer });
    step.after?.(ctx, answer);
    for (const name of ['token', 'dmp token']) if (ctx.vars[name]) run.onSecret?.(ctx.vars[name]!);
  }
  return { ctx, exchanges };
}
