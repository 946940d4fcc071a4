// What the target devices of the last send received, drawn with the inbox page's own message card, live.
import type { Device, InboxMessage } from '../../src/api.js';
import { MessageCard } from '../../src/components/Message.js';
import type { Sent } from './answer.js';

interface PhonesProps {
  sent: Sent | undefined;
  drawn: { cid: string; messages: InboxMessage[] }[];
  devices: Device[];
  context: { appName: string; utcOffsetMinutes: number; now: number };
}

export function Phones({ sent, drawn, devices, context }: PhonesProps) {
  return (
    <section class="console-phones" aria-labelledby="phones-title">
      <h2 id="phones-title">On the target devices</h2>
      {!sent || sent.taskids.length === 0 ? (
        <p class="empty">
          A push sent from here is drawn as each target device shows it, live: switch a device offline, advance the
          clock, and watch.
        </p>
      ) : drawn.length === 0 ? (
        <p class="empty">
          Task {sent.taskids.join(', ')} has no device yet (a scheduled push fires when the app's clock reaches its
          pushTime).
        </p>
      ) : (
        drawn.map(({ cid, messages }) => (
          <section class="console-device" key={cid} aria-labelledby={`phone-${cid}`} data-cid={cid}>
            <h3 id={`phone-${cid}`}>
              {cid} <span class="muted">({devices.find((d) => d.cid === cid)?.online ? 'online' : 'offline'})</span>
            </h3>
            {messages.length === 0 ? (
              <p class="empty">Nothing from this push yet.</p>
            ) : (
              messages.map((m) => <MessageCard key={m.id} message={m} context={context} />)
            )}
          </section>
        ))
      )}
    </section>
  );
}
