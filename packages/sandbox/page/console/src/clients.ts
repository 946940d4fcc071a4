// The console sends through the typed clients, as a program would: @pushapi/push-v1-client and
// @pushapi/dmp-client sign in with the app's credentials and its clock, keep the token, and sign in again by
// themselves when the service refuses it (not_auth, 401). They are given a recording fetch, so that each send
// comes back as the exchanges that went over the wire: the raw answer, and the sign-ins it took.
import { createDmpClient, dmpSigns } from '@pushapi/dmp-client';
import { createPushClient, pushSign } from '@pushapi/push-v1-client';
import { control, data } from '../../src/api.js';
import type { ApiName } from './catalogue.js';
import { createRecorder, type Exchange, type Recorder } from './exchanges.js';
import { mountOf, type ConsoleRequest } from './samples.js';

/** A catalogue operation is chosen at run time: its call is the client's method of that name, untyped. */
type AnyCall = (path: string, init: object) => Promise<unknown>;
type AnyClient = Partial<Record<string, AnyCall>>;

interface Held {
  client: AnyClient;
  recorder: Recorder;
}

/** The operations that are themselves a sign-in: the console computes their signs with the client's helpers. */
export const SIGN_IN_OPERATIONS = new Set(['authSign', 'getAccessToken']);

export class ConsoleClients {
  readonly #held = new Map<string, Held>();

  /** @param appNow the app's clock now, in ms: the sign-in timestamps and the token lifetimes follow it. */
  constructor(private readonly appNow: (appid: string) => number) {}

  /** Forgets every client (and so its token): after a reset, an app's credentials may be new. */
  forget(): void {
    this.#held.clear();
  }

  /** Sends the request; resolves with what went over the wire, also when the client refused the answer. */
  async send(request: ConsoleRequest): Promise<{ exchanges: Exchange[]; failure?: unknown }> {
    const { client, recorder } = await this.#clientFor(request.api, request.appid);
    const call = client[request.op.method];
    if (!call) throw new Error(`the ${request.api} client has no ${request.op.method} call`);
    recorder.take();
    const query = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== ''));
    const init = {
      params: { path: request.path, query },
      ...(request.body === undefined ? {} : { body: request.body }),
      retry: false,
    };
    try {
      await call(request.op.path, init);
      return { exchanges: recorder.take() };
    } catch (failure) {
      return { exchanges: recorder.take(), failure };
    }
  }

  /** The request of a sign-in operation with its signs computed for the app, as the client computes them. */
  async signed(request: ConsoleRequest): Promise<ConsoleRequest> {
    const credentials = await data(
      control.GET('/apps/{appid}/credentials', { params: { path: { appid: request.appid } } }),
    );
    const timestamp = String(Math.round(this.appNow(request.appid)));
    if (request.api === 'push-v1') {
      const sign = await pushSign(credentials.appkey, timestamp, credentials.mastersecret);
      return { ...request, body: { ...(request.body as object), sign, timestamp, appkey: credentials.appkey } };
    }
    const { userCode, authCode } = credentials.dmp;
    return {
      ...request,
      query: { ...request.query, user_code: userCode, ...dmpSigns(userCode, authCode, timestamp), timestamp },
    };
  }

  async #clientFor(api: ApiName, appid: string): Promise<Held> {
    const key = `${api}:${appid}`;
    const known = this.#held.get(key);
    if (known) return known;
    const credentials = await data(control.GET('/apps/{appid}/credentials', { params: { path: { appid } } }));
    const recorder = createRecorder();
    const common = { fetch: recorder.fetch, now: () => Math.round(this.appNow(appid)), retry: false as const };
    const baseUrl = location.origin;
    const client =
      api === 'push-v1'
        ? createPushClient({
            ...common,
            baseUrl,
            appId: appid,
            appKey: credentials.appkey,
            masterSecret: credentials.mastersecret,
          })
        : createDmpClient({
            ...common,
            baseUrl: `${baseUrl}${mountOf({ api, appid })}`,
            userCode: credentials.dmp.userCode,
            authCode: credentials.dmp.authCode,
          });
    const held = { client: client as unknown as AnyClient, recorder };
    this.#held.set(key, held);
    return held;
  }
}
