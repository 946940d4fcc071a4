// The pieces on their own: the safety rules, the redactor, parity's normalisation, the sandbox choices named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHOICES } from '../src/check/choices.js';
import { normalise } from '../src/check/parity.js';
import { sourceOf } from '../src/documents.js';
import { assertSafe } from '../src/scenario/safety.js';
import { Redactor } from '../src/secrets.js';
import { worldFromRecording } from '../src/world.js';
import { plan, retryWaits, spendLines } from '../src/index.js';
import { readAlias, readCount, readTags } from '../src/scenario/reads.js';

describe('safety', () => {
  const allowed = { cids: ['mine'], appPushTag: 'pushapi-verify-x', ownTasks: ['RASL_0101_aa'] };
  it('refuses a push to a cid or alias not listed, push_app without its tag, stopping a task of someone else', () => {
    expect(() => assertSafe('pushSingle', { body: { cid: 'theirs' } }, allowed)).toThrow(
      'would push to cids not listed with --cid: theirs',
    );
    expect(() => assertSafe('pushList', { body: { alias: ['a'] } }, allowed)).toThrow('would push to an alias');
    expect(() =>
      assertSafe('pushSingleBatch', { body: { msg_list: [{ cid: 'mine' }, { cid: 'theirs' }] } }, allowed),
    ).toThrow('theirs');
    expect(() =>
      assertSafe('pushApp', { body: { condition: [{ key: 'tag', values: ['vip'], opt_type: 0 }] } }, allowed),
    ).toThrow('--allow-app-push');
    expect(() => assertSafe('pushApp', { body: {} }, { ...allowed, appPushTag: undefined as never })).toThrow(
      '--allow-app-push',
    );
    expect(() => assertSafe('stopTask', { params: { taskid: 'RASA_0101_bb' } }, allowed)).toThrow(
      'a task this run did not create',
    );
    expect(() => assertSafe('delScheduleTask', { body: { taskid: 'RASA_0101_bb' } }, allowed)).toThrow(
      'a task this run did not create',
    );
  });
  it("lets the scenario's own requests through", () => {
    expect(() => assertSafe('pushSingle', { body: { cid: 'mine' } }, allowed)).not.toThrow();
    expect(() =>
      assertSafe(
        'pushApp',
        { body: { condition: [{ key: 'tag', values: ['pushapi-verify-x'], opt_type: 0 }] } },
        allowed,
      ),
    ).not.toThrow();
    expect(() => assertSafe('stopTask', { params: { taskid: 'RASL_0101_aa' } }, allowed)).not.toThrow();
  });
});

it('the redactor hides remembered secrets and credential fields and headers', () => {
  const r = new Redactor();
  r.add('s3cret-value');
  expect(r.text('x s3cret-value y')).toBe('x <redacted> y');
  expect(r.value({ sign: 'abc', nested: [{ auth_token: 't', note: 'has s3cret-value' }] })).toEqual({
    sign: '<redacted>',
    nested: [{ auth_token: '<redacted>', note: 'has <redacted>' }],
  });
  expect(r.headers({ authtoken: 'x', Authorization: 'Bearer y', accept: 'application/json' })).toEqual({
    authtoken: '<redacted>',
    Authorization: '<redacted>',
    accept: 'application/json',
  });
});

it('parity normalises ids, tokens, times and counts, and keeps states and texts', () => {
  expect(
    normalise({
      taskid: 'RASS_0304_0a1b',
      auth_token: 'tok',
      lastlogin: '1893456000000',
      count: 3,
      status: 'online',
      desc: 'x',
      onlineStatics: { '1893456000000': 1, '1893456600000': 2 },
    }),
  ).toEqual({
    auth_token: '<token>',
    count: '<number>',
    desc: '<string>',
    lastlogin: '<epoch ms as text>',
    onlineStatics: { '<epoch ms as text>': '<number>' },
    status: 'online',
    taskid: 'RASS_<mmdd>_<id>',
  });
  expect(normalise({ cid: ['b', 'a'] })).toEqual({ cid: ['a', 'b'] });
});

it('every sandbox choice a parity finding points at is a row of the sandbox README', () => {
  const readme = fs.readFileSync(new URL('../../sandbox/README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Where the description is silent'));
  for (const choice of CHOICES) expect(section, choice.question).toContain(`| ${choice.question} |`);
});

it('names the source file of a bundle pointer', () => {
  expect(sourceOf('push-v1', '#/components/schemas/UserStatusResponse/properties')).toEqual({
    file: 'openapi/push-v1/components/schemas/responses/UserStatusResponse.yaml',
    pointer: '#/properties',
  });
  expect(sourceOf('push-v1', '#/paths/~1user_status~1{cid}/get/responses')).toEqual({
    file: 'openapi/push-v1/paths/user_status_{cid}.yaml',
    pointer: '#/get/responses',
  });
  expect(sourceOf('dmp', '#/paths/~1accesser~1auth/get')).toEqual({
    file: 'openapi/dmp/paths/accesser_auth.yaml',
    pointer: '#/get',
  });
  for (const file of [
    sourceOf('push-v1', '#/components/schemas/Result').file,
    sourceOf('dmp', '#/paths/~1tags~1user').file,
  ]) {
    expect(fs.existsSync(new URL(`../../../${file}`, import.meta.url)), file).toBe(true);
  }
});

it('a world from a recording gives each app the same master secret at every start, and another app another', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-verify-world-'));
  try {
    const line = (appid: string) =>
      JSON.stringify({
        at: '2030-01-01T00:00:00Z',
        api: 'push-v1',
        operationId: 'authSign',
        request: {
          method: 'POST',
          path: `/v1/${appid}/auth_sign`,
          headers: {},
          body: { appkey: `key-${appid}`, sign: '<redacted>', timestamp: '1' },
        },
        response: { status: 200, headers: {}, body: { result: 'ok' } },
      });
    fs.writeFileSync(path.join(dir, 'exchanges.jsonl'), `${line('app-a')}\n${line('app-b')}\n`);
    const secrets = () => worldFromRecording(dir).apps.map((a) => a.mastersecret);
    const first = secrets();
    expect(first).toEqual(secrets());
    expect(first[0]).toMatch(/^sandbox-[0-9a-f]{24}$/);
    expect(first[0]).not.toBe(first[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('what a run will spend, said before it runs', () => {
  it('retries wait 1 s, 2 s, 4 s by default; a window of 660 s spans a limit of 2 per 10 minutes', () => {
    expect(retryWaits()).toEqual([1000, 2000, 4000]);
    const long = retryWaits(660_000);
    const total = long.reduce((a, b) => a + b, 0);
    expect(Math.max(...long)).toBe(60_000);
    expect(total).toBeGreaterThanOrEqual(600_000);
    expect(total).toBeLessThanOrEqual(660_000);
  });

  it('names the calls, the rate-controlled ones, the pushes, the token closed and the retries', async () => {
    const planned = await plan({
      baseUrl: 'https://push.example.com',
      appid: 'app',
      appkey: 'key',
      masterSecret: '',
      cids: ['c1', 'c2'],
      allowAppPush: 'pushapi-verify-app',
      now: Date.parse('2030-03-04T05:06:07Z'),
    });
    const lines = spendLines(planned, 660_000).join('\n');
    expect(lines).toMatch(/^What the run will spend \(start on a staging appid/);
    expect(lines).toContain(
      "rate-controlled, sharing the app's limits with its production traffic: setTags 2 (+2 if restoring), saveListBody 1, pushList 1, pushApp 2",
    );
    expect(lines).toMatch(
      /pushes, each a task in the app's statistics \(push_result, query_app_push\): pushSingle 3, .*pushApp 2/,
    );
    expect(lines).toContain('auth_close: the token this run signed in for is closed at the end');
    expect(lines).toMatch(
      /retries: a transient refusal is retried 15 times, waiting 1 s, 2 s, 4 s, .*60 s \(up to 10 min per request/,
    );
  });
});

describe('reads of an undocumented shape: a choice per field', () => {
  const ok = (body: Record<string, unknown>) => ({
    status: 200,
    contentType: 'application/json',
    text: '',
    body: { result: 'ok', ...body },
  });
  it('get_tags tags: a string is split and used; a JSON array is named and not used (seen for parity only)', () => {
    expect(readTags(ok({ tags: 'vip,city shanghai' }))).toEqual({ value: ['vip', 'city', 'shanghai'] });
    expect(readTags(ok({ tags: ['vip'] }))).toMatchObject({
      failure: 'get_tags answered tags as a JSON array',
      seen: ['vip'],
      choice: { used: false },
    });
  });
  it('query_alias alias: a string is used, a definite refusal is no alias, null is not used', () => {
    expect(readAlias(ok({ alias: 'u_1' }))).toEqual({ value: 'u_1' });
    expect(
      readAlias({ status: 200, contentType: 'application/json', text: '', body: { result: 'alias_notexist' } }),
    ).toEqual({ value: '' });
    expect(readAlias(ok({ alias: null }))).toMatchObject({
      failure: 'query_alias answered alias as null',
      choice: { used: false },
    });
  });
  it('query_user_count user_count: a number, or a string of digits (said), is used; anything else is not', () => {
    expect(readCount(ok({ user_count: 2 }))).toEqual({ value: 2 });
    expect(readCount(ok({ user_count: '2' }))).toMatchObject({
      value: 2,
      choice: { shape: 'a string of digits', used: true },
    });
    expect(readCount(ok({ user_count: 'two' }))).toMatchObject({
      failure: expect.any(String),
      choice: { used: false },
    });
  });
});
