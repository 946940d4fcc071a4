// The control API: every operation of its document is answered; apps are isolated; refusals are problem details
// (404, 409, 422) that change nothing; reset; credentials only where asked; the event stream and the request log.
import { loadDocument } from '@pushapi/openapi/apis';
import { listOperations } from '@pushapi/openapi/walk';
import { createPushClient, HttpError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { CONTROL_OPERATIONS } from '../../src/interfaces/control.js';
import { DEFAULT_APP, MAGIC_CIDS } from '../../src/shared/config.js';
import { ControlError } from '../../src/shared/control-client.js';
import { startSandbox } from '../../src/index.js';
import { notification } from '../support/env.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();

const refusal = async (call: Promise<unknown>) => {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ControlError);
  return error as ControlError;
};

describe('the control API', () => {
  it('answers every operation of its document', () => {
    const documented = listOperations(loadDocument('sandbox')).map((e) => e.operationId);
    expect([...CONTROL_OPERATIONS].sort()).toEqual([...documented].sort());
  });

  it('describes the sandbox: version, default app, magic cids, limits', async () => {
    const { data } = await sandbox.current.control.GET('/');
    expect(data).toMatchObject({
      name: 'pushapi-sandbox',
      defaultAppId: DEFAULT_APP.appid,
      persistent: false,
      magicCids: MAGIC_CIDS,
    });
  });

  it('keeps apps apart: a device of one app is unknown to another', async () => {
    const a = await sandbox.current.app();
    const b = await sandbox.current.app();
    await a.addDevice({ cid: 'only-in-a' });
    expect((await refusal(b.device('only-in-a'))).status).toBe(404);
    expect(a.appid).not.toBe(b.appid);
    expect(a.mastersecret).not.toBe(b.mastersecret);
  });

  it('shows secrets only through the credentials operation', async () => {
    const app = await sandbox.current.app();
    const { control } = sandbox.current;
    const shown = JSON.stringify([
      (await control.GET('/apps/{appid}', { params: { path: { appid: app.appid } } })).data,
      (await control.GET('/apps')).data,
      (await control.GET('/apps/{appid}/dmp', { params: { path: { appid: app.appid } } })).data,
    ]);
    expect(shown).not.toContain(app.mastersecret);
    expect(shown).not.toContain(app.authCode);
    const { data } = await control.GET('/apps/{appid}/credentials', { params: { path: { appid: app.appid } } });
    expect(data).toEqual({
      appid: app.appid,
      appkey: app.appkey,
      mastersecret: app.mastersecret,
      dmp: { userCode: app.userCode, authCode: app.authCode },
    });
  });
});

describe('refusals', () => {
  it('404 for an unknown app, device, task or message', async () => {
    const app = await sandbox.current.app();
    const { control } = sandbox.current;
    const missing = await refusal(control.GET('/apps/{appid}', { params: { path: { appid: 'nope' } } }));
    expect(missing.problem?.detail).toBe('no app with appid "nope"');
    // One of the clients' shared error classes: a catch written for the push client catches it too.
    expect(missing).toBeInstanceOf(HttpError);
    expect(missing).toMatchObject({ status: 404, operation: 'GET /control/apps/nope' });
    expect(missing.message).toBe('GET /control/apps/nope: HTTP 404: no app with appid "nope"');
    expect((await refusal(app.device('nope'))).status).toBe(404);
    expect((await refusal(app.task('RASS_0101_x'))).status).toBe(404);
    const click = control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
      params: { path: { appid: app.appid, cid: 'magic-online', messageId: 'm-0' } },
    });
    expect((await refusal(click)).status).toBe(404);
  });

  it('409 for an appid or cid that exists, and for removing a magic cid', async () => {
    const app = await sandbox.current.app();
    expect((await refusal(sandbox.current.app({ appid: app.appid }))).status).toBe(409);
    expect((await refusal(app.addDevice({ cid: 'magic-online' }))).status).toBe(409);
    const remove = sandbox.current.control.DELETE('/apps/{appid}/devices/{cid}', {
      params: { path: { appid: app.appid, cid: 'magic-offline' } },
    });
    expect((await refusal(remove)).problem?.detail).toContain('magic cid');
  });

  it('422 naming each broken rule, and nothing changes', async () => {
    const app = await sandbox.current.app();
    const before = sandbox.current.snapshot();
    const error = await refusal(app.addDevice({ online: true } as never));
    expect(error.status).toBe(422);
    expect(error.problem?.validation?.[0]).toMatchObject({ location: ['body', 'cid'], message: 'is required' });
    expect(error.violations[0]).toMatchObject({ location: ['body', 'cid'], message: 'is required' });
    expect(error.message).toContain('1 violation: body.cid: is required');
    const fault = await refusal(app.fault({ operation: 'push_singel', kind: 'drop' }));
    expect(fault.problem?.validation?.[0]?.message).toContain('push_single');
    const clock = await refusal(app.setClock({ advanceMs: -5 }));
    expect(clock.problem?.validation?.[0]).toMatchObject({ location: ['body', 'advanceMs'] });
    expect(sandbox.current.snapshot()).toEqual(before);
  });
});

describe('reset', () => {
  it('of an app keeps its credentials and settings, and puts the magic cids back in their first state', async () => {
    const app = await sandbox.current.app({ settings: { scheduledPush: false } });
    await app.addDevice({ cid: 'extra' });
    await app.updateDevice('magic-online', { online: false, tags: ['x'] });
    const after = await app.reset();
    expect(after.settings.scheduledPush).toBe(false);
    expect(after.counts.devices).toBe(MAGIC_CIDS.length);
    expect(await app.device('magic-online')).toMatchObject({ online: true, tags: [] });
    await createPushClient({ ...app.pushOptions, retry: false }).GET('/query_bi_tags');
  });

  it('of the sandbox removes every app and makes the default app again', async () => {
    const own = await startSandbox();
    try {
      const app = await own.app();
      await own.control.POST('/reset');
      const { data } = await own.control.GET('/apps');
      expect(data!.apps.map((a) => a.appid)).toEqual([DEFAULT_APP.appid]);
      expect((await refusal(app.device('magic-online'))).status).toBe(404);
    } finally {
      await own.stop();
    }
  });
});

describe('the test clock', () => {
  it('is set, frozen, advanced, restarted, and may go back', async () => {
    const app = await sandbox.current.app();
    expect((await app.clock()).frozen).toBe(false);
    const set = await app.setClock({ time: '2030-01-01T00:00:00Z' });
    expect(set).toMatchObject({
      now: Date.parse('2030-01-01T00:00:00Z'),
      frozen: true,
      local: '2030-01-01 08:00:00',
      fired: [],
      expired: 0,
    });
    expect((await app.advance(90_000)).iso).toBe('2030-01-01T00:01:30.000Z');
    const back = await app.setClock({ time: Date.parse('2029-12-31T23:00:00Z') });
    expect(back.iso).toBe('2029-12-31T23:00:00.000Z');
    const running = await app.setClock({ frozen: false });
    expect(running.frozen).toBe(false);
    expect((await app.clock()).now).toBeGreaterThanOrEqual(back.now);
  });

  it('reads `time` as it is written: a read written back sets the same clock, and a world seeds it the same way', async () => {
    const app = await sandbox.current.app();
    await app.setClock({ time: '2030-01-01T00:00:00Z' });
    const read = await app.clock();
    expect(read).toMatchObject({
      time: '2030-01-01T00:00:00.000Z',
      iso: '2030-01-01T00:00:00.000Z',
      now: Date.parse('2030-01-01T00:00:00Z'),
      frozen: true,
    });
    await app.advance(3_600_000);
    const { time, frozen } = read;
    expect(await app.setClock({ time, frozen })).toMatchObject({ time, now: read.now, frozen: true });
    const appid = `wc-${app.appid}`.slice(0, 64);
    await sandbox.current.control.POST('/world', { body: { apps: [{ appid, clock: { time, frozen } }] } });
    const seeded = await sandbox.current.control.GET('/apps/{appid}/clock', { params: { path: { appid } } });
    expect(seeded.data).toMatchObject({ time, frozen: true });
  });
});

describe('a new device', () => {
  it("takes the fields of a world's device, alias included", async () => {
    const app = await sandbox.current.app();
    const device = await app.addDevice({ cid: 'with-alias', alias: 'alice', online: true, tags: ['vip'] });
    expect(device).toMatchObject({ cid: 'with-alias', alias: 'alice', online: true, tags: ['vip'] });
    await app.addDevices([{ cid: 'batch-alias', alias: 'alice' }]);
    const push = createPushClient({ ...app.pushOptions, retry: false });
    const bound = await push.GET('/query_cid/{alias}', { params: { path: { alias: 'alice' } } });
    expect([...(bound.cid ?? [])].sort()).toEqual(['batch-alias', 'with-alias']);
  });

  it('is refused whole (409) when its alias would have more than 10 cids', async () => {
    const app = await sandbox.current.app();
    await app.addDevices(Array.from({ length: 10 }, (_, i) => ({ cid: `full-${i}`, alias: 'crowded' })));
    const before = sandbox.current.snapshot();
    const error = await refusal(app.addDevice({ cid: 'eleventh', alias: 'crowded' }));
    expect(error.status).toBe(409);
    expect(error.problem?.detail).toContain('alias "crowded" would have 11 cids');
    expect(sandbox.current.snapshot()).toEqual(before);
  });
});

describe('events and the request log', () => {
  it('a push shows in the event stream (server-sent events) and in the poll', async () => {
    const app = await sandbox.current.app();
    const { data: before } = await sandbox.current.control.GET('/events', { params: { query: { appid: app.appid } } });
    const after = before!.events.at(-1)?.id ?? 0;
    const response = await fetch(`${sandbox.current.controlUrl}/events?appid=${app.appid}&after=${after}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    await createPushClient({ ...app.pushOptions, retry: false }).POST('/push_single', {
      body: { ...notification('live'), cid: 'magic-online' },
    });
    let text = '';
    while (!text.includes('event: message')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const data = JSON.parse(/event: message\ndata: (.*)\n/.exec(text)![1]!);
    expect(data).toMatchObject({
      type: 'message',
      appid: app.appid,
      cid: 'magic-online',
      message: { template: { style: { text: 'live' } } },
    });
    const { data: polled } = await sandbox.current.control.GET('/events', {
      params: { query: { appid: app.appid, after } },
    });
    expect(polled!.events.some((e) => e.type === 'message' && e.cid === 'magic-online')).toBe(true);
  });

  it('a message kept for an offline device, and its expiry, are events too', async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = createPushClient({ ...app.pushOptions, retry: false });
    const body = { ...notification('kept'), cid: 'magic-offline' };
    body.message = { ...body.message, offline_expire_time: 60_000 } as typeof body.message;
    await push.POST('/push_single', { body });
    await app.advance(60_000);
    const { data } = await sandbox.current.control.GET('/events', { params: { query: { appid: app.appid } } });
    const states = data!.events
      .filter((e) => e.type === 'message' && e.cid === 'magic-offline')
      .map((e) => e.message?.state);
    expect(states).toEqual(['pending', 'expired']);
  });

  it('the request log names a refused request and its violations, and holds no secret', async () => {
    const app = await sandbox.current.app();
    const push = createPushClient({ ...app.pushOptions, retry: false });
    await push.GET('/query_bi_tags');
    await raw(`${sandbox.current.url}/v1/${app.appid}/push_single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: 'not-a-token-of-this-app' },
      body: JSON.stringify({ cid: 'magic-online' }),
    });
    const requests = await app.requests();
    expect(requests[0]).toMatchObject({ operation: 'push_single', status: 200, outcome: 'not_auth' });
    expect(requests.find((r) => r.operation === 'auth_sign')).toMatchObject({ status: 200, outcome: 'ok' });
    const log = JSON.stringify(requests);
    expect(log).not.toContain(app.mastersecret);
    expect(log).not.toContain('not-a-token-of-this-app');
  });
});

describe('a control token', () => {
  it('is needed by the control API of a sandbox started with one; push credentials never open it', async () => {
    const guarded = await startSandbox({ controlToken: 'control-token-for-tests' });
    try {
      const refused = await raw(`${guarded.controlUrl}/apps`);
      expect(refused.status).toBe(401);
      const withPushToken = await raw(`${guarded.controlUrl}/apps`, {
        headers: { authtoken: 'anything', authorization: 'Bearer anything' },
      });
      expect(withPushToken.status).toBe(401);
      expect((await guarded.control.GET('/apps')).data!.apps).toHaveLength(1);
    } finally {
      await guarded.stop();
    }
  });

  it('is required to listen beyond loopback', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow('control token');
  });
});
