// @pushapi/sandbox: a local, stateful stand-in for the push service v1 and the DMP tag query service.
import { createControlClient, createSandboxApp, openSandboxApp, type ControlClient, type SandboxApp } from './control-client.js';
import { listenSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.js';
import type { components } from './generated/schema.js';

export interface Sandbox extends Omit<RunningSandbox, 'store'> {
  /** A typed client of the control API. */
  control: ControlClient;
  /** Creates an isolated app (fresh credentials, the magic cids, a DMP party): one per test. */
  app(input?: components['schemas']['AppCreate']): Promise<SandboxApp>;
  /** An app that exists already, such as one of the seeded world, with the same helpers. */
  openApp(appid: string): Promise<SandboxApp>;
  /** Loads a world into the running sandbox (its apps replace those of the same appid). */
  loadWorld(world: components['schemas']['World']): Promise<components['schemas']['WorldLoaded']>;
  /** Saves the whole sandbox as a snapshot, to `restoreSnapshot(name)` later (`seed` is saved at start when seeded). */
  saveSnapshot(name: string): Promise<components['schemas']['Snapshot']>;
  restoreSnapshot(name: string): Promise<components['schemas']['Snapshot']>;
}

/** Starts a sandbox in this process; `stop()` ends it. Port 0 (the default here) picks a free port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { store: _store, ...running } = await listenSandbox({ port: 0, ...options });
  const control = createControlClient({ baseUrl: running.url, ...(options.controlToken ? { token: options.controlToken } : {}) });
  return {
    ...running,
    control,
    app: (input) => createSandboxApp(control, running.url, input),
    openApp: (appid) => openSandboxApp(control, running.url, appid),
    loadWorld: async (world) => (await control.POST('/world', { body: world })).data!,
    saveSnapshot: async (name) => (await control.POST('/snapshots', { body: { name } })).data!,
    restoreSnapshot: async (name) => (await control.POST('/snapshots/{name}/restore', { params: { path: { name } } })).data!,
  };
}

export { createControlClient, ControlError, WaitTimeoutError, type ControlClient, type ControlClientOptions, type MessageFilter, type MessageMatch, type SandboxApp } from './control-client.js';
export { DEFAULT_APP, DEFAULT_PORT, LIMITS, MAGIC_CIDS, MOUNTS } from './config.js';
export type { SandboxOptions } from './sandbox.js';
export { SeedError } from './seed.js';
export type { components, paths } from './generated/schema.js';
