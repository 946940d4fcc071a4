// The type-cost consumers must compile (a broken one would time an error), and a wrong call must not.
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileConsumer, consumers } from '../src/type-cost.mjs';

const callsIn = (dir: string) =>
  (fs.readFileSync(path.join(dir, 'index.ts'), 'utf8').match(/await push\.(GET|POST|DELETE)\(/g) ?? []).length;

describe('type-cost consumers', () => {
  it('the subject makes ten typed calls, the baseline none', () => {
    expect(callsIn(consumers.withCalls)).toBe(10);
    expect(callsIn(consumers.noCalls)).toBe(0);
  });

  it('both compile, and only the subject instantiates types', () => {
    const withCalls = compileConsumer(consumers.withCalls);
    const noCalls = compileConsumer(consumers.noCalls);
    expect(withCalls.instantiations).toBeGreaterThan(noCalls.instantiations);
    expect(withCalls.wallMs).toBeGreaterThan(0);
  });

  it('a consumer with a type error is reported, not timed', () => {
    expect(() => compileConsumer(path.join(consumers.withCalls, '..', 'wrong-call'))).toThrow(
      /tsc failed on type-cost\/wrong-call[\s\S]*msgtype/,
    );
  });
});
