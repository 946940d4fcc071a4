// Runtime behaviour of the DMP client against a local fake service (node:http on 127.0.0.1).
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDmpClient,
  dmpSigns,
  DmpApiError,
  HttpError,
  md5Hex,
  NetworkError,
  TimeoutError,
  userTagsBody,
  type DmpClientOptions,
  type StoredToken,
  type TokenStore,
} from '../src/index.js';
import { deferred } from '@pushapi/client-core/testing';
import { fakeClientTimers, passWhen } from '@pushapi/client-core/testing/timers';
import { AUTH_CODE, USER_CODE, startFakeDmp, type FakeDmp } from './fake-service.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const fastRetry = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 };

let service: FakeDmp;
beforeEach(async () => {
  service = await startFakeDmp();
});
afterEach(async () => {
  await service.close();
});

const client = (extra: Partial<DmpClientOptions> = {}) =>
  createDmpClient({ baseUrl: service.baseUrl, userCode: USER_CODE, authCode: AUTH_CODE, retry: fastRetry, ...extra });

/**
 * A store holding a token the service accepts, so that a client with a tiny timeout never gets one itself: the
 * client's timeout would also apply to the token request, which a loaded machine may not answer in a few ms.
 */
const heldToken = (): TokenStore => {
  const held: StoredToken = { token: 'HELD-ACCESS-000001', expiresAt: Number.MAX_SAFE_INTEGER };
  service.valid.add(held.token);
  return { get: () => held, set: () => {} };
};

describe('signatures and hashing', () => {
  it('sign1 = MD5(user_code + MD5(timestamp)), sign2 = MD5(user_code + auth_code + MD5(timestamp)), lowercase hex', () => {
    for (const [user, auth, ts] of [
      ['USER_CODE_0001', 'AUTH', '1893456000000'],
      ['u', '', '0'],
      ['用户', 'код✓', '1763700000'],
    ] as const) {
      expect(dmpSigns(user, auth, ts)).toEqual({ sign1: md5(user + md5(ts)), sign2: md5(user + auth + md5(ts)) });
    }
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('sends user_code, sign1, sign2 and the millisecond timestamp used in the signs', async () => {
    const now = 1_893_456_000_000;
    await client({ now: () => now }).GET('/config/tags');
    const q = Object.fromEntries(service.calls('/accesser/auth')[0]!.query);
    expect(q).toEqual({
      user_code: USER_CODE,
      timestamp: String(now),
      sign1: md5(USER_CODE + md5(String(now))),
      sign2: md5(USER_CODE + AUTH_CODE + md5(String(now))),
    });
  });

  it('userTagsBody hashes each identifier as the description says', () => {
    const body = userTagsBody({
      imei: '860000000000001',
      mac: 'AA:BB:CC:DD:EE:0F',
      imsi: '460000000000001',
      phone: '13800000000',
      idfa: 'abcdef01-2345-6789-abcd-ef0123456789',
      oaid: 'oaid-0001',
      androidId: 'a1b2c3d4e5f60718',
    });
    expect(body).toEqual({
      imeiMD5: md5('860000000000001'),
      macMD5: md5('aabbccddee0f'),
      imsiMD5: md5('460000000000001'),
      mb: md5('13800000000'),
      idfa: 'ABCDEF01-2345-6789-ABCD-EF0123456789',
      idfaMD5: md5('ABCDEF01-2345-6789-ABCD-EF0123456789'),
      oaid: 'oaid-0001',
      oaidMD5: md5('oaid-0001'),
      androidId: 'a1b2c3d4e5f60718',
      androidIdMD5: md5('a1b2c3d4e5f60718'),
    });
    expect(userTagsBody({ idfa: 'x', imei: '  ' }, { hashedOnly: true })).toEqual({ idfaMD5: md5('X') });
    expect(userTagsBody({})).toEqual({});
  });
});

describe('token lifecycle', () => {
  it('gets the token lazily, once, and sends Bearer, Content-Type and Accept', async () => {
    const dmp = client();
    expect(service.server.requests).toHaveLength(0);
    const tags = await dmp.GET('/config/tags');
    expect(tags.data).toEqual([{ tid: '1001', tname: 'sports' }]);
    const user = await dmp.POST('/tags/user', { body: userTagsBody({ imei: '860000000000001' }) });
    expect(user.data).toEqual(['1001']);
    expect(service.calls('/accesser/auth')).toHaveLength(1);
    const [call] = service.calls('/tags/user');
    expect(call?.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.accept).toBe('application/vnd.dmp.v1+json');
    expect(call?.json).toEqual({ imeiMD5: md5('860000000000001') });
    expect(service.calls('/accesser/auth')[0]?.headers.accept).toBe('application/vnd.dmp.v1+json');
  });

  it('concurrent calls on a cold client share one token request', async () => {
    const dmp = client();
    await Promise.all(Array.from({ length: 6 }, () => dmp.GET('/config/tags')));
    expect(service.calls('/accesser/auth')).toHaveLength(1);
    expect(service.calls('/config/tags')).toHaveLength(6);
  });

  it('renews expires_in minus the margin after the token was issued', async () => {
    let now = 1_700_000_000_000;
    service.expiresIn = 7200;
    const dmp = client({ now: () => now, tokenMarginMs: 300_000 });
    await dmp.GET('/config/tags');
    now += 7200_000 - 300_000 - 1;
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(1);
    now += 1;
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(2);
  });

  it('on 401 gets a new token and repeats the call once', async () => {
    const dmp = client();
    await dmp.GET('/config/tags');
    service.valid.clear();
    const user = await dmp.POST('/tags/user', { body: { mb: md5('13800000000') } });
    expect(user.code).toBe('0');
    const calls = service.calls('/tags/user');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${service.issued[1]}`);
    expect(calls[1]?.body).toBe(calls[0]?.body);
    expect(service.calls('/accesser/auth')).toHaveLength(2);
  });

  it('a second 401 is a DmpApiError with code and status', async () => {
    service.script('/config/tags', () => ({ status: 401, json: { code: '401' } }));
    const error = await client()
      .GET('/config/tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DmpApiError);
    expect(error).toMatchObject({ status: 401, code: '401', operation: 'GET /config/tags', attempts: 2 });
    expect(service.calls('/config/tags')).toHaveLength(2);
    expect(service.calls('/accesser/auth')).toHaveLength(2);
  });

  it('400 and 403 are DmpApiError, not retried, no new token', async () => {
    service.script('/tags/user', () => ({ status: 400, json: { code: '400' } }));
    service.script('/config/tags', () => ({ status: 403, json: {} }));
    const dmp = client();
    await expect(dmp.POST('/tags/user', { body: {} })).rejects.toMatchObject({
      name: 'DmpApiError',
      status: 400,
      code: '400',
    });
    await expect(dmp.GET('/config/tags')).rejects.toMatchObject({ name: 'DmpApiError', status: 403, code: undefined });
    expect(service.calls('/tags/user')).toHaveLength(1);
    expect(service.calls('/config/tags')).toHaveLength(1);
    expect(service.calls('/accesser/auth')).toHaveLength(1);
  });

  it('a refused token request is a DmpApiError of accesser/auth', async () => {
    const dmp = createDmpClient({
      baseUrl: service.baseUrl,
      userCode: USER_CODE,
      authCode: 'WRONG-AUTH-CODE',
      retry: fastRetry,
    });
    await expect(dmp.GET('/config/tags')).rejects.toMatchObject({
      name: 'DmpApiError',
      status: 403,
      operation: 'GET /config/tags',
      signIn: 'GET /accesser/auth',
    });
    expect(service.calls('/config/tags')).toHaveLength(0);
  });

  it('a 200 answer whose code is not "0" is a DmpApiError', async () => {
    service.script('/config/tags', () => ({ json: { code: '5001', data: [] } }));
    await expect(client().GET('/config/tags')).rejects.toMatchObject({
      name: 'DmpApiError',
      status: 200,
      code: '5001',
    });
  });

  it('uses the token store and stores a new token', async () => {
    const now = 1_700_000_000_000;
    service.valid.add('FLEET-ACCESS-0001');
    const stored: unknown[] = [];
    const dmp = client({
      now: () => now,
      tokenStore: { get: () => ({ token: 'FLEET-ACCESS-0001', expiresAt: now + 1 }), set: (t) => void stored.push(t) },
    });
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(0);
    service.valid.clear();
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(1);
    expect(stored).toEqual([{ token: service.issued[0], expiresAt: now + 7200_000 - 300_000 }]);
  });
});

describe('retries, timeouts, network errors', () => {
  it('retries 5xx (all DMP calls are queries) and honours Retry-After within the cap', async () => {
    service.script('/tags/user', (_req, n) =>
      n === 1 ? { status: 503, headers: { 'retry-after': '0' }, text: 'busy' } : undefined,
    );
    const user = await client().POST('/tags/user', { body: {} });
    expect(user.data).toEqual(['1001']);
    expect(service.calls('/tags/user')).toHaveLength(2);
  });

  it('gives up after maxRetries with HttpError', async () => {
    service.script('/config/tags', () => ({ status: 500, text: 'x' }));
    await expect(client().GET('/config/tags')).rejects.toMatchObject({ name: 'HttpError', status: 500 });
    expect(service.calls('/config/tags')).toHaveLength(3);
  });

  // No wall clock: the fake service holds the request, and the client's timers are fake, moved on by the time limit
  // only once the service has the request (client-core test-support/timers.ts).
  it('times out with TimeoutError', async () => {
    fakeClientTimers();
    try {
      service.script('/config/tags', () => ({ hold: true }));
      const failing = client({ timeoutMs: 250, retry: false, tokenStore: heldToken() })
        .GET('/config/tags')
        .catch((e: unknown) => e);
      await passWhen(() => service.calls('/config/tags').length === 1, 250);
      const error = await failing;
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ operation: 'GET /config/tags', timeoutMs: 250 });
      expect(service.calls('/config/tags')).toHaveLength(1);
      expect(service.calls('/accesser/auth')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the per-call timeout overrides the client default', async () => {
    fakeClientTimers();
    try {
      const slow = deferred();
      service.script('/config/tags', async (_req, n) =>
        n === 1 ? { hold: true } : (await slow.promise, { json: { code: '0', data: [] } }),
      );
      const dmp = client({ timeoutMs: 40, retry: false, tokenStore: heldToken() });
      const first = dmp.GET('/config/tags').catch((e: unknown) => e);
      await passWhen(() => service.calls('/config/tags').length === 1, 40);
      expect(await first).toMatchObject({ name: 'TimeoutError', timeoutMs: 40 });
      // An answer held for 9,999 ms of the client's time still arrives within the call's own 10,000.
      const second = dmp.GET('/config/tags', { timeoutMs: 10_000 });
      await passWhen(() => service.calls('/config/tags').length === 2, 9_999);
      slow.resolve();
      expect((await second).code).toBe('0');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an abort by the caller is not retried and not wrapped', async () => {
    const arrived = deferred();
    const answer = deferred();
    service.script('/config/tags', async () => {
      arrived.resolve();
      await answer.promise; // held until the test has aborted
      return undefined;
    });
    const controller = new AbortController();
    const call = client()
      .GET('/config/tags', { signal: controller.signal })
      .catch((e: unknown) => e);
    await arrived.promise;
    const reason = new Error('caller gave up');
    controller.abort(reason);
    expect(await call).toBe(reason);
    answer.resolve();
    expect(service.calls('/config/tags')).toHaveLength(1);
  });

  it('an abort while the token request is in flight ends the call at once; the token still serves the next call', async () => {
    const arrived = deferred();
    const answer = deferred();
    service.script('/accesser/auth', async (_req, n) => {
      if (n === 1) {
        arrived.resolve();
        await answer.promise;
      }
      return undefined;
    });
    const dmp = client();
    const controller = new AbortController();
    const call = dmp.GET('/config/tags', { signal: controller.signal }).catch((e: unknown) => e);
    await arrived.promise;
    controller.abort();
    expect(await call).toBe(controller.signal.reason);
    expect(service.calls('/config/tags')).toHaveLength(0);
    answer.resolve();
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(1);
    expect(service.calls('/config/tags')[0]?.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
  });

  it('a dropped connection is retried, then a NetworkError with its cause', async () => {
    service.script('/config/tags', () => ({ hangUp: true }));
    const error = await client()
      .GET('/config/tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(service.calls('/config/tags')).toHaveLength(3);
  });
});

describe('secrets', () => {
  const failure = (call: Promise<unknown>): Promise<Error> =>
    call.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (e: Error) => e,
    );
  const renderings = (e: Error) => [
    e.message,
    String(e.stack),
    JSON.stringify(e),
    String(e),
    inspect(e, { depth: Infinity, showHidden: true }),
  ];

  it('no error kind prints the auth code or the access token', async () => {
    // Default timeouts, but for the one call that must time out (its answer never comes).
    const dmp = client({ retry: false });
    await dmp.GET('/config/tags');
    const token = service.issued[0]!;
    const errors: Error[] = [];
    service.script('/config/tags', () => ({ status: 400, json: { code: `bad ${token} ${AUTH_CODE}` } }));
    errors.push(await failure(dmp.GET('/config/tags')));
    service.script('/config/tags', () => ({ status: 502, text: `upstream said ${token}` }));
    errors.push(await failure(dmp.GET('/config/tags')));
    service.script('/config/tags', () => ({ hold: true }));
    errors.push(await failure(dmp.GET('/config/tags', { timeoutMs: 40 })));
    const leaky = createDmpClient({
      baseUrl: service.baseUrl,
      userCode: USER_CODE,
      authCode: AUTH_CODE,
      retry: false,
      fetch: async (request) => {
        if (request.url.includes('/accesser/auth')) return globalThis.fetch(request);
        throw new TypeError(`failed: ${request.headers.get('authorization')} ${AUTH_CODE}`);
      },
    });
    errors.push(await failure(leaky.GET('/config/tags')));
    service.script('/accesser/auth', () => ({ status: 403, json: { code: AUTH_CODE } }));
    errors.push(await failure(client().GET('/config/tags')));

    expect(errors.map((e) => e.name)).toEqual([
      'DmpApiError',
      'HttpError',
      'TimeoutError',
      'NetworkError',
      'DmpApiError',
    ]);
    for (const error of errors) {
      for (const text of [...renderings(error), inspect(error.cause, { depth: Infinity, showHidden: true })]) {
        // Neither a secret nor any 6 characters of one.
        for (const secret of [AUTH_CODE, ...service.issued]) {
          for (let i = 0; i + 6 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 6));
        }
      }
    }
    expect(inspect(dmp, { depth: Infinity, showHidden: true })).not.toContain(AUTH_CODE);
  });
});

describe('calls', () => {
  it('the token endpoint can be called like any operation (to test credentials), without a token', async () => {
    const dmp = client();
    const query = {
      user_code: USER_CODE,
      timestamp: 1_893_456_000_000,
      ...dmpSigns(USER_CODE, AUTH_CODE, '1893456000000'),
    };
    const answer = await dmp.GET('/accesser/auth', { params: { query } });
    expect(answer.access_token).toBe(service.issued[0]);
    expect(service.calls('/accesser/auth')[0]?.headers.authorization).toBeUndefined();
  });

  it('per-call headers are sent; the Authorization of the client wins', async () => {
    await client().GET('/config/tags', { headers: { 'x-trace': 'trace-1', authorization: 'Bearer NOT-THE-TOKEN' } });
    const [call] = service.calls('/config/tags');
    expect(call?.headers['x-trace']).toBe('trace-1');
    expect(call?.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
  });

  it('close() forgets the token', async () => {
    const dmp = client();
    await dmp.GET('/config/tags');
    await dmp.close();
    await dmp.GET('/config/tags');
    expect(service.calls('/accesser/auth')).toHaveLength(2);
  });

  it('HttpError for an undeclared status such as 404', async () => {
    service.script('/config/tags', () => ({ status: 404, text: 'nope' }));
    await expect(client().GET('/config/tags')).rejects.toBeInstanceOf(HttpError);
  });
});

describe('errors', () => {
  it('a 400 carries the violations of its body and of sl-violations, with code and desc; the message shows the first', async () => {
    // The sandbox's answer to an invalid DMP request: JSON body with code, desc and validation, and the header.
    const validation = [
      {
        location: ['body', 'imeiMD5'],
        severity: 'Error',
        code: 'pattern',
        message: 'must match pattern "^[0-9a-f]{32}$"',
      },
      { location: ['body', 'macMD5'], severity: 'Error', code: 'type', message: 'must be string' },
    ];
    service.script('/tags/user', () => ({
      status: 400,
      json: { code: '400', desc: 'body.imeiMD5: must match pattern', validation },
      headers: { 'sl-violations': JSON.stringify(validation) },
    }));
    const error = (await client()
      .POST('/tags/user', { body: { imeiMD5: 'x' } })
      .catch((e: unknown) => e)) as DmpApiError;
    expect(error).toBeInstanceOf(DmpApiError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: '400',
      desc: 'body.imeiMD5: must match pattern',
      url: `${service.baseUrl}/tags/user`,
      attempts: 1,
    });
    expect(error.violations).toEqual(validation);
    expect(error.message).toBe(
      'POST /tags/user: HTTP 400, code 400, 2 violations, the first: body.imeiMD5: must match pattern "^[0-9a-f]{32}$"',
    );
  });

  it('the URL of a failed token request keeps no signature', async () => {
    service.script('/accesser/auth', () => ({ status: 500 }));
    const error = (await client({ retry: false })
      .GET('/config/tags')
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ status: 500, operation: 'GET /config/tags', signIn: 'GET /accesser/auth' });
    const [request] = service.calls('/accesser/auth');
    const sent = request!.query;
    expect(error.url).toContain(`user_code=${USER_CODE}`);
    expect(error.url).not.toContain(sent.get('sign1')!);
    expect(error.url).not.toContain(sent.get('sign2')!);
    expect(error.url).toContain('sign1=[redacted]');
  });
});
