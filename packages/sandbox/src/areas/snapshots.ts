// Snapshots: the state of one app or of the whole sandbox saved under a name, to go back to between tests.
// A snapshot holds a copy of every record of its apps (each kind's `copy` in kinds.ts), sharing nothing with the
// live state that behaviour changes in place, except message content, which never changes (state/content.ts): a
// task, its messages and every snapshot of them hold one content object. A restore copies again and replaces the
// apps through one unit of work, which stores the result when the sandbox keeps a data folder. Snapshots live in
// memory, at most MAX_SNAPSHOTS, within SNAPSHOT_BUDGETS bytes (records about as JSON, each content object once).
import { conflict, notFound } from '../refusal.js';
import { copyRecord, KINDS, type Removal } from '../state/kinds.js';
import { rebuild } from '../state/load.js';
import { contentSize } from '../state/content.js';
import type { AppRecord, PushContent } from '../state/records.js';
import { newAppState, type AppState, type Store } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { components } from '../generated/schema.js';
import { deleteApp } from './apps.js';

export type SnapshotView = components['schemas']['Snapshot'];

export const MAX_SNAPSHOTS = 64;

/** Bytes snapshots may hold, as JSON: those of one app (in every snapshot), and all of them together. */
export const SNAPSHOT_BUDGETS = { appBytes: 64 * 1024 * 1024, sandboxBytes: 256 * 1024 * 1024 } as const;

interface SavedApp {
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

interface Saved {
  view: SnapshotView;
  apps: SavedApp[];
}

const KIND_ORDER = new Map(Object.keys(KINDS).map((kind, i) => [kind, i]));

/** Every record of the app: its own, then what goes with it (devices, then their messages, and the rest). */
function recordsOf(store: Store, app: AppState): Removal[] {
  const out: Removal[] = [{ kind: 'app', record: app.record }];
  for (let i = 0; i < out.length; i++) {
    const { kind, record } = out[i]!;
    out.push(...(KINDS[kind].dependents?.(store, app, record as never) ?? []));
  }
  return out;
}

const copies = (records: Removal[]): Removal[] => records.map(({ kind, record }) => ({ kind, record: copyRecord(kind, record) }) as Removal);

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

function save(store: Store, app: AppState): SavedApp {
  // The app record as stored (its blacklist brought up to date from the set in memory).
  const records = recordsOf(store, app).map((r): Removal => (r.kind === 'app' ? { kind: 'app', record: KINDS.app.encode!(r.record, app) as AppRecord } : r));
  records.sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
  const saved = copies(records);
  // Counted on what the snapshot holds: the content objects its copies share with the live state and each other.
  let recordBytes = 0;
  const contents = new Set<PushContent>();
  for (const r of saved) {
    recordBytes += jsonBytes(r.record, 'content');
    if (r.kind === 'task' || r.kind === 'message') contents.add(r.record.content);
  }
  return { appid: app.record.appid, userCode: app.record.party.userCode, devices: app.devices.size, records: saved, recordBytes, contents };
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

const mib = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`);

/** Puts a saved app back in place of the live one of the same appid (if any), in the unit. */
function restoreApp(unit: Unit, saved: SavedApp): AppState {
  const live = unit.store.apps.get(saved.appid);
  if (live) deleteApp(unit, live);
  const records = copies(saved.records);
  const app = newAppState(records[0]!.record as AppRecord);
  for (const { kind, record } of records) unit.put(kind, app, record as never);
  // The indexes (aliases, online count, order by sequence) come from the records, as when a store is read back.
  rebuild(unit.store, app);
  return app;
}

export class Snapshots {
  readonly #saved = new Map<string, Saved>();
  readonly #budgets: { appBytes: number; sandboxBytes: number };

  constructor(budgets: { appBytes: number; sandboxBytes: number } = SNAPSHOT_BUDGETS) {
    this.#budgets = budgets;
  }

  list(): SnapshotView[] {
    return [...this.#saved.values()].map((s) => s.view);
  }

  get(name: string): SnapshotView {
    return this.#find(name).view;
  }

  /** Saves one app (`appid`) or every app under `name`, replacing a snapshot of that name. */
  save(store: Store, name: string, appid: string | undefined, realNow: number): SnapshotView {
    if (!this.#saved.has(name) && this.#saved.size >= MAX_SNAPSHOTS) {
      throw conflict(`the sandbox keeps at most ${MAX_SNAPSHOTS} snapshots; delete one (DELETE /control/snapshots/{name}) or reuse a name`);
    }
    let apps: AppState[];
    if (appid === undefined) apps = [...store.apps.values()];
    else {
      const app = store.apps.get(appid);
      if (!app) throw notFound(`no app with appid "${appid}"`);
      apps = [app];
    }
    const saved = apps.map((app) => save(store, app));
    this.#withinBudgets(name, saved);
    const view: SnapshotView = { name, appid: appid ?? null, apps: saved.map((a) => a.appid), devices: saved.reduce((n, a) => n + a.devices, 0), createdAt: realNow };
    this.#saved.delete(name); // a name saved again goes to the end of the list
    this.#saved.set(name, { view, apps: saved });
    return view;
  }

  /**
   * Goes back to a snapshot: its apps replace the live ones, and a snapshot of the whole sandbox removes the
   * others; with `appid`, only that app of the snapshot is restored.
   */
  restore(unit: Unit, name: string, appid?: string): SnapshotView {
    const { view, apps: saved } = this.#find(name);
    const apps = appid === undefined ? saved : saved.filter((a) => a.appid === appid);
    if (apps.length === 0) throw notFound(`snapshot "${name}" holds no app "${appid}"; it holds: ${view.apps.slice(0, 10).join(', ')}`);
    const { store } = unit;
    const restored = new Set(apps.map((a) => a.appid));
    const leaving = view.appid === null && appid === undefined ? [...store.apps.values()].filter((a) => !restored.has(a.record.appid)) : [];
    // Checked before anything changes: a DMP user_code that another app took since the snapshot.
    for (const saved of apps) {
      const holder = store.parties.get(saved.userCode);
      if (holder !== undefined && holder !== saved.appid && !leaving.some((a) => a.record.appid === holder)) {
        throw conflict(`app ${holder} now holds the DMP user_code of app ${saved.appid} in snapshot "${name}"; delete or reset it first`);
      }
    }
    for (const app of leaving) deleteApp(unit, app);
    for (const saved of apps) restoreApp(unit, saved);
    return view;
  }

  delete(name: string): void {
    this.#find(name);
    this.#saved.delete(name);
  }

  /** Refuses a snapshot that would take one of its apps, or all snapshots, past their budget in bytes. */
  #withinBudgets(name: string, adding: SavedApp[]): void {
    const kept = [...this.#saved].filter(([other]) => other !== name).flatMap(([, s]) => s.apps);
    const byApp = new Map<string, SavedApp[]>(adding.map((a) => [a.appid, []]));
    for (const app of kept) byApp.get(app.appid)?.push(app);
    const free = 'delete a snapshot (DELETE /control/snapshots/{name}) or save fewer apps';
    for (const app of adding) {
      const before = byApp.get(app.appid)!;
      const after = bytesHeld([...before, app]);
      if (after > this.#budgets.appBytes) {
        throw conflict(`snapshot "${name}" would take the snapshots of app ${app.appid} to ${mib(after)}, past the budget of ${mib(this.#budgets.appBytes)} per app; they hold ${mib(bytesHeld(before))} now, in ${before.length} snapshot(s): ${free}`);
      }
    }
    const after = bytesHeld([...kept, ...adding]);
    if (after > this.#budgets.sandboxBytes) {
      throw conflict(`snapshot "${name}" would take all snapshots to ${mib(after)}, past the budget of ${mib(this.#budgets.sandboxBytes)} per sandbox; they hold ${mib(bytesHeld(kept))} now, in ${this.#saved.size - (this.#saved.has(name) ? 1 : 0)} snapshot(s): ${free}`);
    }
  }

  /** Bytes the snapshots hold (as counted against SNAPSHOT_BUDGETS): all of them, or those of one app. */
  bytes(appid?: string): number {
    const apps = [...this.#saved.values()].flatMap((s) => s.apps);
    return bytesHeld(appid === undefined ? apps : apps.filter((a) => a.appid === appid));
  }

  #find(name: string): Saved {
    const saved = this.#saved.get(name);
    if (!saved) throw notFound(`no snapshot named "${name}"${this.#saved.size > 0 ? `; there are: ${[...this.#saved.keys()].slice(0, 10).join(', ')}` : ''}`);
    return saved;
  }
}
