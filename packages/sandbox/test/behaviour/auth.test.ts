// Push v1 sign-in and tokens: auth_sign checks the sign, a token lives one day of the app's clock, auth_close
// ends it, and an expired, closed or unknown token answers not_auth.
import { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { callsOf, control, newApp, pushClient, rawPush, tokenCatcher } from '../support/env.js';

const DAY = 24 * 60 * 60 * 1000;

describe('auth_sign', () => {
  it("signs in with the app's credentials; the token opens the other operations", async () => {
    const app = await newApp();
    const push = pushClient(app);
    const status = await push.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } });
    expect(status).toMatchObject({ result: 'ok', cid: 'magic-online', status: 'online' });
    expect(await callsOf(app, 'auth_sign')).toBe(1);
  });

  it('refuses a sign made with another master secret: sign_error, and no token is issued', async () => {
    const app = await newApp();
    const push = pushClient(app, { masterSecret: 'not-the-master-secret' });
    const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushApiError);
    expect((error as PushApiError).result).toBe('sign_error');
    const { data } = await control.GET('/apps/{appid}', { params: { path: { appid: app.appid } } });
    expect(data!.counts.tokens).toBe(0);
  });

  it("refuses another app's appkey (appid_notmatch) and an appid the sandbox does not have (no_appid)", async () => {
    const app = await newApp();
    const other = await newApp();
    const mismatch = await pushClient(app, { appKey: other.appkey })
      .GET('/query_bi_tags')
      .catch((e: unknown) => e);
    expect((mismatch as PushApiError).result).toBe('appid_notmatch');
    const unknown = await pushClient(app, { appId: 'no-such-app' })
      .GET('/query_bi_tags')
      .catch((e: unknown) => e);
    expect((unknown as PushApiError).result).toBe('no_appid');
  });

  it("refuses a timestamp too far from the app's clock when the app sets maxClockSkewMs", async () => {
    const app = await newApp({ settings: { maxClockSkewMs: 60_000 } });
    const late = pushClient(app, { now: () => Date.now() - 120_000 });
    expect(((await late.GET('/query_bi_tags').catch((e: unknown) => e)) as PushApiError).result).toBe('sign_error');
    const onTime = pushClient(app, { now: () => Date.now() - 30_000 });
    expect(await onTime.GET('/query_bi_tags')).toMatchObject({ result: 'ok' });
  });
});

describe('tokens', () => {
  it("live one day of the app's clock, then answer not_auth; the client signs in again by itself", async () => {
    // A frozen clock: on a running one, a busy machine's second between sign-in and the check would expire the token.
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const caught = tokenCatcher();
    const push = pushClient(app, { tokenStore: caught.store });
    await push.GET('/query_bi_tags');
    const first = caught.token!;
    await app.advance(DAY - 1000);
    expect((await rawPush(app, 'GET', '/query_bi_tags', { token: first })).body.result).toBe('ok');
    await app.advance(1000);
    expect((await rawPush(app, 'GET', '/query_bi_tags', { token: first })).body).toMatchObject({ result: 'not_auth' });
    // The client still holds the token (its own clock did not move): the service refuses it, the client renews.
    expect(await push.GET('/query_bi_tags')).toMatchObject({ result: 'ok' });
    expect(await callsOf(app, 'auth_sign')).toBe(2);
    expect(caught.token).not.toBe(first);
  });

  it('auth_close invalidates the token it is sent with', async () => {
    const app = await newApp();
    const caught = tokenCatcher();
    const push = pushClient(app, { tokenStore: caught.store });
    await push.GET('/query_bi_tags');
    const token = caught.token!;
    await push.close();
    expect(await callsOf(app, 'auth_close')).toBe(1);
    expect((await rawPush(app, 'GET', '/query_bi_tags', { token })).body.result).toBe('not_auth');
  });

  it('an unknown token answers not_auth and changes nothing', async () => {
    const app = await newApp();
    const answer = await rawPush(app, 'POST', '/set_tags', {
      token: 'f'.repeat(64),
      body: { cid: 'magic-online', tag_list: ['x'] },
    });
    expect(answer).toEqual({ status: 200, body: { result: 'not_auth', desc: expect.stringContaining('sign in') } });
    expect((await app.device('magic-online')).tags).toEqual([]);
  });

  it("a token of one app does not open another app's operations", async () => {
    const a = await newApp();
    const b = await newApp();
    const caught = tokenCatcher();
    await pushClient(a, { tokenStore: caught.store }).GET('/query_bi_tags');
    expect((await rawPush(b, 'GET', '/query_bi_tags', { token: caught.token! })).body.result).toBe('not_auth');
  });
});
