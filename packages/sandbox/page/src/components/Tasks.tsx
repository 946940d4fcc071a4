// The app's tasks, newest first, each a compact row (id, kind, state, counts) that opens in place on its targets
// and statistics, with links to its messages and to the request that made it. A scheduled task shows its push
// time against the app's sandbox clock. The task a link points at (focus) opens.
import { useEffect } from 'preact/hooks';
import type { RequestLogEntry, Task } from '../api.js';
import type { Selection } from '../selection.js';
import { appTime, conditionText, relative, TASK_KINDS } from '../format.js';

const STAT_NAMES: [keyof Task['stats'], string][] = [
  ['targets', 'targets'],
  ['sent', 'sent'],
  ['online', 'online'],
  ['offline', 'offline'],
  ['pending', 'waiting'],
  ['ignored', 'ignored'],
  ['filtered', 'filtered'],
  ['unknown', 'unknown'],
  ['received', 'received'],
  ['displayed', 'displayed'],
  ['clicked', 'clicked'],
  ['apn', 'via APNs'],
];

/** pushTime (`yyyyMMddHHmm` on the app's wall clock) as an app-clock instant. */
function pushTimeMs(pushTime: string, utcOffsetMinutes: number): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(pushTime);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) - utcOffsetMinutes * 60_000;
}

function list(values: string[], max = 8): string {
  return values.length <= max
    ? values.join(', ')
    : `${values.slice(0, max).join(', ')} and ${values.length - max} more`;
}

/** The counts a task's row shows folded: how many it targets, reached and were tapped. */
const countsText = ({ stats }: Task) =>
  `${stats.targets} target${stats.targets === 1 ? '' : 's'} · ${stats.received} received · ${stats.clicked} tapped`;

/** Who a task targets, in words. */
function targetsText(task: Task): string | undefined {
  const { cids, aliases, condition } = task.targets;
  if (task.kind === 'app' || task.kind === 'scheduled')
    return condition?.length ? condition.map(conditionText).join('; ') : 'every device of the app (no condition)';
  if (task.kind === 'list' && cids.length === 0 && aliases.length === 0)
    return task.state === 'saved' ? 'none yet (a saved list body waits for push_list)' : 'none';
  return undefined;
}

export function Tasks(props: {
  tasks: Task[];
  requests: RequestLogEntry[];
  utcOffsetMinutes: number;
  now: number;
  focus: string | undefined;
  loaded: boolean;
  onSelect(change: Partial<Selection>): void;
}) {
  const { tasks, utcOffsetMinutes, now, loaded, focus } = props;
  useEffect(() => {
    if (!focus) return;
    const el = document.querySelector<HTMLElement>(`article.task[data-taskid="${CSS.escape(focus)}"]`);
    el?.scrollIntoView({ block: 'start' });
    el?.focus();
  }, [focus, tasks.length > 0]);
  if (loaded && tasks.length === 0)
    return <p class="empty">No task yet: every push (single, batch, list, app, scheduled) makes one.</p>;
  return (
    <div class="tasks">
      {tasks.map((task) => {
        const due = task.pushTime ? pushTimeMs(task.pushTime, utcOffsetMinutes) : undefined;
        const { cids, aliases } = task.targets;
        const targets = targetsText(task);
        const request = props.requests.find((r) => r.taskids?.includes(task.taskid));
        return (
          <article
            class={`task${task.taskid === focus ? ' task-focus' : ''}`}
            key={task.taskid}
            tabIndex={-1}
            aria-labelledby={`task-${task.taskid}`}
            data-taskid={task.taskid}
            data-state={task.state}
          >
            {/* One compact row (id, kind, state, counts) that opens in place: 20 tasks are 20 lines, not 5,000 px. */}
            <details class="task-fold" open={task.taskid === focus}>
              <summary class="task-row">
                <h3 id={`task-${task.taskid}`}>
                  <code>{task.taskid}</code>
                </h3>
                <ul class="chips" aria-label="Kind and state">
                  <li class="chip chip-type">{TASK_KINDS[task.kind] ?? task.kind}</li>
                  <li class={`chip chip-${task.state}`}>{task.state}</li>
                  <li class="chip">{task.msgtype}</li>
                </ul>
                <span class="task-counts">{countsText(task)}</span>
              </summary>
              <p class="msg-meta">
                Created {appTime(task.createdAt, utcOffsetMinutes)}
                {task.taskName ? ` · task_name ${task.taskName}` : ''}
                {task.requestid ? ` · requestid ${task.requestid}` : ''}
              </p>
              {task.pushTime && (
                <p class="task-schedule">
                  Push time {task.pushTime}
                  {due !== undefined &&
                    ` = ${appTime(due, utcOffsetMinutes)}, ${relative(due, now)} on the sandbox clock (now ${appTime(now, utcOffsetMinutes)})`}
                  {task.sendResult ? ` · sendResult ${task.sendResult}` : ''}
                </p>
              )}
              <dl class="fields">
                {cids.length > 0 && (
                  <div class="field">
                    <dt>cids ({cids.length})</dt>
                    <dd>{list(cids)}</dd>
                  </div>
                )}
                {aliases.length > 0 && (
                  <div class="field">
                    <dt>aliases ({aliases.length})</dt>
                    <dd>{list(aliases)}</dd>
                  </div>
                )}
                {targets !== undefined && (
                  <div class="field">
                    <dt>{task.kind === 'app' || task.kind === 'scheduled' ? 'condition' : 'targets'}</dt>
                    <dd>{targets}</dd>
                  </div>
                )}
              </dl>
              <ul class="links" aria-label={`Related to ${task.taskid}`}>
                <li>
                  <button
                    type="button"
                    class="link"
                    onClick={() =>
                      props.onSelect({
                        tab: 'inbox',
                        task: task.taskid,
                        cid: undefined,
                        alias: undefined,
                        msg: undefined,
                      })
                    }
                  >
                    Messages of this task
                  </button>
                </li>
                {request && (
                  <li>
                    <button
                      type="button"
                      class="link"
                      onClick={() => props.onSelect({ tab: 'requests', focus: String(request.id) })}
                    >
                      Request #{request.id} in the log
                    </button>
                  </li>
                )}
              </ul>
              <dl class="stats" aria-label="Statistics">
                {STAT_NAMES.map(([key, name]) => (
                  <div key={key}>
                    <dt>{name}</dt>
                    <dd>{task.stats[key]}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </article>
        );
      })}
    </div>
  );
}
