import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  ClientError,
  HttpError,
  NetworkError,
  parseRetryAfter,
  readViolations,
  resolveRetry,
  SecretSet,
  sleep,
  TimeoutError,
  TokenCache,
  type StoredToken,
} from '../src/index.js';

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
  it('sleep ends at once when the signal aborts, with its reason, and never starts on an aborted one', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const long = sleep(3_600_000, controller.signal);
    controller.abort(reason);
    await expect(long).rejects.toBe(reason);
    await expect(sleep(3_600_000, controller.signal)).rejects.toBe(reason);
    await expect(sleep(0)).resolves.toBeUndefined();
  });
});

describe('SecretSet', () => {
  it('replaces a secret whole, and any run of 16 or more of its characters, but never a shorter run', () => {
    const secrets = new SecretSet();
    secrets.add('sandbox-mastersecret');
    expect(secrets.scrub('a sandbox-mastersecret b')).toBe('a [redacted] b');
    expect(secrets.scrub('cut: ndbox-mastersecr.')).toBe('cut: [redacted].');
    expect(secrets.scrub('sensitive_word (injected by the sandbox)')).toBe('sensitive_word (injected by the sandbox)');
    expect(secrets.scrub('app sandbox-app, sha256(appkey + timestamp + mastersecret)')).toBe(
      'app sandbox-app, sha256(appkey + timestamp + mastersecret)',
    );
  });

  it('replaces a secret of 8 to 15 characters wherever it appears whole, and none of its parts', () => {
    const secrets = new SecretSet();
    secrets.add('not-the-secret');
    expect(secrets.scrub('sign does not match sha256(appkey + timestamp + mastersecret)')).toBe(
      'sign does not match sha256(appkey + timestamp + mastersecret)',
    );
    expect(secrets.scrub('echo xnot-the-secretx')).toBe('echo x[redacted]x');
  });

  it('replaces a secret shorter than 8 characters only where it is a word of its own', () => {
    const secrets = new SecretSet();
    secrets.add('s');
    secrets.add('test');
    expect(secrets.scrub('POST /push_single: HTTP 422, 47 violations, the first: body.cid')).toBe(
      'POST /push_single: HTTP 422, 47 violations, the first: body.cid',
    );
    expect(secrets.scrub('a test-device for testing, contest')).toBe('a test-device for testing, contest');
    expect(secrets.scrub('secret s, "test", sign=test&x=s')).toBe(
      'secret [redacted], "[redacted]", sign=[redacted]&x=[redacted]',
    );
  });

  it('replaces the JSON-escaped and URL-encoded forms of a secret', () => {
    const secrets = new SecretSet();
    secrets.add('pa"ss/wo rd?&=1');
    expect(secrets.scrub('{"echo":"pa\\"ss/wo rd?&=1"}')).toBe('{"echo":"[redacted]"}');
    expect(secrets.scrub('http://h/x/pa%22ss%2Fwo%20rd%3F%26%3D1?q=pa%22ss%2Fwo+rd%3F%26%3D1')).toBe(
      'http://h/x/[redacted]?q=[redacted]',
    );
  });

  it('never redacts its own marker again, whatever the secret', () => {
    for (const secret of ['a', 'red', 'redacted', '[redacted]']) {
      const secrets = new SecretSet();
      secrets.add(secret);
      expect(secrets.scrub('b [redacted] port')).toBe('b [redacted] port');
      expect(secrets.scrub(secrets.scrub(`x ${secret} y`))).toBe('x [redacted] y');
    }
    const secrets = new SecretSet();
    secrets.add('a');
    expect(secrets.scrub('GET /config/tags: bad port')).toBe('GET /config/tags: bad port');
  });

  it('copies a cause as a plain error: scrubbed text, network fields, nested causes; never the original object', () => {
    const secrets = new SecretSet();
    secrets.add('TOKEN-abcdef-123');
    const request = new Request('http://127.0.0.1:9/x', { headers: { authtoken: 'TOKEN-abcdef-123' } });
    const original = Object.assign(
      new TypeError('fetch failed for TOKEN-abcdef-123', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
          code: 'ECONNREFUSED',
          syscall: 'connect',
          port: 9,
        }),
      }),
      { request },
    );
    const copy = secrets.copyCause(original) as Error & { cause: Error & { code: string; port: number } };
    expect(copy).not.toBe(original);
    expect(copy.name).toBe('TypeError');
    expect(copy.message).toBe('fetch failed for [redacted]');
    expect(copy.cause).toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:9',
      code: 'ECONNREFUSED',
      syscall: 'connect',
      port: 9,
    });
    const shown = inspect(copy, { depth: Infinity, showHidden: true });
    expect(shown).not.toContain('abcdef');
    expect(shown).not.toContain('Request');
    expect(secrets.copyCause('text TOKEN-abcdef-123')).toBe('text [redacted]');
  });
});

describe('violations', () => {
  const scrub = (t: string) => t;
  it('come from the sl-violations header first, else from the body validation list; bad items are left out', () => {
    const item = { location: ['body', 'cid'], severity: 'Error', code: 'type', message: 'must be string' };
    expect(readViolations(JSON.stringify([item]), { validation: [] }, scrub)).toEqual([item]);
    expect(readViolations(null, { validation: [item, { nothing: 1 }, 'x'] }, scrub)).toEqual([item]);
    expect(readViolations('not json', { validation: [{ message: 'm' }] }, scrub)).toEqual([
      { location: [], message: 'm' },
    ]);
    expect(readViolations(null, 'text', scrub)).toEqual([]);
  });
});

describe('error classes', () => {
  it('messages say the call, the sign-in it waited for, and what went wrong', () => {
    const http = new HttpError(
      { status: 422, url: 'http://x/y', violations: [{ location: ['body', 'a'], message: 'must be string' }] },
      { operation: 'POST /y' },
    );
    expect(http.message).toBe('POST /y: HTTP 422, 1 violation: body.a: must be string');
    const network = new NetworkError(
      { code: 'ECONNREFUSED', host: '127.0.0.1:9' },
      { operation: 'GET /y', signIn: 'POST /auth_sign', attempts: 3 },
    );
    expect(network.message).toBe(
      'GET /y (during its sign-in, POST /auth_sign): network error ECONNREFUSED reaching 127.0.0.1:9, after 3 attempts',
    );
    const timeout = new TimeoutError({ timeoutMs: 500, elapsedMs: 1630 }, { operation: 'GET /y', attempts: 3 });
    expect(timeout.message).toBe('GET /y: no answer within 500 ms in each of 3 attempts, 1.6 s in all');
    expect(String(timeout.stack)).toMatch(/^TimeoutError: GET \/y: no answer/);
  });

  it('a copy for a call that waited on a failed sign-in keeps the class and fields, and names both', () => {
    const original = new HttpError(
      { status: 503, url: 'http://x/auth' },
      { operation: 'POST /auth_sign', attempts: 3 },
    );
    const copy = original.duringSignInOf('GET /y');
    expect(copy).toBeInstanceOf(HttpError);
    expect(copy).toMatchObject({ status: 503, attempts: 3, operation: 'GET /y', signIn: 'POST /auth_sign' });
    expect(copy.message).toBe('GET /y (during its sign-in, POST /auth_sign): HTTP 503, after 3 attempts');
    expect(original.message).toBe('POST /auth_sign: HTTP 503, after 3 attempts');
  });

  it('instanceof holds across copies of the classes (another bundle of this module), by brand', async () => {
    // A query makes the module loader evaluate the module a second time: a second set of classes.
    // @ts-expect-error the query is not part of a file name TypeScript knows
    const copy = (await import('../src/errors.js?second-copy')) as typeof import('../src/errors.js');
    expect(copy.HttpError).not.toBe(HttpError);
    const error = new copy.HttpError({ status: 500, url: 'http://x' }, { operation: 'GET /x' });
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(new NetworkError({ host: 'h' }, { operation: 'GET /x' })).toBeInstanceOf(copy.NetworkError);
    expect(new Error('plain')).not.toBeInstanceOf(ClientError);
    expect(Object.assign(new Error('lookalike'), { name: 'HttpError', status: 500 })).not.toBeInstanceOf(HttpError);
  });

  it('toJSON() has the fields and the cause chain', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const error = new NetworkError(
      { code: 'ECONNREFUSED', host: 'h:1' },
      { operation: 'GET /x', cause: new TypeError('fetch failed', { cause }) },
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NetworkError',
      message: 'GET /x: network error ECONNREFUSED reaching h:1',
      operation: 'GET /x',
      signIn: undefined,
      attempts: 1,
      code: 'ECONNREFUSED',
      host: 'h:1',
      cause: {
        name: 'TypeError',
        message: 'fetch failed',
        cause: { name: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' },
      },
    });
  });
});

describe('TokenCache', () => {
  it('shares one sign-in between concurrent callers and renews a rejected token once', async () => {
    let signIns = 0;
    const cache = new TokenCache(
      async (): Promise<StoredToken> => {
        signIns += 1;
        await new Promise((r) => setTimeout(r, 5));
        return { token: `T${signIns}`, expiresAt: Number.MAX_SAFE_INTEGER };
      },
      () => 0,
    );
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['T1', 'T1', 'T1']);
    expect(await Promise.all([cache.renew('T1'), cache.renew('T1')])).toEqual(['T2', 'T2']);
    expect(await cache.renew('T1')).toBe('T2'); // a late caller with the old token gets the new one
    expect(signIns).toBe(2);
  });
  it('a failed sign-in is not cached', async () => {
    let calls = 0;
    const cache = new TokenCache(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return { token: 'OK', expiresAt: 10 };
      },
      () => 0,
    );
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('OK');
  });
});
