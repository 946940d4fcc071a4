// The terminal table: a summary first (how the run ended, what it restored, per operation: conformant,
// deviations, not run and why), then the table, then each finding with what to do next.
import { FAILING_KINDS, type OperationReport, type Report, type RunOutcome, type UnreadState } from './types.js';

const percent = (n: number | null) => (n === null ? '-' : `${Math.round(n * 100)}%`);

function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The summary lines: conformant, deviations (named), not run (grouped by why). */
export function summaryLines(report: Report): string[] {
  const ran = report.operations.filter((o) => o.ran);
  const deviating = ran.filter((o) => !o.ok);
  const notRun = new Map<string, string[]>();
  for (const o of report.operations.filter((op) => !op.ran))
    notRun.set(o.reason ?? '', [...(notRun.get(o.reason ?? '') ?? []), o.operationId]);
  const lines = [
    `Summary: ${ran.length - deviating.length} operations conformant, ${deviating.length} with deviations${deviating.length ? ` (${deviating.map((o) => o.operationId).join(', ')})` : ''}, ${report.operations.length - ran.length} not run.`,
  ];
  for (const [reason, ops] of notRun) lines.push(`  not run (${reason}): ${ops.join(', ')}`);
  const run = report.run;
  if (!run) return lines;
  if (run.stopped) lines.push(`The run stopped early: ${run.stopped}.`);
  if (run.clock)
    lines.push(`The target's clock differs from this run's: ${run.clock.evidence}. Next: ${run.clock.next}.`);
  for (const u of run.unread) lines.push(unreadLine(u));
  for (const c of run.choices ?? [])
    lines.push(
      `Read in a shape the documents do not give: ${c.field} as ${c.shape} (${c.step}): ${c.used ? 'used' : 'not used'}, ${c.why}.`,
    );
  if (run.before.length) lines.push(`Before the run: ${run.before.map(beforeText).join('; ')}.`);
  const undone = run.restore.filter((r) => !r.restored);
  if (run.restore.length)
    lines.push(
      undone.length
        ? `RESTORE INCOMPLETE: ${undone.map((r) => `${r.what} (${r.reason})`).join('; ')}. Put these back by hand, each call with the header authtoken: <a token from auth_sign>:`
        : `Restored: ${run.restore.map((r) => r.what).join(', ')}.`,
    );
  for (const call of undone.flatMap((r) => r.calls ?? []))
    lines.push(`  ${call.method} ${call.url}${call.body !== undefined ? ` ${JSON.stringify(call.body)}` : ''}`);
  for (const s of run.skipped) lines.push(`Skipped: ${s.step}: ${s.reason}.`);
  return lines;
}

/** A listed cid as the run found it: `team-phone-1: alias u_10086, tags vip, staff, not blacklisted`. */
function beforeText(b: RunOutcome['before'][number]): string {
  const alias = b.alias === undefined ? 'alias not read' : b.alias === null ? 'no alias' : `alias ${b.alias}`;
  const tags = b.tags === undefined ? 'tags not read' : b.tags.length ? `tags ${b.tags.join(', ')}` : 'no tags';
  return `${b.cid}: ${alias}, ${tags}, not blacklisted (assumed)`;
}

/** A state that could not be read: why, the choice applied to its shape, and what was not run for it. */
function unreadLine(u: UnreadState): string {
  const choice = u.choice
    ? ` (${u.choice.field} as ${u.choice.shape}: ${u.choice.used ? 'used' : 'not used'}, ${u.choice.why})`
    : '';
  const blocks = u.blocks.length ? ` Not run for it: ${u.blocks.join(', ')}.` : '';
  return `Not read: the ${u.state} of ${u.cid}: ${u.reason}${choice}; nothing that changes it was sent.${blocks}`;
}

/** `HTTP 401 "…"` for a DMP refusal whose code is the status, `HTTP 200 sign_error "…"` otherwise. */
function refusalLine(op: OperationReport, step: OperationReport['steps'][number]): string {
  const result = step.result && step.result !== String(step.status) ? ` ${step.result}` : '';
  return `${op.operationId} (${step.name}): HTTP ${step.status ?? '-'}${result}${step.desc ? ` "${step.desc}"` : ''}`;
}

export function formatTable(report: Report): string {
  const rows = [['operation', 'ran', 'conformance', 'parity', 'findings']];
  for (const op of report.operations) {
    const failing = op.findings.filter((f) => FAILING_KINDS.has(f.kind)).length;
    const other = op.findings.length - failing;
    rows.push([
      `${op.ok ? ' ' : '✗'} ${op.operationId}`,
      op.ran ? 'yes' : `no: ${op.reason ?? ''}`,
      percent(op.conformance),
      op.parity,
      [failing ? `${failing} failing` : '', other ? `${other} to document` : ''].filter(Boolean).join(', ') || '0',
    ]);
  }
  const lines = [
    `pushapi-verify: ${report.target.baseUrl} (app ${report.target.appid ?? '-'})`,
    '',
    ...summaryLines(report),
    '',
    pad(rows),
    '',
  ];
  for (const op of report.operations) {
    for (const f of op.findings) {
      lines.push(`${op.operationId} [${f.kind}] ${f.where}: ${f.message}${f.step ? ` (step: ${f.step})` : ''}`);
      if (f.next) lines.push(`  next: ${f.next}`);
    }
  }
  const appWide = report.operations.flatMap((op) =>
    op.steps.filter((step) => step.appWide).map((step) => `${op.operationId} (${step.name})`),
  );
  if (appWide.length && report.parity.compared)
    lines.push(
      '',
      'App-wide answers, compared with the sandbox only for what the listed devices and the run contribute (other devices of the app are not in it):',
      `  ${appWide.join(', ')}`,
    );
  const refusals = report.operations.flatMap((op) =>
    op.steps.filter((step) => step.refusal).map((step) => refusalLine(op, step)),
  );
  if (refusals.length) lines.push('', 'Refusals, as the service answered them:', ...refusals.map((r) => `  ${r}`));
  const retried = report.operations.flatMap((op) =>
    op.steps
      .filter((s) => s.retries)
      .map((s) => `${op.operationId} (${s.name}): ${s.retries} retries, then ${s.result ?? `HTTP ${s.status}`}`),
  );
  if (retried.length)
    lines.push('', 'Retried after a transient refusal (too_frequent, "system busy"):', ...retried.map((r) => `  ${r}`));
  const s = report.summary;
  lines.push(
    '',
    `${s.ran} of ${s.operations} operations ran; ${s.failed} failed; findings: ${
      Object.entries(s.findings)
        .filter(([, n]) => n)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ') || 'none'
    }`,
  );
  return `${lines.join('\n')}\n`;
}
