import { describe, expect, it } from 'vitest';
import { selfTimeOf } from '../src/write-cost.mjs';

describe('write-cost: self time of a frame', () => {
  it("sums the interval each sample of the named frame stands for (the next sample's delta)", () => {
    const frame = (id: number, functionName: string) => ({ id, callFrame: { functionName } });
    const profile = {
      nodes: [frame(1, '(root)'), frame(2, 'writev'), frame(3, 'parse'), frame(4, 'writev')],
      samples: [1, 2, 3, 4, 2],
      timeDeltas: [0, 10, 20, 30, 40],
    };
    // writev at samples 1, 3 and 4: the next deltas are 20, 40 and none (the last sample counts nothing).
    expect(selfTimeOf(profile, 'writev')).toBe(60);
    expect(selfTimeOf(profile, 'parse')).toBe(30);
    expect(selfTimeOf(profile, 'absent')).toBe(0);
  });
});
