// The control API, typed by the sandbox document's generated types (the page reads nothing else), and the
// push v1 template types the sandbox validated each received message against.
import createClient from 'openapi-fetch';
import type { components as PushSchemas } from '@pushapi/push-v1-client';
import type { components, paths } from '../../src/generated/schema.js';
import { authHeaders } from './token.js';

export type Schemas = components['schemas'];
export type App = Schemas['App'];
export type Device = Schemas['Device'];
export type Inbox = Schemas['Inbox'];
export type InboxMessage = Schemas['InboxMessage'];
export type MessageList = Schemas['MessageList'];
export type Task = Schemas['Task'];
export type RequestLogEntry = Schemas['RequestLogEntry'];
export type SandboxEvent = Schemas['SandboxEvent'];

export type Style = PushSchemas['schemas']['Style'];
export type PushInfo = PushSchemas['schemas']['PushInfo'];

interface Templates {
  notification: PushSchemas['schemas']['NotificationTemplate'];
  link: PushSchemas['schemas']['LinkTemplate'];
  notypopload: PushSchemas['schemas']['NotypoploadTemplate'];
  startactivity: PushSchemas['schemas']['StartactivityTemplate'];
  transmission: PushSchemas['schemas']['TransmissionTemplate'];
}

/** A received message's template, narrowed by its msgtype. */
export type Received = { [K in keyof Templates]: { msgtype: K; template: Templates[K] } }[keyof Templates];

/** The sandbox document keeps `template` an open object; the sandbox checked it against the push v1 document. */
export const received = (m: InboxMessage): Received => ({ msgtype: m.msgtype, template: m.template }) as Received;

/** The envelope (`message`) of a received push, as the push v1 document describes it. */
export type Envelope = PushSchemas['schemas']['NotificationMessage']['message'];

export const control = createClient<paths>({ baseUrl: `${location.origin}/control` });
control.use({
  onRequest({ request }) {
    // Read at each call, so a token entered in the page's form applies to the next call.
    for (const [name, value] of Object.entries(authHeaders())) request.headers.set(name, value);
    // A control call that changes state must say JSON even without a body (a reset, a tap): the sandbox refuses
    // any other, so that no form or no-cors request of another site can make one.
    if (request.method !== 'GET' && !request.headers.has('content-type'))
      request.headers.set('content-type', 'application/json');
    return request;
  },
});

/** A refused control call, with what the sandbox said about it. */
export class ControlCallError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

/** The data of a control call, or a ControlCallError naming the problem. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: value, error, response } = await call;
  if (response.ok && value !== undefined) return value;
  const problem = error as { detail?: string; title?: string } | undefined;
  const detail = problem?.detail ?? problem?.title ?? `HTTP ${response.status}`;
  throw new ControlCallError(response.status, detail);
}
