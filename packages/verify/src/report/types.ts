// The report of a run or of the proxy: one entry per operation of both documents, each with its findings.
// schema/report.schema.json documents the same shape for readers of `--report`.
import type { Operation, SourcePlace } from '../documents.js';

export type FindingKind = 'schema' | 'undocumented-field' | 'unknown-value' | 'rule' | 'parity' | 'http';

/** Kinds that make an operation fail. Undocumented fields and values are what the documents should learn, not failures. */
export const FAILING_KINDS: ReadonlySet<FindingKind> = new Set(['schema', 'rule', 'parity', 'http']);

export interface Finding {
  kind: FindingKind;
  /** The place, such as `response.body.lastlogin` or `response.status`. */
  where: string;
  expected: string;
  actual: string;
  message: string;
  /** The step of the scenario (or the proxied request) that showed it. */
  step?: string;
  /** For an undocumented field or value: where in openapi/ it would be documented. */
  documentAt?: SourcePlace;
  /** For a parity difference on a choice the sandbox made where the description is silent. */
  sandboxChoice?: { readme: string; question: string };
  /** What to do about it: change the document at a place, ask the service's owner, pass --now. */
  next?: string;
}

export interface StepRecord {
  name: string;
  /** A safe refusal the scenario makes on purpose: its result and desc are what the service says. */
  refusal: boolean;
  status?: number;
  result?: string;
  desc?: string;
  /** Retries of a transient refusal (too_frequent, "system busy") before this answer. */
  retries?: number;
  /** The answer depends on the whole app: parity compared only what the listed devices and the run contribute. */
  appWide?: boolean;
}

/** How an active run ended: stopped early or not, what it put back, what it left alone, what the clock said. */
export interface RunOutcome {
  /** Why the main part stopped early (a refused sign-in, a safety stop, SIGINT). */
  stopped?: string;
  /** True when every state the run changed was put back. */
  restored: boolean;
  restore: Array<{
    what: string;
    restored: boolean;
    reason?: string;
    /** Not restored: the calls that put it back by hand (each with an `authtoken` header from auth_sign). */
    calls?: Array<{ method: string; url: string; body?: unknown }>;
  }>;
  /**
   * Each listed cid as the run found it, what the restore puts back: its alias (null: none) and tags, absent when
   * not read (see `unread`); `blacklisted` is false by assumption, since no call reads the blacklist.
   */
  before: Array<{ cid: string; alias?: string | null; tags?: string[]; blacklisted: false }>;
  /**
   * Each piece of a listed cid's earlier state (its tags, its alias) that could not be read: no write that changes
   * it was sent. `choice` is the README's choice for an answer in a shape the documents do not give; `blocks` the
   * steps not run for it.
   */
  unread: UnreadState[];
  /** Answers read in a shape the documents do not give (other than a listed cid's state), and the choice applied. */
  choices?: Array<{ step: string; field: string; shape: string; used: boolean; why: string }>;
  /** Steps that ran but did not do what later steps needed, and those skipped for it. */
  skipped: Array<{ step: string; reason: string }>;
  /** The target's clock disagrees with the run's now (detected from its answers). */
  clock?: { evidence: string; next: string };
}

export interface UnreadState {
  cid: string;
  state: 'tags' | 'alias';
  reason: string;
  choice?: { field: string; shape: string; used: boolean; why: string };
  blocks: string[];
}

export interface OperationReport {
  operationId: string;
  api: 'push-v1' | 'dmp';
  method: string;
  path: string;
  ran: boolean;
  /** Why it did not run. */
  reason?: string;
  ok: boolean;
  /** Share of its requests whose answers conform (status, content type, schema), 0 to 1; null when not run. */
  conformance: number | null;
  /** `same`, `different`, or `not compared`. */
  parity: 'same' | 'different' | 'not compared';
  steps: StepRecord[];
  findings: Finding[];
}

export interface Report {
  tool: 'pushapi-verify';
  mode: 'run' | 'proxy';
  target: { baseUrl: string; appid?: string; dmpUrl?: string };
  startedAt: string;
  finishedAt?: string;
  parity: { compared: boolean; reason?: string };
  /** An active run only: how it ended. */
  run?: RunOutcome;
  summary: { operations: number; ran: number; failed: number; findings: Record<FindingKind, number> };
  operations: OperationReport[];
}

/** The entry of one operation (ok, conformance and parity are filled by finish). */
export function operationReport(
  op: Operation,
  entry: Pick<OperationReport, 'ran' | 'reason' | 'steps' | 'findings'>,
): OperationReport {
  return {
    operationId: op.operationId,
    api: op.api,
    method: op.method.toUpperCase(),
    path: op.path,
    ran: entry.ran,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    ok: true,
    conformance: null,
    parity: 'not compared',
    steps: entry.steps,
    findings: entry.findings,
  };
}

/** Fills ok, conformance and the summary from the findings. */
export function finish(report: Report): Report {
  const counts = { schema: 0, 'undocumented-field': 0, 'unknown-value': 0, rule: 0, parity: 0, http: 0 } as Record<
    FindingKind,
    number
  >;
  for (const op of report.operations) {
    op.ok = !op.findings.some((f) => FAILING_KINDS.has(f.kind));
    const conformant = op.steps.filter(
      (s) =>
        !op.findings.some((f) => f.step?.split('; ').includes(s.name) && (f.kind === 'schema' || f.kind === 'http')),
    );
    op.conformance = op.ran && op.steps.length ? Math.round((conformant.length / op.steps.length) * 100) / 100 : null;
    if (report.parity.compared && op.ran)
      op.parity = op.findings.some((f) => f.kind === 'parity') ? 'different' : 'same';
    for (const f of op.findings) counts[f.kind]++;
  }
  report.summary = {
    operations: report.operations.length,
    ran: report.operations.filter((o) => o.ran).length,
    failed: report.operations.filter((o) => !o.ok).length,
    findings: counts,
  };
  return report;
}
