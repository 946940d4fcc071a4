// The `condition` of push_app, scheduled push and query_user_count: every item must match (the items are
// combined with "and"); within an item, opt_type 0 is union (any value), 1 intersection (every value),
// 2 "not in" (none of the values).
import type { ConditionItem } from '../state/records.js';
import type { DeviceState } from '../state/store.js';

/** The device's values for a condition key: its region, its phone type (any case), its tags. */
function valuesOf(device: DeviceState, key: string): string[] {
  const { region, phonetype, tags } = device.record;
  if (key === 'region') return region === null ? [] : [region];
  if (key === 'phonetype') return phonetype === null ? [] : [phonetype.toUpperCase()];
  if (key === 'tag') return tags;
  return [];
}

function itemMatches(device: DeviceState, item: ConditionItem): boolean {
  const have = new Set(valuesOf(device, item.key));
  const wanted = item.key === 'phonetype' ? item.values.map((v) => v.toUpperCase()) : item.values;
  if (item.opt_type === 1) return wanted.every((v) => have.has(v));
  if (item.opt_type === 2) return !wanted.some((v) => have.has(v));
  return wanted.some((v) => have.has(v));
}

export function matchesCondition(device: DeviceState, condition: ConditionItem[] | null | undefined): boolean {
  return (condition ?? []).every((item) => itemMatches(device, item));
}
