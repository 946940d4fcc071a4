// How the clients' GET/POST/DELETE go through openapi-fetch without building WHATWG Request and Response objects.
// openapi-fetch still builds the URL, the headers and the JSON body from the typed call; it is handed PlainRequest
// as its Request class, and the answer the transport has already read and parsed comes back without a Response.
// Building those objects (each one with a body stream) and reading their bodies again cost more per call than a
// loopback round trip's worth of CPU on Node 20.
import type { Answer, Outgoing } from './exchange.js';
import type { RetryOptions } from './retry.js';

/** An answer the transport accepted: its text, and its JSON parsed once. */
export interface Accepted extends Answer {
  json: unknown;
}

/** Per-call settings the transport applies (besides the caller's signal, which travels with the request). */
export interface CallSettings {
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
}

export type Transport = (out: Outgoing, call?: CallSettings) => Promise<Accepted>;

/** openapi-fetch's `Request` option: keeps what openapi-fetch computed as plain data, with no body stream. */
export class PlainRequest implements Outgoing {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;

  constructor(url: string | URL, init: RequestInit = {}) {
    if (init.body != null && typeof init.body !== 'string') throw new TypeError('PlainRequest: the body must be serialized to a string');
    this.url = String(url);
    this.method = init.method ?? 'GET';
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body ?? undefined;
    this.signal = init.signal ?? undefined;
  }
}

/** A WHATWG Request (from openapi-fetch, or from a middleware) as plain data. */
export async function toOutgoing(request: Request): Promise<Outgoing> {
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : (await request.text()) || undefined;
  return { url: request.url, method, headers: new Headers(request.headers), body, signal: request.signal };
}

/** A real Response carrying an accepted answer, for callers of the plain openapi-fetch client and its middleware. */
export function responseOf(accepted: Accepted): Response {
  const headers = new Headers(accepted.headers);
  // The text is already decoded; its original length and encoding no longer describe it.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(accepted.text, { status: accepted.status, headers });
}

/**
 * What openapi-fetch reads of an answer when a call asks it for `parseAs: 'stream'`: status, ok, headers and body
 * (here null: the JSON is taken from the transport instead). Only ever seen by openapi-fetch itself.
 */
const plainAnswer = (accepted: Accepted): Response =>
  ({ status: accepted.status, ok: true, headers: accepted.headers, body: null }) as unknown as Response;

/** The part of an openapi-fetch client used here (its typed signatures are applied by each client). */
interface OpenApiFetch {
  request(method: string, path: string, init: object): Promise<{ data?: unknown }>;
  use(...middleware: unknown[]): void;
  eject(...middleware: unknown[]): void;
}

/**
 * Returns `call(method, path, init)` for a client's typed methods. Calls take the plain path (PlainRequest, no
 * Response) while no middleware is registered on `api`; with middleware, they go through real Request and Response
 * objects, so middleware always sees what openapi-fetch documents. openapi-fetch keeps its middleware list
 * private, so `use` and `eject` are wrapped to mirror it.
 */
export function callThrough(
  api: unknown,
  transport: Transport,
): (method: string, path: string, init: CallSettings & { params?: unknown; body?: unknown; signal?: AbortSignal | undefined }) => Promise<unknown> {
  const client = api as OpenApiFetch;
  const middleware: unknown[] = [];
  const { use, eject } = client;
  client.use = (...added) => {
    // Recorded first: if openapi-fetch rejects one, the calls merely keep the general path.
    for (const m of added) if (m) middleware.push(m);
    use(...added);
  };
  client.eject = (...removed) => {
    eject(...removed);
    for (const m of removed) {
      const i = middleware.indexOf(m);
      if (i !== -1) middleware.splice(i, 1);
    }
  };

  return async (method, path, { timeoutMs, retry, signal, params, body }) => {
    const settings: CallSettings = { timeoutMs, retry };
    if (middleware.length > 0) {
      const fetch = async (request: Request) => responseOf(await transport(await toOutgoing(request), settings));
      return (await client.request(method, path, { params, body, signal, fetch })).data;
    }
    let accepted: Accepted | undefined;
    const fetch = async (request: PlainRequest) => {
      accepted = await transport(request, settings);
      return plainAnswer(accepted);
    };
    await client.request(method, path, { params, body, signal, fetch, Request: PlainRequest, parseAs: 'stream' });
    return accepted?.json;
  };
}
