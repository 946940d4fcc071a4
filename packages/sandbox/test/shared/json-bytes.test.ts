import { describe, expect, it } from 'vitest';
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
