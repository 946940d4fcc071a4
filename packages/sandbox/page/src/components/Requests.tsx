// Recent requests, newest first, with their operation, status, outcome and violations, so that a refused
// request can be read here rather than in the sandbox's console. The log holds no secret.
import type { RequestLogEntry } from '../api.js';
import { realTime } from '../format.js';

const refused = (r: RequestLogEntry) => r.status >= 400 || r.status === 0 || (r.outcome !== null && !/^(ok|0|successed_)/.test(r.outcome)) || r.violations.length > 0;

export function Requests(props: { requests: RequestLogEntry[]; scope: 'app' | 'all'; appid: string | undefined; loaded: boolean; onScope(scope: 'app' | 'all'): void }) {
  const { requests } = props;
  return (
    <div class="requests">
      <p class="toolbar">
        <label for="log-scope">Show requests of</label>{' '}
        <select id="log-scope" value={props.scope} onChange={(e) => props.onScope((e.currentTarget as HTMLSelectElement).value === 'all' ? 'all' : 'app')}>
            <option value="app">{props.appid ?? 'this app'}</option>
            <option value="all">every app</option>
        </select>
      </p>
      {props.loaded && requests.length === 0 && <p class="empty">No request yet. Calls of push v1, DMP and control actions appear here.</p>}
      {requests.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Request log">
          <table class="log">
            <caption class="visually-hidden">Recent requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Operation</th>
                <th scope="col">Status</th>
                <th scope="col">Outcome</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id} class={refused(r) ? 'log-refused' : undefined} data-request-id={r.id}>
                  <td>{realTime(r.at)}</td>
                  <td>
                    <strong>{r.operation ?? r.api}</strong>
                    <br />
                    <code class="wrap">
                      {r.method} {r.path}
                    </code>
                  </td>
                  <td>{r.status === 0 ? 'dropped' : r.status}</td>
                  <td>{r.outcome ?? ''}{r.fault ? ` (injected ${r.fault})` : ''}</td>
                  <td>
                    {r.desc && !r.violations.some((v) => r.desc === `${v.location.join('.')}: ${v.message}`) && <p class="log-desc">{r.desc}</p>}
                    {r.violations.length > 0 && (
                      <ul class="violations" aria-label="Violations">
                        {r.violations.map((v, i) => (
                          <li key={i}>
                            <code>{v.location.join('.') || '(request)'}</code>: {v.message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
