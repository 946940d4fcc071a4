// The per-app helpers tests use, over the one control client (shared/control-client.ts): `sandbox.app()` creates
// an isolated app and returns its credentials, the options of the push and DMP clients, and shortcuts for its
// devices, inboxes, tasks, clock, faults and limits.
import { data, type ControlClient } from '../shared/control-client.js';
import { newAppId } from '../shared/app-id.js';
import { MOUNTS } from '../shared/config.js';
import type { components, paths } from '../generated/schema.js';
import type { SandboxFetch } from './in-process-fetch.js';
import { type PhoneScreen, phoneScreen } from '../shared/phone-screen.js';
import { formatLocal } from '../shared/time.js';

type Schemas = components['schemas'];

export interface SandboxApp {
  appid: string;
  appkey: string;
  mastersecret: string;
  userCode: string;
  authCode: string;
  /**
   * Options for createPushClient (spread them, add your own). From `startSandbox()` they carry `fetch:
   * sandbox.fetch`, so the client's calls reach the sandbox in this process with no socket.
   */
  pushOptions: { baseUrl: string; appId: string; appKey: string; masterSecret: string; fetch?: SandboxFetch };
  /** Options for createDmpClient (with `fetch` as pushOptions). */
  dmpOptions: { baseUrl: string; userCode: string; authCode: string; fetch?: SandboxFetch };
  /** Registers a device with the fields of a world's device, alias included (`{ cid, alias, online, tags, ... }`); devices known when the app is made go in `sandbox.app({ devices })`, one call fewer. */
  addDevice(device: Schemas['DeviceCreate']): Promise<Schemas['Device']>;
  /** Registers up to 10,000 devices in one call, all or none. */
  addDevices(devices: Schemas['DeviceCreate'][]): Promise<Schemas['DeviceBatchResult']>;
  device(cid: string): Promise<Schemas['Device']>;
  updateDevice(cid: string, fields: Schemas['DeviceFields']): Promise<Schemas['Device']>;
  inbox(cid: string): Promise<Schemas['Inbox']>;
  /**
   * What the device shows of each message, as the inbox page draws it and the MCP server writes it: per platform
   * (its phonetype), the Android bar, lock screen and dialog, the iOS alert of push_info, a pass-through's content,
   * texts cut where the phone cuts them, whether a newer message replaced it; oldest first, then those waiting.
   */
  screen(cid: string): Promise<PhoneScreen>;
  /** Every message of the app across its devices, newest first, filtered (`GET …/messages`). */
  messages(filter?: MessageFilter): Promise<Schemas['MessageList']>;
  /** Deletes one message of a device, received or waiting. */
  deleteMessage(cid: string, messageId: string): Promise<void>;
  /** Empties a device's inbox (what it received; waiting messages stay). */
  clearInbox(cid: string): Promise<void>;
  /** Taps a received message, as the phone reports it: the task's `clicked`, push_result and the daily statistics count it. */
  click(cid: string, messageId: string): Promise<Schemas['InboxMessage']>;
  tasks(): Promise<Schemas['Task'][]>;
  task(taskid: string): Promise<Schemas['Task']>;
  /** The app's clock: `time` and `frozen`, as setClock and a world's `clock` take them, beside now, iso, local, offsetMs. */
  clock(): Promise<Schemas['Clock']>;
  /** Sets (`time`, which freezes it unless `frozen: false`), advances (`advanceMs`), freezes or restarts the clock. */
  setClock(change: Schemas['ClockChange']): Promise<Schemas['ClockResult']>;
  /** Moves the app's clock forward; what falls due on the way happens. */
  advance(ms: number): Promise<Schemas['ClockResult']>;
  fault(fault: Schemas['FaultCreate']): Promise<Schemas['Fault']>;
  setRateLimits(limits: Schemas['RateLimits']): Promise<Schemas['RateLimits']>;
  update(settings: Schemas['AppSettingsUpdate']): Promise<Schemas['App']>;
  updateDmp(update: Schemas['DmpPartyUpdate']): Promise<Schemas['DmpParty']>;
  /** The app's entries of the request log, newest first: `[0]` is the latest call (the log keeps the last 500). */
  requests(): Promise<Schemas['RequestLogEntry'][]>;
  reset(): Promise<Schemas['App']>;
  /**
   * The first message in the device's inbox that matches (every message, without `match`): one there already, or
   * the next to arrive. Waits on the sandbox's side (no polling); rejects with a WaitTimeoutError naming what it
   * waited for and what arrived instead. Default timeout 5 s.
   */
  waitForMessage(cid: string, match?: MessageMatch, options?: { timeoutMs?: number }): Promise<Schemas['InboxMessage']>;
  /** Saves the app's state as a snapshot (named after the appid unless `name` is given), to `restore()` later. */
  snapshot(name?: string): Promise<Schemas['Snapshot']>;
  /**
   * Goes back to this app as a snapshot holds it (default: the one `snapshot()` saved without a name); from a
   * snapshot of the whole sandbox (such as `seed`), only this app is restored.
   */
  restore(name?: string): Promise<Schemas['Snapshot']>;
  /** The deviations from the description the app accepted in compat mode lenient. */
  deviations(): Promise<Schemas['DeviationSummary']>;
  /** The app's usage ledger: what its push v1 and DMP calls sent and received (GET /control/apps/{appid}/usage). */
  usage(): Promise<Schemas['UsageLedger']>;
  /** The task once it is in `state` (such as `sent` for a scheduled push); rejects with a WaitTimeoutError. */
  waitForTask(
    taskid: string,
    state: Schemas['Task']['state'],
    options?: { timeoutMs?: number },
  ): Promise<Schemas['Task']>;
}

/** The filters of `messages()`: device or alias, template, task, text, state, and at most how many. */
export type MessageFilter = NonNullable<paths['/apps/{appid}/messages']['get']['parameters']['query']>;

/** Which message `waitForMessage` waits for: fields it must have (compared with ===), or a test of the message. */
export type MessageMatch =
  | Partial<Pick<Schemas['InboxMessage'], 'taskid' | 'requestid' | 'msgtype' | 'kind' | 'via' | 'apn'>>
  | ((message: Schemas['InboxMessage']) => boolean);

/** A wait of `waitForMessage` or `waitForTask` ran out: what it waited for, and what there was instead. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

const describeMatch = (match: MessageMatch | undefined) =>
  match === undefined
    ? 'any message'
    : typeof match === 'function'
      ? `a message for which ${match.name || 'the given test'} holds`
      : `a message with ${JSON.stringify(match)}`;

const matches = (match: MessageMatch | undefined, message: Schemas['InboxMessage']) =>
  match === undefined ||
  (typeof match === 'function'
    ? match(message)
    : Object.entries(match).every(([key, value]) => message[key as keyof typeof message] === value));

const describeMessage = (m: Schemas['InboxMessage']) =>
  `${m.id} (task ${m.taskid}, ${m.msgtype}${m.requestid ? `, requestid ${m.requestid}` : ''})`;

/** The longest single wait the sandbox takes (its `wait` maximum). */
const MAX_WAIT_MS = 60_000;

/**
 * Creates an isolated app and returns it with its helpers. Without an appid, one is chosen here (`newAppId`, under
 * `appPrefix` when given: a team's prefix) before the call. `fetch`, when given, goes into its client options.
 */
export async function createSandboxApp(
  control: ControlClient,
  origin: string,
  input: Schemas['AppCreate'] = {},
  appPrefix?: string,
  fetch?: SandboxFetch,
): Promise<SandboxApp> {
  // Always made at its own path (PUT): a balancer routes the creation by the appid to the process where every
  // later call of the app goes, which POST /control/apps (no appid in the path) cannot be.
  const appid = input.appid ?? newAppId(appPrefix);
  const created = await data(control.PUT('/apps/{appid}', { params: { path: { appid } }, body: input }));
  return sandboxApp(control, origin, created.credentials, fetch);
}

/** A device's screen: its inbox, read with its phonetype and the app's zone and clock (three calls at once). */
async function deviceScreen(control: ControlClient, appid: string, cid: string): Promise<PhoneScreen> {
  const [device, app, inbox] = await Promise.all([
    data(control.GET('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } } })),
    data(control.GET('/apps/{appid}', { params: { path: { appid } } })),
    data(control.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } })),
  ]);
  const { utcOffsetMinutes } = app.settings;
  return phoneScreen(inbox, {
    phonetype: device.phonetype,
    at: (ms) => formatLocal(ms, utcOffsetMinutes),
    now: app.clock.now,
  });
}

/** An app that exists already (one of a seeded world, say) with its helpers. */
export async function openSandboxApp(
  control: ControlClient,
  origin: string,
  appid: string,
  fetch?: SandboxFetch,
): Promise<SandboxApp> {
  const credentials = await data(control.GET('/apps/{appid}/credentials', { params: { path: { appid } } }));
  return sandboxApp(control, origin, credentials, fetch);
}

function sandboxApp(
  control: ControlClient,
  origin: string,
  credentials: Schemas['Credentials'],
  fetch: SandboxFetch | undefined,
): SandboxApp {
  const { appid, appkey, mastersecret, dmp } = credentials;
  const path = { appid };
  const data = async <T>(call: Promise<{ data?: T }>): Promise<T> => (await call).data as T;
  return {
    appid,
    appkey,
    mastersecret,
    userCode: dmp.userCode,
    authCode: dmp.authCode,
    pushOptions: { baseUrl: origin, appId: appid, appKey: appkey, masterSecret: mastersecret, ...(fetch && { fetch }) },
    // The app's own DMP base (/apps/<appid>/dmp): a balancer routes it by the appid like the app's other calls.
    dmpOptions: {
      baseUrl: `${origin}/apps/${encodeURIComponent(appid)}${MOUNTS.dmp}`,
      userCode: dmp.userCode,
      authCode: dmp.authCode,
      ...(fetch && { fetch }),
    },
    addDevice: (device) => data(control.POST('/apps/{appid}/devices', { params: { path }, body: device })),
    addDevices: (devices) => data(control.POST('/apps/{appid}/devices/batch', { params: { path }, body: { devices } })),
    device: (cid) => data(control.GET('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } } })),
    updateDevice: (cid, fields) =>
      data(control.PATCH('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } }, body: fields })),
    inbox: (cid) => data(control.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } })),
    screen: (cid) => deviceScreen(control, appid, cid),
    messages: (filter = {}) => data(control.GET('/apps/{appid}/messages', { params: { path, query: filter } })),
    deleteMessage: async (cid, messageId) =>
      void (await control.DELETE('/apps/{appid}/devices/{cid}/inbox/{messageId}', {
        params: { path: { appid, cid, messageId } },
      })),
    click: (cid, messageId) =>
      data(
        control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
          params: { path: { appid, cid, messageId } },
        }),
      ),
    clearInbox: async (cid) =>
      void (await control.DELETE('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } })),
    tasks: async () => (await data(control.GET('/apps/{appid}/tasks', { params: { path } }))).tasks,
    task: (taskid) => data(control.GET('/apps/{appid}/tasks/{taskid}', { params: { path: { appid, taskid } } })),
    clock: () => data(control.GET('/apps/{appid}/clock', { params: { path } })),
    setClock: (change) => data(control.POST('/apps/{appid}/clock', { params: { path }, body: change })),
    advance: (ms) => data(control.POST('/apps/{appid}/clock', { params: { path }, body: { advanceMs: ms } })),
    fault: (fault) => data(control.POST('/apps/{appid}/faults', { params: { path }, body: fault })),
    setRateLimits: (limits) => data(control.PUT('/apps/{appid}/rate-limits', { params: { path }, body: limits })),
    update: (settings) => data(control.PATCH('/apps/{appid}', { params: { path }, body: settings })),
    updateDmp: (update) => data(control.PATCH('/apps/{appid}/dmp', { params: { path }, body: update })),
    requests: async () => (await data(control.GET('/requests', { params: { query: { appid } } }))).requests,
    reset: () => data(control.POST('/apps/{appid}/reset', { params: { path } })),
    // At the app's own paths, so that a balancer routing by appid reaches the process that holds the app.
    snapshot: (name = appid) => data(control.POST('/apps/{appid}/snapshots', { params: { path }, body: { name } })),
    restore: (name = appid) =>
      data(control.POST('/apps/{appid}/snapshots/{name}/restore', { params: { path: { appid, name } } })),
    deviations: () => data(control.GET('/apps/{appid}/deviations', { params: { path } })),
    usage: () => data(control.GET('/apps/{appid}/usage', { params: { path } })),
    async waitForMessage(cid, match, { timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const seen: Schemas['InboxMessage'][] = [];
      let after: string | undefined;
      for (;;) {
        const wait = Math.min(MAX_WAIT_MS, Math.max(0, deadline - Date.now()));
        const inbox = await data(
          control.GET('/apps/{appid}/devices/{cid}/inbox', {
            params: { path: { appid, cid }, query: { wait, ...(after ? { after } : {}) } },
          }),
        );
        // The messages after the last one looked at (all of them the first time).
        const from = after === undefined ? 0 : inbox.messages.findIndex((m) => m.id === after) + 1;
        const fresh = inbox.messages.slice(from);
        const found = fresh.find((m) => matches(match, m));
        if (found) return found;
        seen.push(...fresh);
        after = inbox.messages.at(-1)?.id ?? after;
        if (Date.now() >= deadline) {
          const instead =
            seen.length === 0
              ? 'nothing arrived'
              : `${seen.length} other message${seen.length === 1 ? '' : 's'} arrived: ${seen.slice(-5).map(describeMessage).join('; ')}`;
          const waiting =
            inbox.pending.length > 0 ? `; ${inbox.pending.length} wait for the device to come online` : '';
          throw new WaitTimeoutError(
            `waited ${timeoutMs} ms for ${describeMatch(match)} in the inbox of ${cid} (app ${appid}); ${instead}${waiting}`,
          );
        }
      }
    },
    async waitForTask(taskid, state, { timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const wait = Math.min(MAX_WAIT_MS, Math.max(0, deadline - Date.now()));
        const task = await data(
          control.GET('/apps/{appid}/tasks/{taskid}', { params: { path: { appid, taskid }, query: { wait, state } } }),
        );
        if (task.state === state) return task;
        if (Date.now() >= deadline)
          throw new WaitTimeoutError(
            `waited ${timeoutMs} ms for task ${taskid} (app ${appid}) to be ${state}; it is ${task.state}`,
          );
      }
    },
  };
}
