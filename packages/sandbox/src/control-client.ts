// A typed client of the sandbox's control API (openapi-fetch with the generated types), and the per-app
// helpers tests use: `sandbox.app()` creates an isolated app and returns its credentials, the options of the
// push and DMP clients, and shortcuts for its devices, inboxes, tasks, clock, faults and limits.
import { HttpError, readViolations } from '@pushapi/client-core';
import createClient, { type Client } from 'openapi-fetch';
import { MOUNTS } from './config.js';
import type { components, paths } from './generated/schema.js';

type Schemas = components['schemas'];

export interface ControlClientOptions {
  /** The sandbox origin (such as http://127.0.0.1:4020) or its control URL (…/control). */
  baseUrl: string;
  /** The control token, when the sandbox was started with one. */
  token?: string;
  fetch?: (request: Request) => Promise<Response>;
}

/** openapi-fetch's client, typed by the control document (JSON answers: the event stream is read with EventSource). */
export type ControlClient = Client<paths, 'application/json'>;

/**
 * A refused control call: an HttpError (the clients' shared class, so one `instanceof HttpError` covers them all)
 * with the problem details the sandbox answered.
 */
export class ControlError extends HttpError {
  static override readonly kind: string = 'ControlError';
  override name = 'ControlError';
  /** The problem details of the answer (RFC 9457), when it sent them. */
  readonly problem: Partial<Schemas['Problem']> | undefined;

  constructor(status: number, problem: Partial<Schemas['Problem']> | undefined, operation: string, url: string) {
    const violations = readViolations(null, problem, (text) => text);
    super({ status, url, violations, detail: problem?.detail }, { operation });
    this.problem = problem;
  }
}

export function createControlClient(options: ControlClientOptions): ControlClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const baseUrl = base.endsWith(MOUNTS.control) ? base : `${base}${MOUNTS.control}`;
  const client = createClient<paths, 'application/json'>({
    baseUrl,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    // The sandbox takes a control call that changes state only as JSON (no page of another site can send that):
    // openapi-fetch names no content type for a call without a body, so it is named here.
    onRequest({ request }) {
      if (request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.has('content-type')) request.headers.set('content-type', 'application/json');
      return request;
    },
  });
  // A refused call throws, so that a test never goes on with an app or a device that was not made.
  client.use({
    async onResponse({ response, request }) {
      if (response.ok) return undefined;
      const problem = (await response
        .clone()
        .json()
        .catch(() => undefined)) as Schemas['Problem'] | undefined;
      throw new ControlError(response.status, problem, `${request.method} ${new URL(request.url).pathname}`, request.url);
    },
  });
  return client;
}

export interface SandboxApp {
  appid: string;
  appkey: string;
  mastersecret: string;
  userCode: string;
  authCode: string;
  /** Options for createPushClient (spread them, add your own). */
  pushOptions: { baseUrl: string; appId: string; appKey: string; masterSecret: string };
  /** Options for createDmpClient. */
  dmpOptions: { baseUrl: string; userCode: string; authCode: string };
  addDevice(device: Schemas['DeviceCreate']): Promise<Schemas['Device']>;
  /** Registers up to 10,000 devices in one call, all or none. */
  addDevices(devices: Schemas['DeviceCreate'][]): Promise<Schemas['DeviceBatchResult']>;
  device(cid: string): Promise<Schemas['Device']>;
  updateDevice(cid: string, fields: Schemas['DeviceFields']): Promise<Schemas['Device']>;
  inbox(cid: string): Promise<Schemas['Inbox']>;
  tasks(): Promise<Schemas['Task'][]>;
  task(taskid: string): Promise<Schemas['Task']>;
  clock(): Promise<Schemas['Clock']>;
  setClock(change: Schemas['ClockChange']): Promise<Schemas['ClockResult']>;
  /** Moves the app's clock forward; what falls due on the way happens. */
  advance(ms: number): Promise<Schemas['ClockResult']>;
  fault(fault: Schemas['FaultCreate']): Promise<Schemas['Fault']>;
  setRateLimits(limits: Schemas['RateLimits']): Promise<Schemas['RateLimits']>;
  update(settings: Schemas['AppSettingsUpdate']): Promise<Schemas['App']>;
  updateDmp(update: Schemas['DmpPartyUpdate']): Promise<Schemas['DmpParty']>;
  requests(): Promise<Schemas['RequestLogEntry'][]>;
  reset(): Promise<Schemas['App']>;
}

/** Creates an isolated app and returns it with its helpers. */
export async function createSandboxApp(control: ControlClient, origin: string, input: Schemas['AppCreate'] = {}): Promise<SandboxApp> {
  const { data: created } = await control.POST('/apps', { body: input });
  const { appid, appkey, mastersecret, dmp } = created!.credentials;
  const path = { appid };
  const data = async <T>(call: Promise<{ data?: T }>): Promise<T> => (await call).data as T;
  return {
    appid,
    appkey,
    mastersecret,
    userCode: dmp.userCode,
    authCode: dmp.authCode,
    pushOptions: { baseUrl: origin, appId: appid, appKey: appkey, masterSecret: mastersecret },
    dmpOptions: { baseUrl: `${origin}${MOUNTS.dmp}`, userCode: dmp.userCode, authCode: dmp.authCode },
    addDevice: (device) => data(control.POST('/apps/{appid}/devices', { params: { path }, body: device })),
    addDevices: (devices) => data(control.POST('/apps/{appid}/devices/batch', { params: { path }, body: { devices } })),
    device: (cid) => data(control.GET('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } } })),
    updateDevice: (cid, fields) => data(control.PATCH('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } }, body: fields })),
    inbox: (cid) => data(control.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } })),
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
  };
}
