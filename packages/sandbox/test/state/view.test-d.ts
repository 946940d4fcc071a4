// A check reads a View of the state: read-only all the way down. This file holds no runtime test: the type checker
// is the test. The test command runs `tsc` over test/ before vitest, and each `@ts-expect-error` below fails that
// run (TS2578, an unused directive) the day a View lets the change through (`type View<T> = T`, say).
import type { TaskRecord } from '../../src/state/records.js';
import type { AppState } from '../../src/state/store.js';
import type { View } from '../../src/state/unit.js';

export function checkReadsOnly(view: View<AppState>): string {
  // @ts-expect-error a view's record is read-only
  view.record.name = 'changed';
  // @ts-expect-error a view's maps have no set
  view.tasks.set('t', {} as TaskRecord);
  // @ts-expect-error a view's lists have no push
  view.record.onlineHistory.push([0, 0]);
  return view.record.name;
}
