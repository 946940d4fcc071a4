// A push's content (its envelope, template and push_info) is made once and never changed in place: a task, its
// messages, every snapshot of them, and the request log's body hold the one object. A cut content
// (behaviour/content-budget.ts) is a new object put in place of the old. Content is frozen when it is made or read
// back, so a change in place would throw at once instead of changing, unseen, what a snapshot holds.
import { objectBytesWith } from '../shared/bounded.js';
import type { PushContent } from './records.js';

/** The value, frozen through and through (it is JSON: objects, arrays and scalars). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const child of Object.values(item)) stack.push(child);
  }
  return value;
}

/**
 * The content of a push, frozen: its parts are the request body's own, frozen in place (the body was parsed for this
 * request alone; the request log keeps it as it is, and nothing changes it), so nothing is copied.
 */
export const frozenContent = (content: PushContent): PushContent =>
  Object.freeze({
    msgtype: content.msgtype,
    message: deepFreeze(content.message),
    template: deepFreeze(content.template),
    push_info: deepFreeze(content.push_info),
  });

/**
 * The bytes a push's content takes as JSON (what counts against an app's content budget and a snapshot's bytes);
 * measured once per content object, which never changes, and its template's and envelope's in the same walk: each
 * message's event names the template (the event's bound reads its bytes: services/event-buffer.ts), and the request
 * log measures the body that holds both (services/request-log.ts).
 */
export const contentSize = (content: PushContent): number =>
  objectBytesWith(content, [content.template, content.message]);
