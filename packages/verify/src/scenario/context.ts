// What a scenario run knows: the target, the team's cids, and the values earlier steps handed on.

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
  alias?: string;
  tags?: string[];
  /** Why the cid's earlier alias or tags could not be read: the run then writes nothing to it. */
  unreadable?: string;
  /** Both the alias and the tags were read (an alias answer and a tags text). */
  aliasRead?: boolean;
  tagsRead?: boolean;
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
}

/** The listed cids the run may write to: those whose earlier alias and tags were read (all of them in a dry run). */
export function writable(ctx: Context): string[] {
  if (ctx.dryRun) return ctx.options.cids;
  return ctx.options.cids.filter(
    (cid) => ctx.devices[cid]?.aliasRead && ctx.devices[cid]?.tagsRead && !ctx.devices[cid]?.unreadable,
  );
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
