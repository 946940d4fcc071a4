// One request's way through the sandbox, read top to bottom: serveRequest runs the stages in order. Each stage takes
// the request's context and returns it, or a Refusal that is answered at once (nothing after it runs, nothing is
// committed). A stage may also end the request itself (a page served, a dropped connection, an event stream).
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { refusalReply, type Reply } from '../apis/answer.js';
import { checkCall } from '../apis/check.js';
import { commitUnit } from '../apis/commit.js';
import { isDue, runDueOfApp } from '../apis/due-work.js';
import { recordRequest } from '../apis/observe.js';
import { appNow } from '../areas/apps.js';
import { takeFault } from '../areas/faults.js';
import { MOUNTS } from '../config.js';
import { Refusal } from '../refusal.js';
import { clockNow } from '../time.js';
import { Unit } from '../state/unit.js';
import { queryValues } from '../validation/request.js';
import { appScopedPath, checkAppBase } from './app-base.js';
import { ClientGoneError, parseJsonBody, readBody, requireJson } from './body.js';
import type { RequestContext } from './context.js';
import { logEntryOf } from './log-entry.js';

type Stage = (ctx: RequestContext) => RequestContext | Refusal | Promise<RequestContext | Refusal>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Runs one request through every stage, then logs it, whatever happened. */
export async function serveRequest(ctx: RequestContext): Promise<void> {
  try {
    await runStages(ctx);
  } catch (error) {
    answerDefect(ctx, error);
  } finally {
    logRequest(ctx);
  }
}

async function runStages(ctx: RequestContext): Promise<void> {
  // ---- Host and origin: a Host this sandbox answers to; the page's and the operator's paths are served here ----
  if (await stopsAt(checkHostAndOrigin, ctx)) return;
  // ---- Route: the operation at this method and path (404 naming the nearest, 405 with Allow) ----
  if (await stopsAt(route, ctx)) return;
  // ---- App: the control token, then the app the call concerns, found once ----
  if (await stopsAt(findApp, ctx)) return;
  // ---- Fault: one injected by the control API for this operation (drop, HTTP status, result) ----
  if (await stopsAt(injectFault, ctx)) return;
  // ---- Body: within the limits, JSON (a control call that changes state carries JSON) ----
  if (await stopsAt(readRequestBody, ctx)) return;
  // ---- Due work: what fell due for the app by its clock, committed as a unit of its own ----
  if (await stopsAt(dueWork, ctx)) return;
  // ---- Admission: the appid and the credentials (push v1's rate limits come after validity, in its handler) ----
  if (await stopsAt(admit, ctx)) return;
  // ---- Validate: the request against its document (a lenient app reads through the deviations it accepts) ----
  if (await stopsAt(validate, ctx)) return;
  // ---- Handle: the operation's handler, bound at start-up ----
  if (await stopsAt(handle, ctx)) return;
  // ---- Commit: the request's changes as one unit; then its events ----
  if (await stopsAt(commit, ctx)) return;
  // ---- Answer: after a wait for what a waiting call waits for; or an event stream ----
  await stopsAt(answer, ctx);
}

/** Runs a stage; a Refusal it returns or throws is answered now. Says whether the request is over. */
async function stopsAt(stage: Stage, ctx: RequestContext): Promise<boolean> {
  let next: RequestContext | Refusal;
  try {
    next = await stage(ctx);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    next = error;
  }
  if (next instanceof Refusal) sendReply(ctx, refusedReply(ctx, next));
  return next instanceof Refusal || ctx.ended;
}

/** A refusal as the interface reached answers it; an injected HTTP fault, and a refusal before any, as the sandbox. */
function refusedReply(ctx: RequestContext, refusal: Refusal): Reply {
  if (refusal.code === 'injected-fault') return { ...refusalReply('none', refusal), outcome: null };
  if (!ctx.operation) {
    const reply = refusalReply(ctx.api === 'page' ? 'none' : ctx.api, refusal);
    return ctx.allow === undefined ? reply : { ...reply, headers: { ...reply.headers, allow: ctx.allow } };
  }
  const reply = ctx.operation.api.refuse(refusal, ctx.req);
  // The rest of a refused large body is not read: close the connection after answering.
  return refusal.status === 413 ? { ...reply, headers: { ...reply.headers, connection: 'close' } } : reply;
}

async function checkHostAndOrigin(ctx: RequestContext): Promise<RequestContext> {
  const { guard, health, page, access } = ctx.parts;
  const { pathname } = ctx.url;
  guard.checkHost(ctx.req.headers);
  const isPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && page.handles(pathname);
  if (health.handles(pathname) || isPage) {
    ctx.api = 'page'; // the operator's polling and the page's files: not logged
    if (isPage && !health.handles(pathname)) page.serve(ctx.req, ctx.res, pathname);
    else await health.serve(ctx.req, ctx.res, pathname, access.narrowed(ctx.req.headers));
    ctx.status = ctx.res.statusCode;
    ctx.ended = true;
    return ctx;
  }
  if (pathname === MOUNTS.control || pathname.startsWith(`${MOUNTS.control}/`)) guard.checkOrigin(ctx.req.headers);
  return ctx;
}

function route(ctx: RequestContext): RequestContext | Refusal {
  const { pathname } = ctx.url;
  const scoped = appScopedPath(pathname); // DMP under /apps/<appid>/dmp/ (app-base.ts)
  const found = ctx.parts.router.route(ctx.method, scoped?.pathname ?? pathname);
  if (found.kind === 'none') {
    ctx.api = found.api ?? 'none';
    return new Refusal('not-found', `no operation at ${ctx.method} ${pathname}; ${found.api ? 'nearest' : 'the sandbox serves'}: ${found.suggestions.join(', ')}`, 404);
  }
  if (found.kind === 'method') {
    ctx.api = found.api;
    ctx.allow = found.allowed.join(', ');
    return new Refusal('method-not-allowed', `${ctx.method} is not allowed on ${pathname}; allowed: ${ctx.allow}`, 405);
  }
  const operation = ctx.parts.operations.get(found.op);
  if (!operation) throw new Error(`the router found ${found.op.operationId}, which has no bound handler`);
  ctx.api = found.op.api;
  ctx.operation = operation;
  ctx.params = found.params;
  ctx.scopedAppid = scoped?.appid;
  return ctx;
}

function findApp(ctx: RequestContext): RequestContext {
  const { api, op } = ctx.operation!;
  const { services } = ctx.parts;
  api.guard?.(ctx.req.headers);
  const app = api.appOf(services, op, ctx.params, ctx.url.searchParams, ctx.req.headers);
  const scoped = ctx.scopedAppid;
  checkAppBase(scoped, app, scoped !== undefined && services.store.apps.has(scoped));
  if (app) {
    ctx.app = app;
    ctx.appAt = clockNow(app.record.clock, ctx.at);
  }
  return ctx;
}

function injectFault(ctx: RequestContext): RequestContext | Refusal {
  const { op } = ctx.operation!;
  const fault = ctx.app && op.api !== 'control' ? takeFault(ctx.app, op.faultName!) : undefined;
  ctx.fault = fault;
  if (fault?.kind === 'drop') {
    ctx.req.socket.destroy();
    ctx.ended = true;
  }
  if (fault?.kind === 'http') {
    const status = fault.status ?? 503;
    return new Refusal('injected-fault', `HTTP ${status} injected by the sandbox (control API faults)`, status);
  }
  if (fault?.kind === 'result') return new Refusal(fault.result ?? 'other_error', fault.desc ?? 'injected by the sandbox');
  return ctx;
}

async function readRequestBody(ctx: RequestContext): Promise<RequestContext> {
  const { op } = ctx.operation!;
  const { headers } = ctx.req;
  // A control call that changes state carries JSON, even when it has no body: no form and no `no-cors` fetch of
  // another page can send that content type, so none can make such a call.
  if (op.api === 'control' && BODY_METHODS.has(op.method)) requireJson(headers['content-type']);
  ctx.raw = BODY_METHODS.has(op.method) ? await readBody(ctx.req) : undefined;
  ctx.body = ctx.raw === undefined ? undefined : parseJsonBody(ctx.raw, headers['content-type']);
  // A slow service has the request and is slow to answer: the call is handled even if the caller gave up.
  if (ctx.fault?.kind === 'delay') await sleep(ctx.fault.delayMs ?? 0);
  return ctx;
}

/** Only an app whose clock has reached its next due time has work to run: the others cost a comparison. */
async function dueWork(ctx: RequestContext): Promise<RequestContext> {
  if (ctx.app && isDue(ctx.app, ctx.appAt!)) await runDueOfApp(ctx.parts.services, ctx.parts.committer, ctx.app);
  return ctx;
}

function admit(ctx: RequestContext): RequestContext {
  const { api, op } = ctx.operation!;
  const { services, schemas } = ctx.parts;
  const unit = new Unit(services.store, services.realNow());
  const { app } = ctx;
  const search = ctx.url.searchParams;
  ctx.call = { unit, services, op, app, now: app ? appNow(unit, app) : unit.realNow, params: ctx.params, query: queryValues(schemas, op, search), search, headers: ctx.req.headers, body: ctx.body };
  api.admit(ctx.call);
  return ctx;
}

function validate(ctx: RequestContext): RequestContext | Refusal {
  const checked = checkCall(ctx.parts.schemas, ctx.call!, ctx.operation!.api.invalidStatus);
  ctx.deviations = checked.deviations;
  return checked.refusal ?? ctx;
}

function handle(ctx: RequestContext): RequestContext {
  const call = ctx.call!;
  try {
    ctx.reply = ctx.operation!.handle(call);
    return ctx;
  } catch (error) {
    // Behaviour checks before it changes: a refusal after a change would leave memory and store apart.
    if (error instanceof Refusal && call.unit.changed) throw new Error(`${call.op.operationId} was refused (${error.message}) after changing the state`);
    throw error;
  }
}

async function commit(ctx: RequestContext): Promise<RequestContext> {
  const reply = ctx.reply!;
  await commitUnit(ctx.parts.services, ctx.parts.committer, ctx.call!.unit, reply.announce, reply.quiet);
  return ctx;
}

async function answer(ctx: RequestContext): Promise<RequestContext> {
  const wait = ctx.reply?.wait;
  if (wait) {
    await ctx.parts.services.events.until(wait.on, wait.ready, wait.ms, ctx.res);
    ctx.reply = wait.answer();
  }
  const reply = ctx.reply!;
  if (reply.stream) {
    reply.stream(ctx.res);
    ctx.ended = true;
  } else sendReply(ctx, reply);
  return ctx;
}

function sendReply(ctx: RequestContext, reply: Reply): void {
  ctx.reply = reply;
  ctx.status = reply.status;
  send(ctx.res, reply);
}

export function send(res: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(text) };
  if (text) headers['content-type'] = `${reply.contentType ?? 'application/json'}; charset=utf-8`;
  res.writeHead(reply.status, headers);
  res.end(text);
}

/** A defect of the sandbox, never of the request: answer 500 and say so on the console. */
function answerDefect(ctx: RequestContext, error: unknown): void {
  if (error instanceof ClientGoneError) return; // nothing to answer: the connection is closed
  console.error(`sandbox: ${ctx.method} ${ctx.url.pathname} failed:`, error);
  if (!ctx.res.headersSent) send(ctx.res, refusalReply('none', new Refusal('internal-error', 'the sandbox failed on this request; its console has the details', 500)));
  else ctx.res.destroy();
  ctx.reply = undefined;
  ctx.status = 500;
}

function logRequest(ctx: RequestContext): void {
  const entry = logEntryOf(ctx);
  if (!recordRequest(ctx.parts.services, entry)) return;
  ctx.parts.log?.(`${entry.method} ${entry.path} -> ${entry.status || 'dropped'}${entry.outcome ? ` ${entry.outcome}` : ''}${entry.fault ? ` (fault: ${entry.fault})` : ''}`);
}
