// One request's way through the sandbox, read top to bottom: serveRequest runs the stages in order. The stage
// contract: a stage is given the request's context in the phase it needs (context.ts: received, routed, found,
// faulted, read, admitted, checked, validated, handled) and returns nothing, or the context in its next phase (what
// it found is written there and nowhere else), or ENDED when it ended the request
// itself (a page served, a dropped connection, an event stream). It refuses one way, as the code it calls does: it
// throws a Refusal, which serveRequest answers at once (nothing after it runs, nothing is committed).
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { refusalReply, type Reply } from '../interfaces/answer.js';
import { checkCall } from '../interfaces/check.js';
import { appTime, faultOfCall } from '../services/app-door.js';
import { commitUnit } from '../services/commit.js';
import { isDue, runDueOfApp } from '../services/due-work.js';
import { recordRequest } from '../services/observe.js';
import { MOUNTS } from '../shared/config.js';
import { Refusal } from '../shared/refusal.js';
import { clockNow } from '../shared/time.js';
import { CommitError, Unit } from '../state/unit.js';
import { queryValues } from '../validation/request.js';
import { appScopedPath, checkAppBase } from './app-base.js';
import { ClientGoneError, parseJsonBody, readBody, requireJson } from './body.js';
import type { Admitted, Faulted, Found, Handled, Read, RequestContext, Routed, Validated } from './context.js';
import { logEntryOf } from './log-entry.js';
import { TeamLimitRefusal } from './team-limits.js';
import { noteUsage } from './usage-note.js';

/** What a stage returns when it ended the request itself: the stages after it do not run. */
const ENDED = 'ended';
type Ended = typeof ENDED;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Runs one request through every stage, answers a refusal or a defect, then logs it, whatever happened. */
export async function serveRequest(ctx: RequestContext): Promise<void> {
  try {
    await runStages(ctx);
  } catch (error) {
    if (error instanceof Refusal && !ctx.res.headersSent) sendReply(ctx, refusedReply(ctx, error));
    else answerDefect(ctx, error);
  } finally {
    ctx.leave?.();
    logRequest(ctx);
  }
}

async function runStages(received: RequestContext): Promise<void> {
  // ---- Host and origin: a Host this sandbox answers to; the page's and the operator's paths are served here ----
  if ((await checkHostAndOrigin(received)) === ENDED) return;
  // ---- Route: the operation at this method and path (404 naming the nearest, 405 with Allow) ----
  const routed = route(received);
  // ---- Team: the call counts against its team's limits (requests in progress, rate), or is answered 429 ----
  enterTeam(routed);
  // ---- Credentials first: the control token of a control call (401 before anything of an app is looked up) ----
  guardInterface(routed);
  // ---- App: the app the call concerns, found once ----
  const found = findApp(routed);
  // ---- Fault: one injected by the control API for this operation (drop, HTTP status, result) ----
  const faulted = injectFault(found);
  if (faulted === ENDED) return;
  // ---- Body: within the limits, JSON (a control call that changes state carries JSON) ----
  const read = await readRequestBody(faulted);
  // ---- Due work: what fell due for the app by its clock, committed as a unit of its own ----
  await dueWork(read);
  // ---- Admission: the appid and the credentials (push v1's rate limits come after validity, in its handler) ----
  const admitted = admit(read);
  // ---- Validate: the request against its document (a lenient app reads through the deviations it accepts) ----
  const validated = validate(admitted);
  // ---- Handle: the operation's handler, bound at start-up ----
  const handled = handle(validated);
  // ---- Commit: the request's changes as one unit; then its events ----
  await commit(handled);
  // ---- Answer: after a wait for what a waiting call waits for; or an event stream ----
  await answer(handled);
}

/** A refusal as the interface reached answers it; an injected HTTP fault, and a refusal before any, as the sandbox. */
function refusedReply(ctx: RequestContext, refusal: Refusal): Reply {
  const reply = interfaceReply(ctx, refusal);
  if (!(refusal instanceof TeamLimitRefusal)) return reply;
  return { ...reply, headers: { ...reply.headers, 'retry-after': String(refusal.retryAfterS) } };
}

function interfaceReply(ctx: RequestContext, refusal: Refusal): Reply {
  if (refusal.code === 'injected-fault') return { ...refusalReply('none', refusal), outcome: null };
  if (!ctx.operation) {
    const reply = refusalReply(ctx.api === 'page' ? 'none' : ctx.api, refusal);
    return ctx.allow === undefined ? reply : { ...reply, headers: { ...reply.headers, allow: ctx.allow } };
  }
  const reply = ctx.operation.api.refuse(refusal, ctx.req);
  // The rest of a refused large body is not read: close the connection after answering.
  return refusal.status === 413 ? { ...reply, headers: { ...reply.headers, connection: 'close' } } : reply;
}

async function checkHostAndOrigin(ctx: RequestContext): Promise<Ended | undefined> {
  const { guard, health, page, access } = ctx.parts;
  const { pathname } = ctx.url;
  guard.checkHost(ctx.req.headers);
  checkRawPath(ctx.req.url ?? '/');
  const isPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && page.handles(pathname);
  if (health.handles(pathname) || isPage) {
    ctx.api = 'page'; // the operator's polling and the page's files: not logged
    if (isPage && !health.handles(pathname)) page.serve(ctx.req, ctx.res, pathname);
    else await health.serve(ctx.req, ctx.res, pathname, access.narrowed(ctx.req.headers));
    ctx.status = ctx.res.statusCode;
    return ENDED;
  }
  if (pathname === MOUNTS.control || pathname.startsWith(`${MOUNTS.control}/`)) guard.checkOrigin(ctx.req.headers);
  return undefined;
}

/**
 * A dot segment (`/a/../b`, also written `%2e`), a backslash or an empty segment (`//`) in the path as sent: the
 * URL parser would read another path than the one a balancer routed on (a balancer hashes the raw path), so the
 * sandbox refuses it rather than serve an app on a process that is not its home. An encoded slash is not one of
 * them: it stays inside its segment here (a cid may hold one); in an appid the appid's bound refuses it.
 */
const AMBIGUOUS_PATH = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)|\\|\/\//i;

function checkRawPath(target: string): void {
  const [path = ''] = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('?', 1);
  if (AMBIGUOUS_PATH.test(path))
    throw new Refusal(
      'bad-path',
      `the path ${JSON.stringify(path.slice(0, 200))} has a dot segment, a backslash or an empty segment, which the sandbox does not resolve: send the path it stands for`,
      400,
    );
}

function route(ctx: RequestContext): Routed {
  const { pathname } = ctx.url;
  const scoped = appScopedPath(pathname); // DMP under /apps/<appid>/dmp/ (app-base.ts)
  const found = ctx.parts.router.route(ctx.method, scoped?.pathname ?? pathname);
  if (found.kind === 'none') {
    ctx.api = found.api ?? 'none';
    throw new Refusal(
      'not-found',
      `no operation at ${ctx.method} ${pathname}; ${found.api ? 'nearest' : 'the sandbox serves'}: ${found.suggestions.join(', ')}`,
      404,
    );
  }
  if (found.kind === 'method') {
    ctx.api = found.api;
    ctx.allow = found.allowed.join(', ');
    throw new Refusal('method-not-allowed', `${ctx.method} is not allowed on ${pathname}; allowed: ${ctx.allow}`, 405);
  }
  const operation = ctx.parts.operations.get(found.op);
  if (!operation) throw new Error(`the router found ${found.op.operationId}, which has no bound handler`);
  ctx.api = found.op.api;
  return Object.assign(ctx, { operation, params: found.params, scopedAppid: scoped?.appid });
}

/** The appid a call names (path, DMP base or query): what the balancer routes on, and what places it in a team. */
const namedAppid = (ctx: Routed): string | undefined =>
  ctx.params.appid ?? ctx.scopedAppid ?? ctx.url.searchParams.get('appid') ?? undefined;

function enterTeam(ctx: Routed): void {
  ctx.team = ctx.parts.limits.team(namedAppid(ctx));
  ctx.leave = ctx.parts.limits.enter(ctx.team);
}

/** The interface's own check before anything is read (the control API's token: http/team-tokens.ts). */
function guardInterface(ctx: Routed): void {
  ctx.operation.api.guard?.(ctx.req.headers);
}

function findApp(ctx: Routed): Found {
  const { api, op } = ctx.operation;
  const { services } = ctx.parts;
  const app = api.appOf(services, op, ctx.params, ctx.url.searchParams, ctx.req.headers);
  const scoped = ctx.scopedAppid;
  checkAppBase(scoped, app, scoped !== undefined && services.store.apps.has(scoped));
  if (app) app.usedAt = ctx.at; // what the idle expiry reads (--app-idle-expiry)
  return Object.assign(
    ctx,
    app ? { app, appAt: clockNow(app.record.clock, ctx.at) } : { app: undefined, appAt: undefined },
  );
}

function injectFault(ctx: Found): Faulted | Ended {
  const { op } = ctx.operation;
  const fault = faultOfCall(ctx.app, op);
  const faulted = Object.assign(ctx, { fault });
  if (fault?.kind === 'drop') {
    ctx.req.socket.destroy();
    return ENDED;
  }
  if (fault?.kind === 'http') {
    const status = fault.status ?? 503;
    throw new Refusal('injected-fault', `HTTP ${status} injected by the sandbox (control API faults)`, status);
  }
  if (fault?.kind === 'result')
    throw new Refusal(fault.result ?? 'other_error', fault.desc ?? 'injected by the sandbox');
  return faulted;
}

async function readRequestBody(ctx: Faulted): Promise<Read> {
  const { op } = ctx.operation;
  const { headers } = ctx.req;
  // A control call that changes state carries JSON, even when it has no body: no form and no `no-cors` fetch of
  // another page can send that content type, so none can make such a call.
  if (op.api === 'control' && BODY_METHODS.has(op.method)) requireJson(headers['content-type']);
  const raw = BODY_METHODS.has(op.method) ? await readBody(ctx.req) : undefined;
  const body = raw === undefined ? undefined : parseJsonBody(raw, headers['content-type']);
  const read: Read = Object.assign(ctx, { raw, body });
  // A slow service has the request and is slow to answer: the call is handled even if the caller gave up.
  if (ctx.fault?.kind === 'delay') await sleep(ctx.fault.delayMs ?? 0);
  return read;
}

/** Only an app whose clock has reached its next due time has work to run: the others cost a comparison. */
async function dueWork(ctx: Read): Promise<void> {
  if (ctx.app && isDue(ctx.app, ctx.appAt))
    await runDueOfApp(ctx.parts.services, ctx.parts.committer, ctx.app).catch(refuseStoreFailure);
}

function admit(ctx: Read): Admitted {
  const { api, op } = ctx.operation;
  const { services, schemas } = ctx.parts;
  const unit = new Unit(services.store, services.realNow());
  const { app } = ctx;
  const search = ctx.url.searchParams;
  const call = {
    unit,
    services,
    op,
    app,
    now: app ? appTime(unit, app) : unit.realNow,
    params: ctx.params,
    query: queryValues(schemas, op, search),
    search,
    headers: ctx.req.headers,
    body: ctx.body,
  };
  api.admit(call);
  checkAppQuota(ctx, call);
  return Object.assign(ctx, { call });
}

/** A call that would make an app of a team counts against the team's quota of apps on this process. */
function checkAppQuota(ctx: Read, call: Admitted['call']): void {
  const { operationId } = call.op;
  const body = call.body as { appid?: unknown } | undefined;
  const appid = operationId === 'putApp' ? call.params.appid : operationId === 'createApp' ? body?.appid : undefined;
  if (typeof appid !== 'string' || call.services.store.apps.has(appid)) return;
  ctx.parts.limits.checkAppQuota(appid, call.services.store.apps.keys());
}

function validate(ctx: Admitted): Validated {
  const checked = checkCall(ctx.parts.schemas, ctx.call, ctx.operation.api.invalidStatus);
  // Kept before a refusal is thrown: the log names the deviations a refused call was read through too.
  const withDeviations = Object.assign(ctx, { deviations: checked.deviations });
  if (checked.refusal) throw checked.refusal;
  return Object.assign(withDeviations, { call: checked.call, validated: true as const });
}

function handle(ctx: Validated): Handled {
  const { call } = ctx;
  try {
    return Object.assign(ctx, { reply: ctx.operation.handle(call) });
  } catch (error) {
    // Behaviour checks before it changes: a refusal after a change would leave memory and store apart.
    if (error instanceof Refusal && call.unit.changed)
      throw new Error(`${call.op.operationId} was refused (${error.message}) after changing the state`);
    throw error;
  }
}

async function commit(ctx: Handled): Promise<void> {
  const { reply } = ctx;
  await commitUnit(ctx.parts.services, ctx.parts.committer, ctx.call.unit, reply.announce, reply.quiet).catch(
    refuseStoreFailure,
  );
}

/** A commit the store refused, answered once: nothing of the call was kept and memory was put back, so a retry is safe. */
function refuseStoreFailure(error: unknown): never {
  if (!(error instanceof CommitError)) throw error;
  throw new Refusal('store-failed', `${error.message}; nothing of this call was kept, and it may be retried`, 503);
}

async function answer(ctx: Handled): Promise<void> {
  const { wait } = ctx.reply;
  if (wait) {
    const endWait = ctx.parts.limits.enterWait(ctx.team ?? 'other');
    try {
      await ctx.parts.services.events.until(wait.on, wait.ready, wait.ms, ctx.res);
    } finally {
      endWait();
    }
    ctx.reply = wait.answer();
  }
  const { reply } = ctx;
  if (reply.stream) reply.stream(ctx.res);
  else sendReply(ctx, reply);
}

function sendReply(ctx: RequestContext, reply: Reply): void {
  ctx.reply = reply;
  ctx.status = reply.status;
  send(ctx.res, reply);
}

function send(res: ServerResponse, reply: Reply): void {
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
  if (!ctx.res.headersSent)
    send(
      ctx.res,
      refusalReply(
        'none',
        new Refusal('internal-error', 'the sandbox failed on this request; its console has the details', 500),
      ),
    );
  else ctx.res.destroy();
  ctx.reply = undefined;
  ctx.status = 500;
}

function logRequest(ctx: RequestContext): void {
  const entry = logEntryOf(ctx);
  noteUsage(ctx); // the app's usage ledger (services/usage.ts): a few map updates per field met
  if (!recordRequest(ctx.parts.services, entry)) return;
  ctx.parts.log?.(
    `${entry.method} ${entry.path} -> ${entry.status || 'dropped'}${entry.outcome ? ` ${entry.outcome}` : ''}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
  );
}
