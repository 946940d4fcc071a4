// Snapshots: the state of one app or of the whole sandbox saved under a name, to go back to between tests.
// A snapshot holds a copy of every record of its apps (each kind's `copy` in kinds.ts), sharing nothing with the
// live state that behaviour changes in place; a restore copies again and replaces the apps through one unit of
// work, which stores the result when the sandbox keeps a data folder. Snapshots live in memory, at most MAX_SNAPSHOTS.
import { conflict, notFound } from '../refusal.js';
import { copyRecord, KINDS, type Removal } from '../state/kinds.js';
import { rebuild } from '../state/load.js';
import type { AppRecord } from '../state/records.js';
import { newAppState, type AppState, type Store } from '../state/store.js';
import type { Unit } from '../state/unit.js';
import type { components } from '../generated/schema.js';

export type SnapshotView = components['schemas']['Snapshot'];

export const MAX_SNAPSHOTS = 64;

interface SavedApp {
  appid: string;
  userCode: string;
  devices: number;
  /** The app's record first, then the others in the order of KINDS (devices before their messages). */
  records: Removal[];
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

function save(store: Store, app: AppState): SavedApp {
  // The app record as stored (its blacklist brought up to date from the set in memory).
  const records = recordsOf(store, app).map((r): Removal => (r.kind === 'app' ? { kind: 'app', record: KINDS.app.encode!(r.record, app) as AppRecord } : r));
  records.sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
  return { appid: app.record.appid, userCode: app.record.party.userCode, devices: app.devices.size, records: copies(records) };
}

/** Puts a saved app back in place of the live one of the same appid (if any), in the unit. */
function restoreApp(unit: Unit, saved: SavedApp): AppState {
  const live = unit.store.apps.get(saved.appid);
  if (live) unit.remove('app', live, live.record);
  const records = copies(saved.records);
  const app = newAppState(records[0]!.record as AppRecord);
  for (const { kind, record } of records) unit.put(kind, app, record as never);
  // The indexes (aliases, online count, order by sequence) come from the records, as when a store is read back.
  rebuild(unit.store, app);
  return app;
}

export class Snapshots {
  readonly #saved = new Map<string, Saved>();

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
    for (const app of leaving) unit.remove('app', app, app.record);
    for (const saved of apps) restoreApp(unit, saved);
    return view;
  }

  delete(name: string): void {
    this.#find(name);
    this.#saved.delete(name);
  }

  #find(name: string): Saved {
    const saved = this.#saved.get(name);
    if (!saved) throw notFound(`no snapshot named "${name}"${this.#saved.size > 0 ? `; there are: ${[...this.#saved.keys()].slice(0, 10).join(', ')}` : ''}`);
    return saved;
  }
}
