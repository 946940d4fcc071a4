// The unit of work: each changed record is remembered once and serialized once, and only for a store that keeps
// it; the events of a unit follow the order its records first changed.
import { describe, expect, it } from 'vitest';
import { eventOf } from '../../src/services/events.js';
import type { DeviceRecord, MessageRecord, TaskRecord } from '../../src/state/records.js';
import { messageList, Store } from '../../src/state/store.js';
import { testAppState, testTask } from '../support/records.js';
import { Committer, Unit } from '../../src/state/unit.js';
import type { Persistence, Write } from '../../src/state/persistence.js';

function appWithTask() {
  const store = new Store();
  const app = testAppState('unit-app');
  let serialized = 0;
  const task = {
    ...testTask('RASS_0101_a'),
    // Counts how often the record is turned into JSON.
    toJSON() {
      serialized++;
      const { toJSON: _drop, ...plain } = this as TaskRecord & { toJSON?: unknown };
      return plain;
    },
  } as TaskRecord;
  return { store, app, task, serialized: () => serialized };
}

const keeping = (): Persistence & { batches: Write[][] } => {
  const batches: Write[][] = [];
  return {
    durable: true,
    batches,
    load: () => [],
    loadRange: () => [],
    commit: async (writes) => void batches.push([...writes]),
    close: async () => undefined,
  };
};

describe('a unit of work', () => {
  it('remembers a record changed 10,000 times once, and a keeping store serializes it once, in one batch', async () => {
    const { store, app, task, serialized } = appWithTask();
    const unit = new Unit(store, 0);
    unit.put('app', app, app.record);
    for (let i = 0; i < 10_000; i++) {
      task.stats.sent++;
      unit.put('task', app, task);
    }
    expect(unit.changes().map((c) => c.kind)).toEqual(['app', 'task']);
    expect(app.tasks.get(task.taskid)).toBe(task);
    const persistence = keeping();
    await new Committer(persistence).commit(unit);
    expect(serialized()).toBe(1);
    expect(persistence.batches).toHaveLength(1);
    expect(JSON.parse(persistence.batches[0]![1]!.json!).stats.sent).toBe(10_000);
  });

  it('in memory, nothing is serialized at all', async () => {
    const { store, app, task, serialized } = appWithTask();
    const unit = new Unit(store, 0);
    unit.put('app', app, app.record);
    for (let i = 0; i < 100; i++) unit.put('task', app, task);
    await new Committer({
      durable: false,
      load: () => [],
      loadRange: () => [],
      commit: () => Promise.reject(new Error('never called')),
      close: async () => undefined,
    }).commit(unit);
    expect(serialized()).toBe(0);
  });

  it('a removed app takes its records with it, and each removal is one write', async () => {
    const { store, app, task } = appWithTask();
    const first = new Unit(store, 0);
    first.put('app', app, app.record);
    first.put('task', app, task);
    first.put('token', app, { token: 't1', expiresAt: 10 });
    const second = new Unit(store, 0);
    second.remove('app', app, app.record);
    expect(store.apps.size).toBe(0);
    const persistence = keeping();
    await new Committer(persistence).commit(second);
    expect(persistence.batches[0]!.map((w) => [w.key.join('/'), w.json])).toEqual([
      ['t/unit-app/RASS_0101_a', undefined],
      ['k/unit-app/t1', undefined],
      ['a/unit-app', undefined],
    ]);
  });

  it('an app removed whole: each record it held is one removal, a device after its messages; its DMP token leaves the store at once', async () => {
    const { store, app, task } = appWithTask();
    const other = testAppState('other-app');
    const first = new Unit(store, 0);
    first.put('app', app, app.record);
    first.put('app', other, other.record);
    first.put('device', app, { cid: 'c1' } as DeviceRecord);
    for (const [id, seq] of [
      ['m-1', 1],
      ['m-2', 2],
    ] as const)
      first.put('message', app, { id, seq, cid: 'c1', taskid: task.taskid, state: 'delivered' } as MessageRecord);
    first.put('task', app, task);
    first.put('dmpToken', app, { token: 'p1', appid: 'unit-app', expiresAt: 10 });
    first.put('dmpToken', other, { token: 'p2', appid: 'other-app', expiresAt: 10 });
    const unit = new Unit(store, 0);
    unit.remove('app', app, app.record);
    // What the store holds beside the apps goes now; the other app's token stays.
    expect([...store.apps.keys()]).toEqual(['other-app']);
    expect([...store.dmpTokens.keys()]).toEqual(['p2']);
    expect(store.parties.has(app.record.party.userCode)).toBe(false);
    const persistence = keeping();
    await new Committer(persistence).commit(unit);
    expect(persistence.batches[0]!.map((w) => [w.key.join('/'), w.json])).toEqual([
      ['p/p1', undefined],
      [`m/unit-app/c1/${'1'.padStart(12, '0')}`, undefined],
      [`m/unit-app/c1/${'2'.padStart(12, '0')}`, undefined],
      ['d/unit-app/c1', undefined],
      ['t/unit-app/RASS_0101_a', undefined],
      ['a/unit-app', undefined],
    ]);
  });

  it('events follow the changes: an app, a task; a token makes none', () => {
    const { store, app, task } = appWithTask();
    const unit = new Unit(store, 0);
    unit.put('app', app, app.record);
    unit.put('token', app, { token: 't1', expiresAt: 10 });
    unit.put('task', app, task);
    expect(unit.changes().flatMap((c) => eventOf(c) ?? [])).toEqual([
      { type: 'app', appid: 'unit-app' },
      { type: 'task', appid: 'unit-app', taskid: 'RASS_0101_a' },
    ]);
  });

  it('a record handed out by edit is tracked, and stored as it is at commit', async () => {
    const { store, app, task } = appWithTask();
    new Unit(store, 0).put('task', app, task);
    const unit = new Unit(store, 0);
    const edited = unit.edit('task', app, task);
    edited.stats.sent = 7; // changed after it was handed out, with nothing more to declare
    expect(unit.changes().map((c) => c.kind)).toEqual(['task']);
    const persistence = keeping();
    await new Committer(persistence).commit(unit);
    expect(JSON.parse(persistence.batches[0]![0]!.json!).stats.sent).toBe(7);
  });

  it('update changes a record, then places it again: a message delivered moves from waiting to the inbox', () => {
    const { store, app } = appWithTask();
    const first = new Unit(store, 0);
    first.put('app', app, app.record);
    first.put('device', app, { cid: 'c1' } as DeviceRecord);
    const message = { id: 'm-1', seq: 1, cid: 'c1', taskid: 't', state: 'pending' } as MessageRecord;
    first.put('message', app, message);
    const device = app.devices.get('c1')!;
    expect([device.pending.size, device.inbox.size]).toEqual([1, 0]);
    const unit = new Unit(store, 0);
    unit.update('message', app, message, (record) => {
      record.state = 'delivered';
    });
    expect([device.pending.size, device.inbox.get('m-1')]).toEqual([0, message]);
    expect(unit.changes().map((c) => [c.kind, c.gone])).toEqual([['message', false]]);
  });

  it('a record removed with its app and put back with a new one (a restore) is one change, in its first place, from the new app', () => {
    const { store, app } = appWithTask();
    const setup = new Unit(store, 0);
    setup.put('app', app, app.record);
    setup.put('device', app, { cid: 'c1' } as DeviceRecord);
    setup.put('device', app, { cid: 'c2' } as DeviceRecord);
    const unit = new Unit(store, 0);
    unit.put('task', app, testTask('RASS_0102_a'));
    unit.remove('app', app, app.record);
    // Read once before the restore's puts: a later read must see them (the changes are made again after a note).
    expect(unit.changes().map((c) => [c.kind, c.gone])).toEqual([
      ['task', true],
      ['device', true],
      ['device', true],
      ['app', true],
    ]);
    const restored = testAppState('unit-app');
    unit.put('app', restored, restored.record);
    unit.put('device', restored, { cid: 'c1' } as DeviceRecord);
    expect(unit.changes().map((c) => [c.kind, c.gone, c.app === restored])).toEqual([
      // The task, new in this unit and gone with the old app, stays gone: a keeping store deletes it.
      ['task', true, false],
      ['device', false, true],
      // c2, which the new app does not have, is still gone (the old app's, as it was removed).
      ['device', true, false],
      ['app', false, true],
    ]);
    // And at every later read: reading the changes gave the app's note the new app's state, not its removal.
    unit.put('token', restored, { token: 't1', expiresAt: 10 });
    expect(unit.changes().map((c) => [c.kind, c.gone, c.app === restored])).toEqual([
      ['task', true, false],
      ['device', false, true],
      ['device', true, false],
      ['app', false, true],
      ['token', false, true],
    ]);
  });

  it('two objects of one record (a copy put in place of the first, then the first again) are one change, with the last state', () => {
    const { store, app } = appWithTask();
    const first = { cid: 'c1', alias: 'first' } as unknown as DeviceRecord;
    const copy = { cid: 'c1', alias: 'copy' } as unknown as DeviceRecord;
    const changes = (unit: Unit) => unit.changes().map((c) => [c.kind, c.record, c.gone]);
    // The copy last: its state.
    const one = new Unit(store, 0);
    one.put('device', app, { cid: 'c0' } as DeviceRecord);
    one.put('device', app, first);
    one.put('device', app, copy);
    expect(changes(one)).toEqual([
      ['device', { cid: 'c0' }, false],
      ['device', copy, false],
    ]);
    // The first object noted again after its copy, read only then: its state is the last, in the record's first place.
    const two = new Unit(store, 0);
    two.put('device', app, { cid: 'c0' } as DeviceRecord);
    two.put('device', app, first);
    two.put('device', app, copy);
    two.remove('device', app, first);
    expect(changes(two)).toEqual([
      ['device', { cid: 'c0' }, false],
      ['device', first, true],
    ]);
    expect(two.changes()[1]?.record).toBe(first);
    // One object noted many times is one change too, and the others keep their places.
    two.put('task', app, testTask('RASS_0103_a'));
    two.put('device', app, copy);
    expect(two.changes().map((c) => [c.kind, c.gone])).toEqual([
      ['device', false],
      ['device', false],
      ['task', false],
    ]);
    expect(two.changes()[1]?.record).toBe(copy);
  });

  it('devices without messages share one empty list; the first message gives a device its own, and the shared one takes none', () => {
    const { store, app } = appWithTask();
    const unit = new Unit(store, 0);
    unit.put('app', app, app.record);
    unit.put('device', app, { cid: 'c1' } as DeviceRecord);
    unit.put('device', app, { cid: 'c2' } as DeviceRecord);
    const [one, two] = [app.devices.get('c1')!, app.devices.get('c2')!];
    expect(one.inbox).toBe(two.inbox);
    expect(one.pending).toBe(one.ended);
    const shared = one.inbox;
    unit.put('message', app, { id: 'm-1', seq: 3, cid: 'c1', taskid: 't', state: 'delivered' } as MessageRecord);
    expect(one.inbox).not.toBe(shared);
    expect([one.inbox.size, two.inbox.size, shared.size]).toEqual([1, 0, 0]);
    expect(messageList(one, 'inbox')).toBe(one.inbox);
    // Written around messageList, the shared list refuses, rather than handing the message to every device.
    expect(() => (two.inbox as Map<string, MessageRecord>).set('m-2', {} as MessageRecord)).toThrow(
      /shared empty list/,
    );
    expect(two.inbox.size).toBe(0);
    unit.remove('message', app, one.inbox.get('m-1')!);
    expect(one.inbox.size).toBe(0);
  });
});
