import { describe, expect, it } from 'vitest';
import { median, ratios, summarize } from '../src/stats.mjs';

describe('stats', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('does not reorder the caller array', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses an empty series', () => {
    expect(() => median([])).toThrow(RangeError);
  });

  it('summarizes min, median, max and the number of runs', () => {
    expect(summarize([5, 1, 9, 3])).toEqual({ min: 1, median: 4, max: 9, runs: 4 });
  });

  it('divides run i of the subject by run i of the baseline', () => {
    expect(ratios([2, 9], [1, 3])).toEqual([2, 3]);
    expect(() => ratios([1, 2], [1])).toThrow(RangeError);
  });
});
