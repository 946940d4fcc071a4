// An app's contentBytes is a running sum kept by the task index (state/kinds.ts), so a push reads the app's content
// budget without a pass over its tasks. The sum must equal the tasks' own figures whatever the unit does to them.
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../src/state/store.js';
import { Store } from '../../src/state/store.js';
import { Unit } from '../../src/state/unit.js';
import { testAppState, testTask as task } from '../support/records.js';

const app = (): AppState => testAppState('bytes-app');

const sum = (state: AppState) => [...state.tasks.values()].reduce((n, t) => n + t.contentBytes, 0);

describe("an app's contentBytes", () => {
  it('follows puts, changes in place, a record put back whole and removals', () => {
    const state = app();
    const unit = new Unit(new Store(), 0);
    const a = task('RASS_a', 100);
    const b = task('RASS_b', 250);
    unit.put('task', state, a);
    unit.put('task', state, b);
    expect(state.contentBytes).toBe(350);
    // A cut: the record changes in place and is placed again; only the difference counts.
    unit.update('task', state, a, (record) => {
      record.contentBytes = 40;
    });
    expect(state.contentBytes).toBe(290);
    // A restore puts back another object under the same taskid: the one it replaces stops counting.
    unit.put('task', state, task('RASS_b', 7));
    expect(state.contentBytes).toBe(47);
    unit.remove('task', state, a);
    expect(state.contentBytes).toBe(7);
    expect(state.contentBytes).toBe(sum(state));
  });

  it('equals the sum of its tasks after any sequence of puts, cuts and removals', () => {
    const state = app();
    const unit = new Unit(new Store(), 0);
    // A fixed pseudo-random walk (a linear congruential sequence): the same steps on every run.
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 2_000; step++) {
      const id = `RASS_${next(40)}`;
      const held = state.tasks.get(id);
      const move = next(3);
      if (move === 0) unit.put('task', state, task(id, next(5_000)));
      else if (move === 1 && held) unit.update('task', state, held, (r) => void (r.contentBytes = next(300)));
      else if (held) unit.remove('task', state, held);
      expect(state.contentBytes).toBe(sum(state));
    }
  });
});
