// Compat mode: a strict app (the default) refuses what the description forbids and says when a lenient app would
// read it; a lenient app reads the deviations of clients in use as the service would, behaves as for the
// conforming request, and records each deviation with the rule it bent (request log, events, per-app summary).
import { createHash } from 'node:crypto';
import { fixtures } from '@pushapi/openapi/fixtures';
import { describe, expect, it } from 'vitest';
import type { SandboxApp } from '../../src/client/control-client.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
const DAY = 86_400_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let requests = 0;
const requestid = () => `compat-${++requests}`;

async function appIn(compat: 'strict' | 'lenient') {
  return sandbox.current.app({ settings: { compat }, clock: { time: '2030-01-02T00:00:00Z' } });
}

/** A push v1 request sent as a community client sends it. */
async function send(app: SandboxApp, method: string, path: string, body?: unknown, token?: string) {
  return raw(`${sandbox.current.url}/v1/${app.appid}${path}`, {
    method,
    headers: {
      ...(token ? { authtoken: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** auth_sign with the timestamp as a JSON number, as the community client sends it. */
const numericSignIn = (app: SandboxApp) => {
  const timestamp = 1_893_456_000_000;
  return send(app, 'POST', '/auth_sign', {
    sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
    timestamp,
    appkey: app.appkey,
  });
};

async function tokenOf(app: SandboxApp) {
  const timestamp = String(Date.now());
  return (
    await send(app, 'POST', '/auth_sign', {
      sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
      timestamp,
      appkey: app.appkey,
    })
  ).body.auth_token as string;
}

const byRegion = (values: unknown[]) => ({
  message: { msgtype: 'transmission', is_offline: true },
  transmission: { transmission_content: 'for the region' },
  condition: [{ key: 'region', values, opt_type: 0 }],
  requestid: requestid(),
});

const notypoploadWithoutStyle = () => ({
  message: { msgtype: 'notypopload', is_offline: true },
  notypopload: {
    notyicon: 'icon.png',
    notytitle: 'Update',
    notycontent: 'Version 2 is ready',
    poptitle: 'Download',
    popcontent: 'Download now?',
    popimage: 'pop.png',
    popbutton1: 'Download',
    popbutton2: 'Cancel',
    loadurl: 'https://www.example.com/app.apk',
  },
  cid: 'magic-online',
  requestid: requestid(),
});

describe('strict mode (the default) refuses each deviation, and says a lenient app would read it', () => {
  it('auth_sign with a numeric timestamp', async () => {
    const app = await appIn('strict');
    const before = sandbox.current.snapshot();
    const answer = await numericSignIn(app);
    expect(answer.status).toBe(422);
    expect(answer.body.validation[0]).toMatchObject({ location: ['body', 'timestamp'], code: 'type' });
    expect(answer.body.detail).toContain('compat mode lenient would accept it (json-type at body.timestamp)');
    expect(sandbox.current.snapshot()).toEqual(before);
    expect((await app.deviations()).deviations).toEqual([]);
  });

  it('condition values as numbers, a notypopload without style, a compact query_app_user date', async () => {
    const app = await appIn('strict');
    const token = await tokenOf(app);
    const region = await send(app, 'POST', '/push_app', byRegion([11000000]), token);
    expect(region.status).toBe(422);
    expect(region.body.validation[0].location).toEqual(['body', 'condition', '0', 'values', '0']);
    const noStyle = await send(app, 'POST', '/push_single', notypoploadWithoutStyle(), token);
    expect(noStyle.status).toBe(422);
    expect(noStyle.body.validation[0]).toMatchObject({ location: ['body', 'notypopload', 'style'], code: 'required' });
    expect(noStyle.body.detail).toContain('notypopload-style at body.notypopload.style');
    const date = await send(app, 'GET', '/query_app_user/20300101', undefined, token);
    expect(date.status).toBe(422);
    expect(date.body.validation[0].location).toEqual(['path', 'date']);
    expect(date.body.detail).toContain('date-form at path.date');
    expect(await app.tasks()).toEqual([]);
  });
});

describe('lenient mode reads each deviation as the service would, and records it', () => {
  it('auth_sign with a numeric timestamp signs in; the log, the event and the summary name the rule', async () => {
    const app = await appIn('lenient');
    const answer = await numericSignIn(app);
    expect(answer.body).toMatchObject({ result: 'ok' });
    // The token works like any other.
    const status = await send(app, 'GET', '/user_status/magic-online', undefined, answer.body.auth_token as string);
    expect(status.body).toMatchObject({ result: 'ok', status: 'online' });

    const [entry] = (await app.requests()).filter((r) => r.operation === 'auth_sign');
    expect(entry!.deviations).toEqual([
      {
        rule: 'json-type',
        location: ['body', 'timestamp'],
        detail: 'the number 1893456000000 read as the string "1893456000000"',
      },
    ]);
    const events = (await sandbox.current.control.GET('/events', { params: { query: { appid: app.appid } } })).data!
      .events;
    expect(events.find((e) => e.type === 'request' && e.request?.id === entry!.id)?.request?.deviations).toEqual(
      entry!.deviations,
    );

    const summary = await app.deviations();
    expect(summary.compat).toBe('lenient');
    expect(summary.deviations).toEqual([
      {
        rule: 'json-type',
        rule_text: 'Types are JSON types. Where the interface says String, the value is a JSON string.',
        count: 1,
        last: {
          requestId: entry!.id,
          at: entry!.at,
          operation: 'auth_sign',
          location: ['body', 'timestamp'],
          detail: entry!.deviations[0]!.detail,
        },
      },
    ]);
  });

  it('condition values as numbers select the devices whose region is that text', async () => {
    const app = await appIn('lenient');
    await app.addDevice({ cid: 'beijing-1', online: true, region: '11000000' });
    await app.addDevice({ cid: 'elsewhere-1', online: true, region: '31000000' });
    const answer = await send(app, 'POST', '/push_app', byRegion([11000000]), await tokenOf(app));
    expect(answer.body).toMatchObject({ result: 'ok' });
    expect((await app.inbox('beijing-1')).messages).toHaveLength(1);
    expect((await app.inbox('elsewhere-1')).messages).toHaveLength(0);
    const task = await app.task(answer.body.taskid as string);
    expect(task.targets.condition).toEqual([{ key: 'region', values: ['11000000'], opt_type: 0 }]);
    const [entry] = (await app.requests()).filter((r) => r.operation === 'push_app');
    expect(entry!.deviations.map((d) => [d.rule, d.location.join('.')])).toEqual([
      ['json-type', 'body.condition.0.values.0'],
    ]);
  });

  it('a notypopload without style is drawn with a system style of its noty fields', async () => {
    const app = await appIn('lenient');
    const answer = await send(app, 'POST', '/push_single', notypoploadWithoutStyle(), await tokenOf(app));
    expect(answer.body).toMatchObject({ result: 'ok' });
    const [message] = (await app.inbox('magic-online')).messages;
    expect(message!.template.style).toEqual({ type: 0, title: 'Update', text: 'Version 2 is ready', logo: 'icon.png' });
    expect((await app.deviations()).deviations.map((d) => d.rule)).toEqual(['notypopload-style']);
  });

  it('a date in the other documented form reads the same day as the documented one', async () => {
    const app = await appIn('lenient');
    await app.advance(DAY);
    const token = await tokenOf(app);
    const compact = await send(app, 'GET', '/query_app_user/20300102', undefined, token);
    const documented = await send(app, 'GET', '/query_app_user/2030-01-02', undefined, token);
    expect(compact.body).toMatchObject({ result: 'ok' });
    expect(compact.body).toEqual(documented.body);
    const push = await send(app, 'GET', '/query_app_push/2030-01-02', undefined, token);
    expect(push.body).toMatchObject({ result: 'ok', data: { date: '20300102' } });
    const summary = await app.deviations();
    expect(summary.deviations).toEqual([
      expect.objectContaining({
        rule: 'date-form',
        count: 2,
        last: expect.objectContaining({
          operation: 'query_app_push',
          detail: 'the date "2030-01-02" read as "20300102"',
        }),
      }),
    ]);
  });

  it('anything no rule reads is refused as in strict mode, records nothing and changes nothing', async () => {
    const app = await appIn('lenient');
    const token = await tokenOf(app);
    const before = sandbox.current.snapshot();
    // Digits where a string is due convert; text where an integer is due does not.
    const answer = await send(
      app,
      'POST',
      '/push_app',
      { ...byRegion([11000000]), condition: [{ key: 'region', values: [11000000], opt_type: 'union' }] },
      token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.validation[0]).toMatchObject({ location: ['body', 'condition', '0', 'opt_type'], code: 'type' });
    const unknown = await send(
      app,
      'POST',
      '/push_single',
      { message: { msgtype: 'popup' }, popup: {}, cid: 'magic-online', requestid: requestid() },
      token,
    );
    expect(unknown.status).toBe(422);
    expect(sandbox.current.snapshot()).toEqual(before);
    expect((await app.deviations()).deviations).toEqual([]);
  });

  it('a style type written as text is read as that style (a discriminator of the wrong JSON type)', async () => {
    const app = await appIn('lenient');
    const body = {
      message: { msgtype: 'notification', is_offline: true },
      notification: {
        style: { type: '6', title: 'Sale', text: 'Today only', big_style: '2', big_text: 'Everything half price' },
      },
      cid: 'magic-online',
      requestid: requestid(),
    };
    expect((await send(app, 'POST', '/push_single', body, await tokenOf(app))).body).toMatchObject({ result: 'ok' });
    const [entry] = (await app.requests()).filter((r) => r.operation === 'push_single');
    expect(entry!.deviations).toEqual([
      {
        rule: 'json-type',
        location: ['body', 'notification', 'style', 'type'],
        detail: 'the string "6" read as the number 6',
      },
    ]);
  });

  it('switching an app back to strict refuses the deviation again', async () => {
    const app = await appIn('lenient');
    expect((await numericSignIn(app)).status).toBe(200);
    await app.update({ compat: 'strict' });
    expect((await numericSignIn(app)).status).toBe(422);
  });
});

describe('DMP in compat mode', () => {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  async function dmpToken(app: SandboxApp) {
    const timestamp = String(Date.now());
    const query = new URLSearchParams({
      user_code: app.userCode,
      sign1: md5(app.userCode + md5(timestamp)),
      sign2: md5(app.userCode + app.authCode + md5(timestamp)),
      timestamp,
    });
    return (await raw(`${sandbox.current.dmpBaseUrl}/accesser/auth?${query}`)).body.access_token as string;
  }
  const tagsOf = async (app: SandboxApp, body: unknown) =>
    raw(`${sandbox.current.dmpBaseUrl}/tags/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await dmpToken(app)}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a raw androidId sent as a number finds the device in a lenient app; a strict app answers 400 with the hint', async () => {
    for (const compat of ['strict', 'lenient'] as const) {
      const app = await appIn(compat);
      await app.addDevice({ cid: 'tagged', dmpIds: { androidId: '1234567890' }, dmpTags: ['1001'] });
      const answer = await tagsOf(app, { androidId: 1234567890 });
      if (compat === 'strict') {
        expect(answer.status).toBe(400);
        expect(answer.body.validation[0].location).toEqual(['body', 'androidId']);
      } else {
        expect(answer.body).toEqual({ code: '0', data: ['1001'] });
        expect(
          (await app.deviations()).deviations.map((d) => [d.rule, d.last.operation, d.last.location.join('.')]),
        ).toEqual([['json-type', 'tags/user', 'body.androidId']]);
      }
    }
  });

  it('a number that converts but still breaks its rule is refused at that rule', async () => {
    const app = await appIn('lenient');
    const answer = await tagsOf(app, { macMD5: 12345 });
    expect(answer.status).toBe(400);
    expect(answer.body.validation[0]).toMatchObject({ location: ['body', 'macMD5'], code: 'pattern' });
    expect((await app.deviations()).deviations).toEqual([]);
  });
});

describe('the invalid fixtures a lenient app accepts are exactly the deviations it knows', () => {
  it('each invalid push v1 and DMP fixture is refused at its field, or accepted through a rule at that field', async () => {
    const app = await appIn('lenient');
    const token = await tokenOf(app);
    const accepted: string[] = [];
    for (const fixture of fixtures.filter((f) => f.kind === 'invalid' && f.api === 'push-v1')) {
      const operation = OPERATION_PATHS[fixture.operationId];
      if (!operation || fixture.params || fixture.query) continue; // bodies only here; the dates are tested above
      const answer = await send(app, 'POST', operation, fixture.body, token);
      if (answer.status === 422) {
        expect(answer.body.validation[0].location.join('.'), fixture.name).toBe(fixture.at);
        continue;
      }
      const [entry] = (await app.requests()).slice(0, 1);
      expect(
        entry!.deviations.some(
          (d) => d.location.join('.') === fixture.at || d.location.join('.').startsWith(`${fixture.at}.`),
        ),
        fixture.name,
      ).toBe(true);
      accepted.push(`${fixture.operationId}: ${fixture.name}`);
    }
    // Each a value of the wrong JSON type that converts without loss (json-type).
    expect(accepted.sort()).toEqual([
      'authSign: timestamp as a number',
      'pushList: alias list of numbers',
      'pushSingle: big_style as a number',
      'pushSingle: is_offline as a string',
      'pushSingle: requestid as a number',
      'pushSingle: style type as a string',
      'pushSingleBatch: need_detail as a string',
    ]);
  });
});

const OPERATION_PATHS: Record<string, string> = {
  authSign: '/auth_sign',
  pushSingle: '/push_single',
  pushApp: '/push_app',
  saveListBody: '/save_list_body',
  pushSingleBatch: '/push_single_batch',
  pushList: '/push_list',
};
