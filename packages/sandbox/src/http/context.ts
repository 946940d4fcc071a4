// What the pipeline (pipeline.ts) reads and fills for one request: the parts made once at start-up, the request,
// and what each stage found. One object seen through its phases (received -> routed -> found -> faulted -> read ->
// admitted -> checked -> validated -> handled):
// a stage is given the phase it needs, so what an earlier stage found is there by its type. The request-log entry
// is made from it once, at the end, whatever phase the request reached (log-entry.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Reply } from '../interfaces/answer.js';
import type { Api, Call, ControlAccess, Handler, Services } from '../interfaces/call.js';
import type { ApiName, OperationSpec } from '../start/documents.js';
import type { PageServer } from './page-files.js';
import type { AppState } from '../state/store.js';
import type { FaultRecord } from '../state/records.js';
import type { Committer } from '../state/unit.js';
import type { Deviation } from '../validation/lenient.js';
import type { SchemaSet } from '../validation/schemas.js';
import type { Guard } from './guard.js';
import type { HealthEndpoints } from './health.js';
import type { Router } from './router.js';
import type { TeamLimits } from './team-limits.js';

/** An operation with its interface and its handler, bound once at start-up. */
export interface BoundOperation {
  op: OperationSpec;
  api: Api;
  handle: Handler;
}

/** What lives as long as the server: made by createSandboxServer, read by every stage. */
export interface ServerParts {
  services: Services;
  committer: Committer;
  schemas: SchemaSet;
  router: Router;
  guard: Guard;
  access: ControlAccess;
  operations: ReadonlyMap<OperationSpec, BoundOperation>;
  page: PageServer;
  health: HealthEndpoints;
  /** What each team may hold at once (team-limits.ts). */
  limits: TeamLimits;
  log: ((line: string) => void) | undefined;
}

/** A request as received, and whatever the stages found before it ended: what the log and a refusal read. */
export interface RequestContext {
  readonly parts: ServerParts;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** performance.now() and real time (epoch ms) when the request came. */
  readonly started: number;
  readonly at: number;
  readonly method: string;
  readonly url: URL;
  /** The team the call counts against (team-limits.ts), once routed; and how it stops counting. */
  team?: string;
  leave?: () => void;
  /** What the request reached: an interface, the page (and the operator's endpoints), or nothing. */
  api: ApiName | 'page' | 'none';
  /** The methods a path allows, for a 405's Allow header. */
  allow?: string;
  /** The appid of an app base path (/apps/<appid>/dmp/...). */
  scopedAppid?: string;
  operation?: BoundOperation;
  params: Record<string, string>;
  app?: AppState;
  /** The app's time when the request came to it. */
  appAt?: number;
  // What a stage found, for the log and a refusal whatever phase the request reached; written only by the stage
  // that finds it, as it returns the next phase (Faulted, Read, Checked below).
  readonly fault?: FaultRecord;
  readonly raw?: Buffer;
  readonly body?: unknown;
  call?: Call;
  readonly deviations: Deviation[];
  reply?: Reply;
  /** The status answered; 0 while none is (a dropped connection, an event stream). */
  status: number;
}

/** After the route stage: the operation the method and path reach, with its path parameters. */
export interface Routed extends RequestContext {
  operation: BoundOperation;
}

/** After the app stage: the app the call concerns with its time when the request came, or no app. */
export type Found = Routed & ({ app: AppState; appAt: number } | { app?: undefined; appAt?: undefined });

/** After the fault stage: the fault injected for this operation that the call meets, or none. */
export type Faulted = Found & { readonly fault: FaultRecord | undefined };

/** After the body stage: the body as received and as parsed (none for a method without one). */
export type Read = Faulted & { readonly raw: Buffer | undefined; readonly body: unknown };

/** After admission: the call the validator and the handler read. */
export type Admitted = Read & { call: Call };

/** Validation's findings, kept whether or not it refused: the deviations a lenient app's call was read through. */
export type Checked = Admitted & { readonly deviations: Deviation[] };

/** After validation: the call as checked against its document (what the handler reads), and only then. */
export type Validated = Checked & { readonly validated: true };

/** After the handler: its reply (which the commit announces and the answer sends). */
export type Handled = Validated & { reply: Reply };

export function newContext(parts: ServerParts, req: IncomingMessage, res: ServerResponse): RequestContext {
  return {
    parts,
    req,
    res,
    started: performance.now(),
    at: parts.services.realNow(),
    method: (req.method ?? 'GET').toUpperCase(),
    url: requestUrl(req.url),
    api: 'none',
    params: {},
    deviations: [],
    status: 0,
  };
}

/** The request's URL; a target no URL reads (`http://[`) is read as a path that no operation has. */
function requestUrl(target = '/'): URL {
  try {
    return new URL(target, 'http://sandbox.invalid');
  } catch {
    return new URL(`/${encodeURIComponent(target)}`, 'http://sandbox.invalid');
  }
}
