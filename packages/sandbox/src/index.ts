// @pushapi/sandbox: a local, stateful stand-in for the push service v1 and the DMP tag query service.
import { createControlClient, createSandboxApp, type ControlClient, type SandboxApp } from './control-client.js';
import { listenSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.js';
import type { components } from './generated/schema.js';

export interface Sandbox extends Omit<RunningSandbox, 'store'> {
  /** A typed client of the control API. */
  control: ControlClient;
  /** Creates an isolated app (fresh credentials, the magic cids, a DMP party): one per test. */
  app(input?: components['schemas']['AppCreate']): Promise<SandboxApp>;
}

/** Starts a sandbox in this process; `stop()` ends it. Port 0 (the default here) picks a free port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { store: _store, ...running } = await listenSandbox({ port: 0, ...options });
  const control = createControlClient({ baseUrl: running.url, ...(options.controlToken ? { token: options.controlToken } : {}) });
  return { ...running, control, app: (input) => createSandboxApp(control, running.url, input) };
}

export { createControlClient, ControlError, WaitTimeoutError, type ControlClient, type ControlClientOptions, type MessageFilter, type MessageMatch, type SandboxApp } from './control-client.js';
export { DEFAULT_APP, DEFAULT_PORT, LIMITS, MAGIC_CIDS, MOUNTS } from './config.js';
export type { SandboxOptions } from './sandbox.js';
export type { components, paths } from './generated/schema.js';
