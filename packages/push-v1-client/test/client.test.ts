// Runtime behaviour of the push client against a local fake service (node:http on 127.0.0.1).
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPushClient,
  HttpError,
  NetworkError,
  pushSign,
  PushApiError,
  TimeoutError,
  type StoredToken,
  type TokenStore,
} from '../src/index.js';
import { deferred } from '@pushapi/client-core/testing';
import { fakeClientTimers, passWhen } from '@pushapi/client-core/testing/timers';
import { APP_ID, APP_KEY, fakeServiceEachTest, MASTER_SECRET, startFakeService } from './fake-service.js';

const style = { type: 0, text: 'Hello', title: 'Title', logo: 'icon.png' } as const;
const pushBody = { message: { msgtype: 'notification' as const }, notification: { style }, cid: 'CID_1' };
const fastRetry = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 };

const fake = fakeServiceEachTest({ retry: fastRetry });
const { client } = fake;

/**
 * A store holding a token the fake.service accepts, so that a client with a tiny timeout never signs in: the client's
 * timeout would also apply to the sign-in, which a loaded machine may not answer within a few milliseconds.
 */
const heldToken = (): TokenStore => {
  const held: StoredToken = { token: 'HELD-TOKEN-000001', expiresAt: Number.MAX_SAFE_INTEGER };
  fake.service.valid.add(held.token);
  return { get: () => held, set: () => {} };
};

describe('sign', () => {
  it('is the lowercase hex sha256 of appkey + timestamp + mastersecret', async () => {
    for (const [appKey, timestamp, secret] of [
      ['APP_KEY_0001', '1700000000000', 'MASTER'],
      ['k', '0', ''],
      ['ключ', '1763700000123', 'секрет ✓'],
    ] as const) {
      const expected = createHash('sha256')
        .update(appKey + timestamp + secret, 'utf8')
        .digest('hex');
      expect(await pushSign(appKey, timestamp, secret)).toBe(expected);
    }
  });

  it('sends sign, a millisecond timestamp string and the appkey to auth_sign', async () => {
    const now = 1_763_700_000_123;
    await client({ now: () => now }).GET('/query_bi_tags');
    const [signIn] = fake.service.calls('auth_sign');
    expect(signIn?.json).toEqual({
      appkey: APP_KEY,
      timestamp: String(now),
      sign: createHash('sha256')
        .update(APP_KEY + String(now) + MASTER_SECRET)
        .digest('hex'),
    });
    expect(signIn?.path).toBe(`/v1/${APP_ID}/auth_sign`);
  });
});

describe('token lifecycle', () => {
  it('signs in lazily on the first call and reuses the token', async () => {
    const push = client();
    expect(fake.service.calls('auth_sign')).toHaveLength(0);
    await push.GET('/query_bi_tags');
    await push.GET('/get_tags/{cid}', { params: { path: { cid: 'CID_1' } } });
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(fake.service.calls('query_bi_tags')[0]?.headers.authtoken).toBe(fake.service.issued[0]);
    expect(fake.service.calls('get_tags')[0]?.path).toBe(`/v1/${APP_ID}/get_tags/CID_1`);
  });

  it('shares one sign-in between concurrent calls on a cold client', async () => {
    const push = client();
    await Promise.all(Array.from({ length: 8 }, () => push.GET('/query_bi_tags')));
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(8);
  });

  it('a hundred calls on a cold client share one sign-in, and every call carries its token', async () => {
    const push = client();
    await Promise.all(Array.from({ length: 100 }, () => push.GET('/query_bi_tags')));
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(new Set(fake.service.calls('query_bi_tags').map((c) => c.headers.authtoken))).toEqual(
      new Set(fake.service.issued),
    );
    expect(fake.service.calls('query_bi_tags')).toHaveLength(100);
  });

  it('signs in again once the token has been held for tokenTtlMs (20 h by default)', async () => {
    let now = 1_700_000_000_000;
    const push = client({ now: () => now });
    await push.GET('/query_bi_tags');
    now += 20 * 60 * 60 * 1000 - 1;
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    now += 2;
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(2);
    expect(fake.service.calls('query_bi_tags')[2]?.headers.authtoken).toBe(fake.service.issued[1]);
  });

  it('on not_auth signs in again and repeats the call once, with the same requestid', async () => {
    const push = client();
    await push.GET('/query_bi_tags');
    fake.service.valid.clear(); // the fake.service forgets the token (expired on its side)
    const answer = await push.POST('/push_single', { body: pushBody });
    expect(answer.result).toBe('ok');
    const pushes = fake.service.calls('push_single');
    expect(pushes).toHaveLength(2);
    expect(pushes[0]?.headers.authtoken).toBe(fake.service.issued[0]);
    expect(pushes[1]?.headers.authtoken).toBe(fake.service.issued[1]);
    expect(pushes[0]?.json.requestid).toMatch(/^[0-9a-f]{32}$/);
    expect(pushes[1]?.json.requestid).toBe(pushes[0]?.json.requestid);
    expect(fake.service.calls('auth_sign')).toHaveLength(2);
  });

  it('repeats only once: a second not_auth is thrown as PushApiError', async () => {
    fake.service.script('query_bi_tags', () => ({ json: { result: 'not_auth', desc: 'token not valid' } }));
    const error = await client()
      .GET('/query_bi_tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect(error).toMatchObject({
      result: 'not_auth',
      desc: 'token not valid',
      operation: 'GET /query_bi_tags',
      attempts: 2,
    });
    expect(fake.service.calls('query_bi_tags')).toHaveLength(2);
    expect(fake.service.calls('auth_sign')).toHaveLength(2);
  });

  it('concurrent calls refused with the same token share one new sign-in', async () => {
    const push = client();
    await push.GET('/query_bi_tags');
    fake.service.valid.clear();
    await Promise.all(Array.from({ length: 5 }, () => push.GET('/query_bi_tags')));
    expect(fake.service.calls('auth_sign')).toHaveLength(2);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(1 + 5 + 5);
  });

  it('a failed sign-in is a PushApiError of the call, naming the sign-in, and is not retried', async () => {
    const push = createPushClient({
      baseUrl: fake.service.baseUrl,
      appId: APP_ID,
      appKey: APP_KEY,
      masterSecret: 'WRONG-SECRET-123',
      retry: fastRetry,
    });
    const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect(error).toMatchObject({ result: 'sign_error', operation: 'GET /query_bi_tags', signIn: 'POST /auth_sign' });
    expect((error as Error).message).toBe(
      'GET /query_bi_tags (during its sign-in, POST /auth_sign): sign_error (sign mismatch)',
    );
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(0);
  });

  it('close() calls auth_close with the token and forgets it', async () => {
    const push = client();
    await push.GET('/query_bi_tags');
    await push.close();
    const [closeCall] = fake.service.calls('auth_close');
    expect(closeCall?.headers.authtoken).toBe(fake.service.issued[0]);
    expect(closeCall?.method).toBe('POST');
    expect(closeCall?.body).toBe('');
    expect(fake.service.valid.size).toBe(0);
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(2);
  });

  it('close() on a client that never signed in sends nothing', async () => {
    await client().close();
    expect(fake.service.server.requests).toHaveLength(0);
  });

  it('uses the token store: a stored token avoids sign-in, a new token is stored', async () => {
    let now = 1_700_000_000_000;
    const saved: StoredToken[] = [];
    fake.service.valid.add('FLEET-TOKEN-0001');
    let shared: StoredToken | undefined = { token: 'FLEET-TOKEN-0001', expiresAt: now + 1000 };
    const push = client({
      now: () => now,
      tokenStore: {
        get: async () => shared,
        set: async (token) => {
          saved.push(token);
          shared = token;
        },
      },
    });
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(0);
    expect(fake.service.calls('query_bi_tags')[0]?.headers.authtoken).toBe('FLEET-TOKEN-0001');
    now += 1001; // the stored token is past its expiry: sign in and store the new one
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(saved).toEqual([{ token: fake.service.issued[0], expiresAt: now + 20 * 60 * 60 * 1000 }]);
  });
});

describe('requestid', () => {
  it('is generated when left out (32 hex chars, unique per call) and kept when given', async () => {
    const push = client();
    await push.POST('/push_single', { body: pushBody });
    await push.POST('/push_single', { body: pushBody });
    await push.POST('/push_single', { body: { ...pushBody, requestid: 'my-request-0001' } });
    const ids = fake.service.calls('push_single').map((r) => r.json.requestid);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('my-request-0001');
  });

  it('is generated for each push_single_batch item that lacks one', async () => {
    const push = client();
    await push.POST('/push_single_batch', {
      body: { msg_list: [{ ...pushBody }, { ...pushBody, cid: 'CID_2', requestid: 'given-id-0002' }] },
    });
    const [item1, item2] = fake.service.calls('push_single_batch')[0]!.json.msg_list;
    expect(item1.requestid).toMatch(/^[0-9a-f]{32}$/);
    expect(item2.requestid).toBe('given-id-0002');
  });

  it("never changes the caller's body object", async () => {
    const body = { ...pushBody };
    const batch = { msg_list: [{ ...pushBody }] };
    await client().POST('/push_single', { body });
    await client().POST('/push_single_batch', { body: batch });
    expect(body).toEqual(pushBody);
    expect(batch.msg_list[0]).toEqual(pushBody);
    expect(fake.service.calls('push_single')[0]?.json.requestid).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a retried push (5xx, then ok) is sent again with the same requestid', async () => {
    fake.service.script('push_single', (_req, n) => (n === 1 ? { status: 503, text: 'busy' } : undefined));
    const answer = await client().POST('/push_single', { body: pushBody });
    expect(answer.taskid).toBe('RASS_0101_abc');
    const pushes = fake.service.calls('push_single');
    expect(pushes).toHaveLength(2);
    expect(pushes[1]?.json.requestid).toBe(pushes[0]?.json.requestid);
  });
});

describe('retries', () => {
  it('retries 5xx up to maxRetries, then throws HttpError with the status', async () => {
    fake.service.script('query_bi_tags', () => ({ status: 502, text: 'bad gateway' }));
    const error = await client()
      .GET('/query_bi_tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, operation: 'GET /query_bi_tags', attempts: 3 });
    expect(fake.service.calls('query_bi_tags')).toHaveLength(3);
  });

  it('does not retry a POST without requestid (bind_alias) on 5xx', async () => {
    fake.service.script('bind_alias', () => ({ status: 500, text: 'oops' }));
    const error = await client()
      .POST('/bind_alias', { body: { alias_list: [{ cid: 'CID_1', alias: 'A' }] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(fake.service.calls('bind_alias')).toHaveLength(1);
  });

  it('retries too_frequent, even on a POST without requestid (the fake.service did nothing)', async () => {
    fake.service.script('set_tags', (_req, n) =>
      n < 3 ? { json: { result: 'too_frequent', desc: 'slow down' } } : undefined,
    );
    const answer = await client().POST('/set_tags', { body: { cid: 'CID_1', tag_list: ['a'] } });
    expect(answer.result).toBe('ok');
    expect(fake.service.calls('set_tags')).toHaveLength(3);
  });

  it('does not retry other result values', async () => {
    fake.service.script('push_single', () => ({ json: { result: 'invalid_param', desc: 'bad style' } }));
    const error = await client()
      .POST('/push_single', { body: pushBody })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'PushApiError',
      result: 'invalid_param',
      desc: 'bad style',
      operation: 'POST /push_single',
    });
    expect(fake.service.calls('push_single')).toHaveLength(1);
  });

  it('retry: false, per call or per client, leaves too_frequent to the caller: one request, the error thrown', async () => {
    fake.service.script('set_tags', () => ({ json: { result: 'too_frequent', desc: 'slow down' } }));
    const body = { cid: 'CID_1', tag_list: ['a'] };
    await expect(client().POST('/set_tags', { body, retry: false })).rejects.toMatchObject({
      name: 'PushApiError',
      result: 'too_frequent',
      attempts: 1,
    });
    await expect(client({ retry: false }).POST('/set_tags', { body })).rejects.toMatchObject({
      name: 'PushApiError',
      result: 'too_frequent',
      attempts: 1,
    });
    expect(fake.service.calls('set_tags')).toHaveLength(2);
    // Retried (maxRetries 2, as by default), one call is three requests: a caller's own retry on top multiplies them.
    await expect(client().POST('/set_tags', { body })).rejects.toMatchObject({ result: 'too_frequent', attempts: 3 });
  });

  it('retry: false turns retries off for a call', async () => {
    fake.service.script('query_bi_tags', () => ({ status: 503 }));
    await expect(client().GET('/query_bi_tags', { retry: false })).rejects.toBeInstanceOf(HttpError);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(1);
  });
});

describe('timeouts', () => {
  // No wall clock: the client's timers are fake and the fake service holds the request, so an attempt times out
  // exactly when the test moves fake time on, after the service has the request (see client-core test-support/timers.ts).
  beforeEach(fakeClientTimers);
  afterEach(() => void vi.useRealTimers());

  it('a call slower than timeoutMs fails with TimeoutError (retried like a network error)', async () => {
    fake.service.script('query_bi_tags', () => ({ hold: true }));
    const push = client({ timeoutMs: 50, retry: { maxRetries: 1, baseDelayMs: 0 }, tokenStore: heldToken() });
    const failing = push.GET('/query_bi_tags').catch((e: unknown) => e);
    for (const attempt of [1, 2]) await passWhen(() => fake.service.calls('query_bi_tags').length === attempt, 50);
    const error = await failing;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, operation: 'GET /query_bi_tags', attempts: 2 });
    expect(fake.service.calls('query_bi_tags')).toHaveLength(2);
    expect(fake.service.calls('auth_sign')).toHaveLength(0);
  });

  it('the per-call timeout overrides the client default', async () => {
    const slow = deferred();
    fake.service.script('query_bi_tags', async (_req, n) =>
      n === 1 ? { hold: true } : (await slow.promise, undefined),
    );
    const push = client({ timeoutMs: 50, retry: false, tokenStore: heldToken() });
    // Without the override the client's 50 ms apply and the call times out...
    const first = push.GET('/query_bi_tags').catch((e: unknown) => e);
    await passWhen(() => fake.service.calls('query_bi_tags').length === 1, 50);
    expect(await first).toMatchObject({ name: 'TimeoutError', timeoutMs: 50 });
    // ...with it, an answer held for 9,999 ms of the client's time still arrives.
    const second = push.GET('/query_bi_tags', { timeoutMs: 10_000 });
    await passWhen(() => fake.service.calls('query_bi_tags').length === 2, 9_999);
    slow.resolve();
    expect((await second).result).toBe('ok');
    expect(fake.service.calls('auth_sign')).toHaveLength(0);
  });
});

describe('network errors', () => {
  it('a dropped connection is a NetworkError with the cause attached, retried for a push with requestid', async () => {
    fake.service.script('push_single', (_req, n) => (n <= 2 ? { hangUp: true } : undefined));
    const answer = await client().POST('/push_single', { body: pushBody });
    expect(answer.result).toBe('ok');
    const pushes = fake.service.calls('push_single');
    expect(pushes).toHaveLength(3);
    expect(new Set(pushes.map((r) => r.json.requestid)).size).toBe(1);
  });

  it('a refused connection is a NetworkError after the retries', async () => {
    const port = new URL(fake.service.baseUrl).port;
    await fake.service.close();
    const push = createPushClient({
      baseUrl: `http://127.0.0.1:${port}`,
      appId: APP_ID,
      appKey: APP_KEY,
      masterSecret: MASTER_SECRET,
      retry: fastRetry,
    });
    const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      operation: 'GET /query_bi_tags',
      signIn: 'POST /auth_sign',
      code: 'ECONNREFUSED',
      host: `127.0.0.1:${port}`,
      attempts: 3,
    });
    expect((error as Error).message).toBe(
      `GET /query_bi_tags (during its sign-in, POST /auth_sign): network error ECONNREFUSED reaching 127.0.0.1:${port}, after 3 attempts`,
    );
    expect((error as Error).cause).toBeInstanceOf(Error);
    fake.service = await startFakeService(); // for afterEach
  });

  it('an abort by the caller is not retried and not wrapped', async () => {
    const arrived = deferred();
    const answer = deferred();
    fake.service.script('query_bi_tags', async () => {
      arrived.resolve();
      await answer.promise; // held until the test has aborted
      return { json: { result: 'ok' } };
    });
    const controller = new AbortController();
    const call = client()
      .GET('/query_bi_tags', { signal: controller.signal })
      .catch((e: unknown) => e);
    await arrived.promise;
    const reason = new Error('caller gave up');
    controller.abort(reason);
    expect(await call).toBe(reason);
    answer.resolve();
    expect(fake.service.calls('query_bi_tags')).toHaveLength(1);
  });

  it('an abort while the sign-in is in flight ends the call at once; the sign-in still serves the next call', async () => {
    const arrived = deferred();
    const answer = deferred();
    fake.service.script('auth_sign', async (_req, n) => {
      if (n === 1) {
        arrived.resolve();
        await answer.promise; // the sign-in hangs until the test lets it answer
      }
      return undefined;
    });
    const push = client();
    const controller = new AbortController();
    const call = push.GET('/query_bi_tags', { signal: controller.signal }).catch((e: unknown) => e);
    await arrived.promise;
    controller.abort(); // no reason given: the signal's own AbortError is the caller's reason
    expect(await call).toBe(controller.signal.reason);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(0);
    answer.resolve();
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(fake.service.calls('query_bi_tags')[0]?.headers.authtoken).toBe(fake.service.issued[0]);
  });
});

describe('answers that are data', () => {
  it('user_status no_user is returned, not thrown', async () => {
    fake.service.script('user_status', () => ({ json: { result: 'no_user' } }));
    const answer = await client().GET('/user_status/{cid}', { params: { path: { cid: 'CID_X' } } });
    expect(answer.result).toBe('no_user');
  });

  it('push_list per-cid no_user is returned in cid_details', async () => {
    fake.service.script('push_list', () => ({
      json: { result: 'ok', taskid: 'RASL_0101_ab', cid_details: { CID_X: 'no_user', CID_1: 'successed_online' } },
    }));
    const answer = await client().POST('/push_list', {
      body: { cid: ['CID_X', 'CID_1'], taskid: 'RASL_0101_ab', need_detail: true },
    });
    expect(answer.cid_details).toEqual({ CID_X: 'no_user', CID_1: 'successed_online' });
  });

  it('no_user from another operation is an error', async () => {
    fake.service.script('query_alias', () => ({ json: { result: 'no_user', desc: 'unknown cid' } }));
    await expect(client().GET('/query_alias/{cid}', { params: { path: { cid: 'CID_X' } } })).rejects.toBeInstanceOf(
      PushApiError,
    );
  });

  it('a 200 answer that is not JSON is an HttpError', async () => {
    fake.service.script('query_bi_tags', () => ({ text: '<html>proxy</html>' }));
    await expect(client().GET('/query_bi_tags')).rejects.toMatchObject({ name: 'HttpError', status: 200 });
  });
});

describe('per-call options', () => {
  it('per-call headers are sent; the token header of the client wins over one given', async () => {
    const push = client();
    await push.GET('/query_bi_tags', { headers: { 'x-trace': 'trace-1', authtoken: 'NOT-THE-TOKEN' } });
    const [call] = fake.service.calls('query_bi_tags');
    expect(call?.headers['x-trace']).toBe('trace-1');
    expect(call?.headers.authtoken).toBe(fake.service.issued[0]);
  });

  it('openapi-fetch builds the request from the typed call: path parameters are encoded', async () => {
    await client().GET('/user_status/{cid}', { params: { path: { cid: 'CID 1/2' } } });
    expect(fake.service.calls('user_status')[0]?.path).toBe(`/v1/${APP_ID}/user_status/CID%201%2F2`);
  });
});
