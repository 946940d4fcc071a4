// The sandbox command with `--data`, killed with SIGKILL in the middle of a load of pushes, then started again on
// the same folder. Two things must hold:
// - every push answered `ok` before the kill is in the inbox (online device) or waiting list (offline device) of
//   each device it targeted, and its requestid is still remembered (a retry does not push again);
// - no task is half-written. Against the records, that means for every task the sandbox has after the restart:
//   its statistics count exactly the messages it has (`received` = its messages in inboxes, `pending` = its
//   messages waiting), every cid its details say it reached online has its message, every cid reached offline has
//   it waiting, and every message belongs to a task that exists (no message without its task).
// A request in flight at the kill may be there whole or not at all; nothing in between.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, expect, it } from 'vitest';
import { createControlClient } from '../../src/shared/control-client.js';
import type { components } from '../../src/generated/schema.js';
import { startCli, type RunningCli } from '../support/cli.js';

type Task = components['schemas']['Task'];
type Message = components['schemas']['InboxMessage'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-kill-'));
const running: RunningCli[] = [];
afterAll(async () => {
  for (const cli of running)
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const APP = { appid: 'crash-app', appkey: 'crash-appkey', mastersecret: 'crash-mastersecret' };
const ONLINE = Array.from({ length: 24 }, (_, i) => `on-${i}`);
const OFFLINE = Array.from({ length: 8 }, (_, i) => `off-${i}`);
const DEVICES = [...ONLINE, ...OFFLINE];
/** Devices carry one of four group tags, for push_app conditions. */
const groupOf = (i: number) => `group-${i % 4}`;
const ANSWERED_BEFORE_KILL = 400;
const WORKERS = 16;

const message = (text: string) => ({
  message: { msgtype: 'transmission' as const, is_offline: true },
  transmission: { transmission_content: text },
});

/** A push answered `ok`: its task, the cids it targeted, and its requestid (when it has one). */
interface Acknowledged {
  operation: string;
  taskid: string;
  cids: string[];
  requestid?: string;
}

async function start(): Promise<RunningCli> {
  const cli = await startCli(['--data', dataDir, '--port', '0', '--quiet']);
  running.push(cli);
  return cli;
}

it('a push answered ok before SIGKILL is kept, and no task is half-written', async () => {
  const first = await start();
  const control = createControlClient({ baseUrl: first.url });
  await control.POST('/apps', {
    body: { ...APP, settings: { inboxLimit: 10_000 }, clock: { time: '2030-01-01T00:00:00Z' } },
  });
  for (const [i, cid] of DEVICES.entries()) {
    await control.POST('/apps/{appid}/devices', {
      params: { path: { appid: APP.appid } },
      body: { cid, online: ONLINE.includes(cid), tags: [groupOf(i)] },
    });
  }
  const push = createPushClient({
    baseUrl: first.url,
    appId: APP.appid,
    appKey: APP.appkey,
    masterSecret: APP.mastersecret,
    retry: false,
  });
  await push.GET('/query_bi_tags');

  // The load: WORKERS loops of mixed pushes until the kill cuts them off.
  const acknowledged: Acknowledged[] = [];
  let inFlight = 0;
  let inFlightAtKill = -1;
  let n = 0;
  const pick = <T>(list: readonly T[]) => list[n++ % list.length]!;
  const one = async (): Promise<Acknowledged> => {
    const kind = n % 10;
    const id = `kill-${String(n).padStart(6, '0')}`;
    if (kind < 5) {
      const cid = pick(DEVICES);
      const answer = await push.POST('/push_single', { body: { ...message(id), cid, requestid: id } });
      return { operation: 'push_single', taskid: answer.taskid!, cids: [cid], requestid: id };
    }
    if (kind < 7) {
      const items = [pick(DEVICES), pick(DEVICES), pick(DEVICES)].map((cid, k) => ({
        ...message(`${id}-${k}`),
        cid,
        requestid: `${id}-${k}`,
      }));
      const answer = await push.POST('/push_single_batch', { body: { msg_list: items } });
      return { operation: 'push_single_batch', taskid: answer.taskid!, cids: [...new Set(items.map((i) => i.cid))] };
    }
    if (kind < 8) {
      const group = `group-${n % 4}`;
      const answer = await push.POST('/push_app', {
        body: { ...message(id), requestid: id, condition: [{ key: 'tag', values: [group], opt_type: 0 }] },
      });
      return {
        operation: 'push_app',
        taskid: answer.taskid!,
        cids: DEVICES.filter((_, i) => groupOf(i) === group),
        requestid: id,
      };
    }
    const saved = await push.POST('/save_list_body', { body: message(id) });
    const cids = [pick(DEVICES), pick(DEVICES)];
    await push.POST('/push_list', { body: { taskid: saved.taskid!, cid: cids } });
    return { operation: 'push_list', taskid: saved.taskid!, cids: [...new Set(cids)] };
  };
  let killed!: () => void;
  const killedNow = new Promise<void>((resolve) => (killed = resolve));
  const worker = async () => {
    for (;;) {
      inFlight++;
      try {
        acknowledged.push(await one());
      } catch {
        return; // the sandbox is gone
      } finally {
        inFlight--;
      }
      if (acknowledged.length >= ANSWERED_BEFORE_KILL && inFlightAtKill < 0) {
        inFlightAtKill = inFlight;
        first.child.kill('SIGKILL');
        killed();
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  await killedNow;
  const exit = await first.exited;
  const answeredBeforeKill = acknowledged.length;
  await Promise.all(workers);
  expect(exit.signal).toBe('SIGKILL');
  // The kill came in the middle of the load: other pushes were on their way.
  expect(inFlightAtKill).toBeGreaterThan(0);
  // Answers that arrived after the kill cannot exist: the process is gone.
  expect(acknowledged).toHaveLength(answeredBeforeKill);

  const second = await start();
  const after = createControlClient({ baseUrl: second.url });
  const tasks = (await after.GET('/apps/{appid}/tasks', { params: { path: { appid: APP.appid } } })).data!.tasks;
  const inboxes = new Map<string, { messages: Message[]; pending: Message[] }>();
  for (const cid of DEVICES) {
    inboxes.set(
      cid,
      (await after.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid: APP.appid, cid } } })).data!,
    );
  }
  const byTask = new Map<string, Task>(tasks.map((t) => [t.taskid, t]));

  // 1. Every push answered ok before the kill: its task, and its message with each device it targeted.
  for (const ack of acknowledged) {
    expect(byTask.has(ack.taskid), `${ack.operation} ${ack.taskid} was answered ok and is gone`).toBe(true);
    for (const cid of ack.cids) {
      const { messages, pending } = inboxes.get(cid)!;
      const list = ONLINE.includes(cid) ? messages : pending;
      expect(
        list.some((m) => m.taskid === ack.taskid),
        `${ack.operation} ${ack.taskid} answered ok, no message for ${cid}`,
      ).toBe(true);
    }
  }

  // 2. No half-written task, and no message without its task.
  const all = [...inboxes.values()].flatMap(({ messages, pending }) => [...messages, ...pending]);
  for (const m of all)
    expect(byTask.has(m.taskid), `message ${m.id} of a task that does not exist (${m.taskid})`).toBe(true);
  for (const task of tasks) {
    const received = [...inboxes.values()].flatMap((i) => i.messages).filter((m) => m.taskid === task.taskid);
    const waiting = [...inboxes.values()].flatMap((i) => i.pending).filter((m) => m.taskid === task.taskid);
    expect({ received: task.stats.received, pending: task.stats.pending }, `the statistics of ${task.taskid}`).toEqual({
      received: received.length,
      pending: waiting.length,
    });
    const has = (list: Message[]) => list.some((m) => m.taskid === task.taskid);
    for (const [cid, detail] of Object.entries(task.details)) {
      if (detail === 'successed_online')
        expect(has(inboxes.get(cid)!.messages), `${task.taskid} reached ${cid} online: no message`).toBe(true);
      if (detail === 'successed_offline')
        expect(has(inboxes.get(cid)!.pending), `${task.taskid} reached ${cid} offline: nothing waiting`).toBe(true);
    }
  }

  // 3. The requestids answered before the kill are remembered: a retry answers the same and pushes nothing again.
  const restarted = createPushClient({
    baseUrl: second.url,
    appId: APP.appid,
    appKey: APP.appkey,
    masterSecret: APP.mastersecret,
    retry: false,
  });
  const retried = acknowledged.filter((a) => a.operation === 'push_single').slice(0, 20);
  for (const ack of retried) {
    const answer = await restarted.POST('/push_single', {
      body: { ...message('retry'), cid: ack.cids[0]!, requestid: ack.requestid! },
    });
    expect(answer.taskid).toBe(ack.taskid);
  }
  const tasksAfterRetry = (await after.GET('/apps/{appid}/tasks', { params: { path: { appid: APP.appid } } })).data!
    .tasks;
  expect(tasksAfterRetry).toHaveLength(tasks.length);

  // 4. It goes on: a new push gets a message id no earlier message has.
  const fresh = await restarted.POST('/push_single', {
    body: { ...message('after the restart'), cid: 'on-0', requestid: 'after-restart-0001' },
  });
  const { messages } = (
    await after.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid: APP.appid, cid: 'on-0' } } })
  ).data!;
  const newest = messages.find((m) => m.taskid === fresh.taskid)!;
  expect(all.some((m) => m.id === newest.id)).toBe(false);
  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
});
