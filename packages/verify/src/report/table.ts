// The terminal table: operation, ran or why not, conformance, parity, number of findings; then each finding.
import { FAILING_KINDS, type Report } from './types.js';

const percent = (n: number | null) => (n === null ? '-' : `${Math.round(n * 100)}%`);

function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
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
  const lines = [`pushapi-verify: ${report.target.baseUrl} (app ${report.target.appid ?? '-'})`, '', pad(rows), ''];
  for (const op of report.operations) {
    for (const f of op.findings) {
      const place = f.documentAt ? ` -> document it in ${f.documentAt.file}${f.documentAt.pointer}` : f.sandboxChoice ? ` -> sandbox choice "${f.sandboxChoice.question}" (${f.sandboxChoice.readme})` : '';
      lines.push(`${op.operationId} [${f.kind}] ${f.where}: ${f.message}${f.step ? ` (step: ${f.step})` : ''}${place}`);
    }
  }
  const refusals = report.operations.flatMap((op) => op.steps.filter((step) => step.refusal).map((step) => `${op.operationId} (${step.name}): HTTP ${step.status ?? '-'} ${step.result ?? ''}${step.desc ? ` "${step.desc}"` : ''}`));
  if (refusals.length) lines.push('', 'Refusals, as the service answered them:', ...refusals.map((r) => `  ${r}`));
  const s = report.summary;
  lines.push('', `${s.ran} of ${s.operations} operations ran; ${s.failed} failed; findings: ${Object.entries(s.findings).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`);
  return `${lines.join('\n')}\n`;
}
