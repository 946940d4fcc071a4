// The sandbox's state: every app with its devices, aliases, tasks, inboxes, tokens and statistics, in memory,
// behind this one class. Behaviour code reads the maps directly and changes records only through the put/remove
// methods, which record each change for the persistence; `flush()` hands a request's changes over as one batch.
import type {
  AppRecord,
  DayRecord,
  DeviceRecord,
  DmpTokenRecord,
  FaultRecord,
  MessageRecord,
  RequestIdRecord,
  TaskRecord,
  TokenRecord,
} from './model.js';
import type { Key, Persistence, Write } from './persistence.js';

export interface DeviceState {
  record: DeviceRecord;
  /** Messages received, oldest first. */
  inbox: MessageRecord[];
  /** Offline (or not yet displayable) messages waiting, oldest first. */
  pending: MessageRecord[];
}

export interface AppState {
  record: AppRecord;
  devices: Map<string, DeviceState>;
  /** alias -> cids, derived from each device's alias. */
  aliases: Map<string, Set<string>>;
  /** The blacklist as a set (the record keeps it as a list). */
  blacklist: Set<string>;
  /** Tasks in order of creation. */
  tasks: Map<string, TaskRecord>;
  requestIds: Map<string, RequestIdRecord>;
  tokens: Map<string, TokenRecord>;
  days: Map<string, DayRecord>;
  /** Not persisted: faults waiting and the calls counted for rate limits. */
  faults: FaultRecord[];
  rateHits: Map<string, number[]>;
  /** Not persisted: the earliest app time at which something may fall due (see areas/due.ts). */
  nextDueAt: number;
}

export const newAppState = (record: AppRecord): AppState => ({
  record,
  devices: new Map(),
  aliases: new Map(),
  blacklist: new Set(record.blacklist),
  tasks: new Map(),
  requestIds: new Map(),
  tokens: new Map(),
  days: new Map(),
  faults: [],
  rateHits: new Map(),
  nextDueAt: Number.POSITIVE_INFINITY,
});

export const keys = {
  app: (appid: string): Key => ['a', appid],
  device: (appid: string, cid: string): Key => ['d', appid, cid],
  message: (appid: string, m: MessageRecord): Key => ['m', appid, m.cid, String(m.seq).padStart(12, '0')],
  task: (appid: string, taskid: string): Key => ['t', appid, taskid],
  requestId: (appid: string, rid: string): Key => ['r', appid, rid],
  token: (appid: string, token: string): Key => ['k', appid, token],
  day: (appid: string, day: string): Key => ['s', appid, day],
  dmpToken: (token: string): Key => ['p', token],
};

export class SandboxState {
  readonly apps = new Map<string, AppState>();
  /** DMP user_code -> appid of the party's app. */
  readonly parties = new Map<string, string>();
  readonly dmpTokens = new Map<string, DmpTokenRecord>();
  #seq = 0;
  #batch = new Map<string, Write>();
  #committed: Promise<void> = Promise.resolve();
  #failure: unknown;

  constructor(private readonly persistence: Persistence) {
    this.#load();
  }

  get durable(): boolean {
    return this.persistence.durable;
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  // ---- writes ----

  #write(key: Key, record: unknown): void {
    this.#batch.set(key.join('\u0000'), { key, json: record === undefined ? undefined : JSON.stringify(record) });
  }

  /** Adds or updates an app (its record: settings, clock, party, blacklist...). */
  putApp(app: AppState): void {
    app.record.blacklist = [...app.blacklist];
    this.apps.set(app.record.appid, app);
    this.parties.set(app.record.party.userCode, app.record.appid);
    this.#write(keys.app(app.record.appid), app.record);
  }

  removeApp(app: AppState): void {
    const { appid } = app.record;
    for (const device of [...app.devices.values()]) this.removeDevice(app, device);
    for (const taskid of app.tasks.keys()) this.#write(keys.task(appid, taskid), undefined);
    for (const rid of app.requestIds.keys()) this.#write(keys.requestId(appid, rid), undefined);
    for (const token of app.tokens.keys()) this.#write(keys.token(appid, token), undefined);
    for (const day of app.days.keys()) this.#write(keys.day(appid, day), undefined);
    for (const [token, record] of this.dmpTokens) if (record.appid === appid) this.removeDmpToken(token);
    this.parties.delete(app.record.party.userCode);
    this.apps.delete(appid);
    this.#write(keys.app(appid), undefined);
  }

  putDevice(app: AppState, device: DeviceState): void {
    app.devices.set(device.record.cid, device);
    this.#write(keys.device(app.record.appid, device.record.cid), device.record);
  }

  removeDevice(app: AppState, device: DeviceState): void {
    const { cid } = device.record;
    for (const m of [...device.inbox, ...device.pending]) this.#write(keys.message(app.record.appid, m), undefined);
    if (device.record.alias !== null) this.#unindexAlias(app, device.record.alias, cid);
    app.devices.delete(cid);
    this.#write(keys.device(app.record.appid, cid), undefined);
  }

  /** Binds (or, with null, unbinds) the device's alias and keeps the alias index in step. */
  setAlias(app: AppState, device: DeviceState, alias: string | null): void {
    const { cid } = device.record;
    if (device.record.alias !== null) this.#unindexAlias(app, device.record.alias, cid);
    device.record.alias = alias;
    if (alias !== null) {
      let cids = app.aliases.get(alias);
      if (!cids) app.aliases.set(alias, (cids = new Set()));
      cids.add(cid);
    }
    this.putDevice(app, device);
  }

  #unindexAlias(app: AppState, alias: string, cid: string): void {
    const cids = app.aliases.get(alias);
    cids?.delete(cid);
    if (cids?.size === 0) app.aliases.delete(alias);
  }

  /** Records a message's current state (call after changing it). */
  putMessage(app: AppState, message: MessageRecord): void {
    this.#write(keys.message(app.record.appid, message), message);
  }

  removeMessage(app: AppState, message: MessageRecord): void {
    this.#write(keys.message(app.record.appid, message), undefined);
  }

  putTask(app: AppState, task: TaskRecord): void {
    app.tasks.set(task.taskid, task);
    this.#write(keys.task(app.record.appid, task.taskid), task);
  }

  removeTask(app: AppState, taskid: string): void {
    app.tasks.delete(taskid);
    this.#write(keys.task(app.record.appid, taskid), undefined);
  }

  putRequestId(app: AppState, rid: string, record: RequestIdRecord): void {
    app.requestIds.set(rid, record);
    this.#write(keys.requestId(app.record.appid, rid), record);
  }

  removeRequestId(app: AppState, rid: string): void {
    app.requestIds.delete(rid);
    this.#write(keys.requestId(app.record.appid, rid), undefined);
  }

  putToken(app: AppState, token: string, record: TokenRecord): void {
    app.tokens.set(token, record);
    this.#write(keys.token(app.record.appid, token), record);
  }

  removeToken(app: AppState, token: string): void {
    app.tokens.delete(token);
    this.#write(keys.token(app.record.appid, token), undefined);
  }

  putDay(app: AppState, day: DayRecord): void {
    app.days.set(day.day, day);
    this.#write(keys.day(app.record.appid, day.day), day);
  }

  removeDay(app: AppState, day: string): void {
    app.days.delete(day);
    this.#write(keys.day(app.record.appid, day), undefined);
  }

  putDmpToken(token: string, record: DmpTokenRecord): void {
    this.dmpTokens.set(token, record);
    this.#write(keys.dmpToken(token), record);
  }

  removeDmpToken(token: string): void {
    this.dmpTokens.delete(token);
    this.#write(keys.dmpToken(token), undefined);
  }

  /**
   * A JSON copy of everything kept (what persists, not faults or rate-limit counts), for tests that compare the
   * state before and after a request: a refused request must leave it equal.
   */
  snapshot(): unknown {
    const apps = [...this.apps.values()].map((app) => ({
      record: app.record,
      blacklist: [...app.blacklist].sort(),
      devices: [...app.devices.values()].map((d) => ({ record: d.record, inbox: d.inbox, pending: d.pending })),
      aliases: [...app.aliases].map(([alias, cids]) => [alias, [...cids].sort()]),
      tasks: [...app.tasks.values()],
      // Sets in effect: their order in memory is not kept by the store.
      requestIds: [...app.requestIds].sort(([a], [b]) => a.localeCompare(b)),
      tokens: [...app.tokens].sort(([a], [b]) => a.localeCompare(b)),
      days: [...app.days.values()],
    }));
    return JSON.parse(JSON.stringify({ apps, dmpTokens: [...this.dmpTokens].sort(([a], [b]) => a.localeCompare(b)) })) as unknown;
  }

  // ---- durability ----

  /**
   * Hands the changes made since the last flush to the persistence as one batch. Resolves when that batch and
   * every batch before it are committed; a request is answered only then.
   */
  flush(): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#batch.size > 0) {
      const writes = [...this.#batch.values()];
      this.#batch = new Map();
      this.#committed = this.#committed.then(() => this.persistence.commit(writes));
      // A failed commit (disk full...) fails every later request rather than answering ok for unsaved state.
      this.#committed.catch((error: unknown) => {
        this.#failure ??= error;
      });
    }
    return this.#committed;
  }

  async close(): Promise<void> {
    await this.flush().catch(() => undefined);
    await this.persistence.close();
  }

  // ---- loading ----

  #load(): void {
    const byApp = new Map<string, { key: Key; value: unknown }[]>();
    for (const entry of this.persistence.load()) {
      const [kind, first] = entry.key;
      if (kind === 'p') {
        this.dmpTokens.set(first!, entry.value as DmpTokenRecord);
        continue;
      }
      let list = byApp.get(first!);
      if (!list) byApp.set(first!, (list = []));
      list.push(entry);
    }
    for (const entries of byApp.values()) {
      const appEntry = entries.find((e) => e.key[0] === 'a');
      if (!appEntry) continue;
      const app = newAppState(appEntry.value as AppRecord);
      this.apps.set(app.record.appid, app);
      this.parties.set(app.record.party.userCode, app.record.appid);
      const messages: MessageRecord[] = [];
      for (const { key, value } of entries) {
        switch (key[0]) {
          case 'd': {
            const record = value as DeviceRecord;
            app.devices.set(record.cid, { record, inbox: [], pending: [] });
            break;
          }
          case 'm':
            messages.push(value as MessageRecord);
            break;
          case 't':
            app.tasks.set(key[2]!, value as TaskRecord);
            break;
          case 'r':
            app.requestIds.set(key[2]!, value as RequestIdRecord);
            break;
          case 'k':
            app.tokens.set(key[2]!, value as TokenRecord);
            break;
          case 's':
            app.days.set(key[2]!, value as DayRecord);
            break;
        }
      }
      // Stored keys sort by id; memory keeps devices and tasks in order of creation.
      const bySeq = <T extends { seq: number }>(list: T[]) => list.sort((a, b) => a.seq - b.seq);
      app.devices = new Map(bySeq([...app.devices.values()].map((d) => d.record)).map((r) => [r.cid, app.devices.get(r.cid)!]));
      app.tasks = new Map(bySeq([...app.tasks.values()]).map((t) => [t.taskid, t]));
      for (const record of [...app.devices.values()].map((d) => d.record)) this.#seq = Math.max(this.#seq, record.seq);
      for (const task of app.tasks.values()) this.#seq = Math.max(this.#seq, task.seq);
      this.#seq = Math.max(this.#seq, app.record.seq);
      for (const m of messages.sort((a, b) => a.seq - b.seq)) {
        this.#seq = Math.max(this.#seq, m.seq);
        const device = app.devices.get(m.cid);
        if (!device) continue;
        if (m.state === 'pending') device.pending.push(m);
        else if (m.state === 'delivered') device.inbox.push(m);
      }
      for (const device of app.devices.values()) {
        const { alias, cid } = device.record;
        if (alias === null) continue;
        let cids = app.aliases.get(alias);
        if (!cids) app.aliases.set(alias, (cids = new Set()));
        cids.add(cid);
      }
      app.nextDueAt = Number.NEGATIVE_INFINITY; // look for due work at the first touch
    }
    const apps = [...this.apps.values()].sort((a, b) => a.record.seq - b.record.seq);
    this.apps.clear();
    for (const app of apps) this.apps.set(app.record.appid, app);
  }
}
