// What a test file needs: the sandbox of its project, a new isolated app per test, the real clients pointed at
// the sandbox (or at the Prism proxies in front of it), and raw requests for what a client would not send.
import { createDmpClient, type DmpClientOptions } from '@pushapi/dmp-client';
import { createPushClient, type PushClientOptions } from '@pushapi/push-v1-client';
import { inject } from 'vitest';
import { createControlClient } from '../../src/shared/control-client.js';
import { createSandboxApp, type SandboxApp } from '../../src/client/control-client.js';
import type { components } from '../../src/generated/schema.js';

export const viaPrism = inject('viaPrism');
export const sandboxUrl = inject('sandboxUrl');
const pushBaseUrl = inject('pushBaseUrl');
const dmpBaseUrl = inject('dmpBaseUrl');

export const control = createControlClient({ baseUrl: sandboxUrl });

export type TestApp = SandboxApp;

/** A new isolated app whose client options point at this project's sandbox (or its Prism referee). */
export async function newApp(input: components['schemas']['AppCreate'] = {}): Promise<TestApp> {
  const app = await createSandboxApp(control, sandboxUrl, input);
  return {
    ...app,
    pushOptions: { ...app.pushOptions, baseUrl: pushBaseUrl },
    dmpOptions: { ...app.dmpOptions, baseUrl: dmpBaseUrl },
  };
}

/** The push client of the app, without retries unless asked (a test sees each answer as it is). */
export const pushClient = (app: TestApp, options: Partial<PushClientOptions> = {}) =>
  createPushClient({ ...app.pushOptions, retry: false, ...options });

export const dmpClient = (app: TestApp, options: Partial<DmpClientOptions> = {}) =>
  createDmpClient({ ...app.dmpOptions, retry: false, ...options });

/** A push v1 request as sent by hand (a token the test chose, a body a typed client would refuse). */
export async function rawPush(
  app: TestApp,
  method: string,
  path: string,
  init: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${pushBaseUrl}/v1/${app.appid}${path}`, {
    method,
    headers: {
      ...(init.token === undefined ? {} : { authtoken: init.token }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The token the app's push client signs in with, captured through its token store hook. */
export function tokenCatcher() {
  let stored: { token: string; expiresAt: number } | undefined;
  return {
    store: { get: () => stored, set: (t: { token: string; expiresAt: number }) => void (stored = t) },
    get token() {
      return stored?.token;
    },
  };
}

/** How many requests of an operation the sandbox has answered for the app. */
export async function callsOf(app: TestApp, operation: string): Promise<number> {
  return (await app.requests()).filter((r) => r.operation === operation).length;
}

export const notification = (text = 'Your order has shipped') => ({
  message: { msgtype: 'notification' as const, is_offline: true },
  notification: { style: { type: 0 as const, text, title: 'Order update', logo: 'icon.png' } },
});

/** A notification with a notify_id (and a channel, when given). */
export const numbered = (text: string, notifyId: number, channelId?: string) => {
  const body = notification(text);
  return {
    ...body,
    notification: {
      style: {
        ...body.notification.style,
        notify_id: notifyId,
        ...(channelId ? { channelId, channelName: channelId } : {}),
      },
    },
  };
};

export const transmission = (content = 'order-42') => ({
  message: { msgtype: 'transmission' as const, is_offline: true },
  transmission: { transmission_content: content },
});
