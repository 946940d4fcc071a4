import { describe, expect, it } from 'vitest';
import { deleteWithoutHoles } from '../../src/state/map-holes.js';

const filled = (from: number, to: number) =>
  new Map(Array.from({ length: to - from }, (_, i) => [from + i, `v${from + i}`]));

describe('deleteWithoutHoles', () => {
  it('a map used as a queue keeps its newest entries, in order, across many rebuilds', () => {
    const map = filled(0, 1_000);
    for (let next = 1_000; next < 10_000; next++) {
      map.set(next, `v${next}`);
      for (const key of map.keys()) {
        if (map.size <= 1_000) break;
        deleteWithoutHoles(map, key);
      }
    }
    expect([...map]).toEqual([...filled(9_000, 10_000)]);
  });

  it('a loop removing the oldest goes on at the oldest left when a removal rebuilds the table under it', () => {
    const map = filled(0, 2_000);
    // 1,999 removals in one loop: the table is rebuilt in it (once the removals reach the size left).
    const seen: number[] = [];
    for (const key of map.keys()) {
      seen.push(key);
      if (map.size <= 1) break;
      deleteWithoutHoles(map, key);
    }
    expect(seen).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    expect([...map.keys()]).toEqual([1_999]);
  });

  it('removes only the key named, wherever it is, and a key not there changes nothing', () => {
    const map = filled(0, 600);
    for (let k = 0; k < 600; k += 2) deleteWithoutHoles(map, k);
    deleteWithoutHoles(map, 10_000);
    expect([...map.keys()]).toEqual(Array.from({ length: 300 }, (_, i) => 2 * i + 1));
    expect(map.get(599)).toBe('v599');
  });
});
