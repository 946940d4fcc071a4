// Snapshots bounded in bytes, sharing content: message content never changes once stored (it is frozen), so a
// snapshot holds the live state's content objects instead of copies. 16 snapshots of an app holding megabytes of
// content count that content once (the bytes counted are those of distinct objects: a deep copy would count it
// 16 times); past the per-app or per-sandbox budget a snapshot is refused with 409; a restore still restores exactly.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Snapshots, SNAPSHOT_BUDGETS } from '../../src/behaviour/snapshots.js';
import { createControlClient, type ControlClient } from '../../src/shared/control-client.js';
import { createSandboxApp, type SandboxApp } from '../../src/client/control-client.js';
import { Refusal } from '../../src/shared/refusal.js';
import { listenSandbox, type RunningSandbox } from '../../src/start/sandbox.js';
import { contentSize } from '../../src/state/content.js';
import { raw } from '../support/in-process.js';

// Listened to directly: the state in memory (`store`) is what these tests measure.
const sandbox = {} as {
  current: RunningSandbox & {
    control: ControlClient;
    app(input?: Parameters<typeof createSandboxApp>[2]): Promise<SandboxApp>;
  };
};
beforeAll(async () => {
  const running = await listenSandbox({ port: 0 });
  const control = createControlClient({ baseUrl: running.url });
  sandbox.current = Object.assign(running, {
    control,
    app: (input?: Parameters<typeof createSandboxApp>[2]) => createSandboxApp(control, running.url, input),
  });
});
afterAll(() => sandbox.current?.stop());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let pushes = 0;

/** Pushes `count` transmissions of `kib` KiB each to magic-online. */
async function pushContent(app: SandboxApp, count: number, kib: number): Promise<void> {
  const timestamp = String(Date.now());
  const token = (
    await raw(`${sandbox.current.url}/v1/${app.appid}/auth_sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
        timestamp,
        appkey: app.appkey,
      }),
    })
  ).body.auth_token as string;
  for (let n = 0; n < count; n++) {
    const text = `${++pushes}:`.padEnd(kib * 1024, 'x');
    const answer = await raw(`${sandbox.current.url}/v1/${app.appid}/push_single`, {
      method: 'POST',
      headers: { authtoken: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: { msgtype: 'transmission', is_offline: true },
        transmission: { transmission_content: text },
        cid: 'magic-online',
        requestid: `snapshot-bytes-${pushes}`,
      }),
    });
    expect(answer.body.result).toBe('ok');
  }
}

const liveApp = (appid: string) => sandbox.current.store.apps.get(appid)!;
const contentOfTasks = (appid: string) =>
  [...liveApp(appid).tasks.values()].reduce((n, t) => n + contentSize(t.content), 0);
const refusalOf = (f: () => unknown): Refusal => {
  try {
    f();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

it('16 snapshots of an app holding 8 MiB of message content hold that content once, and answer 201 over HTTP', async () => {
  const app = await sandbox.current.app();
  await pushContent(app, 8, 1000);
  const content = contentOfTasks(app.appid);
  expect(content).toBeGreaterThan(8 * 1000 * 1024);
  const snapshots = new Snapshots();
  snapshots.save(sandbox.current.store, 's0', app.appid, 0);
  const one = snapshots.bytes(app.appid);
  const recordsOnly = one - content; // devices, tasks and messages without their content: small
  expect(recordsOnly).toBeLessThan(content / 100);
  for (let n = 1; n < 16; n++) snapshots.save(sandbox.current.store, `s${n}`, app.appid, 0);
  // Each further snapshot adds its records, not the content: a copy of the content would add 8 MiB each.
  expect(snapshots.bytes(app.appid)).toBe(content + 16 * recordsOnly);
  expect(snapshots.bytes()).toBe(snapshots.bytes(app.appid));
  // The same through the control API.
  for (let n = 0; n < 16; n++)
    expect(
      (await sandbox.current.control.POST('/snapshots', { body: { name: `${app.appid}-${n}`, appid: app.appid } }))
        .response.status,
    ).toBe(201);
});

it('content is frozen once stored: nothing can change in place what snapshots share', async () => {
  const app = await sandbox.current.app();
  await pushContent(app, 1, 1);
  const [task] = liveApp(app.appid).tasks.values();
  const [message] = liveApp(app.appid).devices.get('magic-online')!.inbox.values();
  expect(message!.content).toBe(task!.content);
  expect(() => {
    (task!.content.template as Record<string, unknown>).transmission_content = 'changed';
  }).toThrow(TypeError);
  expect(Object.isFrozen(task!.content.message)).toBe(true);
});

it('past the per-app budget a snapshot is refused with 409 naming the budget and the use; nothing is saved', async () => {
  const app = await sandbox.current.app();
  await pushContent(app, 1, 64);
  const snapshots = new Snapshots({ appBytes: 200 * 1024, sandboxBytes: SNAPSHOT_BUDGETS.sandboxBytes });
  snapshots.save(sandbox.current.store, 'first', app.appid, 0);
  snapshots.save(sandbox.current.store, 'second', app.appid, 0); // the same content: records only
  const held = snapshots.bytes(app.appid);
  await pushContent(app, 2, 64);
  const refused = refusalOf(() => snapshots.save(sandbox.current.store, 'third', app.appid, 0));
  expect(refused.status).toBe(409);
  expect(refused.detail).toMatch(
    new RegExp(
      `^snapshot "third" would take the snapshots of app ${app.appid} to \\d+\\.\\d KiB, past the budget of 200\\.0 KiB per app; they hold \\d+\\.\\d KiB now, in 2 snapshot\\(s\\): delete a snapshot \\(DELETE /control/snapshots/\\{name\\}\\) or save fewer apps$`,
    ),
  );
  expect(snapshots.list().map((s) => s.name)).toEqual(['first', 'second']);
  expect(snapshots.bytes(app.appid)).toBe(held);
  // Saved again under a name it holds, the old one's bytes no longer count.
  snapshots.delete('first');
  expect(snapshots.save(sandbox.current.store, 'second', app.appid, 0).name).toBe('second');
});

it('past the per-sandbox budget a snapshot of another app is refused with 409', async () => {
  const one = await sandbox.current.app();
  const other = await sandbox.current.app();
  await pushContent(one, 1, 64);
  await pushContent(other, 1, 64);
  const probe = new Snapshots();
  probe.save(sandbox.current.store, 'one', one.appid, 0);
  const snapshots = new Snapshots({ appBytes: SNAPSHOT_BUDGETS.appBytes, sandboxBytes: probe.bytes() + 1024 });
  snapshots.save(sandbox.current.store, 'one', one.appid, 0);
  const refused = refusalOf(() => snapshots.save(sandbox.current.store, 'other', other.appid, 0));
  expect(refused.status).toBe(409);
  expect(refused.detail).toMatch(
    /^snapshot "other" would take all snapshots to \d+\.\d KiB, past the budget of \d+\.\d KiB per sandbox; they hold \d+\.\d KiB now, in 1 snapshot\(s\)/,
  );
  expect(snapshots.list().map((s) => s.name)).toEqual(['one']);
});

it('a restore still restores exactly, and gives back the very content objects it saved', async () => {
  const app = await sandbox.current.app();
  await pushContent(app, 3, 16);
  const state = () =>
    (sandbox.current.snapshot() as { apps: { record: { appid: string } }[] }).apps.find(
      (a) => a.record.appid === app.appid,
    );
  const before = state();
  const contents = [...liveApp(app.appid).tasks.values()].map((t) => t.content);
  await app.snapshot('exact');
  await pushContent(app, 2, 16);
  await app.reset();
  await app.restore('exact');
  expect(state()).toEqual(before);
  expect([...liveApp(app.appid).tasks.values()].map((t) => t.content)).toEqual(contents);
  [...liveApp(app.appid).tasks.values()].forEach((t, i) => expect(t.content).toBe(contents[i]));
});

it("a restore shares the snapshot's tasks, frozen, until one changes: the change copies it, and a write around the unit throws", async () => {
  const app = await sandbox.current.app();
  await pushContent(app, 1, 1);
  const [taskid] = liveApp(app.appid).tasks.keys();
  await app.snapshot('shared');
  await app.restore('shared');
  const restored = liveApp(app.appid).tasks.get(taskid!)!;
  expect(Object.isFrozen(restored)).toBe(true);
  expect(Object.isFrozen(restored.details)).toBe(true);
  // A write that goes around the unit of work cannot reach what the snapshot holds.
  expect(() => {
    (restored.stats as { clicked: number }).clicked = 99;
  }).toThrow(TypeError);
  // The second restore of the same snapshot shares the same record: nothing was copied.
  await app.restore('shared');
  expect(liveApp(app.appid).tasks.get(taskid!)).toBe(restored);
  // A click counts on the task (through the unit): a copy of its own, in place; the snapshot's record is unchanged.
  const [message] = liveApp(app.appid).devices.get('magic-online')!.inbox.values();
  const clicked = await sandbox.current.control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
    params: { path: { appid: app.appid, cid: 'magic-online', messageId: message!.id } },
  });
  expect(clicked.response.status).toBe(200);
  const changed = liveApp(app.appid).tasks.get(taskid!)!;
  expect(changed).not.toBe(restored);
  expect(Object.isFrozen(changed)).toBe(false);
  expect([changed.stats.clicked, restored.stats.clicked]).toEqual([1, 0]);
  await app.restore('shared');
  expect(liveApp(app.appid).tasks.get(taskid!)!.stats.clicked).toBe(0);
});

it("a restore shares the snapshot's devices and days, frozen, until one changes: the change copies it in its place, and a write around the unit throws", async () => {
  const app = await sandbox.current.app();
  await app.addDevice({ cid: 'kept', tags: ['t1'] });
  await app.snapshot('devices');
  await app.restore('devices');
  const restored = liveApp(app.appid).devices.get('kept')!.record;
  expect([restored, restored.tags, restored.dmpIds, restored.dmpTags].every((o) => Object.isFrozen(o))).toBe(true);
  expect(() => {
    restored.tags.push('t2');
  }).toThrow(TypeError);
  // The second restore of the same snapshot shares the same record: nothing was copied.
  await app.restore('devices');
  expect(liveApp(app.appid).devices.get('kept')!.record).toBe(restored);
  // The app's day is shared as well, its sets refusing any change: a set is left open by Object.freeze.
  const [day] = liveApp(app.appid).days.values();
  expect(Object.isFrozen(day)).toBe(true);
  expect(() => day!.online.add('kept')).toThrow(TypeError);
  expect(() => day!.active.clear()).toThrow(TypeError);
  // A change through the unit copies the record into the device's place; the snapshot's stays as saved.
  await app.updateDevice('kept', { tags: ['t3'], online: true });
  const changedDay = liveApp(app.appid).days.get(day!.day)!;
  expect(changedDay).not.toBe(day);
  expect([changedDay.online.has('kept'), day!.online.has('kept')]).toEqual([true, false]);
  const changed = liveApp(app.appid).devices.get('kept')!.record;
  expect(changed).not.toBe(restored);
  expect(Object.isFrozen(changed)).toBe(false);
  expect([changed.tags, changed.online, restored.tags, restored.online]).toEqual([['t3'], true, ['t1'], false]);
  await app.restore('devices');
  expect(liveApp(app.appid).devices.get('kept')!.record.tags).toEqual(['t1']);
});

it("a restore shares the snapshot's messages: the content budget cuts the shared ones once, and each task's set holds the messages in place", async () => {
  const app = await sandbox.current.app();
  // 17 pushes of 900 KiB: within the budget of 16 MiB, which three more exceed.
  await pushContent(app, 17, 900);
  await app.snapshot('messages');
  await app.restore('messages');
  const live = () => liveApp(app.appid);
  const [first] = live().devices.get('magic-online')!.inbox.values();
  expect(Object.isFrozen(first)).toBe(true);
  await app.restore('messages');
  expect(live().devices.get('magic-online')!.inbox.get(first!.id)).toBe(first);
  const savedContent = first!.content;
  await pushContent(app, 3, 900);
  // The oldest task's content is cut, in a copy of its message; the snapshot's message keeps its content.
  const task = live().tasks.get(first!.taskid)!;
  expect(task.content).not.toBe(savedContent);
  expect(first!.content).toBe(savedContent);
  // Every message of a task shares the task's content (cut once), and each task's set holds the records in place.
  let inSets = 0;
  for (const [taskid, messages] of live().messagesByTask) {
    for (const m of messages) {
      expect(m.content).toBe(live().tasks.get(taskid)!.content);
      expect(live().devices.get(m.cid)!.inbox.get(m.id)).toBe(m);
      inSets++;
    }
  }
  const inLists = [...live().devices.values()].reduce((n, d) => n + d.inbox.size + d.pending.size + d.ended.size, 0);
  expect(inSets).toBe(inLists);
});
