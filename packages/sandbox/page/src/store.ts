// What the page shows, read from the control API, and the actions it takes: the app's timeline of messages (one
// list of every device's messages, filtered), the devices with their unread counts, the tasks and the request log.
// What an event carries is applied in place (a request's log entry, a device's counts after a message changed);
// a part whose change the event does not carry reloads, and only the parts it changes: a push_single to the device
// shown reloads the app's tasks and the timeline, one to another device only the tasks. A part has at most one load
// in flight and one more queued, and what events carried is drawn once per batch of events read together, so a
// burst of events (a push_app to many devices) costs two loads of a part, not one per event. A load started for
// another selection is dropped.
import {
  control,
  data,
  type App,
  type Device,
  type MessageList,
  type RequestLogEntry,
  type SandboxEvent,
  type Schemas,
  type Task,
} from './api.js';
import { BASE_STATE, BaseStore, errorText, isRefusal, type BaseState } from './base-store.js';
import { readHash, sameFilters, writeHash, type Selection } from './selection.js';
import { controlToken, saveToken, takeTokenFromAddress } from './token.js';

type Part = 'info' | 'apps' | 'devices' | 'messages' | 'tasks' | 'requests';
const PARTS: readonly Part[] = ['info', 'apps', 'devices', 'messages', 'tasks', 'requests'];
/** How many messages the timeline asks for. */
export const TIMELINE_LIMIT = 200;
/** How many requests the request log shows (the newest). */
export const REQUESTS_LIMIT = 100;

type DeviceCounts = Schemas['DeviceCounts'];

/** The newest requests first, each once, at most REQUESTS_LIMIT of them. */
const newestRequests = (entries: RequestLogEntry[]): RequestLogEntry[] => {
  const byId = new Map(entries.map((r) => [r.id, r]));
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, REQUESTS_LIMIT);
};

const SEEN_KEY = (appid: string) => `pushapi-sandbox-seen:${appid}`;
function readSeen(appid: string | undefined): Record<string, number> {
  try {
    return appid ? (JSON.parse(sessionStorage.getItem(SEEN_KEY(appid)) ?? '{}') as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The app's own devices (a world's, or those a test added) first, the magic ones every app has after them, each
 * group in the sandbox's order: a seeded world's devices are the ones a reader looks for.
 */
export const seededFirst = (devices: Device[]): Device[] => [
  ...devices.filter((d) => !d.magic),
  ...devices.filter((d) => d.magic),
];

/** The devices, those named given the counts an event carried (a new list only when a count changed). */
function withCounts(devices: Device[], counts: ReadonlyMap<string, DeviceCounts>): Device[] {
  if (counts.size === 0) return devices;
  let changed = false;
  const out = devices.map((d) => {
    const c = counts.get(d.cid);
    if (!c || (c.inboxCount === d.inboxCount && c.pendingCount === d.pendingCount)) return d;
    changed = true;
    return { ...d, inboxCount: c.inboxCount, pendingCount: c.pendingCount };
  });
  return changed ? out : devices;
}

/** A device whose inbox shrank (a message deleted, the inbox cleared) has nothing unread below its count. */
function seenWithin(seen: Record<string, number>, devices: Device[]): Record<string, number> {
  let out = seen;
  for (const d of devices)
    if ((seen[d.cid] ?? 0) > d.inboxCount) {
      if (out === seen) out = { ...seen };
      out[d.cid] = d.inboxCount;
    }
  return out;
}

export interface StoreState extends BaseState {
  selection: Selection;
  info?: Schemas['SandboxInfo'];
  /** The timeline: the app's messages that pass the filters, newest first. */
  messages?: MessageList;
  /** Per device, how many received messages were there when it was last viewed: the rest are unread. */
  seen: Record<string, number>;
  tasks: Task[];
  requests: RequestLogEntry[];
  /** Set once the first load of each part answered. */
  loaded: Partial<Record<Part, true>>;
  /**
   * Set while the control API answers 401 (the sandbox has a control token): none was sent, one entered is being
   * tried, or the one sent was refused. The page then shows the token form instead of any data.
   */
  auth?: 'needed' | 'checking' | 'refused';
}

export class SandboxStore extends BaseStore<StoreState> {
  readonly #inflight = new Map<Part, Promise<void>>();
  readonly #queued = new Set<Part>();
  #generation = 0;
  /** A reset event came: the next answer of the apps says whether the app shown is still there. */
  #resetSeen = false;
  /**
   * What events carried, to apply in place: the request log entries and the devices' counts of the events read
   * since the last draw (drawn once per batch), and those read while the part's load is in flight (applied again
   * to its answer, which may have been read before them).
   */
  #carried = {
    requests: [] as RequestLogEntry[],
    counts: new Map<string, DeviceCounts>(),
    requestsLoading: undefined as RequestLogEntry[] | undefined,
    countsLoading: undefined as Map<string, DeviceCounts> | undefined,
    drawing: false,
  };

  constructor() {
    super({ ...BASE_STATE, selection: readHash(), seen: {}, tasks: [], requests: [], loaded: {} });
  }

  /** The app shown: the selected one, else the sandbox's default app. */
  get appid(): string | undefined {
    return this.state.selection.app ?? this.state.info?.defaultAppId;
  }

  /**
   * Changes the view. A change made on the page keeps the rest of the view (`merge`); a new address is the whole
   * view (`replace`): what it does not name is not kept from the view before (no device, message or filter).
   */
  select(change: Partial<Selection>, how: 'merge' | 'replace' = 'merge'): void {
    const before = this.state.selection;
    const appBefore = this.appid;
    const selection = how === 'replace' ? ({ ...change } as Selection) : { ...before, ...change };
    const appAfter = selection.app ?? this.state.info?.defaultAppId;
    const appChanged = appAfter !== appBefore;
    // Another app: its own devices, tasks and messages, so no filter or message stays unless the change names it.
    if (appChanged)
      for (const key of ['cid', 'alias', 'task', 'msg', 'focus'] as const) if (!(key in change)) delete selection[key];
    const filtersChanged = !sameFilters(before, selection);
    const logChanged = selection.log !== before.log;
    writeHash(selection);
    if (
      !appChanged &&
      !filtersChanged &&
      !logChanged &&
      selection.tab === before.tab &&
      selection.msg === before.msg &&
      selection.focus === before.focus
    )
      return;
    const patch: Partial<StoreState> = { selection };
    if (appChanged) {
      Object.assign(patch, {
        devices: [],
        tasks: [],
        messages: undefined,
        seen: readSeen(appAfter),
        loaded: { ...this.state.loaded, devices: undefined, tasks: undefined, messages: undefined },
      });
    } else if (filtersChanged)
      Object.assign(patch, { messages: undefined, loaded: { ...this.state.loaded, messages: undefined } });
    if (appChanged || filtersChanged || logChanged) this.#generation++;
    this.set(patch);
    if (selection.cid) this.#markSeen(selection.cid);
    if (appChanged) this.refresh('devices', 'tasks', 'messages', 'requests');
    else if (filtersChanged) this.refresh('messages');
    if (logChanged) this.refresh('requests');
  }

  /** The device is viewed: what it received so far is read. */
  #markSeen(cid: string): void {
    const device = this.state.devices.find((d) => d.cid === cid);
    const appid = this.appid;
    if (!device || !appid || this.state.seen[cid] === device.inboxCount) return;
    const seen = { ...this.state.seen, [cid]: device.inboxCount };
    sessionStorage.setItem(SEEN_KEY(appid), JSON.stringify(seen));
    this.set({ seen });
  }

  /** Messages received by a device since it was last viewed. */
  unread(device: Device): number {
    return Math.max(0, device.inboxCount - Math.min(this.state.seen[device.cid] ?? 0, device.inboxCount));
  }

  refresh(...parts: Part[]): void {
    for (const part of parts) {
      if (this.#inflight.has(part)) {
        this.#queued.add(part);
        continue;
      }
      const generation = this.#generation;
      const run = this.#load(part, generation)
        .catch((error: unknown) => {
          if (generation !== this.#generation) return;
          if (isRefusal(error)) this.locked();
          else this.set({ error: `Could not load ${part}: ${errorText(error)}` });
        })
        .finally(() => {
          this.#inflight.delete(part);
          if (this.#queued.delete(part) || generation !== this.#generation) this.refresh(part);
        });
      this.#inflight.set(part, run);
    }
  }

  async #load(part: Part, generation: number): Promise<void> {
    const current = () => generation === this.#generation;
    // A part that loads again clears the failure it had reported.
    // An answer also means the token (if any) was accepted.
    const loaded = () => ({
      loaded: { ...this.state.loaded, [part]: true as const },
      auth: undefined,
      ...(this.state.error?.startsWith(`Could not load ${part}:`) ? { error: undefined } : {}),
    });
    const appid = this.appid;
    switch (part) {
      case 'info': {
        const info = await data(control.GET('/'));
        if (current()) {
          this.set({ info, ...loaded() });
          if (!this.state.selection.app) {
            this.set({ seen: readSeen(info.defaultAppId) });
            this.refresh('devices', 'tasks', 'messages', 'requests');
          }
        }
        return;
      }
      case 'apps': {
        const afterReset = this.#resetSeen;
        const read = await this.readApps();
        if (!current()) return;
        this.set({ ...read, ...loaded() });
        if (afterReset) this.#showAfterReset(read.apps);
        return;
      }
      case 'devices': {
        if (!appid) return;
        const during = new Map<string, DeviceCounts>();
        this.#carried.countsLoading = during;
        const devices = withCounts(seededFirst(await this.readDevices(appid)), during);
        if (this.#carried.countsLoading === during) this.#carried.countsLoading = undefined;
        if (!current()) return;
        this.set({ devices, seen: seenWithin(this.state.seen, devices), ...loaded() });
        const cid = this.state.selection.cid;
        if (cid) this.#markSeen(cid);
        return;
      }
      case 'messages': {
        if (!appid) return;
        const { cid, alias, template, task, q, state } = this.state.selection;
        const query = {
          limit: TIMELINE_LIMIT,
          ...(cid ? { cid } : {}),
          ...(alias ? { alias } : {}),
          ...(template ? { template } : {}),
          ...(task ? { taskid: task } : {}),
          ...(q ? { q } : {}),
          ...(state ? { state } : {}),
        };
        const messages = await data(control.GET('/apps/{appid}/messages', { params: { path: { appid }, query } }));
        if (current()) this.set({ messages, ...loaded() });
        return;
      }
      case 'tasks': {
        if (!appid) return;
        const { tasks } = await data(control.GET('/apps/{appid}/tasks', { params: { path: { appid } } }));
        if (!current()) return;
        // The list holds every task the app keeps: the app's count of them follows it (a task event reloads no app).
        const apps = this.state.apps.map((a) =>
          a.appid === appid && a.counts.tasks !== tasks.length
            ? { ...a, counts: { ...a.counts, tasks: tasks.length } }
            : a,
        );
        this.set({ tasks, apps, ...loaded() });
        return;
      }
      case 'requests': {
        const query = { limit: REQUESTS_LIMIT, ...(this.state.selection.log === 'all' || !appid ? {} : { appid }) };
        const during: RequestLogEntry[] = [];
        this.#carried.requestsLoading = during;
        const { requests } = await data(control.GET('/requests', { params: { query } }));
        if (this.#carried.requestsLoading === during) this.#carried.requestsLoading = undefined;
        // Entries the stream brought while the log was read, and that the answer may not hold yet.
        if (current()) this.set({ requests: newestRequests([...during, ...requests]), ...loaded() });
        return;
      }
    }
  }

  /** After a reset: the app shown if it is still there, else the default one; its parts read again. */
  #showAfterReset(apps: App[]): void {
    this.#resetSeen = false;
    const shown = this.state.selection.app;
    if (shown !== undefined && !apps.some((a) => a.appid === shown)) this.select({ app: undefined });
    else this.refresh('devices', 'tasks', 'messages', 'requests');
  }

  /** Which parts an event changes, for the app shown. */
  #onEvent(event: SandboxEvent): void {
    const mine = event.appid === null || event.appid === this.appid;
    switch (event.type) {
      case 'reset':
        // A reset, a world or a snapshot may have removed the app shown, or kept it (a world replacing it): the apps
        // are read first, then the rest. The stream also replays past resets to a page just opened.
        this.#resetSeen = true;
        this.refresh('info', 'apps');
        return;
      case 'app':
        this.refresh('apps');
        if (mine) this.refresh('devices', 'tasks', 'messages');
        return;
      case 'clock':
        this.refresh('apps');
        if (mine) this.refresh('tasks', 'devices', 'messages');
        return;
      case 'device':
        if (mine) this.refresh('devices', 'messages');
        return;
      case 'message':
        // The device's counts come with the event (an event over the sandbox's bound comes without them: reloaded);
        // its message reloads the timeline only when the timeline may list it.
        if (!mine) return;
        if (event.counts && event.cid !== undefined) this.#carryCounts(event.cid, event.counts);
        else this.refresh('devices');
        if (this.#mayList(event)) this.refresh('messages');
        return;
      case 'task':
        // Its messages come with their own events (a message waiting for an offline device too).
        if (mine) this.refresh('tasks');
        return;
      case 'request': {
        const { log } = this.state.selection;
        if (!mine && log !== 'all') return;
        // The entry comes with the event (an event over the sandbox's bound comes without it: reloaded). A log of
        // one app lists that app's requests, not those of no app.
        if (!event.request) this.refresh('requests');
        else if (log === 'all' || event.request.appid === this.appid) this.#carryRequest(event.request);
        return;
      }
    }
  }

  /** Whether the timeline's filters may let a message event's message in: not when it names another device or task. */
  #mayList(event: SandboxEvent): boolean {
    const { cid, task } = this.state.selection;
    if (cid !== undefined && event.cid !== undefined && event.cid !== cid) return false;
    if (task !== undefined && event.message && event.message.taskid !== task) return false;
    return true;
  }

  /** A device's counts after a message changed, for the next draw (and for the answer of a load of the devices in flight). */
  #carryCounts(cid: string, counts: DeviceCounts): void {
    this.#carried.counts.set(cid, counts);
    this.#carried.countsLoading?.set(cid, counts);
    this.#draw();
  }

  /** A request log entry, for the next draw (and for the answer of a load of the log in flight). */
  #carryRequest(entry: RequestLogEntry): void {
    this.#carried.requests.push(entry);
    this.#carried.requestsLoading?.push(entry);
    this.#draw();
  }

  /** Once the events read together are handled: one new list of the devices and of the requests for all of them. */
  #draw(): void {
    const carried = this.#carried;
    if (carried.drawing) return;
    carried.drawing = true;
    // The counts are of the app shown when they came; another app's devices are not theirs (a magic cid is in every
    // app). A filter of the timeline changes neither the devices nor the request log.
    const appid = this.appid;
    queueMicrotask(() => {
      const { requests, counts } = carried;
      carried.requests = [];
      carried.counts = new Map();
      carried.drawing = false;
      const { log } = this.state.selection;
      const inLog = requests.filter((r) => log === 'all' || r.appid === this.appid);
      const patch: Partial<StoreState> = {};
      if (inLog.length > 0) patch.requests = newestRequests([...inLog, ...this.state.requests]);
      if (counts.size > 0 && appid === this.appid) {
        patch.devices = withCounts(this.state.devices, counts);
        patch.seen = seenWithin(this.state.seen, patch.devices);
      }
      if (Object.keys(patch).length === 0) return;
      this.set(patch);
      const cid = this.state.selection.cid;
      if (patch.devices && cid) this.#markSeen(cid);
    });
  }

  #follow(): void {
    this.follow({ event: (event) => this.#onEvent(event), opened: () => this.refresh(...PARTS) });
  }

  /** The control API refused the page (401): the stream stops until the page has another token. */
  protected locked(): void {
    this.stopFollowing();
    this.set({ auth: controlToken() ? 'refused' : 'needed', live: 'locked' });
  }

  /** Uses a token (from the form or the address): follows the events again and reloads everything with it. */
  useToken(token?: string): void {
    if (token) saveToken(token);
    this.#generation++;
    if (this.state.auth) this.set({ auth: 'checking' });
    this.#follow();
    this.refresh(...PARTS);
  }

  start(): () => void {
    const onHash = () => {
      // A token pasted into the address of the open page: taken out of it, then used.
      if (takeTokenFromAddress()) this.useToken();
      this.select(readHash(), 'replace');
    };
    window.addEventListener('hashchange', onHash);
    this.#follow();
    this.refresh(...PARTS);
    return () => {
      this.stopFollowing();
      window.removeEventListener('hashchange', onHash);
    };
  }

  /** Runs an action of the control API; its outcome (or the text it returns) shows in the status line. */
  act(description: string, action: () => Promise<unknown>, ...parts: Part[]): Promise<void> {
    return this.run(description, action, () => this.refresh(...parts));
  }

  setOnline(cid: string, online: boolean): Promise<void> {
    const appid = this.appid!;
    return this.act(
      `${cid} is now ${online ? 'online' : 'offline'}`,
      () => data(control.PATCH('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } }, body: { online } })),
      'devices',
      'messages',
      'tasks',
    );
  }

  advanceClock(advanceMs: number): Promise<void> {
    const appid = this.appid!;
    return this.act(
      `Clock of ${appid} advanced`,
      async () => {
        const result = await data(
          control.POST('/apps/{appid}/clock', { params: { path: { appid } }, body: { advanceMs } }),
        );
        return `Clock of ${appid} is now ${result.local}: ${result.fired.length} scheduled task(s) fired, ${result.expired} offline message(s) expired`;
      },
      'apps',
      'tasks',
      'devices',
      'messages',
    );
  }

  tap(cid: string, messageId: string): Promise<void> {
    const appid = this.appid!;
    return this.act(
      'Notification tapped',
      () =>
        data(
          control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
            params: { path: { appid, cid, messageId } },
          }),
        ),
      'messages',
      'tasks',
    );
  }

  deleteMessage(cid: string, messageId: string): Promise<void> {
    const appid = this.appid!;
    if (this.state.selection.msg === messageId) this.select({ msg: undefined });
    return this.act(
      `Message ${messageId} of ${cid} deleted`,
      async () => {
        const { response, error } = await control.DELETE('/apps/{appid}/devices/{cid}/inbox/{messageId}', {
          params: { path: { appid, cid, messageId } },
        });
        if (!response.ok) await data(Promise.resolve({ response, error }));
      },
      'messages',
      'devices',
      'tasks',
    );
  }

  clearInbox(cid: string): Promise<void> {
    const appid = this.appid!;
    return this.act(
      `Inbox of ${cid} cleared`,
      async () => {
        const { response, error } = await control.DELETE('/apps/{appid}/devices/{cid}/inbox', {
          params: { path: { appid, cid } },
        });
        if (!response.ok) await data(Promise.resolve({ response, error }));
      },
      'messages',
      'devices',
    );
  }

  resetApp(): Promise<void> {
    const appid = this.appid!;
    return this.act(
      `App ${appid} reset`,
      () => data(control.POST('/apps/{appid}/reset', { params: { path: { appid } } })),
      ...PARTS,
    );
  }

  resetSandbox(): Promise<void> {
    // Every app but the default one goes, and the events of their removal name them: show the default app first,
    // so that no load asks for an app that is gone (a 404).
    this.select({ app: undefined, cid: undefined, msg: undefined });
    return this.act('Sandbox reset', () => data(control.POST('/reset')), ...PARTS);
  }
}

export { useStore } from './base-store.js';
