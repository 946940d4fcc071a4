// A self-contained page of a report (no script, no external resource), to attach to a ticket.
import { summaryLines } from './table.js';
import { FAILING_KINDS, type Report } from './types.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f3f3}
.fail{color:#a00}.ok{color:#070}code{font-size:13px}`;

export function formatHtml(report: Report): string {
  const rows = report.operations.map((op) => {
    const findings = op.findings
      .map((f) => {
        const where = f.documentAt
          ? `<br>document it in <code>${escape(f.documentAt.file + f.documentAt.pointer)}</code>`
          : f.sandboxChoice
            ? `<br>sandbox choice: ${escape(f.sandboxChoice.question)}`
            : '';
        const next = f.next ? `<br>next: ${escape(f.next)}` : '';
        return `<li class="${FAILING_KINDS.has(f.kind) ? 'fail' : ''}"><b>${escape(f.kind)}</b> <code>${escape(f.where)}</code>: ${escape(f.message)}${f.step ? ` <i>(${escape(f.step)})</i>` : ''}${where}${next}</li>`;
      })
      .join('');
    const steps = op.steps
      .map(
        (s) => `${escape(s.name)}: ${s.status ?? '-'} ${escape(s.result ?? '')}${s.desc ? ` (${escape(s.desc)})` : ''}`,
      )
      .join('<br>');
    return `<tr><td class="${op.ok ? 'ok' : 'fail'}">${escape(op.operationId)}<br><code>${escape(`${op.method} ${op.path}`)}</code></td><td>${op.ran ? 'yes' : `no: ${escape(op.reason ?? '')}`}</td><td>${op.conformance === null ? '-' : `${Math.round(op.conformance * 100)}%`}</td><td>${escape(op.parity)}</td><td>${steps}</td><td>${findings ? `<ul>${findings}</ul>` : '0'}</td></tr>`;
  });
  const s = report.summary;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pushapi-verify report: ${escape(report.target.baseUrl)}</title><style>${STYLE}</style></head>
<body><h1>pushapi-verify report</h1>
<p>Target <code>${escape(report.target.baseUrl)}</code>${report.target.appid ? `, app <code>${escape(report.target.appid)}</code>` : ''}; started ${escape(report.startedAt)}.
${s.ran} of ${s.operations} operations ran, <span class="${s.failed ? 'fail' : 'ok'}">${s.failed} failed</span>. Parity with the sandbox: ${report.parity.compared ? 'compared' : `not compared (${escape(report.parity.reason ?? '')})`}.</p>
<ul>${summaryLines(report)
    .map((l) => `<li${/^(RESTORE INCOMPLETE|The run stopped)/.test(l) ? ' class="fail"' : ''}>${escape(l.trim())}</li>`)
    .join('')}</ul>
<table><thead><tr><th>operation</th><th>ran</th><th>conformance</th><th>parity</th><th>requests (status, result)</th><th>findings</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>
`;
}
