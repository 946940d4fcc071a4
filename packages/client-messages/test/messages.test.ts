// The clients' messages against the sandbox, whole and exactly as the sandbox wrote them. Redaction replaces a
// secret, never a part of an ordinary word: with the sandbox's public default secret `sandbox-mastersecret`, or a
// secret such as `s` or `test`, the earlier clients printed "(injected by the [redacted])" and "POST /pu[redacted]h_...".
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient, type PushClientOptions } from '@pushapi/push-v1-client';
import { DEFAULT_APP, startSandbox, type Sandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let sandbox: Sandbox;
// The default app's DMP party takes the auth code `a`: the shortest secret there is.
beforeAll(async () => (sandbox = await startSandbox({ defaultApp: { authCode: 'a' } })));
afterAll(() => sandbox.stop());

const messageOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (error: Error) => error.message,
  );

const pushTo = (cid: string) => ({
  body: {
    message: { msgtype: 'notification' as const, is_offline: true },
    notification: {
      style: { type: 0 as const, text: 'Your order has shipped', title: 'Order update', logo: 'icon.png' },
    },
    cid,
  },
});

describe.each(['sandbox-mastersecret', 's', 'secret', 'test'])('push v1, master secret %j', (secret) => {
  let options: PushClientOptions;
  let fault: (result: string) => Promise<unknown>;
  beforeAll(async () => {
    if (secret === DEFAULT_APP.mastersecret) {
      // The default app, as `run sandbox` prints its credentials.
      const { appid, appkey, mastersecret } = DEFAULT_APP;
      options = {
        baseUrl: sandbox.pushBaseUrl,
        appId: appid,
        appKey: appkey,
        masterSecret: mastersecret,
        retry: false,
      };
      fault = (result) =>
        sandbox.control.POST('/apps/{appid}/faults', {
          params: { path: { appid } },
          body: { operation: 'push_single', kind: 'result', result },
        });
    } else {
      const app = await sandbox.app({ mastersecret: secret });
      options = { ...app.pushOptions, retry: false };
      fault = (result) => app.fault({ operation: 'push_single', kind: 'result', result });
    }
  });

  it('a result injected by the sandbox', async () => {
    await fault('sensitive_word');
    expect(await messageOf(createPushClient(options).POST('/push_single', pushTo('magic-online')))).toBe(
      'POST /push_single: sensitive_word (injected by the sandbox)',
    );
  });

  it('a push to a cid the app does not have names the cid and the app', async () => {
    expect(await messageOf(createPushClient(options).POST('/push_single', pushTo('nobody-here')))).toBe(
      `POST /push_single: no_user (cid "nobody-here" is not a device of app ${options.appId})`,
    );
  });

  it('a body the documents refuse names the broken field', async () => {
    const body = { ...pushTo('magic-online').body, message: { msgtype: 'notice' } };
    expect(await messageOf(createPushClient(options).POST('/push_single', { body: body as never }))).toBe(
      'POST /push_single: HTTP 422, 1 violation: body.message.msgtype: must be one of: "notification", "link", "notypopload", "startactivity", "transmission"',
    );
  });

  it('a sign-in with a master secret that is not the app one', async () => {
    // This secret given for an app that has another one (the case: `not-the-secret` for the default app).
    const other = secret === DEFAULT_APP.mastersecret ? 'not-the-secret' : secret;
    const app = secret === DEFAULT_APP.mastersecret ? options : (await sandbox.app()).pushOptions;
    expect(await messageOf(createPushClient({ ...app, masterSecret: other, retry: false }).GET('/query_bi_tags'))).toBe(
      'GET /query_bi_tags (during its sign-in, POST /auth_sign): sign_error (sign does not match sha256(appkey + timestamp + mastersecret))',
    );
  });
});

describe('DMP, auth code "a"', () => {
  const dmp = (baseUrl = sandbox.dmpBaseUrl) =>
    createDmpClient({ baseUrl, userCode: DEFAULT_APP.userCode, authCode: 'a', retry: false });

  it('a body the documents refuse names the broken field', async () => {
    expect(await messageOf(dmp().POST('/tags/user', { body: { imeiMD5: 'x' } }))).toBe(
      'POST /tags/user: HTTP 400, code 400, 1 violation: body.imeiMD5: must match the pattern ^[0-9a-fA-F]{32}$',
    );
  });

  it('a port that fetch refuses to call (no server needed): the marker is never redacted again', async () => {
    // 10080 is on fetch's list of bad ports: the request fails before any connection.
    expect(await messageOf(dmp('http://127.0.0.1:10080/dmp').GET('/config/tags'))).toBe(
      'GET /config/tags (during its sign-in, GET /accesser/auth): network error reaching 127.0.0.1:10080 (bad port)',
    );
  });

  it('a refused sign-in', async () => {
    const wrong = createDmpClient({
      baseUrl: sandbox.dmpBaseUrl,
      userCode: DEFAULT_APP.userCode,
      authCode: 'b',
      retry: false,
    });
    expect(await messageOf(wrong.GET('/config/tags'))).toBe(
      'GET /config/tags (during its sign-in, GET /accesser/auth): HTTP 401, code 401: sign2 does not match MD5(user_code + auth_code + MD5(timestamp))',
    );
  });
});
