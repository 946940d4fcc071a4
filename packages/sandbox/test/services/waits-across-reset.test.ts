// A wait (`?wait=` on an inbox or a task) pending while its app is reset, restored or deleted. A reset or a restore
// replaces the app's state: the wait follows the app by appid and answers the message that arrives in the new
// state; what no longer exists (a deleted app, a device or task the new state lacks) ends the wait at once, saying
// why. Afterwards every push to magic-online succeeds. No sleeps: the test learns that the wait is registered from
// the event bus itself (a spy on `until`).
import { createHash } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { EventBus } from '../../src/services/events.js';
import type { SandboxApp } from '../../src/client/control-client.js';
import { ownSandbox, raw, type RawAnswer } from '../support/in-process.js';

const sandbox = ownSandbox();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const until = EventBus.prototype.until;

afterEach(() => void vi.restoreAllMocks());

/** Starts a control read that waits, and resolves once the sandbox holds it (its listener is on the event bus). */
function startWait(path: string): { registered: Promise<void>; answer: Promise<RawAnswer> } {
  let registered!: () => void;
  const held = new Promise<void>((resolve) => (registered = resolve));
  vi.spyOn(EventBus.prototype, 'until').mockImplementationOnce(function (
    this: EventBus,
    ...args: Parameters<EventBus['until']>
  ) {
    const waiting = until.apply(this, args);
    registered();
    return waiting;
  });
  // 60 s: a wait that only ended by running out would outlast the test's own timeout.
  const answer = raw(`${sandbox.current.controlUrl}${path}${path.includes('?') ? '&' : '?'}wait=60000`);
  return { registered: held, answer };
}

/** push_single to a cid, signed in afresh (a reset or a restore forgets the app's tokens). */
async function pushTo(app: SandboxApp, cid: string, text: string): Promise<RawAnswer> {
  const timestamp = String(Date.now());
  const signedIn = await raw(`${sandbox.current.url}/v1/${app.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
      timestamp,
      appkey: app.appkey,
    }),
  });
  return raw(`${sandbox.current.url}/v1/${app.appid}/push_single`, {
    method: 'POST',
    headers: { authtoken: signedIn.body.auth_token, 'content-type': 'application/json' },
    body: JSON.stringify({
      message: { msgtype: 'transmission', is_offline: true },
      transmission: { transmission_content: text },
      cid,
      requestid: `wait-request-${text.replaceAll(' ', '-')}`,
    }),
  });
}

const inboxTexts = (answer: RawAnswer) =>
  (answer.body.messages as { template: { transmission_content: string } }[]).map(
    (m) => m.template.transmission_content,
  );

it('a wait across a reset answers the message the new state receives; the push succeeds', async () => {
  const app = await sandbox.current.app();
  const wait = startWait(`/apps/${app.appid}/devices/magic-online/inbox`);
  await wait.registered;
  await app.reset();
  const pushed = await pushTo(app, 'magic-online', 'after the reset');
  expect(pushed.body).toMatchObject({ result: 'ok', status: 'successed_online' });
  const answer = await wait.answer;
  expect(answer.status).toBe(200);
  expect(inboxTexts(answer)).toEqual(['after the reset']);
});

it('a wait across a restore answers the message the restored state receives; the push succeeds', async () => {
  const app = await sandbox.current.app();
  await app.snapshot('clean');
  expect((await pushTo(app, 'magic-online', 'before the restore')).body.result).toBe('ok');
  const { messages } = await app.inbox('magic-online');
  const wait = startWait(`/apps/${app.appid}/devices/magic-online/inbox?after=${messages.at(-1)!.id}`);
  await wait.registered;
  await app.restore('clean');
  const pushed = await pushTo(app, 'magic-online', 'after the restore');
  expect(pushed.body).toMatchObject({ result: 'ok', status: 'successed_online' });
  const answer = await wait.answer;
  expect(answer.status).toBe(200);
  expect(inboxTexts(answer)).toEqual(['after the restore']);
});

it("a wait across the app's deletion ends at once saying so; the app made again takes pushes", async () => {
  const app = await sandbox.current.app();
  const wait = startWait(`/apps/${app.appid}/devices/magic-online/inbox`);
  await wait.registered;
  expect(
    (await sandbox.current.control.DELETE('/apps/{appid}', { params: { path: { appid: app.appid } } })).response.status,
  ).toBe(204);
  const answer = await wait.answer;
  expect(answer.status).toBe(404);
  expect(answer.body.detail).toBe(`app ${app.appid} was deleted while waiting`);
  const again = await sandbox.current.app({ appid: app.appid });
  expect((await pushTo(again, 'magic-online', 'after the deletion')).body).toMatchObject({
    result: 'ok',
    status: 'successed_online',
  });
  expect(inboxTexts(await raw(`${sandbox.current.controlUrl}/apps/${app.appid}/devices/magic-online/inbox`))).toEqual([
    'after the deletion',
  ]);
});

it('what the new state lacks ends the wait at once: a device the reset removed, a task the restore forgot', async () => {
  const app = await sandbox.current.app({ clock: { time: '2030-01-01T00:00:00Z' } });
  await app.addDevice({ cid: 'own-phone', online: true });
  await app.snapshot('without-task');
  const onDevice = startWait(`/apps/${app.appid}/devices/own-phone/inbox`);
  await onDevice.registered;
  await app.reset();
  expect(await onDevice.answer).toMatchObject({
    status: 404,
    body: {
      detail: `app ${app.appid} has no device with cid "own-phone" (the app was reset or restored while waiting)`,
    },
  });

  await app.restore('without-task');
  const scheduled = await pushTo(app, 'own-phone', 'now');
  const onTask = startWait(`/apps/${app.appid}/tasks/${scheduled.body.taskid}?state=stopped`);
  await onTask.registered;
  await app.restore('without-task');
  expect(await onTask.answer).toMatchObject({
    status: 404,
    body: {
      detail: `app ${app.appid} has no task "${scheduled.body.taskid}" (the app was reset or restored while waiting)`,
    },
  });
  expect((await pushTo(app, 'magic-online', 'after both')).body).toMatchObject({
    result: 'ok',
    status: 'successed_online',
  });
});

it('one failing listener breaks no emit: the next listeners get the event, and the failure is reported', async () => {
  const reported: string[] = [];
  const bus = new EventBus((message) => reported.push(message));
  const response = (write: (chunk: string) => void) =>
    ({ writeHead: () => undefined, write, writableLength: 0, on: () => undefined }) as never;
  const received: string[] = [];
  bus.stream(
    response((chunk) => {
      if (chunk.startsWith('id:')) throw new Error('the socket is gone');
    }),
    0,
    undefined,
  );
  bus.stream(
    response((chunk) => void received.push(chunk)),
    0,
    undefined,
  );
  let appRemoved = false;
  const ready = () => {
    if (appRemoved) throw new Error('reads the app that was removed');
    return false;
  };
  const gone = { once: () => undefined, off: () => undefined };
  const wait = bus.until(() => true, ready, 60_000, gone);
  appRemoved = true;
  expect(() => bus.emit({ type: 'app', appid: 'a' })).not.toThrow();
  await wait; // ended at once by its failing check, not by its 60 s
  expect(received.filter((chunk) => chunk.startsWith('id: 1\n'))).toHaveLength(1);
  expect(reported).toEqual(['sandbox: an event listener failed on event 1 (app) and was removed:']);
  expect(bus.listeners).toBe(1);
});
