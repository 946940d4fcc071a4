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

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { docs } = documents();
  const routers: Array<{ api: ApiName; mount: string; upstream: string | undefined; route: ReturnType<typeof createRouter> }> = [
    { api: 'push-v1', mount: '/v1', upstream: options.upstream, route: createRouter(docs['push-v1'], { basePath: '/v1/{appid}' }) },
    { api: 'dmp', mount: '/dmp', upstream: options.dmpUpstream, route: createRouter(docs.dmp, { basePath: '/dmp' }) },
  ];
  const allow: AllowList = { cids: options.allowCids, aliases: options.allowAliases ?? [], appPush: options.allowAppPush ?? false };
  const redactor = new Redactor();
  const recorder = options.recordDir ? new Recorder(options.recordDir, redactor) : undefined;
  const report: Report = {
    tool: 'pushapi-verify', mode: 'proxy', target: { baseUrl: options.upstream, ...(options.dmpUpstream ? { dmpUrl: options.dmpUpstream } : {}) },
    startedAt: new Date().toISOString(), parity: { compared: false, reason: 'the proxy compares with the documents only' },
    summary: { operations: 0, ran: 0, failed: 0, findings: {} as Report['summary']['findings'] },
    operations: [...documents().operations.values()].map((op): OperationReport => ({
      operationId: op.operationId, api: op.api, method: op.method.toUpperCase(), path: op.path, ran: false, reason: 'no request went through the proxy',
      ok: true, conformance: null, parity: 'not compared', steps: [], findings: [],
    })),
  };
  let count = 0;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (req.method === 'GET' && url.pathname === '/_pushapi/report') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(redactor.text(JSON.stringify(finish(report))));
      return;
    }
    const routed = routers.find((r) => url.pathname.startsWith(`${r.mount}/`));
    const match = routed?.route(req.method ?? 'GET', url.pathname);
    if (!routed || !routed.upstream || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'other_error', desc: `pushapi-verify proxy: no operation of the documents at ${req.method} ${url.pathname}` }));
      return;
    }
    const op = operation(match.entry.operationId!);
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const entry = report.operations.find((o) => o.operationId === op.operationId)!;
    const step = `${req.method} ${url.pathname.replace(/^\/v1\/[^/]+/, '/v1/<appid>')} #${++count}`;
    const record = (status: number, headers: Record<string, string>, answer: unknown, refusedLocally = false) =>
      recorder?.write({
        at: new Date().toISOString(), api: routed.api, operationId: op.operationId,
        request: { method: req.method ?? 'GET', path: url.pathname, ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}), headers: flatHeaders(req.headers), ...(body !== undefined ? { body } : {}) },
        response: { status, headers, ...(answer !== undefined ? { body: answer } : {}) }, ...(refusedLocally ? { refusedLocally } : {}),
      });
    entry.ran = true;
    delete entry.reason;
    const refusal = refusalOf(op.operationId, body, allow);
    if (refusal) {
      const answer = refusalAnswer(refusal);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      entry.steps = [...entry.steps, { name: `${step} (refused by the allow list)`, refusal: true, status: 200, ...answer }].slice(-STEPS_KEPT);
      record(200, { 'content-type': 'application/json' }, answer, true);
      return;
    }
    const target = new URL(routed.upstream.replace(/\/+$/, '') + url.pathname.slice(routed.api === 'dmp' ? routed.mount.length : 0) + url.search);
    const up = await forward(target, req, raw);
    res.writeHead(up.status, up.headers).end(up.raw);
    const answer = parseAnswer(up.status, String(up.headers['content-type'] ?? ''), decoded(up));
    if (op.operationId === 'authSign' && isObject(answer.body)) redactor.add(String(answer.body.auth_token ?? ''));
    if (op.operationId === 'getAccessToken' && isObject(answer.body)) redactor.add(String(answer.body.access_token ?? ''));
    entry.steps = [...entry.steps, { name: step, refusal: false, status: answer.status, ...outcomeOf(answer) }].slice(-STEPS_KEPT);
    entry.findings.push(...checkRequest(op, body, step), ...checkAnswer(op, answer, step), ...checkUndocumented(op, answer, step));
    record(up.status, flatHeaders(up.headers), answer.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'other_error', desc: `pushapi-verify proxy: ${redactor.text(error.message)}` }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    report: () => redactor.value(finish(report)),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      report.finishedAt = new Date().toISOString();
      return redactor.value(finish(report));
    },
  };
}
