// The size section reads each client's own size-limit report (the budget itself fails the client's tests).
import { describe, expect, it } from 'vitest';
import { clientPackages } from '../src/paths.mjs';
import { runSizeLimit } from '../src/size.mjs';

describe('size-limit report', () => {
  it.each(clientPackages)('$name reports a size and its limit', ({ dir }) => {
    const checks = runSizeLimit(dir);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      expect(check.size).toBeGreaterThan(1000);
      expect(check.sizeLimit).toBeGreaterThan(0);
      expect(check.passed).toBe(check.size <= (check.sizeLimit ?? 0));
    }
  });

  it('says so when a package has no size-limit', () => {
    expect(() => runSizeLimit('/nonexistent-package-dir')).toThrow(/size-limit is not installed/);
  });
});
