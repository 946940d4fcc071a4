// The inclusive share of a named function in a CPU profile: counted once per sample however deep it recurses,
// idle samples left out, esbuild's clash digit ignored.
import { describe, expect, it } from 'vitest';
import { inclusiveShares } from '../src/profile-functions.mjs';

const frame = (id: number, functionName: string, children: number[] = []) => ({
  id,
  callFrame: { functionName },
  children,
});

describe('inclusiveShares', () => {
  it('counts each busy sample once for every named function on its stack', () => {
    // root -> handle2 -> rememberAnswer -> rememberAnswer (recursion) ; root -> other ; root -> (idle)
    const profile = {
      nodes: [
        frame(1, '(root)', [2, 5, 6]),
        frame(2, 'handle2', [3]),
        frame(3, 'rememberAnswer', [4]),
        frame(4, 'rememberAnswer'),
        frame(5, 'other'),
        frame(6, '(idle)'),
      ],
      samples: [4, 3, 2, 5, 6, 6],
    };
    const { busy, shares } = inclusiveShares(profile, ['rememberAnswer', 'handle', 'absent']);
    expect(busy).toBe(4);
    expect(shares).toEqual({ rememberAnswer: 2 / 4, handle: 3 / 4, absent: 0 });
  });
});
