// What the server hands each interface for one request, and what each interface gives the server: how it finds
// the app a call concerns, how it checks credentials, its handlers keyed by operationId, and how it answers a
// refusal. The server (http/pipeline.ts) runs the same steps for all three.
import type { IncomingHttpHeaders } from 'node:http';
import type { AppInput } from '../behaviour/apps.js';
import type { Compat } from '../behaviour/compat.js';
import type { Asker, Snapshots } from '../behaviour/snapshots.js';
import type { SandboxMetrics } from '../services/metrics.js';
import type { ApiName, OperationSpec } from '../start/documents.js';
import type { Refusal, Violation } from '../shared/refusal.js';
import type { AppState, Store } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { RequestParts } from '../validation/request.js';
import type { Reply } from './answer.js';
import type { EventBus, Visible } from '../services/events.js';
import type { RequestLog } from '../services/request-log.js';

/** What lives as long as the sandbox: the state, the event stream, the request log, its settings. */
export interface Services {
  store: Store;
  events: EventBus;
  requestLog: RequestLog;
  /** Real time in epoch ms (tests of the sandbox itself may replace it). */
  realNow: () => number;
  /** Whether the state is kept in a data folder. */
  durable: boolean;
  version: string;
  /** How the default app is made at start and after a reset of the sandbox. */
  defaultApp: AppInput & { appid: string };
  /** Operation names a fault may name: those of push v1 and DMP. */
  faultOperations: string[];
  /** The compat mode of apps made without one (`--compat`). */
  compat: Compat;
  /** Snapshots saved by name (in memory). */
  snapshots: Snapshots;
  /** The Prometheus metrics (GET /metrics); undefined when the sandbox runs without them. */
  metrics?: SandboxMetrics;
  /** Checks a request against its operation as the server does (undefined: no such operation). */
  checkRequest(
    api: ApiName,
    operationId: string,
    parts: RequestParts,
  ): { operation: string; violations: Violation[] } | undefined;
}

/** Who may make a control call and what they see (http/team-tokens.ts: the control token and the app tokens). */
export interface ControlAccess {
  /** Throws 401 unless the request carries a token of this sandbox (anyone, when it has none). */
  check(headers: IncomingHttpHeaders): void;
  /** Throws 403 when the request's token may not make this call (before the body is checked). */
  admit(call: Call): void;
  /** What the request's token may see. */
  visible(headers: IncomingHttpHeaders): Visible;
  /** What a request that needs no token (GET /metrics) sees: an app token's apps, or all without one. */
  narrowed(headers: IncomingHttpHeaders): Visible;
  /** Whose snapshots the request's token finds: its team's, or all (the administrator). */
  asker(headers: IncomingHttpHeaders): Asker;
}

/**
 * The path parameters an operation declares, each as decoded text: the check against the document has found every
 * one of them before a handler runs, so a handler typed by its operation reads them without a guess.
 */
export type PathOf<Operation> = Operation extends { parameters: { path: infer P } }
  ? P extends object
    ? { [K in keyof P]-?: string }
    : Record<string, never>
  : Record<string, never>;

export interface Call<Body = unknown, Query = Record<string, unknown>, Params = Record<string, string>> {
  unit: Unit;
  services: Services;
  op: OperationSpec;
  /** The app the call concerns, resolved once by the interface's `appOf`. */
  app: AppState | undefined;
  /** The app's time (real time for a call of no app). */
  now: number;
  /** Path parameters, decoded. */
  params: Params;
  /** Query parameters, numbers and booleans read as such. */
  query: Query;
  /** The query as sent (texts that are signed must be read as they came). */
  search: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body, checked against the operation's schema. */
  body: Body;
}

/** A call whose app exists (every push v1 call, and the control calls under /apps/{appid}). */
export type AppCall<Body = unknown, Query = Record<string, unknown>, Params = Record<string, string>> = Call<
  Body,
  Query,
  Params
> & { app: AppState };

export interface Api {
  name: ApiName;
  /** The app a call concerns, found before anything else (for the request log and for its faults). */
  appOf(
    services: Services,
    op: OperationSpec,
    params: Record<string, string>,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
  ): AppState | undefined;
  /** Checks made before anything is read (the control token). Throws a Refusal. */
  guard?(headers: IncomingHttpHeaders): void;
  /** Checks what comes before the request's own validity: the app, the credentials. Throws a Refusal. */
  admit(call: Call): void;
  /** The status of a request that breaks the document. */
  invalidStatus: 400 | 422;
  /** The operation's handler (run once the body has been checked), bound at start-up; undefined: the interface has none. */
  bind(op: OperationSpec): Handler | undefined;
  /** How this interface answers a refusal. */
  refuse(refusal: Refusal, call: { headers: IncomingHttpHeaders }): Reply;
}

/** Runs one operation and answers it. */
export type Handler = (call: Call) => Reply;

/**
 * The handler a table keeps for an operationId, looked up once at start-up. The table's types say what the check
 * against the document guarantees of each operation's call (its body, its query): that check runs before any handler.
 */
export function handlerOf<F>(table: object, operationId: string): F | undefined {
  return Object.hasOwn(table, operationId) ? (table as Record<string, F>)[operationId] : undefined;
}

/** Whether the call's app exists (every push v1 call once admitted, the control calls under /apps/{appid}). */
export const hasApp = (call: Call): call is AppCall => call.app !== undefined;

export const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};
