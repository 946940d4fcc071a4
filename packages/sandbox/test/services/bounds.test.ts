// Every collection that grows with use has a bound, and each bound holds when driven past it over HTTP: the
// state of a sandbox shared by many CI jobs stays flat. Inboxes and waiting messages per device, tasks,
// requestids and tokens per app, DMP tokens per party, daily records, the online history, the request log and
// the event buffer.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAYS_KEPT, EVENT_BUFFER, LIMITS } from '../../src/shared/config.js';
import type { SandboxApp } from '../../src/index.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Snapshot = {
  apps: {
    record: { appid: string; onlineHistory: [number, number][] };
    devices: { record: { cid: string }; inbox: unknown[] }[];
    tasks: unknown[];
    requestIds: unknown[];
    tokens: unknown[];
    days: unknown[];
  }[];
  dmpTokens: [string, { appid: string }][];
};
const stateOf = (app: SandboxApp) =>
  (sandbox.current.snapshot() as Snapshot).apps.find((a) => a.record.appid === app.appid)!;

async function signIn(app: SandboxApp, timestamp = '1'): Promise<string> {
  const answer = await raw(`${sandbox.current.url}/v1/${app.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      appkey: app.appkey,
      timestamp,
      sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
    }),
  });
  return answer.body.auth_token as string;
}

function pushCall(app: SandboxApp, token: string) {
  return async (operation: string, body: unknown) =>
    (
      await raw(`${sandbox.current.url}/v1/${app.appid}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authtoken: token },
        body: JSON.stringify(body),
      })
    ).body;
}

const transmission = (content: string) => ({
  message: { msgtype: 'transmission', is_offline: true },
  transmission: { transmission_content: content },
});

describe('per app and per device', { timeout: 300_000 }, () => {
  it('an inbox keeps the last inboxLimit messages', async () => {
    const app = await sandbox.current.app({ settings: { inboxLimit: 5 } });
    const push = pushCall(app, await signIn(app));
    for (let i = 0; i < 12; i++)
      expect(
        (await push('push_single', { ...transmission(`m${i}`), cid: 'magic-online', requestid: `inbox-${i}-0000` }))
          .result,
      ).toBe('ok');
    const { messages } = await app.inbox('magic-online');
    expect(messages.map((m) => m.template.transmission_content)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect(stateOf(app).devices.find((d) => d.record.cid === 'magic-online')!.inbox).toHaveLength(5);
  });

  it('an offline device keeps at most inboxLimit messages waiting, the oldest dropped as expired', async () => {
    const app = await sandbox.current.app({ settings: { inboxLimit: 5 } });
    const push = pushCall(app, await signIn(app));
    const taskids: string[] = [];
    for (let i = 0; i < 12; i++)
      taskids.push(
        (await push('push_single', { ...transmission(`w${i}`), cid: 'magic-offline', requestid: `waiting-${i}-000` }))
          .taskid,
      );
    const { pending } = await app.inbox('magic-offline');
    expect(pending.map((m) => m.template.transmission_content)).toEqual(['w7', 'w8', 'w9', 'w10', 'w11']);
    expect((await app.task(taskids[0]!)).stats.pending).toBe(0);
    expect((await app.task(taskids[11]!)).stats.pending).toBe(1);
    await app.updateDevice('magic-offline', { online: true });
    expect((await app.inbox('magic-offline')).messages).toHaveLength(5);
  });

  it(`an app keeps ${LIMITS.taskLimit} tasks, the oldest finished first, and never drops a scheduled one`, async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushCall(app, await signIn(app));
    const scheduled = await push('push_app', {
      ...transmission('later'),
      requestid: 'scheduled-0001',
      pushTime: '203001021200',
    });
    const first = await push('push_single', {
      ...transmission('first'),
      cid: 'magic-online',
      requestid: 'first-task-0001',
    });
    for (let i = 0; i < LIMITS.taskLimit + 10; i++) await push('save_list_body', transmission(`t${i}`));
    const tasks = await app.tasks();
    expect(tasks).toHaveLength(LIMITS.taskLimit);
    expect(tasks.map((t) => t.taskid)).toContain(scheduled.taskid);
    expect(tasks.map((t) => t.taskid)).not.toContain(first.taskid);
  });

  it(`an app remembers ${LIMITS.requestIdLimit} requestids, the oldest forgotten first`, async () => {
    const app = await sandbox.current.app();
    const push = pushCall(app, await signIn(app));
    const batch = (b: number) => ({
      msg_list: Array.from({ length: 1000 }, (_, i) => ({
        ...transmission('x'),
        cid: 'magic-online',
        requestid: `rid-${b}-${i}`,
      })),
    });
    for (let b = 0; b < LIMITS.requestIdLimit / 1000 + 1; b++)
      expect((await push('push_single_batch', batch(b))).result).toBe('ok');
    expect(stateOf(app).requestIds).toHaveLength(LIMITS.requestIdLimit);
    // The first requestid is forgotten: sending it again pushes again (a new task); the last is remembered.
    const again = await push('push_single', { ...transmission('again'), cid: 'magic-online', requestid: 'rid-0-0' });
    const last = await push('push_single', {
      ...transmission('again'),
      cid: 'magic-online',
      requestid: `rid-${LIMITS.requestIdLimit / 1000}-999`,
    });
    expect(again.status).toBe('successed_online');
    expect(last.status).toBeUndefined(); // the batch's answer, as remembered
  });

  it('an app keeps 1000 auth tokens: the oldest stops working', async () => {
    const app = await sandbox.current.app();
    const first = await signIn(app);
    for (let i = 0; i < 1005; i++) await signIn(app, String(i + 2));
    expect(stateOf(app).tokens).toHaveLength(1000);
    const answer = await raw(`${sandbox.current.url}/v1/${app.appid}/query_bi_tags`, { headers: { authtoken: first } });
    expect(answer.body.result).toBe('not_auth');
  });

  it('a DMP party keeps 1000 access tokens: the oldest stops working', async () => {
    const app = await sandbox.current.app();
    const auth = async (timestamp: number) => {
      const query = new URLSearchParams({
        user_code: app.userCode,
        sign1: md5(app.userCode + md5(String(timestamp))),
        sign2: md5(app.userCode + app.authCode + md5(String(timestamp))),
        timestamp: String(timestamp),
      });
      return (await raw(`${sandbox.current.dmpBaseUrl}/accesser/auth?${query}`)).body.access_token as string;
    };
    const first = await auth(0);
    for (let i = 1; i <= 1005; i++) await auth(i);
    const own = (sandbox.current.snapshot() as Snapshot).dmpTokens.filter(([, r]) => r.appid === app.appid);
    expect(own).toHaveLength(1000);
    expect(
      (await raw(`${sandbox.current.dmpBaseUrl}/config/tags`, { headers: { authorization: `Bearer ${first}` } }))
        .status,
    ).toBe(401);
  });

  it(`daily records: ${DAYS_KEPT} days back and today`, async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    for (let day = 0; day < DAYS_KEPT + 20; day++) {
      await app.updateDevice('magic-online', { online: day % 2 === 0 }); // counted in the day's record
      await app.advance(24 * 60 * 60 * 1000);
    }
    await app.updateDevice('magic-online', { online: true });
    expect(stateOf(app).days.length).toBeLessThanOrEqual(DAYS_KEPT + 1);
  });

  it('the online history keeps one change per ten-minute point of the last day, and the statistics stay right', async () => {
    const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
    const start = Date.parse('2030-01-01T00:00:00Z');
    const step = 3 * 60 * 1000;
    const changes: [number, number][] = [];
    // 600 changes, three minutes apart (30 hours): magic-offline goes on and off line; magic-online stays.
    for (let i = 1; i <= 600; i++) {
      await app.setClock({ time: start + i * step });
      await app.updateDevice('magic-offline', { online: i % 2 === 1 });
      changes.push([start + i * step, i % 2 === 1 ? 2 : 1]);
    }
    const history = stateOf(app).record.onlineHistory;
    expect(history.length).toBeLessThanOrEqual(24 * 6 + 2);
    // What the statistics answer is what happened: at each ten-minute point, the count after the last change.
    const token = await signIn(app);
    const { body } = await raw(`${sandbox.current.url}/v1/${app.appid}/get_last_24hours_online_User_statistics`, {
      headers: { authtoken: token },
    });
    for (const [point, count] of Object.entries(body.onlineStatics as Record<string, number>)) {
      const last = changes.filter(([t]) => t <= Number(point)).at(-1);
      expect(count, `at ${new Date(Number(point)).toISOString()}`).toBe(last ? last[1] : 1);
    }
  });
});

describe('across the sandbox', { timeout: 300_000 }, () => {
  it(`the request log keeps ${LIMITS.requestLogLimit} requests and the event buffer ${EVENT_BUFFER} events`, async () => {
    const app = await sandbox.current.app();
    for (let i = 0; i < LIMITS.requestLogLimit + 20; i++) await app.updateDevice('magic-online', { tags: [`t${i}`] });
    const { data: log } = await sandbox.current.control.GET('/requests', { params: { query: { limit: 1000 } } });
    expect(log!.requests).toHaveLength(LIMITS.requestLogLimit);
    const { data: events } = await sandbox.current.control.GET('/events');
    expect(events!.events).toHaveLength(EVENT_BUFFER);
  });
});
