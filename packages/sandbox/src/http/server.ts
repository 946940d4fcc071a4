// The sandbox's HTTP server: one node:http server for push v1 (/v1/<appid>/), DMP (/dmp), the control API
// (/control) and the inbox page (/). It makes once, at start-up, what every request reads (context.ts): the
// schemas, the router, and each operation bound to its interface's handler (a missing handler fails the start).
// Every request then goes through the same stages, in order (pipeline.ts).
import { performance } from 'node:perf_hooks';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Document } from '@pushapi/openapi/walk';
import type { Api, Services } from '../interfaces/call.js';
import { controlApi } from '../interfaces/control.js';
import { dmp } from '../interfaces/dmp.js';
import { pushV1 } from '../interfaces/push-v1.js';
import { listOperations, type ApiName, type OperationSpec } from '../start/documents.js';
import type { PageServer } from './page-files.js';
import type { Committer } from '../state/unit.js';
import { warmUpChecks } from '../validation/lenient.js';
import { validateRequest } from '../validation/request.js';
import { SchemaSet, type Precompiled } from '../validation/schemas.js';
import { newContext, type BoundOperation, type ServerParts } from './context.js';
import { createGuard } from './guard.js';
import type { HealthEndpoints } from './health.js';
import { serveRequest } from './pipeline.js';
import { Router } from './router.js';
import { TEAM_LIMIT_DEFAULTS, TeamLimits } from './team-limits.js';
import { controlAccess, TeamTokens, type AppToken } from './team-tokens.js';

export interface ServerSetup {
  services: Omit<Services, 'faultOperations' | 'checkRequest'>;
  committer: Committer;
  documents: Record<string, Document>;
  /** The documents' validators generated at build time (validation/standalone.ts); without them they compile on first use. */
  precompiled?: Precompiled;
  /** When set, every control call needs `Authorization: Bearer <token>`. */
  controlToken: string | undefined;
  /** Tokens limited to the apps of a prefix (team-tokens.ts); they need `controlToken`. */
  appTokens?: readonly AppToken[];
  /** The app tokens in force, when they may be replaced while the server runs (a reload); else made of appTokens. */
  teams?: TeamTokens;
  /** Host names answered besides localhost and IP addresses (a shared sandbox behind a proxy). */
  allowedHosts: readonly string[];
  page: PageServer;
  /** One line per request (never a secret); undefined for none. */
  log: ((line: string) => void) | undefined;
  /** GET /healthz, /readyz and /metrics (health.ts). */
  health: HealthEndpoints;
  /** Per-team limits (team-limits.ts); made with the defaults when not given. */
  limits?: TeamLimits;
}

/**
 * How long an idle connection is held, and the shorter time the answers advertise. A client closes an idle
 * connection at the advertised time (undici: that less 1 s, on a timer that ticks about once a second); advertised
 * as the time the sandbox holds it, a busy machine lets the client send on a connection the sandbox is closing at
 * that moment, and the call fails with ECONNRESET. The gap is what Node 24's `keepAliveTimeoutBuffer` gives, here
 * on Node 20 too.
 */
export const KEEP_ALIVE = { heldMs: 10_000, advertisedS: 5 } as const;

/** Each operation of the documents with its interface's handler; an operation without one stops the start. */
function bindOperations(
  operations: readonly OperationSpec[],
  apis: Record<ApiName, Api>,
): Map<OperationSpec, BoundOperation> {
  const bound = new Map<OperationSpec, BoundOperation>();
  for (const op of operations) {
    const api = apis[op.api];
    const handle = api.bind(op);
    if (!handle)
      throw new Error(`the ${op.api} interface has no handler for ${op.operationId} (${op.method} ${op.template})`);
    bound.set(op, { op, api, handle });
  }
  return bound;
}

/**
 * The server, and its request listener without the connection's concerns (keep-alive): `sandbox.fetch`
 * (in-process-fetch.ts) hands requests to the same listener in this process, through every check of the server.
 */
export function createSandboxServer(setup: ServerSetup): { server: Server; listener: RequestListener } {
  const { documents } = setup;
  const operations = listOperations(documents);
  const schemas = new SchemaSet(documents, setup.precompiled);
  // With validators ready-made, the checking code is run once too, so that no first request pays for V8 compiling it.
  if (setup.precompiled) warmUpChecks(schemas, operations);
  const services: Services = {
    ...setup.services,
    faultOperations: operations.flatMap((op) => op.faultName ?? []),
    checkRequest(api, operationId, parts) {
      const op = operations.find((o) => o.api === api && o.operationId === operationId);
      return op && { operation: `${op.method} ${op.template}`, violations: validateRequest(schemas, op, parts) };
    },
  };
  const teams = setup.teams ?? new TeamTokens(setup.controlToken, setup.appTokens ?? []);
  const access = controlAccess(teams);
  const parts: ServerParts = {
    services,
    committer: setup.committer,
    schemas,
    router: new Router(documents, operations),
    guard: createGuard({ allowedHosts: setup.allowedHosts }),
    access,
    operations: bindOperations(operations, { 'push-v1': pushV1, dmp, control: controlApi(access) }),
    page: setup.page,
    health: setup.health,
    limits:
      setup.limits ??
      new TeamLimits(
        TEAM_LIMIT_DEFAULTS,
        (appid) => teams.teamOf(appid),
        () => performance.now(),
      ),
    log: setup.log,
  };
  const listener: RequestListener = (req, res) => void serveRequest(newContext(parts, req, res));
  const server = createServer((req, res) => {
    if (!/\bclose\b/i.test(req.headers.connection ?? ''))
      res.setHeader('keep-alive', `timeout=${KEEP_ALIVE.advertisedS}`);
    listener(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE.heldMs;
  return { server, listener };
}
