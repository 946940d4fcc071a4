// What the sandbox answers and keeps about a request, bounded in items and in bytes (BYTE_BOUNDS): a list cut
// short ends with one entry saying how many more there were, and a long text keeps its start and says how long it
// was. A request of 20,000 unknown keys is refused with 200 violations, not 20,000, and leaves an entry as small.
import { BYTE_BOUNDS } from './config.js';
import type { components } from '../generated/schema.js';
import { jsonTextBytes, type KnownSizes } from './json-bytes.js';

type Violation = components['schemas']['Violation'];
type Deviation = components['schemas']['Deviation'];

/** Bytes of a JSON value as UTF-8 text. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

const sizes = new WeakMap<object, number>();
/**
 * jsonBytes of an object, measured once (counted, without making the text): a log entry is measured when logged
 * and read again as an event's payload; a push's content when it is made, and read again by every event that
 * names its template.
 */
export function objectBytes(value: object): number {
  let size = sizes.get(value);
  if (size === undefined) sizes.set(value, (size = jsonTextBytes(value)));
  return size;
}

/** Records the bytes of an object measured by its maker, so that objectBytes need not measure it again. */
export const noteBytes = (value: object, size: number): void => void sizes.set(value, size);

/**
 * objectBytes of a value that never changes (frozen through and through), and of the parts of it named, noted in
 * the same walk: a later objectBytes of any of them is a lookup. (Only those named: a note is a WeakMap entry, and
 * one per object inside cost more than the walk it saved.)
 */
export function objectBytesWith(value: object, parts: readonly object[]): number {
  const known = sizes.get(value);
  if (known !== undefined) return known;
  return jsonTextBytes(value, {
    get: (inner) => sizes.get(inner),
    set: (inner, bytes) => (inner === value || parts.includes(inner) ? sizes.set(inner, bytes) : undefined),
  });
}

/** The sizes measured once (objectBytes, noteBytes): a walk over a value that holds such a part need not walk it. */
export const KNOWN_BYTES: KnownSizes = { get: (value) => sizes.get(value) };

/** At least the bytes of a value's JSON, cheaply: texts counted as if every character were escaped, nested objects measured once. */
export function bytesAtMost(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (typeof value !== 'object' || value === null) return 24; // the longest text of a number
  const known = sizes.get(value);
  if (known !== undefined) return known;
  if (depth >= 2) return objectBytes(value);
  let bytes = 2;
  for (const [key, item] of Object.entries(value)) bytes += 4 + 6 * key.length + bytesAtMost(item, depth + 1);
  return bytes;
}

/** A text within `max` characters: its start and how many characters were left out. */
export const cutText = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;

/** A location whose segments (property names from a body, of any length) are each cut to locationSegmentChars. */
export function cutLocation(location: string[]): string[] {
  const max = BYTE_BOUNDS.locationSegmentChars;
  return location.some((segment) => segment.length > max) ? location.map((segment) => cutText(segment, max)) : location;
}

/** The first items that fit `count` items and `bytes` (with `reserve` bytes left for a last entry), and how many did not. */
function fitting<T>(items: readonly T[], count: number, bytes: number, reserve: number): T[] {
  const kept: T[] = [];
  let used = 2 + reserve;
  for (const item of items) {
    const size = jsonBytes(item) + 1;
    if (kept.length >= count || used + size > bytes) break;
    kept.push(item);
    used += size;
  }
  return kept;
}

/** Room for the last entry of a cut list. */
const TAIL_BYTES = 512;

const tailCounts = new WeakMap<Violation, number>();

/** The last entry of a violation list cut short: `more` violations (or invalid values the check passed over) not listed. */
export function moreViolations(more: number): Violation {
  const tail: Violation = {
    location: [],
    severity: 'Error',
    code: 'more',
    message: `and ${more.toLocaleString('en')} more not listed: the sandbox lists at most ${BYTE_BOUNDS.violationsListed} violations of a request (${BYTE_BOUNDS.violationListBytes / 1024} KiB)`,
  };
  tailCounts.set(tail, more);
  return tail;
}

/** Whether a violation is the last entry of a cut list. */
export const isMoreViolations = (v: Violation): boolean => tailCounts.has(v);

/** Violations as answered and logged: within violationsListed and violationListBytes, a cut list ending with moreViolations. */
export function boundedViolations(violations: readonly Violation[]): Violation[] {
  const last = violations.at(-1);
  const earlier = last ? tailCounts.get(last) : undefined;
  const items = earlier === undefined ? violations : violations.slice(0, -1);
  const cut = items
    .slice(0, BYTE_BOUNDS.violationsListed)
    .map((v) => (cutLocation(v.location) === v.location ? v : { ...v, location: cutLocation(v.location) }));
  const kept = fitting(cut, BYTE_BOUNDS.violationsListed, BYTE_BOUNDS.violationListBytes, TAIL_BYTES);
  const more = items.length - kept.length + (earlier ?? 0);
  return more > 0 ? [...kept, moreViolations(more)] : kept;
}

/** Deviations as a log entry lists them: within deviationsListed and deviationListBytes, a cut list ending with how many more, by rule. */
export function boundedDeviations(deviations: readonly Deviation[]): Deviation[] {
  const cut = deviations
    .slice(0, BYTE_BOUNDS.deviationsListed)
    .map((d) => (cutLocation(d.location) === d.location ? d : { ...d, location: cutLocation(d.location) }));
  const kept = fitting(cut, BYTE_BOUNDS.deviationsListed, BYTE_BOUNDS.deviationListBytes, TAIL_BYTES);
  const rest = deviations.slice(kept.length);
  const [firstLeftOut] = rest;
  if (firstLeftOut === undefined) return kept;
  const byRule = new Map<string, number>();
  for (const d of rest) byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
  const counts = [...byRule].map(([rule, n]) => `${rule} ${n.toLocaleString('en')}`).join(', ');
  // The schema wants a rule: the first one left out.
  const tail: Deviation = {
    rule: firstLeftOut.rule,
    location: [],
    detail: `and ${rest.length.toLocaleString('en')} more not listed (${counts}): the log lists at most ${BYTE_BOUNDS.deviationsListed} deviations of a request (${BYTE_BOUNDS.deviationListBytes / 1024} KiB); all were read and counted`,
  };
  return [...kept, tail];
}
