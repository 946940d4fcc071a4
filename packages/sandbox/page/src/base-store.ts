// What both sandbox pages hold and do alike: the apps with the time they were read (for their clocks), the
// devices of the app shown, the live connection to the event stream, the status line, and the listeners that
// redraw a page. The inbox page's store (store.ts) and the console's (console/src/store.ts) extend it.
import { useEffect, useState } from 'preact/hooks';
import { control, ControlError, data, type App, type Device } from './api.js';
import { followEvents, type LiveHandlers, type LiveState } from './live.js';

export interface BaseState {
  apps: App[];
  /** Real time (this browser's) when `apps` was read: a running clock has moved on by as much since. */
  appsReadAt: number;
  devices: Device[];
  live: LiveState;
  /** What GET /readyz answered when the page loaded or its live connection last (re)opened. */
  health?: Health;
  /** The last failure of a load or an action, said plainly. */
  error?: string;
  /** What the last action did, for the status line. */
  notice?: string;
}

/** The sandbox's readiness as /readyz says it ('ready', or 'not ready: <why>'), or why it could not be read. */
export interface Health {
  ready: boolean;
  text: string;
}

/** Reads /readyz (no token: it holds no secret). */
export async function readHealth(): Promise<Health> {
  try {
    const response = await fetch('/readyz', { cache: 'no-store' });
    const text = (await response.text()).trim();
    return { ready: response.ok, text: text || `HTTP ${response.status}` };
  } catch (error) {
    return { ready: false, text: `unknown: /readyz did not answer (${errorText(error)})` };
  }
}

export const BASE_STATE: BaseState = { apps: [], appsReadAt: 0, devices: [], live: 'connecting' };

/** The control API refused the page: it has no (or a wrong) control token. */
export const isRefusal = (error: unknown) => error instanceof ControlError && error.status === 401;

/** What went wrong, as the page says it: for a refused control call, what the sandbox said. */
export const errorText = (error: unknown) =>
  error instanceof ControlError ? error.reason : error instanceof Error ? error.message : String(error);

export abstract class BaseStore<S extends BaseState> {
  readonly #listeners = new Set<() => void>();
  #stopLive?: () => void;

  constructor(public state: S) {}

  /** The app shown. */
  abstract get appid(): string | undefined;

  /** The control API answered 401. */
  protected abstract locked(): void;

  get app(): App | undefined {
    return this.state.apps.find((a) => a.appid === this.appid);
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  protected set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  /** The apps, and when they were read. */
  protected async readApps(): Promise<Pick<BaseState, 'apps' | 'appsReadAt'>> {
    const { apps } = await data(control.GET('/apps'));
    return { apps, appsReadAt: Date.now() };
  }

  /** The devices of an app, in the sandbox's order. */
  protected async readDevices(appid: string): Promise<Device[]> {
    return (await data(control.GET('/apps/{appid}/devices', { params: { path: { appid } } }))).devices;
  }

  /** Follows the event stream (again): the live badge shows its state; a 401 locks the page. */
  protected follow(handlers: Pick<LiveHandlers, 'event' | 'opened'>): void {
    this.stopFollowing();
    void this.checkHealth();
    const opened = () => (void this.checkHealth(), handlers.opened());
    this.#stopLive = followEvents({
      ...handlers,
      opened,
      state: (live) => this.set({ live } as Partial<S>),
      refused: () => this.locked(),
    });
  }

  /** Reads /readyz again for the header: on load and on each (re)connection of the live stream. */
  protected async checkHealth(): Promise<void> {
    this.set({ health: await readHealth() } as Partial<S>);
  }

  protected stopFollowing(): void {
    this.#stopLive?.();
    this.#stopLive = undefined;
  }

  /** Runs an action of the control API; its outcome (or the text it returns) shows in the status line. */
  protected async run(description: string, action: () => Promise<unknown>, after?: () => void): Promise<void> {
    try {
      const said = await action();
      this.set({ notice: typeof said === 'string' ? said : description, error: undefined } as Partial<S>);
      after?.();
    } catch (error) {
      if (isRefusal(error)) return this.locked();
      this.set({ error: `${description} failed: ${errorText(error)}` } as Partial<S>);
    }
  }
}

/** Re-renders the calling component whenever the store changes. */
export function useStore<S extends BaseState>(store: BaseStore<S>): S {
  const [state, setState] = useState(store.state);
  useEffect(() => store.subscribe(() => setState(store.state)), [store]);
  return state;
}
