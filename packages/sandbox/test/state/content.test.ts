// A push's content is the request body's own parts, frozen in place (state/content.ts): it must equal them, copy
// none of them, be frozen all through (a change in place throws), and keep a "__proto__" key as data.
import { describe, expect, it } from 'vitest';
import { frozenContent } from '../../src/state/content.js';
import type { PushContent } from '../../src/state/records.js';

const parsed = (): PushContent =>
  JSON.parse(
    '{"msgtype":"notification","message":{"appkey":"k","is_offline":true,"msgtype":"notification"},' +
      '"template":{"style":{"type":0,"text":"hi","title":"t"},"tags":["a",{"b":[1,2]}]},' +
      '"push_info":{"aps":{"alert":{"body":"x"}},"__proto__":{"polluted":true}}}',
  );

function objectsOf(value: unknown, found: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value);
  for (const item of Object.values(value)) objectsOf(item, found);
  return found;
}

describe('frozenContent', () => {
  it('is the body’s own parts, equal to them, none copied', () => {
    const body = parsed();
    const text = JSON.stringify(body);
    const content = frozenContent(body);
    expect(JSON.stringify(content)).toBe(text);
    expect([content.message, content.template, content.push_info]).toEqual([
      body.message,
      body.template,
      body.push_info,
    ]);
    expect(content.message).toBe(body.message);
    expect(content.template).toBe(body.template);
    expect(content.push_info).toBe(body.push_info);
    // What the request log keeps of the body is frozen with it: a change through the body throws too.
    expect(() => {
      (body.template as { extra?: number }).extra = 1;
    }).toThrow(TypeError);
  });

  it('is frozen all the way down, arrays included', () => {
    const content = frozenContent(parsed());
    const objects = objectsOf(content);
    expect(objects.length).toBeGreaterThan(8);
    expect(objects.every((o) => Object.isFrozen(o))).toBe(true);
    expect(() => {
      (content.template as { tags: unknown[] }).tags.push('c');
    }).toThrow(TypeError);
  });

  it('keeps "__proto__" as an own key holding data, not as the prototype', () => {
    const content = frozenContent(parsed());
    const info = content.push_info as Record<string, unknown>;
    expect(Object.getPrototypeOf(info)).toBe(Object.prototype);
    expect(Object.hasOwn(info, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(info, '__proto__')?.value).toEqual({ polluted: true });
    expect((info as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
