// The safety rules, checked on every request before it leaves: a push reaches only the listed cids (or the
// scenario's own aliases), push_app only the allowed tag, and stop/delete only tasks this run created.
// The proxy's allow list reads push targets with the same function.
import { isObject } from '../check/answer.js';

export interface PushTargets {
  cids: string[];
  aliases: string[];
  /** A message names both a cid and an alias where the description does not say which wins (all but push_list). */
  both: boolean;
  /** push_app: the whole app, narrowed by its condition. */
  app: boolean;
  condition?: unknown;
}

// A number where a cid belongs is read as its text: a lenient service may do the same.
const text = (v: unknown): string[] => (typeof v === 'string' ? [v] : typeof v === 'number' ? [String(v)] : []);
/** The ids a field names: a text, a number, or a list of them. */
export const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap(text) : text(v));
const namesBoth = (m: Record<string, unknown>) => m.cid !== undefined && m.alias !== undefined;

/** Who a request would push to; undefined for an operation that pushes nothing. */
export function pushTargets(operationId: string, body: unknown): PushTargets | undefined {
  const b = isObject(body) ? body : {};
  switch (operationId) {
    case 'pushSingle':
      // "cid or alias (one of the two)": naming both leaves who it reaches to the service.
      return { cids: idsOf(b.cid), aliases: idsOf(b.alias), both: namesBoth(b), app: false };
    case 'pushList':
      // When both are present, cid wins (the description says so for push_list only).
      return { cids: idsOf(b.cid), aliases: b.cid === undefined ? idsOf(b.alias) : [], both: false, app: false };
    case 'pushSingleBatch': {
      const items = Array.isArray(b.msg_list) ? b.msg_list.filter(isObject) : [];
      return {
        cids: items.flatMap((i) => idsOf(i.cid)),
        aliases: items.flatMap((i) => idsOf(i.alias)),
        both: items.some(namesBoth),
        app: false,
      };
    }
    case 'pushApp':
      return { cids: [], aliases: [], both: false, app: true, condition: b.condition };
    default:
      return undefined;
  }
}

export class SafetyError extends Error {}

/** The prefix a --allow-app-push tag must have, so that no device but the team's test devices carries it. */
export const APP_PUSH_TAG_PREFIX = 'pushapi-verify-';

/** What is wrong with a --allow-app-push tag (the run and the proxy take the same), or undefined. */
export function appPushTagProblem(tag: string): string | undefined {
  if (tag.startsWith(APP_PUSH_TAG_PREFIX)) return undefined;
  return `--allow-app-push ${tag}: the tag must start with ${APP_PUSH_TAG_PREFIX}, so that no device but the listed cids carries it`;
}

/** A push_app condition that narrows the audience to devices carrying `tag` (conditions are ANDed). */
export function restrictedToTag(condition: unknown, tag: string | undefined): boolean {
  if (tag === undefined || !Array.isArray(condition)) return false;
  return condition.some(
    (c) => isObject(c) && c.key === 'tag' && c.opt_type !== 2 && JSON.stringify(c.values) === JSON.stringify([tag]),
  );
}

/** Throws when a request of the scenario would reach beyond what the team named. */
export function assertSafe(
  operationId: string,
  request: { body?: unknown; params?: Record<string, string> },
  allowed: { cids: string[]; appPushTag?: string; ownTasks: string[] },
): void {
  const targets = pushTargets(operationId, request.body);
  if (targets) {
    const strangers = targets.cids.filter((c) => !allowed.cids.includes(c));
    if (strangers.length)
      throw new SafetyError(`${operationId} would push to cids not listed with --cid: ${strangers.join(', ')}`);
    if (targets.aliases.length)
      throw new SafetyError(`${operationId} would push to an alias; the scenario pushes to listed cids only`);
    if (targets.app && !restrictedToTag(targets.condition, allowed.appPushTag)) {
      throw new SafetyError('push_app runs only with --allow-app-push <tag>, restricted to that tag');
    }
  }
  if (operationId === 'stopTask' || operationId === 'delScheduleTask') {
    const taskid = request.params?.taskid ?? (isObject(request.body) ? String(request.body.taskid) : '');
    if (!allowed.ownTasks.includes(taskid))
      throw new SafetyError(`${operationId} of a task this run did not create (${taskid})`);
  }
}
