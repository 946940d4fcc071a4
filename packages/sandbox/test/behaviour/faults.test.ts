// Faults injected through the control API answer the next calls of an operation of one app: an HTTP error, a
// dropped connection, a delay or a given result. The clients' retries and errors meet them as they would the
// real service's.
import { DmpApiError, HttpError as DmpHttpError, createDmpClient } from '@pushapi/dmp-client';
import { HttpError, NetworkError, PushApiError, TimeoutError } from '@pushapi/push-v1-client';
import { fakeClientTimers } from '@pushapi/client-core/testing/timers';
import { describe, expect, it, vi } from 'vitest';
import type { ControlError } from '../../src/shared/control-client.js';
import { callsOf, control, newApp, notification, pushClient } from '../support/env.js';

const fast = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 };

describe('faults', () => {
  it('HTTP 503 twice: the client retries push_single with the same requestid, and it is delivered once', async () => {
    const app = await newApp();
    await app.fault({ operation: 'push_single', kind: 'http', status: 503, times: 2 });
    const answer = await pushClient(app, { retry: fast }).POST('/push_single', {
      body: { ...notification(), cid: 'magic-online' },
    });
    expect(answer.result).toBe('ok');
    const calls = (await app.requests()).filter((r) => r.operation === 'push_single').reverse();
    expect(calls.map((r) => [r.status, r.fault])).toEqual([
      [503, 'http'],
      [503, 'http'],
      [200, null],
    ]);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });

  it('without retries, the HTTP error reaches the caller', async () => {
    const app = await newApp();
    await app.fault({ operation: 'query_bi_tags', kind: 'http', status: 502 });
    const error = await pushClient(app)
      .GET('/query_bi_tags')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    expect(await pushClient(app).GET('/query_bi_tags')).toMatchObject({ result: 'ok' });
  });

  it('a dropped connection is a network error to the client; a retry goes through', async () => {
    const app = await newApp();
    await app.fault({ operation: 'user_status', kind: 'drop' });
    const failed = await pushClient(app)
      .GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NetworkError);
    await app.fault({ operation: 'user_status', kind: 'drop' });
    expect(
      await pushClient(app, { retry: fast }).GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } }),
    ).toMatchObject({ status: 'online' });
  });

  it('a delay beyond the client timeout is a TimeoutError; the push still happened, and a retry with the same requestid does not repeat it', async () => {
    // No race: the client's timer is fake and runs out only once the sandbox has taken the fault (it has the
    // request, and holds it for a second); the message is then awaited, not polled for.
    const app = await newApp();
    await app.fault({ operation: 'push_single', kind: 'delay', delayMs: 1000 });
    const body = { ...notification(), cid: 'magic-online', requestid: 'delayed-request-0001' };
    fakeClientTimers();
    try {
      const failing = pushClient(app, { timeoutMs: 100 })
        .POST('/push_single', { body })
        .catch((e: unknown) => e);
      let taken = false;
      const faults = () => control.GET('/apps/{appid}/faults', { params: { path: { appid: app.appid } } });
      while (!taken) taken = (await faults()).data!.faults.length === 0;
      await vi.advanceTimersByTimeAsync(100);
      expect(await failing).toBeInstanceOf(TimeoutError);
    } finally {
      vi.useRealTimers();
    }
    await app.waitForMessage('magic-online', { requestid: body.requestid }, { timeoutMs: 20_000 });
    expect(await pushClient(app).POST('/push_single', { body })).toMatchObject({ result: 'ok' });
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });

  it('a given result answers without doing anything', async () => {
    const app = await newApp();
    await app.fault({ operation: 'set_tags', kind: 'result', result: 'other_error', desc: 'injected' });
    const error = await pushClient(app)
      .POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['x'] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect(error).toMatchObject({ result: 'other_error', desc: 'injected' });
    expect((await app.device('magic-online')).tags).toEqual([]);
  });

  it('apply to their own app only, in the order added, and are listed until used', async () => {
    const app = await newApp();
    const other = await newApp();
    await app.fault({ operation: 'query_bi_tags', kind: 'result', result: 'first' });
    await app.fault({ operation: 'query_bi_tags', kind: 'result', result: 'second' });
    expect(await pushClient(other).GET('/query_bi_tags')).toMatchObject({ result: 'ok' });
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(
        await pushClient(app)
          .GET('/query_bi_tags')
          .then(
            (a) => a.result,
            (e: PushApiError) => e.result,
          ),
      );
    expect(results).toEqual(['first', 'second', 'ok']);
    expect(await callsOf(app, 'query_bi_tags')).toBe(3);
  });

  it('name each operation once: a path with two methods names each (user_blk_list (POST), user_blk_list (DELETE))', async () => {
    const app = await newApp();
    const bare = await app.fault({ operation: 'user_blk_list', kind: 'drop' }).catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 422 });
    expect((bare as ControlError).problem?.detail).toBe(
      '"user_blk_list" names 2 operations; name one: user_blk_list (POST), user_blk_list (DELETE)',
    );
    expect(String(bare)).toContain('body.operation: must be one of: user_blk_list (POST), user_blk_list (DELETE)');
    const unknown = await app.fault({ operation: 'no_such_operation', kind: 'drop' }).catch((e: unknown) => e);
    const names = (unknown as ControlError).violations[0]!.message.replace('must be one of: ', '').split(', ');
    expect(names).toEqual([...new Set(names)]);
    expect(names).toEqual(
      expect.arrayContaining(['user_blk_list (POST)', 'user_blk_list (DELETE)', 'push_single', 'tags/user']),
    );
    await app.fault({ operation: 'user_blk_list (DELETE)', kind: 'result', result: 'other_error' });
    const push = pushClient(app);
    expect(await push.POST('/user_blk_list', { body: { cid: ['magic-online'] } })).toMatchObject({ result: 'ok' });
    await expect(push.DELETE('/user_blk_list', { body: { cid: ['magic-online'] } })).rejects.toMatchObject({
      result: 'other_error',
    });
    expect(
      (await control.GET('/apps/{appid}/faults', { params: { path: { appid: app.appid } } })).data!.faults,
    ).toEqual([]);
  });

  it('reach DMP operations too', async () => {
    const app = await newApp();
    await app.fault({ operation: 'config/tags', kind: 'http', status: 503 });
    await app.fault({ operation: 'tags/user', kind: 'result', result: '500' });
    const dmp = createDmpClient({ ...app.dmpOptions, retry: false });
    const http = await dmp.GET('/config/tags').catch((e: unknown) => e);
    expect(http).toBeInstanceOf(DmpHttpError);
    expect((http as DmpHttpError).status).toBe(503);
    const coded = await dmp.POST('/tags/user', { body: {} }).catch((e: unknown) => e);
    expect(coded).toBeInstanceOf(DmpApiError);
    expect((coded as DmpApiError).code).toBe('500');
  });
});
