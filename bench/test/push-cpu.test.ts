import { describe, expect, it } from 'vitest';
import { ticksOfStat } from '../src/push-cpu.mjs';

describe('push-cpu: a process’s times from its /proc stat line', () => {
  it('reads user and system ticks after the command name, spaces and parentheses in it included', () => {
    // Fields 14 and 15 (utime, stime) are 1234 and 56; the name holds a space and a ')'.
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 1234 56 0 0 20 0 11 0 500 1000 200';
    expect(ticksOfStat(stat)).toEqual({ user: 1234, system: 56 });
  });
});
