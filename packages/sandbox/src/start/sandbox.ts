// Starting and stopping a sandbox in this process: the state (in memory, or in a data folder), the server, and
// the timer that lets running clocks fire scheduled pushes and expire offline messages.
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Services } from '../interfaces/call.js';
import { EventBus } from '../services/events.js';
import { RequestLog } from '../services/request-log.js';
import { createApp, type AppInput } from '../behaviour/apps.js';
import { DEFAULT_APP, DEFAULT_HOST, DEFAULT_PORT, MOUNTS } from '../shared/config.js';
import { documentOf, loadDocuments } from './documents.js';
import { loadPrecompiled } from '../validation/standalone.js';
import type { Precompiled } from '../validation/schemas.js';
import { warmUpRequestPath } from './warm-up.js';
import type { Document } from '@pushapi/openapi/walk';
import { MIN_TOKEN_LENGTH } from '../http/guard.js';
import { commitUnit } from '../services/commit.js';
import { expireIdleApps, runDueOfEveryApp } from '../services/due-work.js';
import { flushUsage } from '../services/usage.js';
import { packageDir } from '../http/package-dir.js';
import { createSandboxServer } from '../http/server.js';
import { inProcessFetch, type SandboxFetch } from '../client/in-process-fetch.js';
import type { Key } from '../state/kinds.js';
import { healthEndpoints, Readiness } from '../http/health.js';
import { TEAM_LIMIT_DEFAULTS, TeamLimits, type TeamLimitSettings } from '../http/team-limits.js';
import { TeamTokens, type AppToken } from '../http/team-tokens.js';
import { SandboxMetrics } from '../services/metrics.js';
import { docsSite, pages, workspaceDocsDir } from '../http/docs-site.js';
import { staticPage } from '../http/page-files.js';
import type { Compat } from '../behaviour/compat.js';
import { Snapshots } from '../behaviour/snapshots.js';
import { keepSnapshot, readSnapshots } from '../behaviour/snapshot-store.js';
import { loadWorld, type World } from '../behaviour/world.js';
import { Refusal } from '../shared/refusal.js';
import { SeedError, worldOf } from './seed.js';
import { loadStore, recordCheck, reloadApps } from '../state/load.js';
import { lmdbPersistence, memoryPersistence } from '../state/persistence.js';
import { snapshotOf } from '../state/snapshot.js';
import type { Store } from '../state/store.js';
import { Committer, Unit } from '../state/unit.js';

export const VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string }
).version;

export interface SandboxOptions {
  /** Address to listen on. Default 127.0.0.1; any other needs `controlToken`. */
  host?: string;
  /** Port; 0 picks a free one. Default 4020. */
  port?: number;
  /** Keep state in this folder across restarts; default: in memory. The folder has one owner at a time. */
  dataDir?: string;
  /** Token the control API requires (Authorization: Bearer), 16 characters or more. Required when `host` is not a loopback address. */
  controlToken?: string;
  /** Tokens that control only the apps whose appid starts with their prefix (README: tokens per team); need `controlToken`. */
  appTokens?: AppToken[];
  /** Host names to answer besides localhost, *.localhost and IP addresses (a shared sandbox reached by a name). */
  allowedHosts?: string[];
  /** The default app's credentials (defaults: the public values of DEFAULT_APP). */
  defaultApp?: { appid?: string; appkey?: string; mastersecret?: string; userCode?: string; authCode?: string };
  /** One line per request (never a secret). Default: none. */
  log?: (line: string) => void;
  /**
   * How apps made without a `settings.compat` read push v1 and DMP requests: `strict` (the default) refuses what the
   * description forbids; `lenient` reads the deviations of clients in use and records them (README: Compat mode).
   */
  compat?: Compat;
  /** A world to load at start (its object, or the path of a JSON or YAML file), saved as the snapshot `seed`. */
  seed?: World | string;
  /** A built reference site (docs/site) to serve at /docs/; default: the workspace's, when this runs from it. */
  docsDir?: string;
  /** Serve Prometheus metrics at GET /metrics (default true). */
  metrics?: boolean;
  /** Add the appid as a label of the request metrics (default false: thousands of apps, thousands of series). */
  metricsPerApp?: boolean;
  /** What one team (an app-token prefix) may hold on this process (http/team-limits.ts); the rest keep the defaults. */
  teamLimits?: Partial<TeamLimitSettings>;
  /** Remove an app, with its data, that no call has named for this long (real ms); default: never. */
  appIdleExpiryMs?: number;
}

export interface RunningSandbox {
  /** The origin, such as http://127.0.0.1:4020. */
  url: string;
  /** The base URL for the push v1 client (it appends /v1/<appid>). */
  pushBaseUrl: string;
  /** The base URL for the DMP client. */
  dmpBaseUrl: string;
  /** The base URL of the control API. */
  controlUrl: string;
  /**
   * A fetch served by this sandbox in this process, with no socket (in-process-fetch.ts), through every check of
   * the server; URLs of another origin go to the global fetch. It answers once the whole answer is written (the
   * event stream needs `url`).
   */
  fetch: SandboxFetch;
  host: string;
  port: number;
  /** Whether state is kept in a data folder. */
  persistent: boolean;
  /** The state in memory (read it; change it only through the APIs). */
  store: Store;
  /** A JSON copy of the whole state, to compare before and after a request in tests. */
  snapshot(): unknown;
  /**
   * Puts a new set of app tokens in force at once (the command does on SIGHUP, re-reading its token file). A set
   * that fails the start's checks, or a function that throws (a file that cannot be read), throws, naming prefixes only; the old set
   * stays and GET /metrics says so (sandbox_app_tokens_last_reload_successful 0). Returns the prefixes.
   */
  reloadAppTokens(appTokens: readonly AppToken[] | (() => readonly AppToken[])): readonly string[];
  stop(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export const isLoopback = (host: string) => LOOPBACK.test(host);

export function listenSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return listen(options);
}

/** The documents and their validators, loaded once: a scratch sandbox (warm-up.ts) is given those of its sandbox. */
interface Loaded {
  documents: Record<string, Document>;
  precompiled: Precompiled | undefined;
}

/** Starts a sandbox; `scratchOf` makes the scratch one that warms the request path up (it is not warmed itself). */
async function listen(options: SandboxOptions, scratchOf?: Loaded): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  if (!isLoopback(host) && !options.controlToken) {
    throw new Error(
      `the sandbox listens on ${host}, beyond this machine: give it a control token (--control-token or SANDBOX_CONTROL_TOKEN) to protect the control API`,
    );
  }
  if (options.controlToken !== undefined && options.controlToken.length < MIN_TOKEN_LENGTH) {
    throw new Error(
      `the control token has ${options.controlToken.length} characters; give one of at least ${MIN_TOKEN_LENGTH} (a short one can be guessed)`,
    );
  }
  const teams = new TeamTokens(options.controlToken, options.appTokens ?? []);
  const documents = scratchOf?.documents ?? loadDocuments();
  const precompiled = scratchOf ? scratchOf.precompiled : loadPrecompiled(documents);
  const persistence = options.dataDir ? await lmdbPersistence(options.dataDir) : memoryPersistence();
  const dataDir = options.dataDir ?? '(memory)';
  const controlDocument = documentOf(documents, 'sandbox');
  let store: Store;
  const committer = new Committer(persistence, {
    rollBack: (appids) => reloadApps(store, persistence, controlDocument, dataDir, appids),
    failed: (error, recovered) => storeFailed(error, recovered),
  });
  let world: World | undefined;
  const snapshots = new Snapshots(undefined, keepSnapshot);
  try {
    const kept: { key: Key; json: string }[] = [];
    store = loadStore(persistence, controlDocument, options.dataDir ?? '(memory)', (entry) => kept.push(entry));
    snapshots.loaded(readSnapshots(kept, recordCheck(controlDocument), options.dataDir ?? '(memory)'));
    if (options.seed !== undefined) world = worldOf(options.seed, documents);
  } catch (error) {
    await committer.close();
    throw error;
  }
  const compat = options.compat ?? 'strict';
  const defaultApp: AppInput & { appid: string } = {
    appid: options.defaultApp?.appid ?? DEFAULT_APP.appid,
    appkey: options.defaultApp?.appkey ?? DEFAULT_APP.appkey,
    mastersecret: options.defaultApp?.mastersecret ?? DEFAULT_APP.mastersecret,
    userCode: options.defaultApp?.userCode ?? DEFAULT_APP.userCode,
    authCode: options.defaultApp?.authCode ?? DEFAULT_APP.authCode,
    name: 'Default app',
    settings: { compat },
  };
  const services: Omit<Services, 'faultOperations' | 'checkRequest'> = {
    store,
    events: new EventBus(),
    requestLog: new RequestLog(),
    realNow: Date.now,
    durable: persistence.durable,
    version: VERSION,
    defaultApp,
    compat,
    snapshots,
  };
  const limits = new TeamLimits(
    { ...TEAM_LIMIT_DEFAULTS, ...options.teamLimits },
    (appid) => teams.teamOf(appid),
    () => performance.now(),
  );
  if (options.metrics !== false) {
    const events = services.events;
    services.metrics = new SandboxMetrics(
      { perApp: options.metricsPerApp === true },
      {
        store,
        streamClients: () => events.streamClients,
        storeWritable: () => committer.broken === undefined,
        teams: () => limits.usage(),
      },
    );
  }
  const readiness = new Readiness();
  // A refused commit is answered once and rolled back; a store that cannot even be read back takes the process out
  // of the balancer (/readyz 503) rather than answering every later call with an error.
  function storeFailed(error: unknown, recovered: boolean): void {
    services.metrics?.commitFailed(recovered);
    const reason = (error as Error)?.message ?? String(error);
    console.error(
      `sandbox: the data folder refused a commit (${reason}); ${recovered ? 'its apps were reloaded from the store' : 'the store cannot be read back: not ready until restarted'}`,
    );
    if (!recovered) readiness.set(false, `the store cannot commit (${reason}); restart the process`);
  }
  if (!store.apps.has(defaultApp.appid)) {
    const unit = new Unit(store, services.realNow());
    createApp(unit, defaultApp);
    await commitUnit(services, committer, unit);
  }
  if (world) {
    const unit = new Unit(store, services.realNow());
    try {
      loadWorld(unit, world, compat);
      // Saved before the world is stored: a world whose snapshot passes the snapshot budgets stops the start.
      services.snapshots.save(store, 'seed', undefined, services.realNow(), undefined, unit);
    } catch (error) {
      await committer.close();
      throw error instanceof Refusal
        ? new SeedError(typeof options.seed === 'string' ? options.seed : '(the seed option)', error.detail)
        : error;
    }
    await commitUnit(services, committer, unit, [], true);
  }
  const { server, listener } = createSandboxServer({
    services,
    committer,
    documents,
    precompiled,
    controlToken: options.controlToken,
    teams,
    allowedHosts: options.allowedHosts ?? [],
    page: pages(staticPage(), docsSite(options.docsDir ?? workspaceDocsDir())),
    log: options.log,
    health: healthEndpoints(readiness, services.metrics),
    limits,
  });
  // With validators ready-made, the request path runs once on a scratch sandbox before this one listens.
  if (!scratchOf && precompiled) {
    const scratch = {
      port: 0,
      host: '127.0.0.1',
      compat,
      metrics: options.metrics,
      metricsPerApp: options.metricsPerApp,
    };
    await warmUpRequestPath(() => listen(scratch, { documents, precompiled }), documents).catch((error: unknown) =>
      options.log?.(`warm-up of the request path failed (the first requests will be slower): ${String(error)}`),
    );
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await committer.close();
    throw error;
  }
  // Listening only now, the sandbox has its store open, its seed loaded and its documents compiled (the built
  // package loads every validator ready-made and has run its request path once; from the source tree validators
  // compile on first use).
  readiness.set(true, 'ready');
  const idleMs = options.appIdleExpiryMs;
  const timer = setInterval(() => {
    runDueOfEveryApp(services, committer);
    void flushUsage(store, committer, services.realNow()); // the usage ledgers changed in the last second
    if (idleMs !== undefined)
      void expireIdleApps(services, committer, idleMs).then(
        (gone) =>
          gone.length > 0 &&
          options.log?.(`removed ${gone.length} apps unused for ${idleMs / 60_000} minutes: ${gone.join(', ')}`),
        () => undefined,
      );
  }, 1000);
  timer.unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let stopping: Promise<void> | undefined;
  const inProcess = inProcessFetch(listener, url);
  return {
    url,
    pushBaseUrl: url,
    dmpBaseUrl: `${url}${MOUNTS.dmp}`,
    controlUrl: `${url}${MOUNTS.control}`,
    fetch: inProcess.fetch,
    host,
    port,
    persistent: persistence.durable,
    store,
    snapshot: () => snapshotOf(store),
    reloadAppTokens(appTokens) {
      try {
        teams.replace(typeof appTokens === 'function' ? appTokens() : appTokens);
      } catch (error) {
        services.metrics?.tokensReloaded(false);
        throw error;
      }
      services.metrics?.tokensReloaded(true);
      return teams.prefixes;
    },
    stop: () =>
      (stopping ??= (async () => {
        readiness.set(false, 'stopping');
        clearInterval(timer);
        inProcess.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await flushUsage(store, committer, services.realNow());
        await committer.close();
      })()),
  };
}
