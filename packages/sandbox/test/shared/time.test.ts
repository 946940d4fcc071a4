// The day texts of an instant (the daily statistics' key, a task id's <mmdd>) are kept for the last day asked about:
// held here against a new Date for each, for instants on both sides of each day's edge, in zones from UTC-12 to
// UTC+14, asked in an order that turns between days and zones (a text kept across them would show).
import { describe, expect, it } from 'vitest';
import { dayKey, mmdd } from '../../src/shared/time.js';

const pad = (n: number) => String(n).padStart(2, '0');
function reference(ms: number, offsetMinutes: number) {
  const d = new Date(ms + offsetMinutes * 60_000);
  const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  return { key: `${y}${m}${day}`, mmdd: `${m}${day}` };
}

describe('the texts of an instant’s day', () => {
  it('are those of a new Date, whatever the day and zone asked before', () => {
    const offsets = [-720, -90, 0, 330, 480, 840];
    const edges = [
      Date.UTC(2030, 0, 1),
      Date.UTC(2030, 1, 28, 16),
      Date.UTC(2032, 1, 29, 23, 59),
      Date.UTC(1969, 11, 31),
    ];
    const instants = edges.flatMap((edge) => offsets.flatMap((o) => [-1, 0, 1].map((d) => edge - o * 60_000 + d)));
    let checked = 0;
    for (let round = 0; round < 3; round++)
      for (const [i, ms] of instants.entries())
        for (const offset of round === 1 ? [...offsets].reverse() : offsets) {
          const at = round === 2 ? (instants[(i * 7) % instants.length] ?? ms) : ms;
          expect({ key: dayKey(at, offset), mmdd: mmdd(at, offset) }, `${at} at ${offset}`).toEqual(
            reference(at, offset),
          );
          checked++;
        }
    expect(checked).toBe(3 * instants.length * offsets.length);
  });
});
