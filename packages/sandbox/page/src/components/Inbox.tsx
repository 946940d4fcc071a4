// A device's inbox: what waits for it (offline messages kept until it comes online), then what it received,
// newest first.
import type { Device, Inbox as InboxData } from '../api.js';
import { appTime } from '../format.js';
import { MessageCard, type MessageContext } from './Message.js';

export function Inbox(props: { device: Device | undefined; cid: string | undefined; inbox: InboxData | undefined; loaded: boolean; context: MessageContext }) {
  const { device, inbox, context } = props;
  if (!props.cid) return <p class="empty">Choose a device to see its inbox.</p>;
  if (!inbox) return <p class="empty">{props.loaded ? `No inbox for ${props.cid}.` : `Loading the inbox of ${props.cid}…`}</p>;
  const messages = [...inbox.messages].reverse();
  return (
    <div class="inbox">
      {device && (
        <dl class="device-facts" aria-label={`Device ${device.cid}`}>
          <div><dt>cid</dt><dd>{device.cid}</dd></div>
          <div><dt>state</dt><dd>{[device.online ? 'online' : 'offline', device.active ? 'active' : 'inactive', device.blacklisted ? 'blacklisted' : null].filter(Boolean).join(', ')}</dd></div>
          <div><dt>alias</dt><dd>{device.alias ?? 'none'}</dd></div>
          <div><dt>tags</dt><dd>{device.tags.length ? device.tags.join(', ') : 'none'}</dd></div>
          {device.region && <div><dt>region</dt><dd>{device.region}</dd></div>}
          {device.phonetype && <div><dt>phone type</dt><dd>{device.phonetype}</dd></div>}
          {device.badge !== null && <div><dt>badge</dt><dd>{device.badge}</dd></div>}
          <div><dt>last login</dt><dd>{appTime(device.lastlogin, context.utcOffsetMinutes)}</dd></div>
        </dl>
      )}
      {inbox.pending.length > 0 && (
        <section class="pending" aria-labelledby="pending-title">
          <h2 id="pending-title">Waiting for {inbox.cid} to come online ({inbox.pending.length})</h2>
          {inbox.pending.map((m) => <MessageCard key={m.id} message={m} context={{ ...context, onTap: undefined }} />)}
        </section>
      )}
      <section aria-labelledby="received-title">
        <h2 id="received-title">Received by {inbox.cid} ({messages.length}), newest first</h2>
        {messages.length === 0 && <p class="empty">Nothing received yet. Pushes sent to this device appear here at once.</p>}
        {messages.map((m) => <MessageCard key={m.id} message={m} context={context} />)}
      </section>
    </div>
  );
}
