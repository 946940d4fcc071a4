import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, resolveRetry, SecretSet, TokenCache, type StoredToken } from '../src/index.js';

describe('backoff', () => {
  const options = resolveRetry({ baseDelayMs: 100, maxDelayMs: 1000 });
  it('grows exponentially, with full jitter below the ceiling, and is capped', () => {
    expect(backoffDelay(1, options, () => 0.999)).toBe(99);
    expect(backoffDelay(3, options, () => 0.999)).toBe(399);
    expect(backoffDelay(10, options, () => 0.999)).toBe(999);
    expect(backoffDelay(2, options, () => 0)).toBe(0);
  });
  it('takes a server Retry-After, still capped', () => {
    expect(backoffDelay(1, options, () => 0.5, 250)).toBe(250);
    expect(backoffDelay(1, options, () => 0.5, 60_000)).toBe(1000);
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
  it('defaults to 2 retries; false turns them off', () => {
    expect(resolveRetry(undefined).maxRetries).toBe(2);
    expect(resolveRetry(false).maxRetries).toBe(0);
  });
});

describe('SecretSet', () => {
  it('replaces every occurrence, in causes too, and ignores values too short to be secrets', () => {
    const secrets = new SecretSet();
    secrets.add('s3cr3t-value');
    secrets.add('abc');
    expect(secrets.scrub('a s3cr3t-value b s3cr3t-value abc')).toBe('a [redacted] b [redacted] abc');
    const cause = secrets.scrubCause(new Error('x s3cr3t-value', { cause: new Error('inner s3cr3t-value') })) as Error;
    expect(cause.message).toBe('x [redacted]');
    expect(String(cause.stack)).not.toContain('s3cr3t-value');
    expect((cause.cause as Error).message).toBe('inner [redacted]');
  });
});

describe('TokenCache', () => {
  it('shares one sign-in between concurrent callers and renews a rejected token once', async () => {
    let signIns = 0;
    const cache = new TokenCache(async (): Promise<StoredToken> => {
      signIns += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { token: `T${signIns}`, expiresAt: Number.MAX_SAFE_INTEGER };
    }, () => 0);
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['T1', 'T1', 'T1']);
    expect(await Promise.all([cache.renew('T1'), cache.renew('T1')])).toEqual(['T2', 'T2']);
    expect(await cache.renew('T1')).toBe('T2'); // a late caller with the old token gets the new one
    expect(signIns).toBe(2);
  });
  it('a failed sign-in is not cached', async () => {
    let calls = 0;
    const cache = new TokenCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return { token: 'OK', expiresAt: 10 };
    }, () => 0);
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('OK');
  });
});
