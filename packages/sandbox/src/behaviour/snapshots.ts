// Snapshots: the state of one app or of the whole sandbox saved under a name, to go back to between tests.
// A snapshot holds a copy of every record of its apps (each kind's `copy` in kinds.ts), sharing nothing with the
// live state that behaviour changes in place, except message content, which never changes (state/content.ts): a
// task, its messages and every snapshot of them hold one content object. A restore copies again and replaces the
// apps through one unit of work, which stores the result when the sandbox keeps a data folder. Tasks are the
// exception: a snapshot's are frozen, and a restore shares them until the unit copies one for its first change
// (kinds.ts `shared`): a task's details name every cid it reached. Snapshots live in
// memory (and in the data folder's store, snapshot-store.ts), within SNAPSHOT_BUDGETS (records about as JSON, each
// content object once).
// Snapshots are kept per team: a team token's snapshots are its team's (its prefix's), with names of their own, so
// two teams may each have a "baseline" and neither can see, replace, restore, delete or crowd out the other's. Those
// of the administrator (the control token: `seed`, snapshots of every app) are a team's to restore its own apps from,
// never to replace or delete. Each team, and the administrator, has MAX_SNAPSHOTS and the bytes budget of its own.
import { conflict, forbidden, notFound } from '../shared/refusal.js';
import { copyRecord, encoderOf, isShared, KINDS, type KindName, type Removal } from '../state/kinds.js';
import { rebuild } from '../state/load.js';
import { contentSize } from '../state/content.js';
import type { AppRecord, PushContent } from '../state/records.js';
import { newAppState, type AppState, type Store } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { components } from '../generated/schema.js';
import { deleteApp } from './apps.js';
import { getOrInsert, must } from '../shared/must.js';

export type SnapshotView = components['schemas']['Snapshot'];

/** Snapshots one team (or the administrator) keeps. */
export const MAX_SNAPSHOTS = 64;

/** Bytes snapshots may hold, as JSON: those of one app (in every snapshot), and all of one team's (or the administrator's) together. */
export const SNAPSHOT_BUDGETS = { appBytes: 64 * 1024 * 1024, sandboxBytes: 256 * 1024 * 1024 } as const;

export interface SavedApp {
  appid: string;
  userCode: string;
  devices: number;
  /** The app's record first, then the others in the order of KINDS (devices before their messages). */
  records: Removal[];
  /** About the bytes of its records as JSON, their content left out: that is counted once per object, in `contents`. */
  recordBytes: number;
  /** The content objects its tasks and messages hold (shared with the live state and with other snapshots). */
  contents: Set<PushContent>;
}

export interface Saved {
  view: SnapshotView;
  /** Whose it is: a team's prefix, or ADMIN_POOL. */
  pool: string;
  /** Its place in the order saved (kept in the store: two saves may share a millisecond). */
  order: number;
  apps: SavedApp[];
}

/** The administrator's snapshots (the control token's, `seed`, those of every app or of an app of no team). */
export const ADMIN_POOL = '';

/** Who asks: a team (its prefix) or the administrator (team undefined); and the team an appid belongs to. */
export interface Asker {
  team: string | undefined;
  teamOf(appid: string): string | undefined;
  /** The team the call names (`?team=`): whose snapshot of a name several teams use the administrator means. */
  named?: string | undefined;
}

/** The administrator, with no teams (a sandbox without app tokens, and the start's `seed`). */
export const ADMIN: Asker = { team: undefined, teamOf: () => undefined };

const KIND_ORDER = new Map(Object.keys(KINDS).map((kind, i) => [kind, i]));
const kindOrder = (kind: KindName) => must(KIND_ORDER.get(kind), `kind ${kind} is one of KINDS`);

/** Every record of the app: its own, then what goes with it (devices, then their messages, and the rest). */
function recordsOf(store: Store, app: AppState): Removal[] {
  const out: Removal[] = [{ kind: 'app', record: app.record }];
  // A worklist: an array's iterator also meets the records pushed while it runs.
  for (const { kind, record } of out) {
    const spec = KINDS[kind];
    out.push(
      ...(spec.held?.(store, app, record as never) ?? []),
      ...(spec.dependents?.(store, app, record as never) ?? []),
    );
  }
  return out;
}

/** Copies of the records for a snapshot; a record a snapshot already shares (a frozen task or device) is shared again. */
const copies = (records: Removal[]): Removal[] =>
  records.map(
    ({ kind, record }) => ({ kind, record: isShared(kind, record) ? record : copyRecord(kind, record) }) as Removal,
  );

/**
 * About the bytes a value takes as JSON (a text by its length, a number as 8), a record's `content` left out: it is
 * counted once per object, shared. Walked without building the JSON, which tripled the time of a save.
 */
function jsonBytes(value: unknown, skip?: string): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return 8;
  let bytes = 2;
  if (Array.isArray(value) || value instanceof Set) {
    for (const item of value) bytes += jsonBytes(item) + 1;
    return bytes;
  }
  for (const key in value) {
    if (key !== skip) bytes += key.length + 4 + jsonBytes((value as Record<string, unknown>)[key]);
  }
  return bytes;
}

/**
 * A saved app from its records (copies no one else changes): their bytes and the content objects they hold. The
 * records of a kind a restore shares (tasks, devices) are frozen here.
 */
export function savedApp(appid: string, userCode: string, devices: number, records: Removal[]): SavedApp {
  let recordBytes = 0;
  const contents = new Set<PushContent>();
  for (const r of records) {
    const shared = KINDS[r.kind].shared as { freeze(record: unknown): unknown } | undefined;
    if (shared && !Object.isFrozen(r.record)) shared.freeze(r.record);
    recordBytes += jsonBytes(r.record, 'content');
    if (r.kind === 'task' || r.kind === 'message') contents.add(r.record.content);
  }
  return { appid, userCode, devices, records, recordBytes, contents };
}

function save(store: Store, app: AppState): SavedApp {
  // The app record as stored (its blacklist brought up to date from the set in memory).
  const records = recordsOf(store, app).map(
    (r): Removal => (r.kind === 'app' ? { kind: 'app', record: encoderOf('app')(r.record, app) as AppRecord } : r),
  );
  records.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind));
  // Counted on what the snapshot holds: the content objects its copies share with the live state and each other.
  return savedApp(app.record.appid, app.record.party.userCode, app.devices.size, copies(records));
}

/** Bytes the saved apps hold together: their records, and each content object once however many hold it. */
export function bytesHeld(apps: Iterable<SavedApp>): number {
  const counted = new Set<PushContent>();
  let bytes = 0;
  for (const app of apps) {
    bytes += app.recordBytes;
    for (const content of app.contents) {
      if (counted.has(content)) continue;
      counted.add(content);
      bytes += contentSize(content);
    }
  }
  return bytes;
}

const mib = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${bytes} bytes`;

/** Puts a saved app back in place of the live one of the same appid (if any), in the unit. */
function restoreApp(unit: Unit, saved: SavedApp): AppState {
  const live = unit.store.apps.get(saved.appid);
  if (live) deleteApp(unit, live, 'keep-usage');
  // Each record copied as it is put back (a frozen task or device shared): no list of copies beside them (the app's record
  // comes first).
  const [own, ...rest] = saved.records;
  if (own?.kind !== 'app') throw new Error(`Broken invariant: saved app ${saved.appid} starts with its app record`);
  const app = newAppState(copyRecord('app', own.record));
  unit.put('app', app, app.record);
  for (const { kind, record } of rest) {
    unit.put(kind, app, (isShared(kind, record) ? record : copyRecord(kind, record as never)) as never);
  }
  // The indexes (aliases, online count, order by sequence) come from the records, as when a store is read back.
  rebuild(unit.store, app);
  return app;
}

const poolKey = (pool: string, name: string) => `${pool}\u0000${name}`;
const whose = (pool: string) => (pool === ADMIN_POOL ? 'the administrator' : `the team of prefix "${pool}"`);
const names = (list: Saved[]) =>
  list.length > 0
    ? `; there are: ${list
        .slice(0, 10)
        .map((s) => s.view.name)
        .join(', ')}`
    : '';

export class Snapshots {
  /** By pool and name, in the order saved. */
  readonly #saved = new Map<string, Saved>();
  readonly #budgets: { appBytes: number; sandboxBytes: number };
  #next = 0;
  /** Stores a snapshot with the unit that saves or deletes it (snapshot-store.ts); none in memory-only tests. */
  readonly #keep: ((unit: Unit, saved: Saved | { pool: string; name: string }) => void) | undefined;

  constructor(
    budgets: { appBytes: number; sandboxBytes: number } = SNAPSHOT_BUDGETS,
    keep?: (unit: Unit, saved: Saved | { pool: string; name: string }) => void,
  ) {
    this.#budgets = budgets;
    this.#keep = keep;
  }

  /** Puts back snapshots read from the store at start (snapshot-store.ts), in the order saved. */
  loaded(saved: Saved[]): void {
    for (const s of saved.sort((a, b) => a.order - b.order)) this.#saved.set(poolKey(s.pool, s.view.name), s);
    this.#next = Math.max(this.#next, ...saved.map((s) => s.order + 1));
  }

  /** A team's own snapshots; the administrator's view, all. */
  list(who: Asker = ADMIN): SnapshotView[] {
    return this.#of(who).map((s) => s.view);
  }

  get(name: string, who: Asker = ADMIN): SnapshotView {
    return this.#find(who, name, 'read').view;
  }

  /**
   * Saves one app (`appid`) or every app under `name`, replacing a snapshot of that name of the same team. One app's
   * snapshot is its team's (the team whose prefix starts its appid), whoever saves it; every app's, the administrator's.
   */
  save(
    store: Store,
    name: string,
    appid: string | undefined,
    realNow: number,
    who: Asker = ADMIN,
    unit?: Unit,
  ): SnapshotView {
    const pool = appid === undefined ? ADMIN_POOL : (who.teamOf(appid) ?? ADMIN_POOL);
    if (who.team !== undefined && pool !== who.team)
      throw forbidden(`this token saves snapshots of the apps whose appid starts with "${who.team}" only`);
    if (who.team !== undefined && this.#saved.has(poolKey(ADMIN_POOL, name))) {
      throw forbidden(
        `snapshot "${name}" is the administrator's: a team token may restore its own apps from it but not replace it; choose another name`,
      );
    }
    const kept = this.#inPool(pool);
    if (!this.#saved.has(poolKey(pool, name)) && kept.length >= MAX_SNAPSHOTS) {
      throw conflict(
        `${whose(pool)} keeps at most ${MAX_SNAPSHOTS} snapshots (it has: ${kept
          .slice(0, 10)
          .map((s) => s.view.name)
          .join(', ')}${kept.length > 10 ? ', …' : ''}); delete one (DELETE /control/snapshots/{name}) or reuse a name`,
      );
    }
    let apps: AppState[];
    if (appid === undefined) apps = [...store.apps.values()];
    else {
      const app = store.apps.get(appid);
      if (!app) throw notFound(`no app with appid "${appid}"`);
      apps = [app];
    }
    const saved = apps.map((app) => save(store, app));
    this.#withinBudgets(pool, name, saved);
    const view: SnapshotView = {
      name,
      appid: appid ?? null,
      apps: saved.map((a) => a.appid),
      devices: saved.reduce((n, a) => n + a.devices, 0),
      createdAt: realNow,
    };
    const entry: Saved = { view, pool, order: this.#next++, apps: saved };
    this.#saved.delete(poolKey(pool, name)); // a name saved again goes to the end of the list
    this.#saved.set(poolKey(pool, name), entry);
    if (unit) this.#keep?.(unit, entry);
    return view;
  }

  /**
   * Goes back to a snapshot: its apps replace the live ones, and a snapshot of the whole sandbox removes the
   * others; with `appid`, only that app of the snapshot is restored.
   */
  restore(unit: Unit, name: string, appid?: string, who: Asker = ADMIN): SnapshotView {
    const found = this.#find(who, name, appid === undefined ? 'restore' : 'restore-app', appid);
    const { view, apps: saved } = found;
    const apps = appid === undefined ? saved : saved.filter((a) => a.appid === appid);
    if (apps.length === 0) {
      const shown = view.apps.filter((a) => who.team === undefined || a.startsWith(who.team));
      throw notFound(
        `snapshot "${name}" holds no app "${appid}"${shown.length > 0 ? `; it holds: ${shown.slice(0, 10).join(', ')}` : ''}`,
      );
    }
    const { store } = unit;
    const restored = new Set(apps.map((a) => a.appid));
    const leaving =
      view.appid === null && appid === undefined
        ? [...store.apps.values()].filter((a) => !restored.has(a.record.appid))
        : [];
    // Checked before anything changes: a DMP user_code that another app took since the snapshot.
    for (const saved of apps) {
      const holder = store.parties.get(saved.userCode);
      if (holder !== undefined && holder !== saved.appid && !leaving.some((a) => a.record.appid === holder)) {
        const seen = who.team === undefined || holder.startsWith(who.team);
        const [holderText, remedy] = seen
          ? [`app ${holder}`, 'delete or reset it first']
          : ['an app of another team', 'the administrator (control token) can free it'];
        throw conflict(
          `${holderText} now holds the DMP user_code of app ${saved.appid} in snapshot "${name}"; ${remedy}`,
        );
      }
    }
    for (const app of leaving) deleteApp(unit, app);
    for (const saved of apps) restoreApp(unit, saved);
    // A team restoring its app from the administrator's snapshot (the seed) is told of its own apps only.
    const { team } = who;
    if (team === undefined || found.pool === team) return view;
    const own = saved.filter((a) => a.appid.startsWith(team));
    return { ...view, apps: own.map((a) => a.appid), devices: own.reduce((n, a) => n + a.devices, 0) };
  }

  /** Deletes the asker's snapshot of this name if it holds the app; 404 (as a name never saved) if it does not. */
  deleteHolding(name: string, appid: string, who: Asker, unit: Unit): void {
    if (!this.#find(who, name, 'read').view.apps.includes(appid))
      throw notFound(`no snapshot named "${name}" holds app "${appid}"`);
    this.delete(name, who, unit);
  }

  delete(name: string, who: Asker = ADMIN, unit?: Unit): void {
    const found = this.#find(who, name, 'delete');
    this.#saved.delete(poolKey(found.pool, name));
    if (unit) this.#keep?.(unit, { pool: found.pool, name });
  }

  /** Refuses a snapshot that would take one of its apps, or all of its team's snapshots, past their budget in bytes. */
  #withinBudgets(pool: string, name: string, adding: SavedApp[]): void {
    const others = this.#inPool(pool).filter((s) => s.view.name !== name);
    const kept = others.flatMap((s) => s.apps);
    const keptByApp = new Map<string, SavedApp[]>();
    for (const app of kept) getOrInsert(keptByApp, app.appid, () => []).push(app);
    const free = 'delete a snapshot (DELETE /control/snapshots/{name}) or save fewer apps';
    for (const app of adding) {
      const before = keptByApp.get(app.appid) ?? []; // none kept: the app's first snapshot
      const after = bytesHeld([...before, app]);
      if (after > this.#budgets.appBytes) {
        throw conflict(
          `snapshot "${name}" would take the snapshots of app ${app.appid} to ${mib(after)}, past the budget of ${mib(this.#budgets.appBytes)} per app; they hold ${mib(bytesHeld(before))} now, in ${before.length} snapshot(s): ${free}`,
        );
      }
    }
    const after = bytesHeld([...kept, ...adding]);
    if (after > this.#budgets.sandboxBytes) {
      const budget = pool === ADMIN_POOL ? 'per sandbox' : `per team (prefix "${pool}")`;
      throw conflict(
        `snapshot "${name}" would take all snapshots to ${mib(after)}, past the budget of ${mib(this.#budgets.sandboxBytes)} ${budget}; they hold ${mib(bytesHeld(kept))} now, in ${others.length} snapshot(s): ${free}`,
      );
    }
  }

  /** Bytes the snapshots hold (as counted against SNAPSHOT_BUDGETS): all of them, or those of one app. */
  bytes(appid?: string): number {
    const apps = [...this.#saved.values()].flatMap((s) => s.apps);
    return bytesHeld(appid === undefined ? apps : apps.filter((a) => a.appid === appid));
  }

  #inPool(pool: string): Saved[] {
    return [...this.#saved.values()].filter((s) => s.pool === pool);
  }

  #of(who: Asker): Saved[] {
    return who.team === undefined ? [...this.#saved.values()] : this.#inPool(who.team);
  }

  /**
   * The snapshot a name means to the asker. A team: its own, or (to restore one of its apps) the administrator's;
   * another team's is never looked at, so no answer says whether it exists. The administrator: its own, then the
   * team's of the app (`appid`), then the one team's of that name (two teams' of one name: 409 naming them).
   */
  #find(who: Asker, name: string, use: 'read' | 'restore' | 'restore-app' | 'delete', appid?: string): Saved {
    if (who.named !== undefined) return this.#findNamed(who, name, who.named);
    const own = who.team ?? (appid === undefined ? ADMIN_POOL : (who.teamOf(appid) ?? ADMIN_POOL));
    const found = this.#saved.get(poolKey(own, name)) ?? this.#saved.get(poolKey(ADMIN_POOL, name));
    if (found && (found.pool === own || who.team === undefined || use === 'restore-app')) return found;
    if (found) {
      throw forbidden(
        `snapshot "${name}" is the administrator's: this token may only restore its own apps from it (POST /control/apps/{appid}/snapshots/${name}/restore)`,
      );
    }
    if (who.team === undefined) {
      const named = [...this.#saved.values()].filter((s) => s.view.name === name);
      if (named.length > 1) {
        throw conflict(
          `${named.length} teams have a snapshot named "${name}" (${named.map((s) => `${whose(s.pool)}, of app ${s.view.appid}`).join('; ')}): say whose with ?team=<prefix>`,
        );
      }
      const [only] = named;
      if (only) return only;
    }
    throw notFound(
      `no snapshot named "${name}"${who.team === undefined ? '' : ` of this token's team`}${names(this.#of(who))}`,
    );
  }

  /** The snapshot of a name of the team the call names (`?team=`): any team's for the administrator, its own for a team. */
  #findNamed(who: Asker, name: string, team: string): Saved {
    if (who.team !== undefined && team !== who.team)
      throw forbidden(
        `this token finds the snapshots of its own team only ("${who.team}"), not of "${team.slice(0, 100)}"`,
      );
    const found = this.#saved.get(poolKey(team, name));
    if (!found)
      throw notFound(
        `no snapshot named "${name}" of the team of prefix "${team.slice(0, 100)}"${names(this.#inPool(team))}`,
      );
    return found;
  }
}
