// The console's state and actions, on the base the inbox page's store has (apps, devices, clock, live
// connection, status line): the catalogue, the operation chosen, the app, the last send and what its target
// devices received, redrawn on every change the event stream announces.
import { control, data, type InboxMessage, type SandboxEvent } from '../../src/api.js';
import { BASE_STATE, BaseStore, errorText, type BaseState } from '../../src/base-store.js';
import { appNow } from '../../src/clock.js';
import { loadCatalogue, operationHash, readOperationHash, type ApiName, type CatalogueApi } from './catalogue.js';
import { ConsoleClients, SIGN_IN_OPERATIONS } from './clients.js';
import { answerOf, type Sent } from './answer.js';
import { isSignIn, signInStep } from './signin-steps.js';
import type { ConsoleRequest } from './samples.js';

/** Devices whose messages are drawn for one send: a push to a whole app shows its first few. */
const DRAWN_DEVICES = 4;

export interface ConsoleState extends BaseState {
  catalogue: CatalogueApi[];
  chosen: { api: ApiName; operationId: string };
  appid?: string;
  sending: boolean;
  sent?: Sent;
  drawn: { cid: string; messages: InboxMessage[] }[];
}

export class ConsoleStore extends BaseStore<ConsoleState> {
  readonly #clients = new ConsoleClients((appid) =>
    appNow(
      this.state.apps.find((a) => a.appid === appid),
      this.state.appsReadAt,
    ),
  );

  constructor() {
    super({
      ...BASE_STATE,
      catalogue: [],
      chosen: readOperationHash(location.hash) ?? { api: 'push-v1', operationId: 'pushSingle' },
      sending: false,
      drawn: [],
    });
  }

  get appid(): string | undefined {
    return this.state.appid;
  }

  protected locked(): void {
    this.stopFollowing();
    this.set({
      live: 'locked',
      error:
        'This sandbox has a control token: open the inbox page once with #token=… in its address, then come back to the console in the same tab.',
    });
  }

  start(): () => void {
    loadCatalogue().then(
      (catalogue) => this.set({ catalogue }),
      (e: unknown) => this.set({ error: errorText(e) }),
    );
    this.loadApps().catch((e: unknown) => this.set({ error: `Could not load the apps: ${errorText(e)}` }));
    const onHash = () => {
      const chosen = readOperationHash(location.hash);
      if (chosen) this.set({ chosen });
    };
    window.addEventListener('hashchange', onHash);
    this.follow({ event: (event) => this.#onEvent(event), opened: () => void this.redraw() });
    return () => {
      this.stopFollowing();
      window.removeEventListener('hashchange', onHash);
    };
  }

  async loadApps(): Promise<void> {
    const [read, info] = await Promise.all([this.readApps(), data(control.GET('/'))]);
    const current = this.state.appid;
    this.selectApp(current && read.apps.some((a) => a.appid === current) ? current : info.defaultAppId, read);
  }

  selectApp(appid: string, read?: Pick<BaseState, 'apps' | 'appsReadAt'>): void {
    const changed = appid !== this.state.appid;
    this.set({ ...read, appid, ...(changed ? { devices: [] } : {}) });
    if (changed)
      this.loadDevices().catch((e: unknown) => this.set({ error: `Could not load the devices: ${errorText(e)}` }));
  }

  async loadDevices(): Promise<void> {
    const appid = this.state.appid;
    if (!appid) return;
    const devices = await this.readDevices(appid);
    if (appid === this.state.appid) this.set({ devices });
  }

  choose(api: ApiName, operationId: string): void {
    this.set({ chosen: { api, operationId }, sent: undefined });
    history.replaceState(null, '', operationHash(api, operationId));
  }

  #onEvent(event: SandboxEvent): void {
    if (event.type === 'request') return;
    if (event.type === 'reset' || event.type === 'app') this.#clients.forget();
    if (event.type === 'app' || event.type === 'clock' || event.type === 'reset' || event.type === 'message')
      void this.loadApps().catch(() => undefined);
    if (event.appid === this.state.appid || event.appid === null) {
      if (event.type !== 'clock') void this.loadDevices().catch(() => undefined);
      void this.redraw();
    }
  }

  /** Sends the request through the API's client; the answer, the sign-ins and the tasks it made become `sent`. */
  async send(request: ConsoleRequest): Promise<Sent | undefined> {
    this.set({ sending: true, error: undefined, notice: undefined });
    try {
      const signInOperation = SIGN_IN_OPERATIONS.has(request.op.operationId);
      const sending = signInOperation ? await this.#clients.signed(request) : request;
      const { exchanges, failure } = await this.#clients.send(sending);
      const answer = exchanges.at(-1);
      if (!answer) throw failure;
      const steps = exchanges.filter((e) => isSignIn(request.api, e)).map((e) => signInStep(request.api, e));
      const sent = answerOf(sending, answer, steps, signInOperation);
      this.set({ sent });
      void this.redraw();
      return sent;
    } catch (e) {
      this.set({ error: `The request was not sent: ${errorText(e)}`, sent: undefined });
      return undefined;
    } finally {
      this.set({ sending: false });
    }
  }

  /** What the target devices received from the last send. */
  async redraw(): Promise<void> {
    const { sent, appid } = this.state;
    if (!sent || !appid || sent.taskids.length === 0) return this.set({ drawn: [] });
    const cids = new Set<string>();
    for (const taskid of sent.taskids) {
      const task = await data(
        control.GET('/apps/{appid}/tasks/{taskid}', { params: { path: { appid, taskid } } }),
      ).catch(() => undefined);
      for (const cid of task?.targets.cids ?? []) cids.add(cid);
    }
    const mine = (m: InboxMessage) => sent.taskids.includes(m.taskid);
    const drawn = await Promise.all(
      [...cids].slice(0, DRAWN_DEVICES).map(async (cid) => {
        const inbox = await data(
          control.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } }),
        ).catch(() => undefined);
        return {
          cid,
          messages: inbox ? [...inbox.pending.filter(mine), ...[...inbox.messages].reverse().filter(mine)] : [],
        };
      }),
    );
    if (this.state.sent === sent) this.set({ drawn });
  }

  say(notice: string | undefined, error?: string): void {
    this.set({ notice, error });
  }

  act(what: string, action: () => Promise<unknown>): Promise<void> {
    return this.run(what, action);
  }

  advanceClock(advanceMs: number): Promise<void> {
    const appid = this.state.appid!;
    return this.act('Clock advanced', async () => {
      const result = await data(
        control.POST('/apps/{appid}/clock', { params: { path: { appid } }, body: { advanceMs } }),
      );
      await this.loadApps();
      return `Clock of ${appid} is now ${result.local}: ${result.fired.length} scheduled task(s) fired, ${result.expired} offline message(s) expired`;
    });
  }

  newApp(): Promise<void> {
    return this.act('App created', async () => {
      const created = await data(control.POST('/apps', { body: { name: 'Console app' } }));
      await this.loadApps();
      this.selectApp(created.appid);
    });
  }

  setOnline(cid: string, online: boolean): Promise<void> {
    const appid = this.state.appid!;
    return this.act(`${cid} is now ${online ? 'online' : 'offline'}`, async () => {
      await data(control.PATCH('/apps/{appid}/devices/{cid}', { params: { path: { appid, cid } }, body: { online } }));
      await this.loadDevices();
    });
  }
}
