// Each app keeps at most LIMITS.contentBudgetBytes of message content. A push's content lives in its task and in
// each of its messages (one object in memory, a copy in each stored record), so a few large pushes would
// otherwise hold memory and disk without bound. Past the budget, the oldest finished tasks' content is cut: every
// long text in it keeps its start and a note, in the task and in its messages, so inboxes still show what came.
import { LIMITS } from '../shared/config.js';
import { contentSize, deepFreeze } from '../state/content.js';
import type { PushContent, TaskRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import { getOrInsert } from '../shared/must.js';

/** Texts up to this length are kept whole when content is cut. */
export const KEPT_TEXT = 256;
const NOTE = ' [cut: the app reached its content budget]';

/** A copy of a JSON value with every text longer than KEPT_TEXT cut. */
function cutTexts(value: unknown): unknown {
  if (typeof value === 'string') return value.length > KEPT_TEXT ? `${value.slice(0, KEPT_TEXT)}${NOTE}` : value;
  if (Array.isArray(value)) return value.map(cutTexts);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutTexts(v)]));
  return value;
}

const cutContent = (content: PushContent): PushContent => deepFreeze(cutTexts(content) as PushContent);

/** A task whose content no message still waits to deliver, and that no later call reads (not scheduled, not saved). */
const finished = (task: TaskRecord) => task.state !== 'scheduled' && task.state !== 'saved' && task.stats.pending === 0;

/** Cuts the content of the oldest finished tasks until the app is within its budget; `keep` is left alone. */
export function keepContentWithinBudget(unit: Unit, app: AppState, keep: string): void {
  for (const task of app.tasks.values()) {
    if (app.contentBytes <= LIMITS.contentBudgetBytes) return;
    if (task.taskid === keep || !finished(task) || task.contentBytes <= KEPT_TEXT) continue;
    // Messages of one push share one content object: cut each once, and keep them shared.
    const cut = new Map<PushContent, PushContent>();
    const cutOnce = (content: PushContent) => getOrInsert(cut, content, cutContent);
    // Over a list: a shared message's copy takes its place in the set, which a loop over the set would meet again.
    for (const message of [...(app.messagesByTask.get(task.taskid) ?? [])]) {
      unit.update('message', app, message, (record) => {
        record.content = cutOnce(record.content);
      });
    }
    // Placed again with its new contentBytes, the task brings the app's sum down (state/kinds.ts).
    unit.update('task', app, task, (record) => {
      record.content = cutOnce(record.content);
      let bytes = 0;
      for (const content of cut.values()) bytes += contentSize(content);
      record.contentBytes = bytes;
    });
  }
}
