// @pushapi/sandbox: a local, stateful stand-in for the push service v1 and the DMP tag query service.
import { createSandboxApp, openSandboxApp, type SandboxApp } from './client/control-client.js';
import type { SandboxFetch } from './client/in-process-fetch.js';
import { createControlClient, data, type ControlClient } from './shared/control-client.js';
import { listenSandbox, type RunningSandbox, type SandboxOptions } from './start/sandbox.js';
import type { components } from './generated/schema.js';

type Schemas = components['schemas'];

/** What a test does with a sandbox, whether it runs in this process or elsewhere. */
export interface SandboxConnection {
  /** The origin, such as http://127.0.0.1:4020. */
  url: string;
  /** A typed client of the control API. */
  control: ControlClient;
  /**
   * Creates an isolated app (fresh credentials, the magic cids, a DMP party): one per test. With `devices`
   * (`{ devices: [{ cid: 'phone-1', alias: 'alice', tags: ['vip'] }] }`) its devices come in the same call. Its appid, unless
   * given, is chosen before the call (`app-` and 12 letters or digits, or the `appPrefix` given to
   * connectSandbox, a team's prefix) and the app is made with PUT /control/apps/{appid}, which a balancer routes.
   */
  app(input?: Schemas['AppCreate']): Promise<SandboxApp>;
  /** An app that exists already, such as one of the seeded world, with the same helpers. */
  openApp(appid: string): Promise<SandboxApp>;
  /** Loads a world into the running sandbox (its apps replace those of the same appid). */
  loadWorld(world: Schemas['World']): Promise<Schemas['WorldLoaded']>;
  /** Saves the whole sandbox as a snapshot, to `restoreSnapshot(name)` later (`seed` is saved at start when seeded). */
  saveSnapshot(name: string): Promise<Schemas['Snapshot']>;
  /** Goes back to a snapshot: every app it holds (and, for one of the whole sandbox, no other). */
  restoreSnapshot(name: string): Promise<Schemas['Snapshot']>;
}

export interface Sandbox extends Omit<RunningSandbox, 'store'>, SandboxConnection {}

/**
 * A sandbox started elsewhere: by a global setup of the test runner, by `pushapi-sandbox`, or shared by CI jobs
 * (with its control token). Nothing is started or stopped here.
 */
export function connectSandbox(options: { url: string; token?: string; appPrefix?: string }): SandboxConnection {
  return connection(options);
}

/** A connection whose calls go through `fetch` when given (the in-process sandbox's), else over the network. */
function connection(options: {
  url: string;
  token?: string;
  appPrefix?: string;
  fetch?: SandboxFetch;
}): SandboxConnection {
  const url = options.url.replace(/\/+$/, '');
  const { fetch } = options;
  const control = createControlClient({
    baseUrl: url,
    ...(options.token ? { token: options.token } : {}),
    ...(fetch && { fetch }),
  });
  return {
    url,
    control,
    app: (input) => createSandboxApp(control, url, input, options.appPrefix, fetch),
    openApp: (appid) => openSandboxApp(control, url, appid, fetch),
    loadWorld: (world) => data(control.POST('/world', { body: world })),
    saveSnapshot: (name) => data(control.POST('/snapshots', { body: { name } })),
    restoreSnapshot: (name) => data(control.POST('/snapshots/{name}/restore', { params: { path: { name } } })),
  };
}

/**
 * Starts a sandbox in this process; `stop()` ends it. Port 0 (the default here) picks a free port. Its control
 * client and its apps' `pushOptions`/`dmpOptions` carry `fetch: sandbox.fetch`: their calls make no socket.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { store: _store, ...running } = await listenSandbox({ port: 0, ...options });
  return {
    ...running,
    ...connection({
      url: running.url,
      fetch: running.fetch,
      ...(options.controlToken ? { token: options.controlToken } : {}),
    }),
  };
}

export {
  createControlClient,
  ControlError,
  type ControlClient,
  type ControlClientOptions,
} from './shared/control-client.js';
export {
  WaitTimeoutError,
  type MessageFilter,
  type MessageMatch,
  type SandboxApp,
} from './client/control-client.js';
// What a phone shows of each message (`app.screen(cid)`), and the words every surface uses for it.
export { PHONE_WORDS } from './shared/phone-view.js';
export type { AndroidScreen, IosScreen, MessageScreen, PhoneScreen } from './shared/phone-screen.js';
export type { Platform } from './shared/phone-view.js';
export { DEFAULT_APP, DEFAULT_PORT, LIMITS, MAGIC_CIDS, MOUNTS } from './shared/config.js';
export type { SandboxOptions } from './start/sandbox.js';
export type { SandboxFetch } from './client/in-process-fetch.js';
export { SeedError } from './start/seed.js';
// The document validator and its explainer, for tools that check answers of the real service (@pushapi/verify).
export { SchemaSet, child as schemaChild, type Schema } from './validation/schemas.js';
export { explain, type Violation } from './validation/explain.js';
export type { components, paths } from './generated/schema.js';
