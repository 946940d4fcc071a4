// Parity: the same step's answers from the target and from the sandbox, compared after normalising what differs
// by nature (ids, tokens, timestamps, counts). Strings are compared by value (desc only by presence), numbers
// and booleans by type, arrays of strings as sets, maps with timestamp keys by their form.
import type { Finding } from '../report/types.js';
import { isObject, type ServiceAnswer } from './answer.js';
import { choiceFor } from './choices.js';

const TOKEN_FIELDS = new Set(['auth_token', 'access_token']);
const PRESENCE_ONLY = new Set(['desc']);
/** Fields naming the app, which differs between the target and the sandbox's fresh app by nature. */
const APP_FIELDS = new Set(['appId', 'appid']);

/** The form of a text that is an id or a time, or the text itself. */
export function normaliseText(text: string): string {
  if (/^RAS[SLA]_\d{4}_[0-9a-z]+$/i.test(text)) return `${text.slice(0, 5)}<mmdd>_<id>`;
  if (/^\d{13}$/.test(text)) return '<epoch ms as text>';
  if (/^\d{10}$/.test(text)) return '<epoch s as text>';
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return '<yyyy-MM-dd HH:mm:ss>';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return '<ISO 8601>';
  if (/^\d{12}$/.test(text)) return '<yyyyMMddHHmm>';
  return text;
}

/** A comparable form of an answer body. */
export function normalise(value: unknown, key?: string): unknown {
  if (key && TOKEN_FIELDS.has(key)) return typeof value === 'string' ? '<token>' : value;
  if (key && PRESENCE_ONLY.has(key)) return `<${typeof value}>`;
  if (key && APP_FIELDS.has(key) && typeof value === 'string') return '<appid>';
  if (typeof value === 'string') return normaliseText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return `<${typeof value}>`;
  if (Array.isArray(value)) {
    const items = value.map((v) => normalise(v));
    return items.every((i) => typeof i === 'string') ? [...new Set(items as string[])].sort() : items;
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    // A map keyed by times (online statistics): its form, not its points.
    if (keys.length > 0 && keys.every((k) => normaliseText(k) !== k))
      return { [normaliseText(keys[0]!)]: normalise(value[keys[0]!]) };
    return Object.fromEntries(keys.sort().map((k) => [k, normalise(value[k], k)]));
  }
  return value;
}

const show = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));

/** What an array holds, for words: tasks in push_result's data, items otherwise. */
const noun = (where: string, n: number) =>
  `${n === 1 ? 'one' : n} ${where.endsWith('.data') || where.endsWith('taskIdList') ? 'task' : 'item'}${n === 1 ? '' : 's'}`;

/** Which tasks the sandbox answered and the service did not, by their id's form: `; the sandbox kept RASL_…`. */
function kept(target: unknown[], sandbox: unknown[]): string {
  const ids = (items: unknown[]) =>
    items.flatMap((i) => (isObject(i) ? [i.taskId ?? i.taskid].filter((t): t is string => typeof t === 'string') : []));
  const missing = ids(sandbox).filter((id) => !ids(target).includes(id));
  return missing.length ? `; the sandbox kept ${missing.join(', ')}, the service did not` : '';
}

/** A difference in words: what one side has and the other has not, or the two values. */
export function inWords(where: string, target: unknown, sandbox: unknown): string {
  if (target === undefined) return `the sandbox answers ${where} (${show(sandbox)}), the service leaves it out`;
  if (sandbox === undefined) return `the service answers ${where} (${show(target)}), the sandbox leaves it out`;
  if (Array.isArray(target) && Array.isArray(sandbox)) {
    const strings = [...target, ...sandbox].every((x) => typeof x === 'string');
    if (strings) {
      const onlySandbox = sandbox.filter((x) => !target.includes(x));
      const onlyTarget = target.filter((x) => !sandbox.includes(x));
      return (
        [
          onlySandbox.length ? `the sandbox has ${onlySandbox.join(', ')} and the service does not` : '',
          onlyTarget.length ? `the service has ${onlyTarget.join(', ')} and the sandbox does not` : '',
        ]
          .filter(Boolean)
          .join('; ') || `${where} differs`
      );
    }
    if (target.length < sandbox.length)
      return `${noun(where, sandbox.length - target.length)} missing: the service answers ${target.length} where the sandbox answers ${sandbox.length} (${where})${kept(target, sandbox)}`;
    if (target.length > sandbox.length)
      return `${noun(where, target.length - sandbox.length)} more: the service answers ${target.length} where the sandbox answers ${sandbox.length} (${where})`;
  }
  return `the service answers ${show(target)} where the sandbox answers ${show(sandbox)}`;
}

function diff(
  target: unknown,
  sandbox: unknown,
  where: string,
  out: Array<{ where: string; target: unknown; sandbox: unknown }>,
): void {
  if (isObject(target) && isObject(sandbox)) {
    for (const key of new Set([...Object.keys(target), ...Object.keys(sandbox)]))
      diff(target[key], sandbox[key], `${where}.${key}`, out);
    return;
  }
  if (
    Array.isArray(target) &&
    Array.isArray(sandbox) &&
    target.length === sandbox.length &&
    !target.every((t) => typeof t === 'string')
  ) {
    target.forEach((t, i) => diff(t, sandbox[i], `${where}.${i}`, out));
    return;
  }
  if (JSON.stringify(target) !== JSON.stringify(sandbox)) out.push({ where, target, sandbox });
}

/**
 * What other devices of the app may add to an app-wide answer: a field the sandbox leaves out, or texts of a list
 * beyond all the sandbox's (whose app holds only the listed devices and what the run did).
 */
function addedByOthers(d: { target: unknown; sandbox: unknown }): boolean {
  if (d.sandbox === undefined) return true;
  const texts = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const { target, sandbox } = d;
  return texts(target) && texts(sandbox) && sandbox.every((x) => target.includes(x));
}

/**
 * Parity findings of one step. `appWide`: the answer depends on every device of the app (bi tags, statistics), so
 * only what the listed devices and the run contribute is compared, never what other devices add.
 */
export function checkParity(
  operationId: string,
  step: string,
  target: ServiceAnswer,
  sandbox: ServiceAnswer,
  appWide = false,
): Finding[] {
  const out: Array<{ where: string; target: unknown; sandbox: unknown }> = [];
  if (target.status !== sandbox.status)
    out.push({ where: 'response.status', target: target.status, sandbox: sandbox.status });
  diff(normalise(target.body), normalise(sandbox.body), 'response.body', out);
  return out
    .filter((d) => !(appWide && addedByOthers(d)))
    .map((d) => {
      // A count of items that differs is no choice of the sandbox about the items' shape.
      const counted = Array.isArray(d.target) && Array.isArray(d.sandbox) && d.target.length !== d.sandbox.length;
      const choice = counted ? undefined : choiceFor(operationId, step, d.where);
      return {
        kind: 'parity' as const,
        where: d.where,
        expected: show(d.sandbox),
        actual: show(d.target),
        message: `${inWords(d.where, d.target, d.sandbox)}${choice ? ` (the sandbox's choice: "${choice.question}")` : ''}`,
        ...(choice ? { sandboxChoice: choice } : {}),
        step,
      };
    });
}
