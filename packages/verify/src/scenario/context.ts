// What a scenario run knows: the target, the team's cids, and the values earlier steps handed on.
import type { ReadChoice } from './reads.js';

export interface Target {
  /** `{base_url}` of push v1 (the scenario adds `/v1/<appid>`). */
  baseUrl: string;
  appid: string;
  appkey: string;
  masterSecret: string;
  dmp?: { url: string; userCode: string; authCode: string };
}

export interface ScenarioOptions {
  /** The team's own test devices: every push goes to these only. */
  cids: string[];
  /** Device identifiers for DMP /tags/user (`imeiMD5`, `oaid`...). */
  dmpIds: Record<string, string>;
  /** The tag push_app is restricted to, set on the listed cids first; push_app does not run without it. */
  allowAppPush?: string;
  /** Names of this run: aliases, tags, requestids and task names carry it. */
  run: string;
  /** Epoch milliseconds the run takes as now (dates, pushTime, sign timestamps). */
  now: number;
  /** The service's time zone for wall-clock texts, minutes east of UTC (default 480, as the sandbox's). */
  utcOffsetMinutes: number;
}

export interface DeviceState {
  status?: 'online' | 'offline';
  known: boolean;
  /** The alias read before the run, when it was read (none: '' or absent). */
  alias?: string;
  /** The tags read before the run, when they were read. */
  tags?: string[];
  /** What an answer held where the run did not use its shape (reads.ts): only the parity run's sandbox starts from it. */
  seen?: { alias?: string; tags?: string[] };
}

/** A listed cid's earlier state that could not be read: why, and the choice applied to an undocumented shape. */
export interface Unread {
  reason: string;
  choice?: ReadChoice;
}

export interface Context {
  options: ScenarioOptions;
  target: Target;
  /** Values earlier steps handed on (token, task ids); in a dry run, placeholders naming where they come from. */
  vars: Record<string, string>;
  /** The listed cids as the target reported them before the scenario changed anything. */
  devices: Record<string, DeviceState>;
  dryRun: boolean;
  /** What the run may have changed and not yet put back, such as `tags:<cid>` (a restore step runs for each). */
  dirty: Set<string>;
  /** Why a value of `vars` is missing: the step that should have given it and what it answered. */
  missing: Record<string, string>;
  /** Every state the run marked changed (restored or not), for the report. */
  touched: Set<string>;
  /** Why the main part of the run stopped early (a refused sign-in, a safety stop, SIGINT). */
  stopped?: string;
  /** Each listed cid's earlier state read (`tags:<cid>`, `alias:<cid>`): a write may change it and restore it. */
  read: Set<string>;
  /** Each listed cid's earlier state that could not be read, by the same key: nothing that changes it is sent. */
  unread: Record<string, Unread>;
  /** Answers read in a shape the documents do not give, and the choice applied (reads.ts), by step. */
  choices: Array<{ step: string; choice: ReadChoice }>;
}

/**
 * The kinds of state a write may change only once its earlier value was read, because the restore puts that value
 * back: tags (get_tags) and alias (query_alias). No call reads the blacklist (the README asks for cids that are not
 * on it), a badge cannot be read (set_badge 0 leaves 0), and a push changes nothing the run restores.
 */
const READ_FIRST = new Set(['tags', 'alias']);

/** Why a write changing `key` (`tags:<cid>`) may not be sent: its earlier value was not read. Undefined: it may. */
export function unreadBlock(ctx: Context, key: string): string | undefined {
  const [kind, cid] = key.split(/:(.*)/s) as [string, string];
  if (ctx.dryRun || !READ_FIRST.has(kind)) return undefined;
  const unread = ctx.unread[key];
  if (!unread && ctx.read.has(key)) return undefined;
  return `needs the earlier ${kind} of ${cid}, which could not be read (${unread?.reason ?? 'not read yet'})`;
}

/** The listed cids whose earlier `kind` (tags, alias) was read: those a write of that kind may name. */
export function readable(ctx: Context, kind: 'tags' | 'alias'): string[] {
  return ctx.options.cids.filter((cid) => !unreadBlock(ctx, `${kind}:${cid}`));
}

/** A value an earlier step set, or a placeholder naming that step in a dry run. */
export function earlier(ctx: Context, name: string): string {
  const value = ctx.vars[name];
  if (value !== undefined) return value;
  if (ctx.dryRun) return `<${name}>`;
  return `<missing ${name}>`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wall-clock parts of `ms` in the service's zone. */
export function wallClock(ms: number, utcOffsetMinutes: number) {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  return {
    y: d.getUTCFullYear(),
    mo: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    h: pad(d.getUTCHours()),
    mi: pad(d.getUTCMinutes()),
  };
}

export const DAY_MS = 86_400_000;

/** `yyyy-MM-dd` (query_app_user) of a day relative to now. */
export function dayDashed(ctx: Context, days: number): string {
  const w = wallClock(ctx.options.now + days * DAY_MS, ctx.options.utcOffsetMinutes);
  return `${w.y}-${w.mo}-${w.d}`;
}

/** `yyyyMMdd` (query_app_push, as its path sample writes it). */
export function dayCompact(ctx: Context, days: number): string {
  return dayDashed(ctx, days).replace(/-/g, '');
}

/** `yyyyMMddHHmm` (pushTime). */
export function pushTime(ctx: Context, ms: number): string {
  const w = wallClock(ctx.options.now + ms, ctx.options.utcOffsetMinutes);
  return `${w.y}${w.mo}${w.d}${w.h}${w.mi}`;
}
