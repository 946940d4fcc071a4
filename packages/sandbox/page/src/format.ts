// How times, durations and the description's codes read on the page. Sandbox times are an app's clock, shown in
// the app's own time zone (its utcOffsetMinutes), in the description's `yyyy-MM-dd HH:mm:ss` form.

// The facts the page shares with the MCP server's text of a message (styles, channel levels, durations).
export { CHANNEL_LEVELS, duration, relative, STYLE_NAMES } from '../../src/shared/phone-view.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** An app-clock instant as `yyyy-MM-dd HH:mm:ss` in the app's time zone. */
export function appTime(ms: number, utcOffsetMinutes: number): string {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `HH:mm` of an app-clock instant, as a phone's status bar shows it. */
export const appClock = (ms: number, utcOffsetMinutes: number) => appTime(ms, utcOffsetMinutes).slice(11, 16);

export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A real instant (the request log's), in the reader's own time zone. */
export const realTime = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour12: false });

/** An image address as the page prints it: an inline (data:) image by its kind and size, not its bytes. */
export const imageAddress = (src: string) =>
  src.startsWith('data:') ? `${src.slice(0, src.search(/[;,]/))} (inline, ${src.length} characters)` : src;

/** How a task was pushed, by the operation that made it. */
export const TASK_KINDS: Record<string, string> = {
  single: 'push_single',
  batch: 'push_single_batch',
  list: 'push_list',
  app: 'push_app',
  scheduled: 'push_app with pushTime',
};

export const MULTIMEDIA_TYPES: Record<number, string> = { 1: 'image', 2: 'audio', 3: 'video' };

export const yesNo = (value: boolean | undefined, fallback: boolean) =>
  `${(value ?? fallback) ? 'yes' : 'no'}${value === undefined ? ' (default)' : ''}`;

/** A condition item of push_app, read aloud: `region is one of Beijing, Shanghai`. */
export function conditionText(item: Record<string, unknown>): string {
  const values = Array.isArray(item.values) ? item.values.join(', ') : String(item.values);
  const op = item.opt_type === 1 ? 'has all of' : item.opt_type === 2 ? 'is none of' : 'is one of';
  return `${String(item.key)} ${op} ${values}`;
}
