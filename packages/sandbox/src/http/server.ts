// The sandbox's HTTP server: one node:http server for push v1 (/v1/<appid>/), DMP (/dmp), the control API
// (/control) and the inbox page (/). Every request's Host is checked first, and a control call's Origin (guard.ts).
// Then every operation of the three interfaces goes through the same steps: route (400 bad path, 404, 405) -> the
// interface -> its app, found once -> the control token -> injected fault -> body (limits, JSON; control writes
// JSON only) -> due work of the app (a unit of its own) -> admit (appid, credentials) -> the request against its
// document -> the handler, by operationId -> one commit of the request's changes -> answer -> log.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Document } from '@pushapi/openapi/walk';
import { refusalReply, type Reply } from '../apis/answer.js';
import type { Api, Call, Services } from '../apis/call.js';
import { controlApi } from '../apis/control.js';
import { dmp } from '../apis/dmp.js';
import { eventOf, type SandboxEvent } from '../apis/events.js';
import { pushV1 } from '../apis/push-v1.js';
import { notePush, type RequestLogEntry } from '../apis/request-log.js';
import { appNow } from '../areas/apps.js';
import { compatOf, noteDeviations } from '../areas/compat.js';
import { processDue } from '../areas/due.js';
import { takeFault } from '../areas/faults.js';
import { listOperations, type ApiName, type OperationSpec } from '../documents.js';
import type { PageServer } from '../page.js';
import { Refusal, type Violation } from '../refusal.js';
import type { AppState } from '../state/store.js';
import { clockNow } from '../time.js';
import { Unit, type Committer } from '../state/unit.js';
import { lenientHint, readLeniently } from '../validation/lenient.js';
import { queryValues, validateRequest } from '../validation/request.js';
import { SchemaSet } from '../validation/schemas.js';
import { MOUNTS } from '../config.js';
import { ClientGoneError, parseJsonBody, readBody, requireJson } from './body.js';
import { appScopedPath, checkAppBase } from './app-base.js';
import { createGuard } from './guard.js';
import type { HealthEndpoints } from './health.js';
import { Router } from './router.js';
import { controlAccess, type AppToken } from './team-tokens.js';

export interface ServerSetup {
  services: Omit<Services, 'faultOperations' | 'checkRequest'>;
  committer: Committer;
  documents: Record<string, Document>;
  /** When set, every control call needs `Authorization: Bearer <token>`. */
  controlToken: string | undefined;
  /** Tokens limited to the apps of a prefix (team-tokens.ts); they need `controlToken`. */
  appTokens?: readonly AppToken[];
  /** Host names answered besides localhost and IP addresses (a shared sandbox behind a proxy). */
  allowedHosts: readonly string[];
  page: PageServer;
  /** One line per request (never a secret); undefined for none. */
  log: ((line: string) => void) | undefined;
  /** GET /healthz, /readyz and /metrics (health.ts). */
  health: HealthEndpoints;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DOCUMENT_NAMES: Record<ApiName, string> = { 'push-v1': 'the push v1 document', dmp: 'the DMP document', control: 'the sandbox control document' };

function send(res: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(text) };
  if (text) headers['content-type'] = `${reply.contentType ?? 'application/json'}; charset=utf-8`;
  res.writeHead(reply.status, headers);
  res.end(text);
}

/** Commits a unit, then announces its changes (computed now, so each event shows the state this unit left). */
export async function commitUnit(services: Pick<Services, 'events' | 'metrics'>, committer: Committer, unit: Unit, announce: Omit<SandboxEvent, 'id'>[] = [], quiet = false): Promise<void> {
  const events = quiet ? [] : unit.changes().flatMap((change) => eventOf(change) ?? []);
  if (services.metrics) await services.metrics.timeCommit(committer.commit(unit));
  else await committer.commit(unit);
  if (!quiet) services.metrics?.observeChanges(unit.changes());
  for (const event of [...events, ...announce]) services.events.emit(event);
}

/** Makes happen what fell due for the app by its clock, as a unit of its own. */
function runDue(services: Pick<Services, 'store' | 'realNow' | 'events' | 'metrics'>, committer: Committer, app: AppState): Promise<void> {
  const unit = new Unit(services.store, services.realNow());
  processDue(unit, app, appNow(unit, app));
  return commitUnit(services, committer, unit);
}

export function createSandboxServer(setup: ServerSetup): Server {
  const { documents, committer } = setup;
  const operations = listOperations(documents);
  const schemas = new SchemaSet(documents);
  const router = new Router(documents, operations);
  const services: Services = {
    ...setup.services,
    faultOperations: operations.flatMap((op) => op.faultName ?? []),
    checkRequest(api, operationId, parts) {
      const op = operations.find((o) => o.api === api && o.operationId === operationId);
      return op && { operation: `${op.method} ${op.template}`, violations: validateRequest(schemas, op, parts) };
    },
  };
  const guard = createGuard({ allowedHosts: setup.allowedHosts });
  const access = controlAccess(setup.controlToken, setup.appTokens ?? []);
  const apis: Record<ApiName, Api> = { 'push-v1': pushV1, dmp, control: controlApi(access) };

  async function handle(req: IncomingMessage, res: ServerResponse, entry: Omit<RequestLogEntry, 'id'>): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    entry.path = url.pathname;
    let reply: Reply;
    try {
      guard.checkHost(req.headers);
      if (setup.health.handles(url.pathname)) {
        entry.api = 'page'; // the operator's polling, like the page's: not logged
        await setup.health.serve(req, res, url.pathname, access.narrowed(req.headers));
        entry.status = res.statusCode;
        return;
      }
      if ((entry.method === 'GET' || entry.method === 'HEAD') && setup.page.handles(url.pathname)) {
        entry.api = 'page';
        setup.page.serve(req, res, url.pathname);
        entry.status = res.statusCode;
        return;
      }
      if (url.pathname === MOUNTS.control || url.pathname.startsWith(`${MOUNTS.control}/`)) guard.checkOrigin(req.headers);
      const scoped = appScopedPath(url.pathname); // DMP under /apps/<appid>/dmp/ (app-base.ts)
      const route = router.route(entry.method, scoped?.pathname ?? url.pathname);
      if (route.kind === 'none') {
        entry.api = route.api ?? 'none';
        const detail = `no operation at ${entry.method} ${url.pathname}; ${route.api ? 'nearest' : 'the sandbox serves'}: ${route.suggestions.join(', ')}`;
        throw new Refusal('not-found', detail, 404);
      }
      if (route.kind === 'method') {
        entry.api = route.api;
        const refused = refusalReply(route.api, new Refusal('method-not-allowed', `${entry.method} is not allowed on ${url.pathname}; allowed: ${route.allowed.join(', ')}`, 405));
        reply = { ...refused, headers: { ...refused.headers, allow: route.allowed.join(', ') } };
      } else {
        entry.api = route.op.api;
        entry.operation = route.op.name;
        entry.appid = route.params.appid ?? url.searchParams.get('appid') ?? null;
        const answered = await handleOperation(req, res, apis[route.op.api], route.op, route.params, url, entry, scoped?.appid);
        if (answered === undefined) return; // a dropped connection, or an event stream
        reply = answered;
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      reply = refusalReply(entry.api === 'page' ? 'none' : entry.api, error);
    }
    send(res, reply);
    entry.status = reply.status;
    entry.outcome = reply.outcome ?? null;
    entry.desc = reply.desc ?? null;
    entry.violations = reply.violations ?? [];
  }

  async function handleOperation(
    req: IncomingMessage,
    res: ServerResponse,
    api: Api,
    op: OperationSpec,
    params: Record<string, string>,
    url: URL,
    entry: Omit<RequestLogEntry, 'id'>,
    scopedAppid?: string,
  ): Promise<Reply | undefined> {
    try {
      api.guard?.(req.headers);
      const app = api.appOf(services, op, params, url.searchParams, req.headers);
      if (scopedAppid !== undefined) entry.appid = scopedAppid;
      checkAppBase(scopedAppid, app, scopedAppid !== undefined && services.store.apps.has(scopedAppid));
      if (app) {
        entry.appid = app.record.appid;
        entry.appAt = clockNow(app.record.clock, entry.at);
      }
      const fault = app && op.api !== 'control' ? takeFault(app, op.faultName!) : undefined;
      if (fault) {
        entry.fault = fault.kind;
        if (fault.kind === 'drop') {
          req.socket.destroy();
          entry.status = 0;
          return undefined;
        }
        if (fault.kind === 'http') {
          const status = fault.status ?? 503;
          return { ...refusalReply('none', new Refusal('injected-fault', `HTTP ${status} injected by the sandbox (control API faults)`, status)), outcome: null };
        }
        if (fault.kind === 'result') return api.refuse(new Refusal(fault.result ?? 'other_error', fault.desc ?? 'injected by the sandbox'), req);
      }
      // A control call that changes state carries JSON, even when it has no body: no form and no `no-cors` fetch
      // of another page can send that content type, so none can make such a call.
      if (op.api === 'control' && BODY_METHODS.has(op.method)) requireJson(req.headers['content-type']);
      const raw = BODY_METHODS.has(op.method) ? await readBody(req) : undefined;
      const body = raw === undefined ? undefined : parseJsonBody(raw, req.headers['content-type']);
      // A slow service has the request and is slow to answer: the call is handled even if the caller gave up.
      if (fault?.kind === 'delay') await sleep(fault.delayMs ?? 0);
      if (app) await runDue(services, committer, app);
      const reply = await runOperation(req, res, api, op, app, params, url, body, entry);
      if (op.api === 'push-v1') notePush(entry, op.name, raw?.length ?? 0, body, reply?.body);
      return reply;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const reply = api.refuse(error, req);
      // The rest of a refused large body is not read: close the connection after answering.
      return error.status === 413 ? { ...reply, headers: { ...reply.headers, connection: 'close' } } : reply;
    }
  }

  /**
   * The request against its document. A push v1 or DMP call of a lenient app is read through the deviations the
   * compat mode accepts: the call goes on with the parts as read, and the log entry lists each deviation.
   */
  function checkRequest(call: Call, query: URLSearchParams, entry: Omit<RequestLogEntry, 'id'>): Violation[] {
    const parts = { params: call.params, query, body: call.body };
    if (!call.app || call.op.api === 'control' || compatOf(call.app) === 'strict') return validateRequest(schemas, call.op, parts);
    const read = readLeniently(schemas, call.op, parts);
    if (read.deviations.length > 0) {
      call.params = read.parts.params;
      call.body = read.parts.body;
      entry.deviations = read.deviations;
    }
    return read.violations;
  }

  /** One unit of work: checks, the handler, one commit. A refusal commits nothing. */
  async function runOperation(
    req: IncomingMessage,
    res: ServerResponse,
    api: Api,
    op: OperationSpec,
    app: AppState | undefined,
    params: Record<string, string>,
    url: URL,
    body: unknown,
    entry: Omit<RequestLogEntry, 'id'>,
  ) {
    const unit = new Unit(services.store, services.realNow());
    const call: Call = {
      unit,
      services,
      op,
      app,
      now: app ? appNow(unit, app) : unit.realNow,
      params,
      query: queryValues(schemas, op, url.searchParams),
      search: url.searchParams,
      headers: req.headers,
      body,
    };
    let reply: Reply;
    try {
      api.admit(call);
      const violations = checkRequest(call, url.searchParams, entry);
      if (violations.length > 0) {
        const hint = app && op.api !== 'control' && compatOf(app) === 'strict' ? lenientHint(schemas, op, { params, query: url.searchParams, body }, violations) : undefined;
        throw new Refusal('invalid-request', `the request breaks ${DOCUMENT_NAMES[op.api]}${hint ? `; ${hint}` : ''}`, api.invalidStatus, violations);
      }
      reply = api.handle(call);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // Behaviour checks before it changes: a refusal after a change would leave memory and store apart.
      if (unit.changed) throw new Error(`${op.operationId} was refused (${error.message}) after changing the state`);
      reply = api.refuse(error, req);
    }
    await commitUnit(services, committer, unit, reply.announce, reply.quiet);
    if (reply.wait) {
      const { ms, on, ready, answer } = reply.wait;
      await services.events.until(on, ready, ms, res);
      try {
        reply = answer();
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        reply = api.refuse(error, req);
      }
    }
    if (reply.stream) {
      reply.stream(res);
      return undefined;
    }
    return reply;
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const entry: Omit<RequestLogEntry, 'id'> = {
      at: services.realNow(),
      appid: null,
      api: 'none',
      operation: null,
      method: (req.method ?? 'GET').toUpperCase(),
      path: '',
      status: 0,
      outcome: null,
      desc: null,
      violations: [],
      deviations: [],
      durationMs: 0,
      fault: null,
    };
    handle(req, res, entry)
      .catch((error: unknown) => {
        if (error instanceof ClientGoneError) return; // nothing to answer: the connection is closed

        // A defect of the sandbox, never of the request: answer 500 and say so on the console.
        console.error(`sandbox: ${entry.method} ${entry.path} failed:`, error);
        if (!res.headersSent) send(res, refusalReply('none', new Refusal('internal-error', 'the sandbox failed on this request; its console has the details', 500)));
        else res.destroy();
        entry.status = 500;
      })
      .finally(() => {
        entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
        services.metrics?.observeRequest(entry);
        // Reads of the control API and the page are the page's own traffic: not logged.
        if (entry.api === 'page' || (entry.api === 'control' && entry.method === 'GET' && entry.status < 400)) return;
        const logged = services.requestLog.add(entry);
        if (entry.deviations.length > 0 && entry.appid !== null) noteDeviations(services.store.apps.get(entry.appid), logged, entry.deviations);
        services.events.emit({ type: 'request', appid: entry.appid, request: logged });
        setup.log?.(`${entry.method} ${entry.path} -> ${entry.status || 'dropped'}${entry.outcome ? ` ${entry.outcome}` : ''}${entry.fault ? ` (fault: ${entry.fault})` : ''}`);
      });
  });
  server.keepAliveTimeout = 10_000;
  return server;
}

/** Runs what fell due for every app whose clock has passed its next due time (running clocks move by themselves). */
export function runDueWork(services: Pick<Services, 'store' | 'realNow' | 'events' | 'metrics'>, committer: Committer): void {
  for (const app of services.store.apps.values()) {
    if (clockNow(app.record.clock, services.realNow()) >= app.nextDueAt) void runDue(services, committer, app).catch(() => undefined);
  }
}
