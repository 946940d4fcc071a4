// What the sandbox answers and keeps about requests is bounded in bytes, driven past each bound over HTTP: a refusal's
// violations, a request-log entry, a lenient request's deviations, one event, the whole log and the event buffer
// (BYTE_BOUNDS). A control request of 20,000 unknown keys used to be answered with 2.1 MB and leave a 2.1 MB log
// entry, replayed by the event stream.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BYTE_BOUNDS, EVENT_BUFFER, LIMITS } from '../../src/shared/config.js';
import type { SandboxApp } from '../../src/index.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
const bytes = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function tokenOf(app: SandboxApp): Promise<string> {
  const timestamp = String(Date.now());
  const body = { sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`), timestamp, appkey: app.appkey };
  return (await post(`/v1/${app.appid}/auth_sign`, body)).body.auth_token as string;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(`${sandbox.current.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const transmission = (content: string, requestid: string) => ({
  message: { msgtype: 'transmission', is_offline: true },
  transmission: { transmission_content: content },
  cid: 'magic-online',
  requestid,
});

async function lastEntries(limit: number, appid?: string) {
  const query = new URLSearchParams({ limit: String(limit), ...(appid ? { appid } : {}) });
  return (await raw(`${sandbox.current.controlUrl}/requests?${query}`)).body.requests as {
    id: number;
    violations: { code: string; message: string; location: string[] }[];
    deviations: { detail: string }[];
    body?: unknown;
  }[];
}
const events = async (appid?: string) =>
  (await raw(`${sandbox.current.controlUrl}/events${appid ? `?appid=${appid}` : ''}`)).body.events as {
    type: string;
    message?: unknown;
    request?: { id: number };
  }[];

/** Every event and log entry the sandbox holds now is within its bound. */
async function expectAllWithinBounds() {
  for (const entry of await lastEntries(1000))
    expect(bytes(entry), `log entry ${entry.id}`).toBeLessThanOrEqual(BYTE_BOUNDS.requestLogEntryBytes);
  for (const event of await events()) expect(bytes(event)).toBeLessThanOrEqual(BYTE_BOUNDS.eventBytes);
}

describe('per request', { timeout: 300_000 }, () => {
  it('a control request of 20,000 unknown keys: a small 422, a small log entry and event, the list saying how many more', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`unknown${i}`, 1])));
    expect(bytes(body)).toBeGreaterThan(200_000);
    const answer = await post('/control/apps', body);
    expect(answer.status).toBe(422);
    expect(bytes(answer.text)).toBeLessThanOrEqual(BYTE_BOUNDS.violationListBytes + 4096);
    const { validation } = answer.body as { validation: { code: string; message: string }[] };
    expect(validation.length).toBeLessThanOrEqual(BYTE_BOUNDS.violationsListed + 1);
    expect(validation.at(-1)!.code).toBe('more');
    expect(validation.at(-1)!.message).toMatch(/^and 19,8\d\d more not listed/);
    const [entry] = await lastEntries(1);
    expect(entry!.violations).toEqual(validation);
    expect(bytes(entry)).toBeLessThanOrEqual(BYTE_BOUNDS.requestLogEntryBytes);
    const event = (await events()).filter((e) => e.type === 'request').at(-1)!;
    expect(event.request!.id).toBe(entry!.id);
    expect(bytes(event)).toBeLessThanOrEqual(BYTE_BOUNDS.eventBytes);
  });

  it('a property name of 100,000 characters is listed cut, with its length', async () => {
    const answer = await post('/control/apps', { ['k'.repeat(100_000)]: 1 });
    expect(answer.status).toBe(422);
    const [segment] = (answer.body.validation as { location: string[] }[])[0]!.location.slice(-1);
    expect(segment).toBe(
      `${'k'.repeat(BYTE_BOUNDS.locationSegmentChars)}… [${100_000 - BYTE_BOUNDS.locationSegmentChars} more characters]`,
    );
    expect(bytes(answer.text)).toBeLessThan(4096);
    expect(bytes((await lastEntries(1))[0])).toBeLessThan(4096);
  });

  it('a lenient batch of 3,000 deviations: accepted, the entry lists the first ones and how many more, the summary counts them all', async () => {
    const app = await sandbox.current.app({ settings: { compat: 'lenient' } });
    const items = Array.from({ length: 1500 }, (_, i) => ({
      ...transmission('x', `lenient-${String(i).padStart(6, '0')}`),
      message: { msgtype: 'transmission', is_offline: 'true', offline_expire_time: '100000' },
    }));
    const answer = await post(
      `/v1/${app.appid}/push_single_batch`,
      { msg_list: items },
      { authtoken: await tokenOf(app) },
    );
    expect(answer.body.result).toBe('ok');
    const [entry] = await lastEntries(1, app.appid);
    expect(entry!.deviations.length).toBeLessThanOrEqual(BYTE_BOUNDS.deviationsListed + 1);
    expect(bytes(entry!.deviations)).toBeLessThanOrEqual(BYTE_BOUNDS.deviationListBytes);
    expect(entry!.deviations.at(-1)!.detail).toMatch(/^and 2,8\d\d more not listed \(json-type 2,8\d\d\)/);
    expect(bytes(entry)).toBeLessThanOrEqual(BYTE_BOUNDS.requestLogEntryBytes);
    expect((await app.deviations()).deviations).toMatchObject([{ rule: 'json-type', count: 3000 }]);
  });

  it('a message of 900 KB: its event keeps its type and ids, not the content; the inbox has it whole', async () => {
    const app = await sandbox.current.app();
    const content = 'x'.repeat(900 * 1024);
    const answer = await post(`/v1/${app.appid}/push_single`, transmission(content, 'large-message-01'), {
      authtoken: await tokenOf(app),
    });
    expect(answer.body.result).toBe('ok');
    const message = (await events(app.appid)).filter((e) => e.type === 'message').at(-1)!;
    expect(message).toMatchObject({ type: 'message', appid: app.appid, cid: 'magic-online' });
    expect(message.message).toBeUndefined();
    expect(bytes(message)).toBeLessThanOrEqual(BYTE_BOUNDS.eventBytes);
    expect((await app.inbox('magic-online')).messages.at(-1)!.template.transmission_content).toBe(content);
  });
});

describe('in all', { timeout: 300_000 }, () => {
  it(`the request log keeps at most ${BYTE_BOUNDS.requestLogBytes / 1024 / 1024} MiB and the event buffer ${BYTE_BOUNDS.eventBufferBytes / 1024 / 1024} MiB, the oldest going first`, async () => {
    // Pushes of 60 KB: each leaves a log entry keeping its body, a request event carrying that entry and a message
    // event. Two apps, each within its content budget (16 MiB), so that no content is cut (which makes events of its own).
    const content = 'y'.repeat(60 * 1024);
    const pushes = 320;
    for (const app of [await sandbox.current.app(), await sandbox.current.app()]) {
      const token = await tokenOf(app);
      for (let i = 0; i < pushes / 2; i++) {
        const answer = await post(
          `/v1/${app.appid}/push_single`,
          transmission(content, `bytes-${String(i).padStart(6, '0')}`),
          { authtoken: token },
        );
        expect(answer.body.result).toBe('ok');
      }
    }
    const entries = await lastEntries(1000);
    expect(entries.length).toBeLessThan(LIMITS.requestLogLimit);
    expect(entries.length).toBeLessThan(pushes);
    expect(entries.reduce((n, e) => n + bytes(e), 0)).toBeLessThanOrEqual(BYTE_BOUNDS.requestLogBytes);
    expect(entries[0]!.body).toMatchObject({ requestid: `bytes-${String(pushes / 2 - 1).padStart(6, '0')}` }); // the newest stays
    const kept = await events();
    expect(kept.length).toBeLessThan(EVENT_BUFFER);
    expect(kept.reduce((n, e) => n + bytes(e), 0)).toBeLessThanOrEqual(BYTE_BOUNDS.eventBufferBytes);
    await expectAllWithinBounds();
  });
});
