// The control API, through the sandbox's one control client (src/shared/control-client.ts), typed by the sandbox
// document's generated types (the page reads nothing else), and the push v1 template types the sandbox validated
// each received message against.
import type { components as PushSchemas } from '@pushapi/push-v1-client';
import type { components } from '../../src/generated/schema.js';
import { createControlClient } from '../../src/shared/control-client.js';
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

// A refused call answers with its `error` (the page shows what went wrong where it happened): `data()` reads a call's
// data or throws the ControlError of its refusal. The token is read at each call, so a token entered in the page's
// form applies to the next call.
export const control = createControlClient({ baseUrl: location.origin, headers: authHeaders, throwing: false });

export { ControlError, data } from '../../src/shared/control-client.js';
