import { describe, expect, it } from 'vitest';
import { KNOWN_BYTES, objectBytesWith } from '../../src/shared/bounded.js';
import { jsonTextBytes } from '../../src/shared/json-bytes.js';

const stringified = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

describe('jsonTextBytes', () => {
  it('counts what JSON.stringify writes, byte for byte', () => {
    const values: unknown[] = [
      '',
      'plain',
      'quote " backslash \\ slash /',
      'controls \b\f\n\r\t \u0000 \u001f \u007f',
      'é ß € 中文 😀 emoji pair',
      'lone \ud800 high, lone \udc00 low, reversed \udc00\ud800',
      0,
      -0,
      1.5,
      -1234567890123456,
      1e21,
      1e-7,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      false,
      null,
      [],
      {},
      [1, 'two', null, [3], { four: 4 }],
      [undefined, () => 1, Symbol('s')],
      { a: undefined, b: 1, c: () => 1, [Symbol('s')]: 2, 'key "quoted"': 'é' },
      { nested: { deeper: { list: [{ x: 1 }, { y: 'z' }] } }, empty: {}, none: [] },
      { at: new Date(0), inside: [new Date(86_400_000)] },
    ];
    for (const value of values) expect(jsonTextBytes(value), JSON.stringify(value)).toBe(stringified(value));
  });

  it('counts a request-log entry with a push body as the log read it', () => {
    const entry = {
      id: 7,
      at: 1_700_000_000_000,
      appid: 'sandbox-app',
      api: 'push-v1',
      operation: 'push_single',
      method: 'POST',
      path: '/v1/sandbox-app/push_single',
      status: 200,
      outcome: 'ok',
      desc: null,
      violations: [],
      deviations: [],
      durationMs: 0.42,
      fault: null,
      taskids: ['a'.repeat(32)],
      body: {
        message: { appkey: 'k', is_offline: true, offline_expire_time: 3_600_000, msgtype: 'notification' },
        notification: { style: { type: 0, title: 'Commande expédiée 📦', text: 'Votre colis «arrive»' } },
        cid: 'magic-online',
        requestid: 'bench000000000000000000000000001',
      },
    };
    expect(jsonTextBytes(entry)).toBe(stringified(entry));
  });
});

describe('jsonTextBytes with sizes known', () => {
  it('tells the bytes of every object and array inside the value, each as JSON.stringify counts it', () => {
    const template = { title: 'é "t"', style: { type: 0, list: [1, 'two', { three: 3 }] } };
    const content = { msgtype: 'notification', message: { is_offline: true }, template, push_info: null };
    const told = new Map<object, number>();
    const bytes = jsonTextBytes(content, told);
    expect(bytes).toBe(stringified(content));
    const objects: object[] = [content, content.message, template, template.style, template.style.list];
    objects.push(template.style.list[2] as object);
    expect(told.size).toBe(objects.length);
    for (const value of objects) expect(told.get(value), JSON.stringify(value)).toBe(stringified(value));
  });

  it('takes a known size as it is, without walking that part', () => {
    const template = { title: 'a long enough title' };
    const entry = { id: 1, body: { notification: template, cid: 'c' } };
    expect(jsonTextBytes(entry, { get: (v) => (v === template ? stringified(template) : undefined) })).toBe(
      stringified(entry),
    );
    // The lookup is what counts: a size known wrongly shows in the total.
    expect(jsonTextBytes(entry, { get: (v) => (v === template ? 1000 : undefined) })).toBe(
      stringified(entry) - stringified(template) + 1000,
    );
  });
});

describe('objectBytesWith', () => {
  it('measures a value once and notes only the parts named', () => {
    const template = Object.freeze({ title: 't', style: Object.freeze({ type: 0 }) });
    const content = Object.freeze({ msgtype: 'notification', template });
    expect(objectBytesWith(content, [template])).toBe(stringified(content));
    // Noted: a walk over something holding the template, told of the known sizes, finds it.
    const holder = { a: template, b: template.style };
    const looked: object[] = [];
    jsonTextBytes(holder, { get: (v) => (looked.push(v), KNOWN_BYTES.get(v)) });
    expect(KNOWN_BYTES.get(template)).toBe(stringified(template));
    expect(KNOWN_BYTES.get(content)).toBe(stringified(content));
    expect(KNOWN_BYTES.get(template.style)).toBeUndefined();
    expect(looked).toContain(template.style);
  });
});
