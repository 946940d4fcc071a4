// What the errors say, case by case (issue: "errors that say what went wrong"): the violations of a 422, the
// cause code and host of a network error, the call and the sign-in it waited for, the time and attempts of a
// timeout, the cause chain in toJSON(), per-call headers, the per-call limit on a sign-in, an abort in a backoff.
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@pushapi/client-core/testing';
import { fakeClientTimers, passWhen } from '@pushapi/client-core/testing/timers';
import { ClientError, createPushClient, HttpError, NetworkError, PushApiError, TimeoutError } from '../src/index.js';
import { APP_ID, APP_KEY, fakeServiceEachTest, MASTER_SECRET, startFakeService } from './fake-service.js';

const fake = fakeServiceEachTest({ retry: false });
const { client } = fake;
const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
const pushBody = {
  message: { msgtype: 'transmission' as const },
  transmission: { transmission_content: 'x' },
  cid: 'C',
};

// The sandbox's answer to an invalid push: Prism's problem+json shape, with the push service's result and desc.
const problem = {
  type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
  title: 'Invalid request',
  status: 422,
  detail:
    'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
  result: 'invalid_param',
  desc: 'body.message.msgtype: must be equal to one of the allowed values',
  validation: [
    {
      location: ['body', 'message', 'msgtype'],
      severity: 'Error',
      code: 'enum',
      message: 'must be equal to one of the allowed values',
    },
    { location: ['body'], severity: 'Error', code: 'required', message: "must have required property 'cid'" },
  ],
};

describe('HttpError', () => {
  it('carries the status, the URL, the violations of a 422 problem+json answer and the attempts; the message shows the first', async () => {
    fake.service.script('push_single', () => ({
      status: 422,
      json: problem,
      headers: { 'content-type': 'application/problem+json' },
    }));
    const error = (await failure(client().POST('/push_single', { body: pushBody }))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      url: `${fake.service.baseUrl}/v1/${APP_ID}/push_single`,
      attempts: 1,
      operation: 'POST /push_single',
    });
    expect(error.violations).toEqual(problem.validation);
    expect(error.message).toBe(
      'POST /push_single: HTTP 422, 2 violations, the first: body.message.msgtype: must be equal to one of the allowed values',
    );
  });

  it('reads the violations of the sl-violations header when the body has none', async () => {
    const violations = [{ location: ['query', 'cid'], severity: 'Error', message: 'must match pattern' }];
    fake.service.script('query_bi_tags', () => ({
      status: 400,
      json: { code: '400' },
      headers: { 'sl-violations': JSON.stringify(violations) },
    }));
    const error = (await failure(client().GET('/query_bi_tags'))) as HttpError;
    expect(error.violations).toEqual(violations);
    expect(error.message).toBe('GET /query_bi_tags: HTTP 400, 1 violation: query.cid: must match pattern');
  });

  it('without violations, says the answer own reason briefly; a retried 5xx counts its attempts', async () => {
    fake.service.script('query_bi_tags', () => ({ status: 503, json: { desc: 'maintenance' } }));
    const error = (await failure(
      client({ retry: { maxRetries: 2, baseDelayMs: 1 } }).GET('/query_bi_tags'),
    )) as HttpError;
    expect(error).toMatchObject({ status: 503, attempts: 3, violations: [], detail: 'maintenance' });
    expect(error.message).toBe('GET /query_bi_tags: HTTP 503: maintenance, after 3 attempts');
  });
});

describe('NetworkError', () => {
  it('names the cause code and the host', async () => {
    const error = (await failure(
      client({
        fetch: async (request) => {
          if (request.url.endsWith('/auth_sign')) return globalThis.fetch(request);
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('getaddrinfo ENOTFOUND push.invalid'), {
              code: 'ENOTFOUND',
              hostname: 'push.invalid',
            }),
          });
        },
      }).GET('/query_bi_tags'),
    )) as NetworkError;
    expect(error).toMatchObject({
      code: 'ENOTFOUND',
      host: new URL(fake.service.baseUrl).host,
      operation: 'GET /query_bi_tags',
    });
    expect(error.message).toBe(
      `GET /query_bi_tags: network error ENOTFOUND reaching ${new URL(fake.service.baseUrl).host}`,
    );
  });

  it('without a code, gives the innermost reason', async () => {
    const error = (await failure(
      client({
        fetch: async (request) => {
          if (request.url.endsWith('/auth_sign')) return globalThis.fetch(request);
          throw new TypeError('fetch failed', { cause: new Error('other side closed') });
        },
      }).GET('/query_bi_tags'),
    )) as NetworkError;
    expect(error.code).toBeUndefined();
    expect(error.message).toBe(
      `GET /query_bi_tags: network error reaching ${new URL(fake.service.baseUrl).host} (other side closed)`,
    );
  });

  it('toJSON() keeps the cause chain (scrubbed), with the network fields', async () => {
    const port = new URL(fake.service.baseUrl).port;
    await fake.service.close();
    const error = (await failure(
      createPushClient({
        baseUrl: `http://127.0.0.1:${port}`,
        appId: APP_ID,
        appKey: APP_KEY,
        masterSecret: MASTER_SECRET,
        retry: false,
      }).GET('/query_bi_tags'),
    )) as NetworkError;
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toMatchObject({
      name: 'NetworkError',
      operation: 'GET /query_bi_tags',
      signIn: 'POST /auth_sign',
      code: 'ECONNREFUSED',
      host: `127.0.0.1:${port}`,
      attempts: 1,
      cause: { name: 'TypeError', message: 'fetch failed', cause: { code: 'ECONNREFUSED', syscall: 'connect' } },
    });
    expect(json.message).toBe(error.message);
    fake.service = await startFakeService(); // for afterEach
  });
});

describe('the failing call and the sign-in it waited for', () => {
  it('every call waiting on a failed sign-in gets its own error naming itself and the sign-in', async () => {
    fake.service.script('auth_sign', () => ({ json: { result: 'sign_error', desc: 'sign mismatch' } }));
    const push = client();
    const [a, b] = (await Promise.all([
      failure(push.GET('/query_bi_tags')),
      failure(push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: 'T' } } })),
    ])) as PushApiError[];
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
    expect(a).toMatchObject({ operation: 'GET /query_bi_tags', signIn: 'POST /auth_sign', result: 'sign_error' });
    expect(b).toMatchObject({
      operation: 'DELETE /stop_task/{taskid}',
      signIn: 'POST /auth_sign',
      result: 'sign_error',
    });
    expect(a).not.toBe(b);
    expect(a).toBeInstanceOf(PushApiError);
    expect(String(a?.stack)).toContain('GET /query_bi_tags (during its sign-in, POST /auth_sign): sign_error');
  });
});

describe('TimeoutError', () => {
  // No wall clock: the fake service holds every request, and the client's timers and Date are fake, moved on by 40 ms
  // only once the service has each attempt (client-core test-support/timers.ts).
  it('says how long each attempt waited, how many there were, and how long in all', async () => {
    fakeClientTimers({ date: true });
    try {
      fake.service.valid.add('HELD-TOKEN-000001');
      const tokenStore = {
        get: () => ({ token: 'HELD-TOKEN-000001', expiresAt: Number.MAX_SAFE_INTEGER }),
        set: () => {},
      };
      fake.service.script('query_bi_tags', () => ({ hold: true }));
      const failing = failure(
        client({ timeoutMs: 40, tokenStore, retry: { maxRetries: 2, baseDelayMs: 0 } }).GET('/query_bi_tags'),
      );
      for (const attempt of [1, 2, 3]) await passWhen(() => fake.service.calls('query_bi_tags').length === attempt, 40);
      const error = (await failing) as TimeoutError;
      expect(error).toMatchObject({ timeoutMs: 40, attempts: 3, elapsedMs: 120 });
      expect(error.message).toBe('GET /query_bi_tags: no answer within 40 ms in each of 3 attempts, 120 ms in all');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the per-call timeout bounds the wait for a sign-in that hangs; the sign-in goes on for later calls', async () => {
    const release = deferred();
    fake.service.script('auth_sign', async (_req, n) => {
      if (n === 1) await release.promise;
      return undefined;
    });
    const push = client();
    const error = (await failure(push.GET('/query_bi_tags', { timeoutMs: 50 }))) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      operation: 'GET /query_bi_tags',
      signIn: 'POST /auth_sign',
      attempts: 0,
      timeoutMs: 50,
    });
    expect(error.message).toBe('GET /query_bi_tags (during its sign-in, POST /auth_sign): no answer within 50 ms');
    expect(fake.service.calls('query_bi_tags')).toHaveLength(0);
    release.resolve();
    await push.GET('/query_bi_tags');
    expect(fake.service.calls('auth_sign')).toHaveLength(1);
  });
});

describe('aborts', () => {
  it('an abort during a retry backoff ends the call at once with the caller reason', async () => {
    // Retry-After asks for an hour (the cap allows it): a backoff that ignored the signal would outlast the test.
    fake.service.script('query_bi_tags', () => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const controller = new AbortController();
    const push = client({ retry: { maxRetries: 1, maxDelayMs: 3_600_000 } });
    const call = failure(push.GET('/query_bi_tags', { signal: controller.signal }));
    while (fake.service.calls('query_bi_tags').length === 0) await new Promise((r) => setTimeout(r, 5));
    const reason = new Error('caller gave up');
    controller.abort(reason);
    expect(await call).toBe(reason);
    expect(fake.service.calls('query_bi_tags')).toHaveLength(1);
  });

  it('Retry-After is honoured (push answers too): a 503 with Retry-After 0 is retried at once', async () => {
    fake.service.script('query_bi_tags', (_req, n) =>
      n === 1 ? { status: 503, headers: { 'retry-after': '0' } } : undefined,
    );
    // Without the header the backoff would be up to an hour.
    const answer = await client({ retry: { maxRetries: 1, baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 } }).GET(
      '/query_bi_tags',
    );
    expect(answer.result).toBe('ok');
    expect(fake.service.calls('query_bi_tags')).toHaveLength(2);
  });
});

it('every error is a ClientError, whichever copy of the classes made it (see dist.test.ts)', async () => {
  fake.service.script('query_bi_tags', () => ({ status: 500 }));
  const error = await failure(client().GET('/query_bi_tags'));
  expect(error).toBeInstanceOf(ClientError);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).not.toBeInstanceOf(NetworkError);
  expect(error).not.toBeInstanceOf(PushApiError);
});
