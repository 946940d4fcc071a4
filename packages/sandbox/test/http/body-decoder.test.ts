// parseJsonBody decodes every body with one UTF-8 decoder (body.ts): a body refused for a sequence cut at its end
// leaves nothing behind for the next body, whose text is read whole.
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/http/body.js';

const JSON_TYPE = 'application/json';

describe('the shared UTF-8 decoder', () => {
  it('reads each body on its own, after one refused for a cut sequence', () => {
    const cut = Buffer.concat([Buffer.from('{"tag":"caf'), Buffer.from([0xc3])]);
    for (let round = 0; round < 2; round++) {
      expect(() => parseJsonBody(cut, JSON_TYPE)).toThrow('the body is not valid UTF-8 (at byte 11)');
      expect(parseJsonBody(Buffer.from('{"tag":"café"}'), JSON_TYPE)).toEqual({ tag: 'café' });
    }
  });
});
