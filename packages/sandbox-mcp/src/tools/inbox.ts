// What a device received, as the phone shows it: read the inbox, or wait for the next message.
import type { components } from '@pushapi/sandbox/client';
import { phoneText, type PhoneContext } from '../phone-text.js';
import { operationNamed } from '../schemas.js';
import { callControl, text, type McpContext, type Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

type Schemas = components['schemas'];

/** The device's phone type and the app's time zone and clock: what the phone's text depends on. */
async function phoneContext(context: McpContext, appid: string, cid: string): Promise<PhoneContext> {
  const doc = context.documents.sandbox;
  const [device, app] = await Promise.all([
    callControl<Schemas['Device']>(context, operationNamed(doc, 'getDevice'), { path: { appid, cid } }),
    callControl<Schemas['App']>(context, operationNamed(doc, 'getApp'), { path: { appid } }),
  ]);
  return { phonetype: device.phonetype, utcOffsetMinutes: app.settings.utcOffsetMinutes, now: app.clock.now };
}

const messagesText = (messages: Schemas['InboxMessage'][], phone: PhoneContext) =>
  messages.map((m) => phoneText(m, phone)).join('\n\n');

export const inboxTools = (documents: McpContext['documents']): Tool[] => [
  controlTool(
    {
      name: 'read_inbox',
      title: "Read a device's inbox as the phone shows it",
      operationId: 'getInbox',
      description:
        "Reads what a device received, each message as the phone shows it: the notification bar's title and text " +
        'as cut on the phone, what its channel level does, the lock screen, the iOS alert of push_info, and whether ' +
        'a later message replaced it; then the messages waiting for the device to come online.',
      async render(data, args, context) {
        const inbox = data as Schemas['Inbox'];
        const phone = await phoneContext(context, String(args.appid), String(args.cid));
        const parts = [
          inbox.messages.length === 0
            ? `The inbox of ${inbox.cid} is empty.`
            : `The inbox of ${inbox.cid}: ${inbox.messages.length} message(s), oldest first.\n\n${messagesText(inbox.messages, phone)}`,
        ];
        if (inbox.pending.length > 0)
          parts.push(`Waiting for ${inbox.cid} (${inbox.pending.length}):\n\n${messagesText(inbox.pending, phone)}`);
        return text(parts.join('\n\n'));
      },
    },
    documents,
  ),
  controlTool(
    {
      name: 'wait_for_message',
      title: 'Wait for a message',
      operationId: 'getInbox',
      query: ['wait', 'after'],
      description:
        "Waits (up to `wait` ms of real time, at most 60000) for a message in a device's inbox after the message id " +
        '`after` (any message without it), and answers the new messages as the phone shows them, or says that ' +
        'nothing arrived. The sandbox answers as soon as the message arrives: no polling.',
      async render(data, args, context) {
        const inbox = data as Schemas['Inbox'];
        const from = typeof args.after === 'string' ? inbox.messages.findIndex((m) => m.id === args.after) + 1 : 0;
        const fresh = inbox.messages.slice(from);
        if (fresh.length === 0) {
          const waiting =
            inbox.pending.length > 0 ? `; ${inbox.pending.length} message(s) wait for the device to come online` : '';
          return text(`Nothing arrived in the inbox of ${inbox.cid} within ${Number(args.wait ?? 0)} ms${waiting}.`);
        }
        const phone = await phoneContext(context, String(args.appid), String(args.cid));
        return text(
          `${fresh.length} message(s) arrived in the inbox of ${inbox.cid}:\n\n${messagesText(fresh, phone)}`,
        );
      },
    },
    documents,
  ),
];
