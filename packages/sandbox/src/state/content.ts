// A push's content (its envelope, template and push_info) is made once and never changed in place: a task, its
// messages, and every snapshot of them hold the one object. A cut content (behaviour/content-budget.ts) is a new
// object put in place of the old. Content is frozen when it is made or read back, so a change in place would
// throw at once instead of changing, unseen, what a snapshot holds.
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

/** A copy of a JSON value, frozen as it is made: one pass, where a structured clone and a freeze after it take two. */
function frozenCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // JSON.parse makes "__proto__" an own key; an assignment would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: frozenCopy(item), enumerable: true });
    else copy[key] = frozenCopy(item);
  }
  return Object.freeze(copy);
}

/** Content of its own, frozen: it shares nothing with the request body it was read from. */
export const frozenContent = (content: PushContent): PushContent => frozenCopy(content) as PushContent;

const sizes = new WeakMap<PushContent, number>();

/** The bytes a push's content takes as JSON (what counts against an app's content budget and a snapshot's bytes); measured once per content object, which never changes. */
export function contentSize(content: PushContent): number {
  let bytes = sizes.get(content);
  if (bytes === undefined) sizes.set(content, (bytes = Buffer.byteLength(JSON.stringify(content))));
  return bytes;
}
