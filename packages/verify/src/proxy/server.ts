// `pushapi-verify proxy`: forwards push v1 (under /v1) and DMP (under /dmp) requests to the upstreams and returns
// their answers byte for byte, checking each request and answer against the documents on the way. Pushes
// outside the allow list are answered locally. GET /_pushapi/report serves what it found so far.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createRouter } from '@pushapi/openapi/walk';
import { isObject, outcomeOf, parseAnswer } from '../check/answer.js';
import { checkAnswer, checkRequest } from '../check/conformance.js';
import { checkUndocumented } from '../check/undocumented.js';
import { documents, operation, type ApiName } from '../documents.js';
import { finish, type OperationReport, type Report } from '../report/types.js';
import { Redactor } from '../secrets.js';
import { refusalAnswer, refusalOf, type AllowList } from './allow-list.js';
import { Recorder } from './recorder.js';

export interface ProxyOptions {
  upstream: string;
  dmpUpstream?: string;
  port?: number;
  host?: string;
  allowCids: string[];
  allowAliases?: string[];
  allowAppPush?: boolean;
  recordDir?: string;
}

export interface RunningProxy {
  url: string;
  report(): Report;
  /** Stops listening and answers the final report. */
  stop(): Promise<Report>;
}

const MAX_BODY = 1024 * 1024;
/** The most recent requests kept per operation in the report. */
const STEPS_KEPT = 100;
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => ((size += c.length) > MAX_BODY ? req.destroy(new Error('request body over 1 MiB')) : chunks.push(c)));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(target: URL, req: http.IncomingMessage, body: Buffer): Promise<Upstream> {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(target, { method: req.method, headers: { ...headers, host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body.length ? body : undefined);
  });
}

/** The answer's text as the checks read it (decoded when the upstream compressed it). */
function decoded(up: Upstream): string {
  const encoding = String(up.headers['content-encoding'] ?? '');
  const raw = encoding === 'gzip' ? zlib.gunzipSync(up.raw) : encoding === 'br' ? zlib.brotliDecompressSync(up.raw) : encoding === 'deflate' ? zlib.inflateSync(up.raw) : up.raw;
  return raw.toString('utf8');
}

const flatHeaders = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));

interface Mount {
  api: ApiName;
  mount: string;
  upstream: string | undefined;
  route: ReturnType<typeof createRouter>;
}

/** What one running proxy holds: its routes, allow list, report so far, recorder and redactor. */
interface ProxyState {
  mounts: Mount[];
  allow: AllowList;
  report: Report;
  redactor: Redactor;
  recorder: Recorder | undefined;
  count: number;
}

function emptyReport(options: ProxyOptions): Report {
  return {
    tool: 'pushapi-verify', mode: 'proxy', target: { baseUrl: options.upstream, ...(options.dmpUpstream ? { dmpUrl: options.dmpUpstream } : {}) },
    startedAt: new Date().toISOString(), parity: { compared: false, reason: 'the proxy compares with the documents only' },
    summary: { operations: 0, ran: 0, failed: 0, findings: {} as Report['summary']['findings'] },
    operations: [...documents().operations.values()].map((op): OperationReport => ({
      operationId: op.operationId, api: op.api, method: op.method.toUpperCase(), path: op.path, ran: false, reason: 'no request went through the proxy',
      ok: true, conformance: null, parity: 'not compared', steps: [], findings: [],
    })),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function parseJson(raw: Buffer): unknown {
  try {
    return raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** One request: the report endpoint, or route, allow list, forward, check, record. */
async function handle(state: ProxyState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://proxy');
  if (req.method === 'GET' && url.pathname === '/_pushapi/report') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(state.redactor.text(JSON.stringify(finish(state.report))));
    return;
  }
  const mount = state.mounts.find((m) => url.pathname.startsWith(`${m.mount}/`));
  const match = mount?.route(req.method ?? 'GET', url.pathname);
  if (!mount?.upstream || !match) return void json(res, 404, { result: 'other_error', desc: `pushapi-verify proxy: no operation of the documents at ${req.method} ${url.pathname}` });
  const op = operation(match.entry.operationId!);
  const raw = await readBody(req);
  const body = parseJson(raw);
  const entry = state.report.operations.find((o) => o.operationId === op.operationId)!;
  const step = `${req.method} ${url.pathname.replace(/^\/v1\/[^/]+/, '/v1/<appid>')} #${++state.count}`;
  const record = (status: number, headers: Record<string, string>, answer: unknown, refusedLocally = false) =>
    state.recorder?.write({
      at: new Date().toISOString(), api: mount.api, operationId: op.operationId,
      request: { method: req.method ?? 'GET', path: url.pathname, ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}), headers: flatHeaders(req.headers), ...(body !== undefined ? { body } : {}) },
      response: { status, headers, ...(answer !== undefined ? { body: answer } : {}) }, ...(refusedLocally ? { refusedLocally } : {}),
    });
  entry.ran = true;
  delete entry.reason;
  const refusal = refusalOf(op.operationId, body, state.allow);
  if (refusal) {
    const answer = refusalAnswer(refusal);
    json(res, 200, answer);
    entry.steps = [...entry.steps, { name: `${step} (refused by the allow list)`, refusal: true, status: 200, ...answer }].slice(-STEPS_KEPT);
    record(200, { 'content-type': 'application/json' }, answer, true);
    return;
  }
  const target = new URL(mount.upstream.replace(/\/+$/, '') + url.pathname.slice(mount.api === 'dmp' ? mount.mount.length : 0) + url.search);
  const up = await forward(target, req, raw);
  res.writeHead(up.status, up.headers).end(up.raw);
  const answer = parseAnswer(up.status, String(up.headers['content-type'] ?? ''), decoded(up));
  // Tokens the services hand out are secrets from now on, wherever they appear.
  if (isObject(answer.body)) for (const field of ['auth_token', 'access_token']) state.redactor.add(String(answer.body[field] ?? ''));
  entry.steps = [...entry.steps, { name: step, refusal: false, status: answer.status, ...outcomeOf(answer) }].slice(-STEPS_KEPT);
  entry.findings.push(...checkRequest(op, body, step), ...checkAnswer(op, answer, step), ...checkUndocumented(op, answer, step));
  record(up.status, flatHeaders(up.headers), answer.body);
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { docs } = documents();
  const redactor = new Redactor();
  const state: ProxyState = {
    mounts: [
      { api: 'push-v1', mount: '/v1', upstream: options.upstream, route: createRouter(docs['push-v1'], { basePath: '/v1/{appid}' }) },
      { api: 'dmp', mount: '/dmp', upstream: options.dmpUpstream, route: createRouter(docs.dmp, { basePath: '/dmp' }) },
    ],
    allow: { cids: options.allowCids, aliases: options.allowAliases ?? [], appPush: options.allowAppPush ?? false },
    report: emptyReport(options),
    redactor,
    recorder: options.recordDir ? new Recorder(options.recordDir, redactor) : undefined,
    count: 0,
  };
  const server = http.createServer((req, res) => {
    handle(state, req, res).catch((error: Error) => {
      if (!res.headersSent) json(res, 502, { result: 'other_error', desc: `pushapi-verify proxy: ${redactor.text(error.message)}` });
      else res.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    report: () => redactor.value(finish(state.report)),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      state.report.finishedAt = new Date().toISOString();
      return redactor.value(finish(state.report));
    },
  };
}
