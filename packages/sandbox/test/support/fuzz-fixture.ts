// The state the fuzz test works on, kept in shape between its requests: an app for push v1 and DMP calls
// (frozen clock, known credentials, devices in every state, an alias, a saved list, a scheduled push, a named
// app push, a token and a DMP token) and an app for the control API to change. A generated request may undo any
// of it (reset the sandbox, close the token, change a setting, add a fault); `ensure()` puts back what is gone,
// through the control API and push v1, before the next request, and keeps the state small so that comparing
// snapshots stays cheap.
import { createHash } from 'node:crypto';
import type { RunningSandbox } from '../../src/start/sandbox.js';
import type { FuzzWorld } from './fuzz-requests.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const T0 = Date.parse('2030-01-01T00:00:00Z');

const PUSH_APP = {
  appid: 'fuzz-push',
  appkey: 'fuzz-appkey',
  mastersecret: 'fuzz-mastersecret',
  userCode: 'fuzz-party',
  authCode: 'fuzz-authcode',
  settings: { scheduledPush: true, utcOffsetMinutes: 480, maxClockSkewMs: null, inboxLimit: 10, compat: 'strict' },
};
const CONTROL_APP = 'fuzz-control';
const DEVICE_A_IDS = { imei: '860000000000001', idfa: '00000000-0000-0000-0000-0000000000AA', oaid: 'oaid-fuzz-a' };

const DEVICES = [
  {
    cid: 'fuzz-a',
    online: true,
    region: 'north',
    phonetype: 'IOS',
    tags: ['t1', 't2'],
    dmpIds: DEVICE_A_IDS,
    dmpTags: ['1001'],
  },
  { cid: 'fuzz-b', online: false, region: 'south', phonetype: 'ANDROID', tags: ['t2'] },
  { cid: 'fuzz-c', online: true, active: false, tags: ['t3'] },
];

export const FUZZ_WORLD: FuzzWorld = {
  pushApp: PUSH_APP.appid,
  controlApp: CONTROL_APP,
  appkey: PUSH_APP.appkey,
  userCode: PUSH_APP.userCode,
  now: String(T0),
  cids: ['magic-online', 'magic-offline', 'magic-inactive', ...DEVICES.map((d) => d.cid), 'no-such-cid'],
  aliases: ['fuzz-alias', 'fuzz-alias-2'],
  requestIds: ['fuzz-request-0001', 'fuzz-request-0002', 'fuzz-request-0003'],
  dmpHashes: {
    imeiMD5: md5(DEVICE_A_IDS.imei),
    idfaMD5: md5(DEVICE_A_IDS.idfa.toUpperCase()),
    oaidMD5: md5(DEVICE_A_IDS.oaid),
    idfa: DEVICE_A_IDS.idfa,
  },
};

const notification = (text: string) => ({
  message: { msgtype: 'notification', is_offline: true },
  notification: { style: { type: 0, text, title: 'Fuzz', logo: 'icon.png' } },
});

/** The bounds that keep a snapshot small: past them, the app starts over. */
const MAX_TASKS = 30;
const MAX_APPS = 10;
const MAX_DEVICES = 16;

export class FuzzFixture {
  token = '';
  dmpToken = '';
  /** Control and push calls made to keep the fixture in shape (not counted as fuzz requests). */
  repairs = 0;

  constructor(private readonly sandbox: RunningSandbox) {}

  get #state() {
    return this.sandbox.store;
  }

  async #call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
    this.repairs++;
    const response = await fetch(`${this.sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`fixture: ${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  async #push(operation: string, body: unknown): Promise<any> {
    const answer = await this.#call('POST', `/v1/${PUSH_APP.appid}/${operation}`, body, { authtoken: this.token });
    if (answer.result !== 'ok') throw new Error(`fixture: ${operation} answered ${JSON.stringify(answer)}`);
    return answer;
  }

  async #signIn(): Promise<void> {
    const timestamp = String(T0);
    const answer = await this.#call('POST', `/v1/${PUSH_APP.appid}/auth_sign`, {
      sign: sha256(`${PUSH_APP.appkey}${timestamp}${PUSH_APP.mastersecret}`),
      timestamp,
      appkey: PUSH_APP.appkey,
    });
    if (answer.result !== 'ok') throw new Error(`fixture: auth_sign answered ${JSON.stringify(answer)}`);
    this.token = answer.auth_token;
  }

  async #dmpSignIn(): Promise<void> {
    const timestamp = String(T0);
    const query = new URLSearchParams({
      user_code: PUSH_APP.userCode,
      sign1: md5(PUSH_APP.userCode + md5(timestamp)),
      sign2: md5(PUSH_APP.userCode + PUSH_APP.authCode + md5(timestamp)),
      timestamp,
    });
    this.dmpToken = (await this.#call('GET', `/dmp/accesser/auth?${query}`)).access_token;
  }

  /** The push app from nothing: devices, an alias, a saved list, a scheduled push, a named app push, tokens. */
  async #buildPushApp(): Promise<void> {
    if (this.#state.apps.has(PUSH_APP.appid)) await this.#call('DELETE', `/control/apps/${PUSH_APP.appid}`);
    // A world loaded by a generated request may have given the push app's DMP user_code to another app.
    const holder = this.#state.parties.get(PUSH_APP.userCode);
    if (holder !== undefined) await this.#call('DELETE', `/control/apps/${holder}`);
    const { appid, appkey, mastersecret, userCode, authCode, settings } = PUSH_APP;
    await this.#call('POST', '/control/apps', {
      appid,
      appkey,
      mastersecret,
      userCode,
      authCode,
      settings,
      clock: { time: T0 },
    });
    for (const device of DEVICES) await this.#call('POST', `/control/apps/${appid}/devices`, device);
    await this.#signIn();
    await this.#dmpSignIn();
    await this.#push('bind_alias', {
      alias_list: [
        { cid: 'fuzz-a', alias: 'fuzz-alias' },
        { cid: 'fuzz-b', alias: 'fuzz-alias' },
      ],
    });
    await this.#ensureTasks();
  }

  async #ensureTasks(): Promise<void> {
    const tasks = [...this.#state.apps.get(PUSH_APP.appid)!.tasks.values()];
    if (!tasks.some((t) => t.kind === 'list' && t.state !== 'stopped'))
      await this.#push('save_list_body', { ...notification('list'), task_name: 'fuzz-group' });
    if (!tasks.some((t) => t.state === 'scheduled')) {
      await this.#push('push_app', {
        ...notification('scheduled'),
        requestid: `fuzz-scheduled-${this.repairs}`,
        pushTime: '203001021200',
      });
    }
    if (!tasks.some((t) => t.kind === 'app' && t.taskName === 'fuzz-group')) {
      await this.#push('push_app', {
        ...notification('app'),
        requestid: `fuzz-app-${this.repairs}`,
        task_name: 'fuzz-group',
      });
    }
  }

  /** Puts back what the last request undid, and keeps the state small. */
  async ensure(): Promise<void> {
    const state = this.#state;
    for (const app of state.apps.values())
      if (app.faults.length > 0) await this.#call('DELETE', `/control/apps/${app.record.appid}/faults`);
    if (state.apps.size > MAX_APPS) {
      for (const appid of [...state.apps.keys()]) {
        if (![PUSH_APP.appid, CONTROL_APP, 'sandbox-app'].includes(appid))
          await this.#call('DELETE', `/control/apps/${appid}`);
      }
    }
    const control = state.apps.get(CONTROL_APP);
    if (!control || control.devices.size > MAX_DEVICES) {
      if (control) await this.#call('DELETE', `/control/apps/${CONTROL_APP}`);
      await this.#call('POST', '/control/apps', { appid: CONTROL_APP, clock: { time: T0 } });
    }
    const app = state.apps.get(PUSH_APP.appid);
    const messages = app ? [...app.devices.values()].reduce((n, d) => n + d.inbox.size + d.pending.size, 0) : 0;
    if (
      !app ||
      app.record.appkey !== PUSH_APP.appkey ||
      DEVICES.some((d) => !app.devices.has(d.cid)) ||
      app.tasks.size > MAX_TASKS ||
      app.devices.size > MAX_DEVICES ||
      messages > 60
    ) {
      await this.#buildPushApp();
      return;
    }
    const { settings, clock, rateLimits, party } = app.record;
    if (JSON.stringify(settings) !== JSON.stringify(PUSH_APP.settings))
      await this.#call('PATCH', `/control/apps/${PUSH_APP.appid}`, PUSH_APP.settings);
    if (Object.keys(rateLimits).length > 0) await this.#call('PUT', `/control/apps/${PUSH_APP.appid}/rate-limits`, {});
    if (clock.frozenAt !== T0) await this.#call('POST', `/control/apps/${PUSH_APP.appid}/clock`, { time: T0 });
    if (party.expiresIn !== 7200 || !party.permissions.tagsUser || !party.permissions.configTags) {
      await this.#call('PATCH', `/control/apps/${PUSH_APP.appid}/dmp`, {
        expiresIn: 7200,
        permissions: { tagsUser: true, configTags: true },
      });
    }
    const token = app.tokens.get(this.token);
    if (!token || token.expiresAt <= T0) await this.#signIn();
    const dmp = state.dmpTokens.get(this.dmpToken);
    if (!dmp || dmp.appid !== PUSH_APP.appid || dmp.expiresAt <= T0) await this.#dmpSignIn();
    await this.#ensureTasks();
  }

  // ---- placeholders ----

  /** The request with its placeholders replaced by live values: a task of the app, a message of the device, a sign. */
  resolve(
    value: unknown,
    context: { appid: string; cid?: string; body?: Record<string, unknown>; query?: Record<string, unknown> },
  ): unknown {
    if (typeof value === 'string' && value.startsWith('@@')) return this.#placeholder(value, context);
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, context));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, context)]));
    }
    return value;
  }

  #placeholder(
    text: string,
    context: { appid: string; cid?: string; body?: Record<string, unknown>; query?: Record<string, unknown> },
  ): string {
    const [name, n = '0'] = text.slice(2).split(':');
    const app = this.#state.apps.get(context.appid) ?? this.#state.apps.get(PUSH_APP.appid);
    switch (name) {
      case 'task': {
        const ids = app ? [...app.tasks.keys()] : [];
        return ids.length > 0 ? ids[Number(n) % ids.length]! : 'RASS_0101_none';
      }
      case 'message': {
        const inbox = [...(app?.devices.get(context.cid ?? '')?.inbox.values() ?? [])];
        return inbox.length > 0 ? inbox[Number(n) % inbox.length]!.id : 'm-0';
      }
      case 'sign': {
        const body = context.body ?? {};
        const secret = this.#state.apps.get(context.appid)?.record.mastersecret ?? PUSH_APP.mastersecret;
        return sha256(`${String(body.appkey)}${String(body.timestamp)}${secret}`);
      }
      case 'sign1':
      case 'sign2': {
        const query = context.query ?? {};
        const userCode = String(query.user_code);
        const appid = this.#state.parties.get(userCode);
        const authCode = (appid && this.#state.apps.get(appid)?.record.party.authCode) ?? PUSH_APP.authCode;
        const hashed = md5(String(query.timestamp));
        return name === 'sign1' ? md5(userCode + hashed) : md5(userCode + authCode + hashed);
      }
      default:
        return text;
    }
  }
}
