// OldestFirst keeps an app's requestids oldest first (state/oldest-first.ts): whatever order they are placed in (a
// restart gives them back by key), whatever was taken out or placed again, `oldest` is the kept record of the
// earliest time, the first placed among equal times.
import { describe, expect, it } from 'vitest';
import { OldestFirst } from '../../src/state/oldest-first.js';

interface Item {
  id: string;
  at: number;
}

/** A small generator of the same numbers on every run (mulberry32). */
function numbers(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('OldestFirst', () => {
  it('gives the kept record of the earliest time after random adds, removals, re-adds and out-of-order adds', () => {
    const random = numbers(7);
    const queue = new OldestFirst<Item>();
    const kept = new Map<string, Item>();
    const isKept = (item: Item) => kept.get(item.id) === item;
    // The reference: the kept items by time, the first placed first among equal times.
    const placed: Item[] = [];
    const expected = () =>
      placed
        .filter(isKept)
        .reduce<Item | undefined>((best, item) => (best && best.at <= item.at ? best : item), undefined);
    let clock = 0;
    for (let step = 0; step < 8_000; step++) {
      const roll = random();
      if (roll < 0.5) {
        // Mostly in time order; now and then an older one, as a restart or a restore places them.
        clock += Math.floor(random() * 3);
        const at = random() < 0.05 ? Math.floor(random() * clock) : clock;
        const item = { id: `r${Math.floor(random() * 3000)}`, at };
        kept.set(item.id, item);
        queue.add(item);
        placed.push(item);
      } else if (roll < 0.8) {
        const oldest = queue.oldest(isKept);
        expect(oldest).toBe(expected());
        if (oldest) kept.delete(oldest.id);
      } else if (roll < 0.9 && kept.size > 0) {
        // Taken out elsewhere (not the oldest).
        const ids = [...kept.keys()];
        kept.delete(ids[Math.floor(random() * ids.length)] as string);
      } else if (kept.size > 0) {
        // The same record placed again (an update in place): still one record.
        const ids = [...kept.keys()];
        const item = kept.get(ids[Math.floor(random() * ids.length)] as string) as Item;
        queue.add(item);
        placed.push(item);
      }
    }
    while (kept.size > 0) {
      const oldest = queue.oldest(isKept);
      expect(oldest).toBe(expected());
      kept.delete((oldest as Item).id);
    }
    expect(queue.oldest(isKept)).toBeUndefined();
  });

  it('keeps the order of placing among records of the same time', () => {
    const queue = new OldestFirst<Item>();
    const items = ['c', 'a', 'b'].map((id) => ({ id, at: 5 }));
    for (const item of items) queue.add(item);
    queue.add({ id: 'older', at: 1 });
    const kept = new Set<Item>([...items]);
    const order: string[] = [];
    for (let item = queue.oldest((i) => kept.has(i)); item; item = queue.oldest((i) => kept.has(i))) {
      order.push(item.id);
      kept.delete(item);
    }
    expect(order).toEqual(['c', 'a', 'b']);
  });

  it('at a bound, one in and the oldest out for many times the bound, gives them in the order they came', () => {
    const queue = new OldestFirst<Item>();
    const kept = new Map<string, Item>();
    const isKept = (item: Item) => kept.get(item.id) === item;
    const add = (n: number) => {
      const item = { id: `r${n}`, at: n };
      kept.set(item.id, item);
      queue.add(item);
    };
    const bound = 3000;
    for (let n = 0; n < bound; n++) add(n);
    // Past the head, the array is cut now and then (oldest-first.ts): the order must survive every cut.
    for (let n = bound; n < bound * 5; n++) {
      add(n);
      const oldest = queue.oldest(isKept) as Item;
      expect(oldest.id).toBe(`r${n - bound}`);
      kept.delete(oldest.id);
    }
  });
});
