// The sandbox's Prometheus metrics (GET /metrics), through prom-client with a registry of each sandbox's own (tests
// run several sandboxes in one process). Labels are chosen from closed sets: the interface, the operation's name
// from its document, the result value or HTTP status. A cid, an alias, a token or message content is never a label;
// the appid is one only with --metrics-per-app (thousands of apps would make thousands of series).
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestLogEntry } from './request-log.js';
import type { Change } from '../state/unit.js';
import type { Store } from '../state/store.js';
import type { TeamUsage } from '../http/team-limits.js';

export interface MetricsOptions {
  /** Adds the appid as a label of the request metrics (`--metrics-per-app`). */
  perApp: boolean;
  /** Node's process metrics (CPU, memory, event loop, handles). */
  processMetrics?: boolean;
}

/** What the gauges read at each scrape. */
export interface MetricsSources {
  store: Store;
  /** Readers of the event stream connected now. */
  streamClients(): number;
  /** Whether the store takes commits (false once a failed commit could not be rolled back); always true in memory. */
  storeWritable?(): boolean;
  /** What each team holds and was refused (http/team-limits.ts). */
  teams?(): ReadonlyMap<string, TeamUsage>;
}

/** An outcome is a result value of the documents' closed set, or a status: never free text from a request. */
const OUTCOME = /^[a-z][a-z_]{0,39}$/;

export class SandboxMetrics {
  readonly registry = new Registry();
  readonly #perApp: boolean;
  readonly #duration: Histogram;
  readonly #restores: Counter;
  readonly #commit: Histogram;
  readonly #commitFailures: Counter;
  readonly #tokensReloaded: Gauge;
  /**
   * The request series by their labels, each counted in a plain number that the counter reads only at a scrape
   * (its collect()): prom-client validates and hashes a label object at each inc(), even on a labelled child, which
   * was most of what counting a request cost. Bounded like the series themselves (the labels come from closed sets).
   */
  readonly #series = new Map<
    string,
    { labels: Record<string, string>; requests: number; duration: Histogram.Internal<string> }
  >();
  /** Deliveries by way (online, offline), counted the same way. */
  readonly #deliveries = new Map<string, number>();
  /** Messages already counted as delivered: a later change of one (a click) is not another delivery. */
  readonly #counted = new WeakSet<object>();

  constructor(options: MetricsOptions, sources: MetricsSources) {
    this.#perApp = options.perApp;
    const registers = [this.registry];
    const requestLabels = ['api', 'operation', 'outcome', ...(options.perApp ? ['appid'] : [])];
    const series = this.#series;
    const deliveries = this.#deliveries;
    new Counter({
      name: 'sandbox_requests_total',
      help: 'Requests answered, by interface, operation and outcome (result value or HTTP status).',
      labelNames: requestLabels,
      registers,
      collect() {
        this.reset();
        for (const { labels, requests } of series.values()) this.inc(labels, requests);
      },
    });
    this.#duration = new Histogram({
      name: 'sandbox_request_duration_seconds',
      help: 'Time from the request to its answer, by interface and operation.',
      labelNames: ['api', 'operation', ...(options.perApp ? ['appid'] : [])],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    new Counter({
      name: 'sandbox_pushes_delivered_total',
      help: 'Messages received by devices (online at once, or offline when the device came online).',
      labelNames: ['via'],
      registers,
      collect() {
        this.reset();
        for (const [via, count] of deliveries) this.inc({ via }, count);
      },
    });
    this.#restores = new Counter({ name: 'sandbox_snapshot_restores_total', help: 'Snapshots restored.', registers });
    this.#commit = new Histogram({
      name: 'sandbox_store_commit_seconds',
      help: 'Time to write one unit of work that changed state to the --data store (not observed without --data).',
      buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
      registers,
    });
    this.#commitFailures = new Counter({
      name: 'sandbox_store_commit_failures_total',
      help: 'Units of work the --data store refused (each answered 503, its apps reloaded from the store), by whether memory was put back.',
      labelNames: ['recovered'],
      registers,
    });
    new Gauge({
      name: 'sandbox_store_writable',
      help: '1 while the store takes commits; 0 once a refused commit could not be rolled back (/readyz then answers 503).',
      registers,
      collect() {
        this.set(sources.storeWritable?.() === false ? 0 : 1);
      },
    });
    this.#tokensReloaded = new Gauge({
      name: 'sandbox_app_tokens_last_reload_successful',
      help: '0 when the last re-read of the app token file (SIGHUP) failed and the tokens before it stay in force; else 1.',
      registers,
    });
    this.#tokensReloaded.set(1);
    teamSeries(sources, registers);
    const { store } = sources;
    new Gauge({
      name: 'sandbox_apps',
      help: 'Apps in the sandbox.',
      registers,
      collect() {
        this.set(store.apps.size);
      },
    });
    new Gauge({
      name: 'sandbox_devices',
      help: 'Devices of all apps.',
      registers,
      collect() {
        this.set(sum(store, (app) => app.devices.size));
      },
    });
    new Gauge({
      name: 'sandbox_messages_waiting',
      help: 'Messages kept for offline devices (or not yet displayable), of all apps.',
      registers,
      collect() {
        this.set(sum(store, (app) => [...app.devices.values()].reduce((n, d) => n + d.pending.size, 0)));
      },
    });
    new Gauge({
      name: 'sandbox_event_stream_clients',
      help: 'Readers of the control API event stream connected now.',
      registers,
      collect() {
        this.set(sources.streamClients());
      },
    });
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request (from its request-log entry, after the answer). */
  observeRequest(entry: Omit<RequestLogEntry, 'id'>): void {
    if (entry.api === 'page') return;
    const operation = entry.operation ?? 'none';
    const outcome =
      entry.outcome && OUTCOME.test(entry.outcome)
        ? entry.outcome
        : entry.status === 0
          ? 'dropped'
          : String(entry.status);
    const app: { appid?: string } = this.#perApp ? { appid: entry.appid ?? '' } : {};
    const key = `${entry.api}\n${operation}\n${outcome}\n${app.appid ?? ''}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { api: entry.api, operation, outcome, ...(app.appid === undefined ? {} : { appid: app.appid }) },
        requests: 0,
        duration: this.#duration.labels({ api: entry.api, operation, ...app }),
      };
      this.#series.set(key, series);
    }
    series.requests++;
    series.duration.observe(entry.durationMs / 1000);
    if ((operation === 'restoreSnapshot' || operation === 'restoreAppSnapshot') && entry.status === 200)
      this.#restores.inc();
  }

  /** Counts the deliveries among a committed unit's changes (not those of a restore or a world: they are quiet). */
  observeChanges(changes: readonly Change[]): void {
    for (const change of changes) {
      if (
        change.kind !== 'message' ||
        change.gone ||
        change.record.state !== 'delivered' ||
        this.#counted.has(change.record)
      )
        continue;
      this.#counted.add(change.record);
      const via = change.record.via ?? 'online';
      this.#deliveries.set(via, (this.#deliveries.get(via) ?? 0) + 1);
    }
  }

  /** Whether the last reload of the app tokens succeeded. */
  tokensReloaded(ok: boolean): void {
    this.#tokensReloaded.set(ok ? 1 : 0);
  }

  /** Counts a commit the store refused. */
  commitFailed(recovered: boolean): void {
    this.#commitFailures.inc({ recovered: String(recovered) });
  }

  /** Times a commit to the store. */
  timeCommit(commit: Promise<void>): Promise<void> {
    const started = performance.now();
    return commit.finally(() => this.#commit.observe((performance.now() - started) / 1000));
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

function sum(store: Store, count: (app: Store['apps'] extends Map<string, infer A> ? A : never) => number): number {
  let total = 0;
  for (const app of store.apps.values()) total += count(app);
  return total;
}

/** The series by team (the configured prefixes, and `other`: a bounded label), read from the team limits at a scrape. */
function teamSeries(sources: MetricsSources, registers: Registry[]): void {
  const teams = () => sources.teams?.() ?? new Map<string, TeamUsage>();
  new Counter({
    name: 'sandbox_team_requests_total',
    help: 'Requests by team (the app-token prefix that starts the appid a call names; other: none).',
    labelNames: ['team'],
    registers,
    collect() {
      this.reset();
      for (const [team, usage] of teams()) this.inc({ team }, usage.requests);
    },
  });
  new Counter({
    name: 'sandbox_team_refused_total',
    help: 'Requests answered 429 by team and limit (concurrent, waits, rate).',
    labelNames: ['team', 'limit'],
    registers,
    collect() {
      this.reset();
      for (const [team, usage] of teams())
        for (const [limit, count] of Object.entries(usage.refused)) this.inc({ team, limit }, count);
    },
  });
  for (const [name, help, read] of [
    ['sandbox_team_in_flight', 'Requests of a team in progress now.', (u: TeamUsage) => u.inFlight],
    ['sandbox_team_waits', 'Waiting calls of a team now.', (u: TeamUsage) => u.waits],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['team'],
      registers,
      collect() {
        this.reset();
        for (const [team, usage] of teams()) this.set({ team }, read(usage));
      },
    });
  }
}
