// Each app's test clock, and the wall-clock texts of the service (pushTime, duration_begin/end, daily dates,
// the <mmdd> of task ids), read and written in the app's time zone (a fixed offset from UTC).

/** A test clock: real time plus an offset while running, or a fixed instant while frozen. */
export interface ClockRecord {
  offsetMs: number;
  frozenAt: number | null;
}

export const realClock = (): ClockRecord => ({ offsetMs: 0, frozenAt: null });

export function clockNow(clock: ClockRecord, realNow = Date.now()): number {
  return clock.frozenAt ?? realNow + clock.offsetMs;
}

/** Moves a clock to `time`, keeping it frozen or running as asked. */
export function clockSetTo(time: number, frozen: boolean, realNow = Date.now()): ClockRecord {
  return frozen ? { offsetMs: time - realNow, frozenAt: time } : { offsetMs: time - realNow, frozenAt: null };
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function wallParts(ms: number, offsetMinutes: number): WallParts {
  const d = new Date(ms + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The instant of a wall-clock time, or undefined when the date does not exist (such as 2030-02-30). */
function fromWall(p: WallParts, offsetMinutes: number): number | undefined {
  const ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - offsetMinutes * 60_000;
  const back = wallParts(ms, offsetMinutes);
  const same =
    back.year === p.year &&
    back.month === p.month &&
    back.day === p.day &&
    back.hour === p.hour &&
    back.minute === p.minute;
  return same && back.second === p.second ? ms : undefined;
}

/** The zone of a fixed offset: `UTC+08:00` for 480 minutes east of UTC. */
export function utcOffsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `yyyy-MM-dd HH:mm:ss` in the app's zone. */
export function formatLocal(ms: number, offsetMinutes: number): string {
  const p = wallParts(ms, offsetMinutes);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `yyyy-MM-dd HH:mm:ss` (duration_begin, duration_end) to an instant. */
export function parseLocal(text: string, offsetMinutes: number): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return fromWall({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, offsetMinutes);
}

/** pushTime `yyyyMMddHHmm` to an instant. */
export function parsePushTime(text: string, offsetMinutes: number): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return fromWall({ year: y, month: mo, day: d, hour: h, minute: mi, second: 0 }, offsetMinutes);
}

const DAY_MS = 86_400_000;

/**
 * The texts of the day of the last instant asked about (every push names its day twice: its task id's <mmdd> and
 * its daily statistics), kept by the day's number in the zone: a day has one set of texts, and a new Date per push
 * for them was a point of a push_single's time.
 */
let lastDay: { number: number; key: string; mmdd: string } = { number: Number.NaN, key: '', mmdd: '' };

function dayTexts(ms: number, offsetMinutes: number): { key: string; mmdd: string } {
  const number = Math.floor((ms + offsetMinutes * 60_000) / DAY_MS);
  if (number !== lastDay.number) {
    const p = wallParts(ms, offsetMinutes);
    lastDay = { number, key: `${p.year}${pad(p.month)}${pad(p.day)}`, mmdd: `${pad(p.month)}${pad(p.day)}` };
  }
  return lastDay;
}

/** The day of an instant in the app's zone, as `yyyyMMdd` (the key of the daily statistics). */
export const dayKey = (ms: number, offsetMinutes: number): string => dayTexts(ms, offsetMinutes).key;

/** A date parameter (`yyyy-MM-dd` or `yyyyMMdd`) as a day key, or undefined when the day does not exist. */
export function dayKeyOf(text: string): string | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  return fromWall({ year: y, month: mo, day: d, hour: 0, minute: 0, second: 0 }, 0) === undefined
    ? undefined
    : `${m[1]}${m[2]}${m[3]}`;
}

/** The `<mmdd>` of a task id. */
export const mmdd = (ms: number, offsetMinutes: number): string => dayTexts(ms, offsetMinutes).mmdd;
