// The one client of the sandbox's control API (openapi-fetch with the control document's generated types), for
// every side that calls it: the library (`sandbox.control`, `sandbox.app()`), the MCP server and the inbox page and
// console. Browser-safe: fetch only, nothing of Node. Two modes: a throwing client (the default) throws a
// ControlError for every refused call, so that a test never goes on with an app or a device that was not made; a
// client made with `throwing: false` answers as openapi-fetch does, and `data()` reads a call's data or throws the
// same ControlError.
import { HttpError, readViolations } from '@pushapi/client-core';
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';
import { MOUNTS } from './config.js';

type Problem = components['schemas']['Problem'];

export interface ControlClientOptions {
  /** The sandbox origin (such as http://127.0.0.1:4020) or its control URL (…/control). */
  baseUrl: string;
  /** The control token, when the sandbox was started with one. */
  token?: string;
  /** Headers read at each call (the page's token, which its form may change between calls). */
  headers?: () => Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
  /** Whether a refused call throws a ControlError (the default) or answers with its `error`, for `data()`. */
  throwing?: boolean;
}

/** openapi-fetch's client, typed by the control document (JSON answers: the event stream is read with EventSource). */
export type ControlClient = Client<paths, 'application/json'>;

/**
 * A refused control call: an HttpError (the clients' shared class, so one `instanceof HttpError` covers them all)
 * with the problem details the sandbox answered.
 */
export class ControlError extends HttpError {
  static override readonly kind: string = 'ControlError';
  override name = 'ControlError';
  /** The problem details of the answer (RFC 9457), when it sent them. */
  readonly problem: Partial<Problem> | undefined;
  /** What the sandbox said, alone: the problem's detail, else its title, else the status (as the page shows it). */
  readonly reason: string;

  constructor(status: number, problem: Partial<Problem> | undefined, operation: string, url: string) {
    const violations = readViolations(null, problem, (text) => text);
    super({ status, url, violations, detail: problem?.detail }, { operation });
    this.problem = problem;
    this.reason = problem?.detail ?? problem?.title ?? `HTTP ${status}`;
  }
}

const operationOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

export function createControlClient(options: ControlClientOptions): ControlClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const baseUrl = base.endsWith(MOUNTS.control) ? base : `${base}${MOUNTS.control}`;
  const client = createClient<paths, 'application/json'>({
    baseUrl,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { headers } = options;
  client.use({
    onRequest({ request }) {
      if (headers) for (const [name, value] of Object.entries(headers())) request.headers.set(name, value);
      // The sandbox takes a control call that changes state only as JSON (no page of another site can send that):
      // openapi-fetch names no content type for a call without a body, so it is named here.
      if (request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.has('content-type'))
        request.headers.set('content-type', 'application/json');
      return request;
    },
  });
  if (options.throwing !== false)
    client.use({
      async onResponse({ response, request }) {
        if (response.ok) return undefined;
        const problem = (await response
          .clone()
          .json()
          .catch(() => undefined)) as Problem | undefined;
        throw new ControlError(response.status, problem, operationOf(request), request.url);
      },
    });
  return client;
}

/** The data of a control call, or the ControlError of its refusal (for a client made with `throwing: false`). */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: value, error, response } = await call;
  if (response.ok) return value as T;
  const path = URL.canParse(response.url) ? new URL(response.url).pathname : response.url;
  throw new ControlError(response.status, error as Partial<Problem> | undefined, path, response.url);
}
