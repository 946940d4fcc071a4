// `pushapi-verify proxy`: forwards push v1 (under /v1) and DMP (under /dmp) requests to the upstreams and returns
// their answers byte for byte, checking each request and answer against the documents on the way. What it cannot
// judge or the allow list does not cover is refused locally (allow-list.ts). GET /_pushapi/report serves what it
// found so far; summary() counts what it did.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createRouter } from '@pushapi/openapi/walk';
import { isObject, outcomeOf, parseAnswer } from '../check/answer.js';
import { checkAnswer, checkRequest } from '../check/conformance.js';
import { checkUndocumented } from '../check/undocumented.js';
import { documents, operation, type ApiName, type Operation } from '../documents.js';
import { finish, operationReport, type OperationReport, type Report } from '../report/types.js';
import { Redactor } from '../secrets.js';
import { refusalAnswer, refusalOf, type AllowList, type Refusal } from './allow-list.js';
import { parseStrictJson, readBounded, TooLargeError } from './body.js';
import type { ProxySummary } from './console.js';
import { Recorder } from './recorder.js';

export interface ProxyOptions {
  upstream: string;
  dmpUpstream?: string;
  port?: number;
  host?: string;
  allowCids: string[];
  allowAliases?: string[];
  /** push_app is forwarded only when its condition restricts it to this tag (the run's --allow-app-push). */
  allowAppPush?: string;
  /** Forward alias, tag, blacklist and badge writes to devices outside the allow list (default: refused). */
  allowDeviceWritesOutsideList?: boolean;
  recordDir?: string;
  /** Where each refusal's line goes (default: nowhere). */
  log?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  allow: AllowList;
  report(): Report;
  /** What the proxy did so far: forwarded, refused by reason, answers checked, findings. */
  summary(): ProxySummary;
  /** Stops listening and answers the final report. */
  stop(): Promise<Report>;
}

const MAX_BODY = 1024 * 1024;
const MAX_ANSWER = 16 * 1024 * 1024;
/** The most recent requests kept per operation in the report. */
const STEPS_KEPT = 100;
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

function forward(target: URL, req: http.IncomingMessage, body: Buffer): Promise<Upstream> {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      { method: req.method, headers: { ...headers, host: target.host } },
      (res) => {
        readBounded(res, MAX_ANSWER, 'the upstream answer').then(
          (raw) => resolve({ status: res.statusCode ?? 502, headers: res.headers, raw }),
          reject,
        );
      },
    );
    request.on('error', reject);
    request.end(body.length ? body : undefined);
  });
}

/** The answer's text as the checks read it (decoded when the upstream compressed it). */
function decoded(up: Upstream): string {
  const encoding = String(up.headers['content-encoding'] ?? '');
  const raw =
    encoding === 'gzip'
      ? zlib.gunzipSync(up.raw)
      : encoding === 'br'
        ? zlib.brotliDecompressSync(up.raw)
        : encoding === 'deflate'
          ? zlib.inflateSync(up.raw)
          : up.raw;
  return raw.toString('utf8');
}

const flatHeaders = (h: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));

interface Mount {
  api: ApiName;
  mount: string;
  upstream: string | undefined;
  route: ReturnType<typeof createRouter>;
}

/** What one running proxy holds: its routes, allow list, report and tally so far, recorder and redactor. */
interface ProxyState {
  mounts: Mount[];
  allow: AllowList;
  report: Report;
  tally: Pick<ProxySummary, 'forwarded' | 'refused' | 'checked'>;
  redactor: Redactor;
  recorder: Recorder | undefined;
  log: ((line: string) => void) | undefined;
  count: number;
}

/** One request on its way: where it goes, and once known its operation and body. */
interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** Method and path as logged, the appid left out. */
  where: string;
  mount?: Mount;
  op?: Operation;
  body?: unknown;
}

function emptyReport(options: ProxyOptions): Report {
  return {
    tool: 'pushapi-verify',
    mode: 'proxy',
    target: { baseUrl: options.upstream, ...(options.dmpUpstream ? { dmpUrl: options.dmpUpstream } : {}) },
    startedAt: new Date().toISOString(),
    parity: { compared: false, reason: 'the proxy compares with the documents only' },
    summary: { operations: 0, ran: 0, failed: 0, findings: {} as Report['summary']['findings'] },
    operations: [...documents().operations.values()].map((op) =>
      operationReport(op, { ran: false, reason: 'no request went through the proxy', steps: [], findings: [] }),
    ),
  };
}

/** The operation's report entry, marked as run, with a name for this request's step. */
function stepOf(state: ProxyState, ex: Exchange & { op: Operation }): { entry: OperationReport; step: string } {
  const entry = state.report.operations.find((o) => o.operationId === ex.op.operationId)!;
  entry.ran = true;
  delete entry.reason;
  return { entry, step: `${ex.where} #${++state.count}` };
}

function record(
  state: ProxyState,
  ex: Exchange,
  response: { status: number; headers: Record<string, string>; body: unknown },
  refusedLocally = false,
): void {
  if (!ex.mount || !ex.op) return;
  const { req, url, body } = ex;
  state.recorder?.write({
    at: new Date().toISOString(),
    api: ex.mount.api,
    operationId: ex.op.operationId,
    request: {
      method: req.method ?? 'GET',
      path: url.pathname,
      ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}),
      headers: flatHeaders(req.headers),
      ...(body !== undefined ? { body } : {}),
    },
    response: {
      status: response.status,
      headers: response.headers,
      ...(response.body !== undefined ? { body: response.body } : {}),
    },
    ...(refusedLocally ? { refusedLocally } : {}),
  });
}

/** Answers a refusal locally: counted, logged, and (for an operation of the documents) reported and recorded. */
function refuse(state: ProxyState, ex: Exchange, refusal: Refusal): void {
  const { status, body } = refusalAnswer(refusal);
  const headers = { 'content-type': 'application/json', 'x-pushapi-verify-refused': refusal.reason };
  ex.res.writeHead(status, headers).end(JSON.stringify(body));
  state.tally.refused[refusal.reason] = (state.tally.refused[refusal.reason] ?? 0) + 1;
  state.log?.(
    state.redactor.text(
      `pushapi-verify proxy: refused ${ex.where} (${refusal.reason}, HTTP ${status}): ${refusal.why}`,
    ),
  );
  if (!ex.op) return;
  const { entry, step } = stepOf(state, { ...ex, op: ex.op });
  entry.steps = [...entry.steps, { name: `${step} (refused by the proxy)`, refusal: true, status, ...body }].slice(
    -STEPS_KEPT,
  );
  record(state, ex, { status, headers, body }, true);
}

/** Forwards a judged request, returns the answer as it came, and checks both against the documents. */
async function pass(
  state: ProxyState,
  ex: Exchange & { mount: Mount & { upstream: string }; op: Operation },
  raw: Buffer,
): Promise<void> {
  const { mount, op, url } = ex;
  const { entry, step } = stepOf(state, ex);
  const target = new URL(
    mount.upstream.replace(/\/+$/, '') + url.pathname.slice(mount.api === 'dmp' ? mount.mount.length : 0) + url.search,
  );
  state.tally.forwarded++;
  const up = await forward(target, ex.req, raw);
  ex.res.writeHead(up.status, up.headers).end(up.raw);
  const answer = parseAnswer(up.status, String(up.headers['content-type'] ?? ''), decoded(up));
  // Tokens the services hand out are secrets from now on, wherever they appear.
  if (isObject(answer.body))
    for (const field of ['auth_token', 'access_token']) state.redactor.add(String(answer.body[field] ?? ''));
  state.tally.checked++;
  entry.steps = [...entry.steps, { name: step, refusal: false, status: answer.status, ...outcomeOf(answer) }].slice(
    -STEPS_KEPT,
  );
  entry.findings.push(
    ...checkRequest(op, ex.body, step),
    ...checkAnswer(op, answer, step),
    ...checkUndocumented(op, answer, step),
  );
  record(state, ex, { status: up.status, headers: flatHeaders(up.headers), body: answer.body });
}

/** One request: the report endpoint, or route, read, judge, then refuse or forward. */
async function handle(state: ProxyState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://proxy');
  if (req.method === 'GET' && url.pathname === '/_pushapi/report') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(state.redactor.text(JSON.stringify(finish(state.report))));
    return;
  }
  const ex: Exchange = { req, res, url, where: `${req.method} ${url.pathname.replace(/^\/v1\/[^/]+/, '/v1/<appid>')}` };
  ex.mount = state.mounts.find((m) => url.pathname.startsWith(`${m.mount}/`));
  const match = ex.mount?.route(req.method ?? 'GET', url.pathname);
  if (!ex.mount || !match)
    return refuse(state, ex, { reason: 'unknown-operation', why: `no operation of the documents is ${ex.where}` });
  if (!ex.mount.upstream)
    return refuse(state, ex, { reason: 'unknown-operation', why: 'the proxy runs without --dmp-upstream' });
  ex.op = operation(match.entry.operationId!);
  const raw = await readBounded(req, MAX_BODY, 'the request body').catch((error: Error) =>
    error instanceof TooLargeError ? error : Promise.reject(error),
  );
  if (raw instanceof TooLargeError) return refuse(state, ex, { reason: 'body-too-large', why: raw.message });
  const parsed = parseStrictJson(raw);
  if (!parsed.ok) return refuse(state, ex, { reason: 'not-strict-json', why: parsed.why });
  ex.body = parsed.value;
  const refusal = refusalOf(ex.op.operationId, ex.op.method, ex.body, state.allow);
  if (refusal) return refuse(state, ex, refusal);
  await pass(state, { ...ex, mount: { ...ex.mount, upstream: ex.mount.upstream }, op: ex.op }, raw);
}

function summaryOf(state: ProxyState): ProxySummary {
  const report = finish(state.report);
  return {
    ...state.tally,
    refused: { ...state.tally.refused },
    findings: { ...report.summary.findings },
    failedOperations: report.summary.failed,
  };
}

function stateOf(options: ProxyOptions): ProxyState {
  const { docs } = documents();
  const redactor = new Redactor();
  return {
    mounts: [
      {
        api: 'push-v1',
        mount: '/v1',
        upstream: options.upstream,
        route: createRouter(docs['push-v1'], { basePath: '/v1/{appid}' }),
      },
      { api: 'dmp', mount: '/dmp', upstream: options.dmpUpstream, route: createRouter(docs.dmp, { basePath: '/dmp' }) },
    ],
    allow: {
      cids: options.allowCids,
      aliases: options.allowAliases ?? [],
      ...(options.allowAppPush ? { appPushTag: options.allowAppPush } : {}),
      deviceWritesOutsideList: options.allowDeviceWritesOutsideList ?? false,
    },
    report: emptyReport(options),
    tally: { forwarded: 0, refused: {}, checked: 0 },
    redactor,
    recorder: options.recordDir ? new Recorder(options.recordDir, redactor) : undefined,
    log: options.log,
    count: 0,
  };
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const state = stateOf(options);
  const { redactor } = state;
  const server = http.createServer((req, res) => {
    handle(state, req, res).catch((error: Error) => {
      const answer = { result: 'other_error', desc: `pushapi-verify proxy: ${redactor.text(error.message)}` };
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      else res.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    allow: state.allow,
    report: () => redactor.value(finish(state.report)),
    summary: () => summaryOf(state),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      state.report.finishedAt = new Date().toISOString();
      return redactor.value(finish(state.report));
    },
  };
}
