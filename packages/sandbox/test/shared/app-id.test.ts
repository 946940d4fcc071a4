// Random ids (app-id.ts) drawn from a pool of random bytes: every id is new, of its length and alphabet, across the
// pool's refills, and an id longer than the pool is drawn whole.
import { describe, expect, it } from 'vitest';
import { newAppId, randomId } from '../../src/shared/app-id.js';

describe('random ids', () => {
  it('are new, of their length and letters or digits, across many refills of the pool', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => randomId(i % 2 === 0 ? 22 : 13));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${i % 2 === 0 ? 22 : 13}}$`));
    // The letters are spread: each of the 62 shows up in 35,000 drawn.
    expect(new Set(ids.join('')).size).toBe(62);
  });

  it('draws an id longer than the pool, and appids under a prefix', () => {
    expect(randomId(5000)).toMatch(/^[A-Za-z0-9]{5000}$/);
    expect(newAppId('ci-web-')).toMatch(/^ci-web-[A-Za-z0-9]{12}$/);
  });
});
