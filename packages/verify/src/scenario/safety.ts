// The safety rules, checked on every request before it leaves: a push reaches only the listed cids (or the
// scenario's own aliases), push_app only the allowed tag, and stop/delete only tasks this run created.
// The proxy's allow list reads push targets with the same function.
import { isObject } from '../check/answer.js';

export interface PushTargets {
  cids: string[];
  aliases: string[];
  /** push_app: the whole app, narrowed by its condition. */
  app: boolean;
  condition?: unknown;
}

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Who a request would push to; undefined for an operation that pushes nothing. */
export function pushTargets(operationId: string, body: unknown): PushTargets | undefined {
  const b = isObject(body) ? body : {};
  switch (operationId) {
    case 'pushSingle':
      return { cids: strings(b.cid), aliases: b.cid === undefined ? strings(b.alias) : [], app: false };
    case 'pushList':
      // When both are present, cid wins (the description).
      return { cids: strings(b.cid), aliases: b.cid === undefined ? strings(b.alias) : [], app: false };
    case 'pushSingleBatch': {
      const items = Array.isArray(b.msg_list) ? b.msg_list.filter(isObject) : [];
      return { cids: items.flatMap((i) => strings(i.cid)), aliases: items.flatMap((i) => (i.cid === undefined ? strings(i.alias) : [])), app: false };
    }
    case 'pushApp':
      return { cids: [], aliases: [], app: true, condition: b.condition };
    default:
      return undefined;
  }
}

export class SafetyError extends Error {}

/** Throws when a request of the scenario would reach beyond what the team named. */
export function assertSafe(operationId: string, request: { body?: unknown; params?: Record<string, string> }, allowed: { cids: string[]; appPushTag?: string; ownTasks: string[] }): void {
  const targets = pushTargets(operationId, request.body);
  if (targets) {
    const strangers = targets.cids.filter((c) => !allowed.cids.includes(c));
    if (strangers.length) throw new SafetyError(`${operationId} would push to cids not listed with --cid: ${strangers.join(', ')}`);
    if (targets.aliases.length) throw new SafetyError(`${operationId} would push to an alias; the scenario pushes to listed cids only`);
    if (targets.app) {
      const condition = Array.isArray(targets.condition) ? targets.condition : [];
      const onlyTag = allowed.appPushTag !== undefined && condition.some((c) => isObject(c) && c.key === 'tag' && c.opt_type !== 2 && JSON.stringify(c.values) === JSON.stringify([allowed.appPushTag]));
      if (!onlyTag) throw new SafetyError('push_app runs only with --allow-app-push <tag>, restricted to that tag');
    }
  }
  if (operationId === 'stopTask' || operationId === 'delScheduleTask') {
    const taskid = request.params?.taskid ?? (isObject(request.body) ? String(request.body.taskid) : '');
    if (!allowed.ownTasks.includes(taskid)) throw new SafetyError(`${operationId} of a task this run did not create (${taskid})`);
  }
}
