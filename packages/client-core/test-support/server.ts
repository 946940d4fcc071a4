// A scripted HTTP server on 127.0.0.1 for the clients' tests: records every request and answers
// with whatever the test's handler returns. Test-only; never bundled into a client.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /**
   * Never answer: the server holds the request until the client closes the connection (a timeout, an abort). A test
   * of a timeout pairs it with fake timers (./timers.ts), so that the client gives up only when the test says so,
   * never in a race between a real delay and a real timeout.
   */
  hold?: boolean;
  /** Destroy the socket without answering (for network errors). */
  hangUp?: boolean;
}

export type Handler = (req: SeenRequest, count: (path: string) => number) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  /** Number of requests whose path starts with `prefix`. */
  count(prefix: string): number;
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  let current = handler;
  const count = (prefix: string) => requests.filter((r) => r.path.startsWith(prefix)).length;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      json,
    };
    requests.push(seen);
    const reply = await current(seen, count);
    if (reply.hold) {
      if (!req.socket.destroyed) await new Promise((closed) => req.socket.once('close', closed));
      return;
    }
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.json !== undefined ? 'application/json' : 'text/plain',
      ...reply.headers,
    });
    res.end(payload);
  });
  // Idle connections stay open for the whole test (close() ends them). With Node's 5 s default, a client on a busy
  // machine may reuse a connection at the moment the server closes it: ECONNRESET, a retry, one call too many.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count,
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A promise with its resolve exposed, for tests that decide from outside when a scripted step happens. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
