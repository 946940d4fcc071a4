// Recent requests, newest first, each a row of its operation, status and outcome whose details (description, body,
// violations) open in place, so that a refused request can be read here rather than in the sandbox's console; a push links to its task and its messages. Times
// are on the clock of each request's app (the sandbox's test clock), like every time on the page. The log holds no
// secret.
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { App, RequestLogEntry } from '../api.js';
import { appTime, utcOffset } from '../format.js';
import type { Selection } from '../selection.js';
import { Folded } from './Timeline.js';

const refused = (r: RequestLogEntry) =>
  r.status >= 400 ||
  r.status === 0 ||
  (r.outcome !== null && !/^(ok|0|successed_)/.test(r.outcome)) ||
  r.violations.length > 0;

export function Requests(props: {
  requests: RequestLogEntry[];
  apps: App[];
  scope: 'app' | 'all';
  appid: string | undefined;
  focus: string | undefined;
  loaded: boolean;
  onScope(scope: 'app' | 'all'): void;
  onSelect(change: Partial<Selection>): void;
}) {
  const { requests, focus } = props;
  const offsets = new Map(props.apps.map((a) => [a.appid, a.settings.utcOffsetMinutes]));
  /** A request's time on its app's clock, in the app's zone; a request of no app has only real time (UTC). */
  const when = (r: RequestLogEntry) => {
    const offset = r.appid === null ? undefined : offsets.get(r.appid);
    return r.appAt !== undefined && offset !== undefined ? appTime(r.appAt, offset) : `${appTime(r.at, 0)} (real, UTC)`;
  };
  const shownOffset = props.appid === undefined ? undefined : offsets.get(props.appid);
  useEffect(() => {
    if (!focus) return;
    const row = document.querySelector<HTMLElement>(`tr[data-request-id="${CSS.escape(focus)}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  }, [focus, requests.length > 0]);
  return (
    <div class="requests">
      <p class="toolbar">
        <label for="log-scope">Show requests of</label>{' '}
        <select
          id="log-scope"
          value={props.scope}
          onChange={(e) => props.onScope((e.currentTarget as HTMLSelectElement).value === 'all' ? 'all' : 'app')}
        >
          <option value="app">{props.appid ?? 'this app'}</option>
          <option value="all">every app</option>
        </select>
      </p>
      {props.loaded && requests.length === 0 && (
        <p class="empty">No request yet. Calls of push v1, DMP and control actions appear here.</p>
      )}
      {requests.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Request log">
          <table class="log">
            <caption class="visually-hidden">Recent requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">
                  App clock{props.scope === 'app' && shownOffset !== undefined ? ` (${utcOffset(shownOffset)})` : ''}
                </th>
                <th scope="col">Operation</th>
                <th scope="col">Status</th>
                <th scope="col">Outcome</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr
                  key={r.id}
                  class={
                    [refused(r) ? 'log-refused' : '', String(r.id) === focus ? 'log-focus' : ''].join(' ').trim() ||
                    undefined
                  }
                  data-request-id={r.id}
                  tabIndex={-1}
                >
                  <td>
                    <time>{when(r)}</time>
                    <br />#{r.id}
                  </td>
                  <td>
                    <strong>{r.operation ?? r.api}</strong>
                    <br />
                    <code class="wrap">
                      {r.method} {r.path}
                    </code>
                  </td>
                  <td>{r.status === 0 ? 'dropped' : r.status}</td>
                  <td>
                    {r.outcome ?? ''}
                    {r.fault ? ` (injected ${r.fault})` : ''}
                  </td>
                  <td>
                    <RequestMore r={r} open={String(r.id) === focus}>
                      {r.taskids && r.taskids.length > 0 && (
                        <p class="log-links">
                          {r.taskids.map((taskid) => (
                            <span key={taskid}>
                              Task{' '}
                              <button
                                type="button"
                                class="link"
                                onClick={() => props.onSelect({ tab: 'tasks', focus: taskid })}
                              >
                                {taskid}
                              </button>{' '}
                              ·{' '}
                              <button
                                type="button"
                                class="link"
                                onClick={() =>
                                  props.onSelect({
                                    tab: 'inbox',
                                    task: taskid,
                                    cid: undefined,
                                    alias: undefined,
                                    msg: undefined,
                                    ...(r.appid && r.appid !== props.appid ? { app: r.appid } : {}),
                                  })
                                }
                              >
                                its messages
                              </button>
                            </span>
                          ))}
                        </p>
                      )}
                    </RequestMore>
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

/** The summary of what a row says of its request once opened (its tasks, description, body, deviations, violations). */
function moreText(r: RequestLogEntry): string | undefined {
  const parts = [
    r.violations.length > 0 ? `${r.violations.length} violation${r.violations.length > 1 ? 's' : ''}` : '',
    r.taskids && r.taskids.length > 0 ? `${r.taskids.length} task${r.taskids.length > 1 ? 's' : ''}` : '',
    r.deviations.length > 0 ? `${r.deviations.length} deviation${r.deviations.length > 1 ? 's' : ''}` : '',
    r.body ? 'body' : '',
  ].filter(Boolean);
  return parts.length > 0 || r.desc ? `Details: ${parts.join(', ') || 'description'}` : undefined;
}

/** A request's details, one summary line until opened, so that a row is a line or two, not a page. */
function RequestMore({ r, open, children }: { r: RequestLogEntry; open: boolean; children: ComponentChildren }) {
  const summary = moreText(r);
  if (!summary) return null;
  return (
    <details class="log-more" open={open}>
      <summary>{summary}</summary>
      {children}
      {r.desc && !r.violations.some((v) => r.desc === `${v.location.join('.')}: ${v.message}`) && (
        <p class="log-desc">{r.desc}</p>
      )}
      {r.body && (
        <Folded summary="Body as received (JSON)">
          {() => (
            <pre class="raw raw-json" tabIndex={0} role="region" aria-label={`Body of request ${r.id}, JSON`}>
              {JSON.stringify(r.body, null, 2)}
            </pre>
          )}
        </Folded>
      )}
      {r.deviations.length > 0 && (
        <ul class="deviations" aria-label="Deviations accepted in compat mode lenient">
          {r.deviations.map((d, i) => (
            <li key={i}>
              <span class="chip">lenient: {d.rule}</span> <code>{d.location.join('.')}</code>: {d.detail}
            </li>
          ))}
        </ul>
      )}
      {r.violations.length > 0 && (
        <ul class="violations" aria-label="Violations">
          {r.violations.map((v, i) => (
            <li key={i}>
              <code>{v.location.join('.') || '(request)'}</code>: {v.message}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
