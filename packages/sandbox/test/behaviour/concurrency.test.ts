// Calls racing each other over real HTTP, through the push client where a client would make them: the rules
// that must hold whatever the order of arrival. A sandbox of this file's own, so that its request log (used to
// read the order in which the sandbox handled the calls) holds only these calls.
import { createPushClient, PushApiError, type PushClient } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import type { SandboxApp } from '../../src/index.js';
import { notification } from '../support/env.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();

const client = (app: SandboxApp, options: Partial<Parameters<typeof createPushClient>[0]> = {}): PushClient =>
  createPushClient({ ...app.pushOptions, retry: false, ...options });

/** The `result` a call answered: `ok`, or the refusal the client threw. */
const resultOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: unknown) => {
      if (error instanceof PushApiError) return error.result;
      throw error;
    },
  );

/** The app's logged requests in the order the sandbox handled them (the log is newest first). */
async function handled(app: SandboxApp) {
  const { data } = await sandbox.current.control.GET('/requests', {
    params: { query: { appid: app.appid, limit: 1000 } },
  });
  return data!.requests.reverse();
}

describe('bind_alias', { timeout: 300_000 }, () => {
  it('100 concurrent calls binding one alias never leave more than 10 cids bound', async () => {
    const app = await sandbox.current.app();
    const cids = Array.from({ length: 100 }, (_, i) => `device-${i}`);
    for (const cid of cids) await app.addDevice({ cid });
    const push = client(app);
    await push.GET('/query_bi_tags'); // sign in once, before the race

    const results = await Promise.all(
      cids.map((cid) => resultOf(push.POST('/bind_alias', { body: { alias_list: [{ cid, alias: 'shared' }] } }))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'alias_error')).toBe(true);
    const bound = await push.GET('/query_cid/{alias}', { params: { path: { alias: 'shared' } } });
    expect([...(bound.cid ?? [])].sort()).toEqual(cids.filter((_, i) => results[i] === 'ok').sort());
  });

  it('racing calls that bind several cids each, and rebind them, still leave at most 10', async () => {
    const app = await sandbox.current.app();
    const cids = Array.from({ length: 30 }, (_, i) => `device-${i}`);
    for (const cid of cids) await app.addDevice({ cid });
    const push = client(app);
    await push.GET('/query_bi_tags');
    // 100 calls of 3 cids each, drawn so that calls overlap: a cid moves between the two aliases.
    const calls = Array.from({ length: 100 }, (_, i) =>
      [0, 7, 13].map((k) => ({ cid: cids[(i + k) % cids.length]!, alias: i % 2 === 0 ? 'one' : 'two' })),
    );
    await Promise.all(calls.map((alias_list) => resultOf(push.POST('/bind_alias', { body: { alias_list } }))));
    for (const alias of ['one', 'two']) {
      const { data } = await sandbox.current.control.GET('/apps/{appid}/devices', {
        params: { path: { appid: app.appid } },
      });
      const members = data!.devices.filter((d) => d.alias === alias).map((d) => d.cid);
      expect(members.length).toBeLessThanOrEqual(10);
      const answer = await resultOf(push.GET('/query_cid/{alias}', { params: { path: { alias } } }));
      expect(answer).toBe(members.length > 0 ? 'ok' : 'alias_notbind');
    }
  });
});

describe('push_single with one requestid', () => {
  it('50 concurrent calls deliver exactly once and all answer the first answer', async () => {
    const app = await sandbox.current.app();
    const push = client(app);
    await push.GET('/query_bi_tags');
    const body = { ...notification('only once'), cid: 'magic-online', requestid: 'race-request-000001' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => push.POST('/push_single', { body })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ result: 'ok', status: 'successed_online' });
    const { messages } = await app.inbox('magic-online');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ taskid: answers[0]!.taskid, requestid: body.requestid });
    expect((await app.tasks()).map((t) => t.taskid)).toEqual([answers[0]!.taskid]);
  });

  it('and push_app: one task, one message per device, however the 50 calls arrive', async () => {
    const app = await sandbox.current.app();
    const push = client(app);
    await push.GET('/query_bi_tags');
    const body = { ...notification('everyone once'), requestid: 'race-request-000002' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => push.POST('/push_app', { body })));
    expect(new Set(answers.map((a) => a.taskid)).size).toBe(1);
    expect(await app.tasks()).toHaveLength(1);
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
    expect((await app.inbox('magic-offline')).pending).toHaveLength(1);
  });
});

describe('set_tags', () => {
  it('concurrent calls on one cid leave one of the written lists, never a mix', async () => {
    const app = await sandbox.current.app();
    await app.addDevice({ cid: 'tagged' });
    const push = client(app);
    await push.GET('/query_bi_tags');
    // Lists long enough that their bodies arrive in several reads, all different.
    const lists = Array.from({ length: 50 }, (_, i) => Array.from({ length: 400 }, (_, k) => `list${i}-tag${k}`));
    const results = await Promise.all(
      lists.map((tag_list) => resultOf(push.POST('/set_tags', { body: { cid: 'tagged', tag_list } }))),
    );
    expect(results.every((r) => r === 'ok')).toBe(true);
    const { tags } = await push.GET('/get_tags/{cid}', { params: { path: { cid: 'tagged' } } });
    const written = lists.map((l) => l.join(' '));
    expect(written).toContain(tags);
    expect((await app.device('tagged')).tags.join(' ')).toBe(tags);
  });
});

describe('token renewal racing calls', () => {
  /**
   * Sends `count` user_status calls through a push client, each to its own path (`/user_status/call-<i>`), and
   * invalidates the token in the middle of them. Returns, for each call path, the tokens its attempts carried
   * (a client repeats a call once with a new token after not_auth), and the app's log in the order handled.
   */
  async function race(app: SandboxApp, invalidate: (token: string) => Promise<unknown>, count = 60) {
    const sent = new Map<string, string[]>();
    let current: { token: string; expiresAt: number } | undefined;
    const push = client(app, {
      tokenStore: { get: () => current, set: (t) => void (current = t) },
      fetch: (request: Request) => {
        const path = new URL(request.url).pathname;
        sent.set(path, [...(sent.get(path) ?? []), request.headers.get('authtoken') ?? '']);
        return fetch(request);
      },
    });
    await push.GET('/query_bi_tags');
    const old = current!.token;
    const call = (i: number) => push.GET('/user_status/{cid}', { params: { path: { cid: `call-${i}` } } });
    const first = Array.from({ length: count / 2 }, (_, i) => call(i));
    const invalidated = invalidate(old);
    const second = Array.from({ length: count / 2 }, (_, i) => call(count / 2 + i));
    const answers = await Promise.all([...first, ...second]);
    await invalidated;
    return { old, renewed: current!.token, answers, sent, log: await handled(app) };
  }

  /** Every user_status attempt the sandbox let through after `marker` carried a token other than `old`. */
  function checkOrder(
    outcome: Awaited<ReturnType<typeof race>>,
    isMarker: (r: { operation: string | null; path: string }) => boolean,
  ) {
    const { old, sent, log } = outcome;
    const markerAt = log.findIndex(isMarker);
    expect(markerAt).toBeGreaterThan(-1);
    const attempt = new Map<string, number>();
    let throughBefore = 0;
    let refusedAfter = 0;
    log.forEach((entry, index) => {
      if (entry.operation !== 'user_status') return;
      const n = attempt.get(entry.path) ?? 0;
      attempt.set(entry.path, n + 1);
      const token = sent.get(entry.path)![n];
      const through = entry.outcome !== 'not_auth';
      if (index > markerAt && token === old) {
        expect(
          through,
          `${entry.path} carried the invalidated token after it was invalidated, and got ${entry.outcome}`,
        ).toBe(false);
        refusedAfter++;
      }
      if (index < markerAt && token === old && through) throughBefore++;
      if (token !== old) expect(through).toBe(true);
    });
    return { throughBefore, refusedAfter };
  }

  it('auth_close in the middle of 60 calls: no call carrying the closed token passes after the close', async () => {
    const app = await sandbox.current.app();
    const outcome = await race(app, (token) =>
      raw(`${sandbox.current.url}/v1/${app.appid}/auth_close`, { method: 'POST', headers: { authtoken: token } }),
    );
    expect(outcome.renewed).not.toBe(outcome.old);
    expect(outcome.answers.every((a) => a.result === 'no_user')).toBe(true);
    const counts = checkOrder(outcome, (r) => r.operation === 'auth_close');
    // The race happened: some calls passed with the old token before the close, some were refused after it.
    expect(counts.throughBefore + counts.refusedAfter).toBeGreaterThan(0);
  });

  it('the token expiring (the clock moved a day) in the middle of 60 calls: none passes with it afterwards', async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    const outcome = await race(app, () => app.advance(24 * 60 * 60 * 1000));
    expect(outcome.answers.every((a) => a.result === 'no_user')).toBe(true);
    checkOrder(outcome, (r) => r.path.endsWith('/clock'));
  });

  it('many sign-ins racing: every issued token works until closed, and a closed one never does', async () => {
    const app = await sandbox.current.app();
    const clients = Array.from({ length: 20 }, () => {
      let current: { token: string; expiresAt: number } | undefined;
      return {
        push: client(app, { tokenStore: { get: () => current, set: (t) => void (current = t) } }),
        token: () => current!.token,
      };
    });
    await Promise.all(clients.map((c) => c.push.GET('/query_bi_tags')));
    expect(new Set(clients.map((c) => c.token())).size).toBe(20);
    const closed = clients.slice(0, 10);
    const closedTokens = closed.map((c) => c.token());
    const calls = clients.flatMap((c, i) => [
      raw(`${sandbox.current.url}/v1/${app.appid}/query_bi_tags`, { headers: { authtoken: c.token() } }),
      ...(i < 10 ? [c.push.close()] : []),
    ]);
    await Promise.all(calls);
    for (const token of closedTokens) {
      const answer = await raw(`${sandbox.current.url}/v1/${app.appid}/query_bi_tags`, {
        headers: { authtoken: token },
      });
      expect(answer.body.result).toBe('not_auth');
    }
    for (const c of clients.slice(10)) {
      expect(
        (await raw(`${sandbox.current.url}/v1/${app.appid}/query_bi_tags`, { headers: { authtoken: c.token() } })).body
          .result,
      ).toBe('ok');
    }
  });
});
