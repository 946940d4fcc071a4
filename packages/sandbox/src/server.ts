// The sandbox's HTTP server: one node:http server for push v1 (/v1/<appid>/), DMP (/dmp), the control API
// (/control) and the inbox page (/). A request goes: route (404/405) -> control token -> injected fault -> body
// (limits, JSON) -> the interface's handler -> commit of its changes -> answer -> request log.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Document } from '@pushapi/openapi/walk';
import { handleControl, type ControlSetup } from './apis/control.js';
import { handleDmp } from './apis/dmp.js';
import { handlePushV1 } from './apis/push-v1.js';
import { ControlProblem } from './areas/problems.js';
import { appOfToken } from './areas/dmp.js';
import { processDue } from './areas/due.js';
import { takeFault } from './control/faults.js';
import type { RequestLogEntry } from './control/request-log.js';
import { listOperations, type ApiName, type OperationSpec } from './documents.js';
import { BodyError, ClientGoneError, parseJsonBody, readBody } from './http/body.js';
import { json, problem, send, type Reply } from './http/reply.js';
import { BadPathError, Router } from './http/router.js';
import type { PageServer } from './page.js';
import type { AppState } from './state/state.js';
import { queryValues, validateRequest } from './validation/request.js';
import { SchemaSet } from './validation/schemas.js';
import { appNow, type World } from './world.js';

export interface ServerSetup {
  world: World;
  documents: Record<string, Document>;
  control: Omit<ControlSetup, 'faultOperations'>;
  /** When set, every control call needs `Authorization: Bearer <token>`. */
  controlToken: string | undefined;
  page: PageServer;
  /** One line per request (never a secret); undefined for none. */
  log: ((line: string) => void) | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The app a push or DMP call concerns: by its appid, its DMP token, or the user_code of a DMP sign-in. */
function appOfCall(world: World, op: OperationSpec, params: Record<string, string>, query: URLSearchParams, req: IncomingMessage): AppState | undefined {
  if (op.api === 'push-v1') return world.state.apps.get(params.appid!);
  if (op.api !== 'dmp') return undefined;
  if (!op.secured) {
    const appid = world.state.parties.get(query.get('user_code') ?? '');
    return appid === undefined ? undefined : world.state.apps.get(appid);
  }
  return appOfToken(world, req.headers.authorization);
}

function faultReply(api: ApiName, fault: { kind: string; status: number | null; result: string | null; desc: string | null }): Reply {
  if (fault.kind === 'http') {
    const status = fault.status ?? 503;
    return { ...problem('none', status, 'injected-fault', 'Injected fault', `HTTP ${status} injected by the sandbox (control API faults)`), outcome: null };
  }
  return api === 'dmp' ? json(200, { code: fault.result, desc: fault.desc ?? 'injected by the sandbox' }) : json(200, { result: fault.result, desc: fault.desc ?? 'injected by the sandbox' });
}

export function createSandboxServer(setup: ServerSetup): Server {
  const { world, documents } = setup;
  const operations = listOperations(documents);
  const schemas = new SchemaSet(documents);
  const router = new Router(documents, operations);
  const control: ControlSetup = { ...setup.control, faultOperations: operations.filter((op) => op.api !== 'control').map((op) => op.name) };

  async function handle(req: IncomingMessage, res: ServerResponse, entry: Omit<RequestLogEntry, 'id'>): Promise<void> {
    const method = entry.method;
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    entry.path = url.pathname;
    if ((method === 'GET' || method === 'HEAD') && setup.page.handles(url.pathname)) {
      entry.api = 'page';
      setup.page.serve(req, res, url.pathname);
      entry.status = res.statusCode;
      return;
    }
    let reply: Reply;
    const route = (() => {
      try {
        return router.route(method, url.pathname);
      } catch (error) {
        if (error instanceof BadPathError) return error;
        throw error;
      }
    })();
    if (route instanceof BadPathError) {
      reply = problem('none', 400, 'bad-path', 'Bad path', route.message);
    } else if (route.kind === 'none') {
      entry.api = route.api ?? 'none';
      const detail = `no operation at ${method} ${url.pathname}; ${route.api ? 'nearest' : 'the sandbox serves'}: ${route.suggestions.join(', ')}`;
      reply = problem(route.api ?? 'none', 404, 'not-found', 'Not found', detail);
    } else if (route.kind === 'method') {
      entry.api = route.api;
      reply = problem(route.api, 405, 'method-not-allowed', 'Method not allowed', `${method} is not allowed on ${url.pathname}; allowed: ${route.allowed.join(', ')}`);
      reply.headers = { ...reply.headers, allow: route.allowed.join(', ') };
    } else {
      const { op, params } = route;
      entry.api = op.api;
      entry.operation = op.name;
      entry.appid = params.appid ?? url.searchParams.get('appid') ?? null;
      const answered = await handleOperation(req, res, op, params, url, entry);
      if (answered === undefined) return; // a dropped connection, or an event stream
      reply = answered;
    }
    // The answer waits until this request's changes (and all before them) are committed.
    await world.state.flush();
    send(res, reply);
    entry.status = reply.status;
    entry.outcome = reply.outcome ?? null;
    entry.desc = reply.desc ?? null;
    entry.violations = reply.violations ?? [];
  }

  async function handleOperation(
    req: IncomingMessage,
    res: ServerResponse,
    op: OperationSpec,
    params: Record<string, string>,
    url: URL,
    entry: Omit<RequestLogEntry, 'id'>,
  ): Promise<Reply | undefined> {
    if (op.api === 'control' && setup.controlToken !== undefined && req.headers.authorization !== `Bearer ${setup.controlToken}`) {
      return problem('control', 401, 'unauthorized', 'Unauthorized', 'the control API of this sandbox needs Authorization: Bearer <control token> (the token it was started with)');
    }
    // The app a push or DMP call concerns (for the log and for its faults), before anything else is checked.
    const app = appOfCall(world, op, params, url.searchParams, req);
    if (app) entry.appid = app.record.appid;
    const fault = app && takeFault(app, op.name);
    if (fault) {
      entry.fault = fault.kind;
      if (fault.kind === 'drop') {
        req.socket.destroy();
        entry.status = 0;
        return undefined;
      }
      if (fault.kind !== 'delay') return faultReply(op.api, fault);
    }
    let body: unknown;
    try {
      const raw = BODY_METHODS.has(op.method) ? await readBody(req) : undefined;
      body = raw === undefined ? undefined : parseJsonBody(raw, req.headers['content-type']);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      const reply = problem(op.api, error.status, error.kind, error.title, error.message);
      // The rest of a refused large body is not read: close the connection after answering.
      if (error.status === 413) reply.headers = { ...reply.headers, connection: 'close' };
      return reply;
    }
    // A slow service has the request and is slow to answer: the call is handled even if the caller gave up.
    if (fault?.kind === 'delay') await sleep(fault.delayMs ?? 0);
    if (op.api === 'push-v1') return handlePushV1(world, schemas, op, params, url.searchParams, req.headers, body);
    if (op.api === 'dmp') return handleDmp(world, schemas, op, url.searchParams, req.headers, body);
    const violations = validateRequest(schemas, op, { params, query: url.searchParams, body });
    if (violations.length > 0) return problem('control', 422, 'invalid-request', 'Invalid request', 'the request breaks the sandbox control document', violations);
    const query = queryValues(schemas, op, url.searchParams);
    if (op.operationId === 'streamEvents' && (req.headers.accept ?? '').includes('text/event-stream')) {
      const lastId = Number(req.headers['last-event-id'] ?? query.after ?? 0);
      world.events.stream(res, Number.isFinite(lastId) ? lastId : 0, query.appid as string | undefined);
      entry.status = 200;
      return undefined;
    }
    try {
      return handleControl(world, control, op, params, query, body);
    } catch (error) {
      if (error instanceof ControlProblem) return problem('control', error.status, error.kind, error.title, error.detail, error.validation);
      throw error;
    }
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const entry: Omit<RequestLogEntry, 'id'> = {
      at: world.realNow(),
      appid: null,
      api: 'none',
      operation: null,
      method: (req.method ?? 'GET').toUpperCase(),
      path: '',
      status: 0,
      outcome: null,
      desc: null,
      violations: [],
      durationMs: 0,
      fault: null,
    };
    handle(req, res, entry)
      .catch((error: unknown) => {
        if (error instanceof ClientGoneError) return; // nothing to answer: the connection is closed

        // A defect of the sandbox, never of the request: answer 500 and say so on the console.
        console.error(`sandbox: ${entry.method} ${entry.path} failed:`, error);
        if (!res.headersSent) send(res, problem('none', 500, 'internal-error', 'Internal error', 'the sandbox failed on this request; its console has the details'));
        else res.destroy();
        entry.status = 500;
      })
      .finally(() => {
        entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
        // Reads of the control API and the page are the page's own traffic: not logged.
        if (entry.api === 'page' || (entry.api === 'control' && entry.method === 'GET' && entry.status < 400)) return;
        const logged = world.requestLog.add(entry);
        world.events.emit({ type: 'request', appid: entry.appid, request: logged });
        setup.log?.(`${entry.method} ${entry.path} -> ${entry.status || 'dropped'}${entry.outcome ? ` ${entry.outcome}` : ''}${entry.fault ? ` (fault: ${entry.fault})` : ''}`);
      });
  });
  server.keepAliveTimeout = 10_000;
  return server;
}

/** Runs what fell due for every app whose clock has passed its next due time (running clocks move by themselves). */
export function runDueWork(world: World): void {
  for (const app of world.state.apps.values()) {
    const now = appNow(world, app);
    if (now >= app.nextDueAt) processDue(world, app, now);
  }
  void world.state.flush().catch(() => undefined);
}
