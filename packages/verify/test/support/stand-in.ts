// Stand-ins of "the real service", written here: a node:http server in front of a sandbox app that answers as
// the sandbox does (the faithful one), or with planted deviations rewriting chosen answers. It records what it
// received, so a test can tell what reached "the service".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDocument } from '@pushapi/openapi/apis';
import { createRouter } from '@pushapi/openapi/walk';

export interface Received {
  operationId: string | undefined;
  method: string;
  path: string;
  body: unknown;
}

export interface Answer {
  status: number;
  contentType: string;
  body: any;
}

/** Rewrites an answer of one operation; `answer` is what the sandbox said (undefined: not forwarded). */
export interface Deviation {
  operationId: string;
  when?: (request: Received) => boolean;
  answer: (sandboxAnswer: Answer, request: Received) => Answer | { raw: string; status: number; contentType: string };
  /** Do not forward the request at all (the answer is made up). */
  local?: boolean;
}

export interface StandIn {
  url: string;
  dmpUrl: string;
  received: Received[];
  stop(): Promise<void>;
}

const push = createRouter(loadDocument('push-v1'), { basePath: '/v1/{appid}' });
const dmp = createRouter(loadDocument('dmp'), { basePath: '/dmp' });

export async function startStandIn(sandboxUrl: string, deviations: Deviation[] = []): Promise<StandIn> {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = (url.pathname.startsWith('/dmp/') ? dmp : push)(req.method ?? 'GET', url.pathname);
    const request: Received = {
      operationId: match?.entry.operationId,
      method: req.method ?? 'GET',
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    received.push(request);
    const deviation = deviations.find((d) => d.operationId === request.operationId && (d.when?.(request) ?? true));
    let answer: Answer = { status: 200, contentType: 'application/json', body: undefined };
    if (!deviation?.local) {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const upstream = await fetch(`${sandboxUrl}${url.pathname}${url.search}`, {
        method: req.method!,
        headers,
        ...(text ? { body: text } : {}),
      });
      const body = await upstream.text();
      answer = {
        status: upstream.status,
        contentType: upstream.headers.get('content-type') ?? '',
        body: body ? JSON.parse(body) : undefined,
      };
    }
    const out = deviation ? deviation.answer(answer, request) : answer;
    const raw = 'raw' in out ? out.raw : JSON.stringify(out.body);
    res.writeHead(out.status, { 'content-type': out.contentType }).end(raw);
  });
  // Idle connections stay open for the whole test: with Node's 5 s default a busy machine lets the verifier reuse a
  // connection at the moment the stand-in closes it (ECONNRESET).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    dmpUrl: `${url}/dmp`,
    received,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
