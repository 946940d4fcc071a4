// Waiting without sleeping: a test whose push is sent in the background waits for the message (or for a task's
// state) on the sandbox's side, and is answered by the event that delivers it; a wait that runs out says what it
// waited for and what came instead.
import { expect, it } from 'vitest';
import { createControlClient } from '../../src/shared/control-client.js';
import { createSandboxApp, WaitTimeoutError } from '../../src/client/control-client.js';
import { newApp, pushClient, sandboxUrl, transmission } from '../support/env.js';

/**
 * An app whose control calls are counted, to show that a wait is one request, not a loop of them; `asked(part)`
 * resolves once a GET whose URL has `part` is sent, so a test acts after its wait is asked, without a timer.
 */
async function countedApp(input: Parameters<typeof createSandboxApp>[2] = {}) {
  let inboxReads = 0;
  const watchers: { part: string; seen: () => void }[] = [];
  const control = createControlClient({
    baseUrl: sandboxUrl,
    fetch: (request) => {
      if (request.method === 'GET' && request.url.includes('/inbox')) inboxReads++;
      const answer = fetch(request);
      for (const w of watchers.filter((w) => request.method === 'GET' && request.url.includes(w.part))) w.seen();
      return answer;
    },
  });
  const app = await createSandboxApp(control, sandboxUrl, input);
  const asked = (part: string) => new Promise<void>((seen) => watchers.push({ part, seen }));
  return { app, reads: () => inboxReads, asked };
}

it('waitForMessage answers with the message a push sent later delivers, in one request', async () => {
  const { app, reads, asked } = await countedApp();
  const push = pushClient({ ...app, pushOptions: app.pushOptions, dmpOptions: app.dmpOptions });
  const sending = asked('/inbox').then(() =>
    push.POST('/push_single', { body: { ...transmission('sent in the background'), cid: 'magic-online' } }),
  );
  const message = await app.waitForMessage(
    'magic-online',
    (m) => m.template.transmission_content === 'sent in the background',
    { timeoutMs: 20_000 },
  );
  const answer = await sending;
  expect(message).toMatchObject({ taskid: answer.taskid, state: 'delivered', via: 'online' });
  expect(reads()).toBe(1);
});

it('a message there already is found at once; a field match picks among several', async () => {
  const app = await newApp();
  const push = pushClient(app);
  const first = await push.POST('/push_single', { body: { ...transmission('first'), cid: 'magic-online' } });
  const second = await push.POST('/push_single', { body: { ...transmission('second'), cid: 'magic-online' } });
  expect((await app.waitForMessage('magic-online')).taskid).toBe(first.taskid);
  expect((await app.waitForMessage('magic-online', { taskid: second.taskid })).template.transmission_content).toBe(
    'second',
  );
});

it('waits past messages that do not match, and times out saying what it waited for and what came', async () => {
  const app = await newApp();
  const push = pushClient(app);
  const other = await push.POST('/push_single', { body: { ...transmission('not this one'), cid: 'magic-online' } });
  await push.POST('/push_single', { body: { ...transmission('kept for later'), cid: 'magic-offline' } });
  const waiting = app.waitForMessage('magic-online', { msgtype: 'link' }, { timeoutMs: 300 });
  await expect(waiting).rejects.toBeInstanceOf(WaitTimeoutError);
  await expect(waiting).rejects.toThrow(
    new RegExp(
      `^waited 300 ms for a message with \\{"msgtype":"link"\\} in the inbox of magic-online \\(app ${app.appid}\\); 1 other message arrived: m-\\d+ \\(task ${other.taskid}, transmission, requestid \\w+\\)$`,
    ),
  );
  await expect(app.waitForMessage('magic-offline', undefined, { timeoutMs: 100 })).rejects.toThrow(
    /nothing arrived; 1 wait for the device to come online$/,
  );
});

it('waitForTask answers when a scheduled push fires, moved by a clock change made meanwhile', async () => {
  const { app, asked } = await countedApp({ clock: { time: '2030-01-01T00:00:00Z' } });
  const push = pushClient({ ...app, pushOptions: app.pushOptions, dmpOptions: app.dmpOptions });
  const scheduled = await push.POST('/push_app', { body: { ...transmission('at nine'), pushTime: '203001010900' } });
  void asked(`/tasks/${scheduled.taskid}`).then(() => app.advance(2 * 60 * 60 * 1000));
  const task = await app.waitForTask(scheduled.taskid!, 'sent', { timeoutMs: 20_000 });
  expect(task).toMatchObject({ taskid: scheduled.taskid, state: 'sent', sendResult: 'send_success' });
  await expect(app.waitForTask(scheduled.taskid!, 'stopped', { timeoutMs: 100 })).rejects.toThrow(
    `waited 100 ms for task ${scheduled.taskid} (app ${app.appid}) to be stopped; it is sent`,
  );
});

it('a wait is bounded: more than 60 s is refused, naming the parameter', async () => {
  const app = await newApp();
  const answer = await fetch(`${sandboxUrl}/control/apps/${app.appid}/devices/magic-online/inbox?wait=60001`);
  expect(answer.status).toBe(422);
  expect(((await answer.json()) as { validation: { location: string[] }[] }).validation[0]!.location).toEqual([
    'query',
    'wait',
  ]);
});
