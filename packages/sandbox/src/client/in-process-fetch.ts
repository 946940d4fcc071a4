// `sandbox.fetch`: a WHATWG fetch that hands each request to the sandbox's own request listener in this process,
// with no socket. Why: a test suite's calls then cost what a stub in the process (MSW) costs, with no loopback round
// trip between client, kernel and server, while every check of the HTTP path still runs (the listener is the
// server's own: Host and Origin guard, JSON for writes, body limits, tokens). light-my-request (Fastify's injection
// library) makes the request and response objects the listener reads and writes.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type InjectOptions, inject, type Response as Injected } from 'light-my-request';

/** The WHATWG signature: what `globalThis.fetch` takes, so it fits every client that takes a fetch. */
export type SandboxFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface InProcessFetch {
  fetch: SandboxFetch;
  /** Ends every call in progress (a long wait too) and refuses later ones: the sandbox is stopping. */
  close(): void;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** What fetch rejects with when the connection fails: a TypeError with the cause, as Node's fetch does. */
const networkError = (cause: unknown) => new TypeError('fetch failed', { cause });

/** The request's headers as node:http gives them to a listener, with the defaults Node's fetch sends. */
function headersOf(request: Request, url: URL): Record<string, string> {
  const headers: Record<string, string> = { host: url.host, 'user-agent': 'node', accept: '*/*' };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function responseOf(answer: Injected, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
  }
  const empty = method === 'HEAD' || NO_BODY.has(answer.statusCode);
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    statusText: answer.statusMessage,
    headers,
  });
}

/** A fetch for `origin` (the sandbox's own, such as http://127.0.0.1:4020) served by `listener` in this process. */
export function inProcessFetch(listener: RequestListener, origin: string): InProcessFetch {
  const open = new Set<ServerResponse>();
  let closed = false;

  /**
   * Hands one request to the listener; `signal` aborted ends its response, so the sandbox sees its client gone (a
   * wait ends at once). light-my-request's own `signal` option cannot end a request whose body was read.
   */
  const dispatchFor = (signal: AbortSignal) => (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    const end = () => res.destroy();
    signal.addEventListener('abort', end, { once: true });
    res.once('close', () => {
      open.delete(res);
      signal.removeEventListener('abort', end);
    });
    // The pipeline drops a connection (a `drop` fault) by destroying the socket; the injected one is a stand-in
    // without destroy, so it ends the response, which fails the call as a dropped connection fails fetch.
    Object.assign(req.socket, { destroy: end });
    if (signal.aborted) end();
    else listener(req, res);
  };

  async function call(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    // A Request as it comes (the clients send one) is read as it is: a copy would cost a new signal and headers.
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    // Another origin (a proxy in front of the sandbox, another sandbox) is reached over the network, as by fetch.
    if (url.origin !== origin) return globalThis.fetch(request);
    const { signal } = request;
    signal.throwIfAborted();
    if (closed) throw networkError(new Error(`the sandbox at ${origin} has stopped`));
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    signal.throwIfAborted();
    const options: InjectOptions = {
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: headersOf(request, url),
      ...(body ? { payload: body } : {}),
    };
    try {
      // The callback form: the promise form's chain object (and its nextTick) costs more per call.
      const answer = await new Promise<Injected>((resolve, reject) =>
        inject(dispatchFor(signal), options, (error, answered) =>
          error || !answered ? reject(error ?? new Error('light-my-request answered nothing')) : resolve(answered),
        ),
      );
      return responseOf(answer, request.method);
    } catch (error) {
      // An abort ended the response (dispatchFor): the call rejects with the signal's reason, as fetch does.
      throw signal.aborted ? signal.reason : networkError(error);
    }
  }

  return {
    fetch: call,
    close() {
      closed = true;
      for (const res of open) res.destroy();
    },
  };
}
