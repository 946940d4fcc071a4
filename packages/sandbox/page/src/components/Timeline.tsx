// The app's timeline: every message of every device in one list, newest first, with filters (device or alias,
// template, task, state) and a search box; the selected message opens in the detail pane beside it, with the
// phone's drawing, the JSON of the request as the sandbox received it and of the message as it is stored, links to
// its task and its request, and Delete. A device chosen as the filter shows its facts and can be cleared.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Device, InboxMessage, MessageList, RequestLogEntry, Task } from '../api.js';
import { appTime } from '../format.js';
import type { Selection } from '../selection.js';
import { ConfirmButton } from './AppBar.js';
import { DeviceFacts, emptyTimelineText } from './DeviceFacts.js';
import { Filters } from './Filters.js';
import { MessageCard, type MessageContext } from './Message.js';
import { TimelineRow } from './TimelineRow.js';

export interface TimelineProps {
  selection: Selection;
  devices: Device[];
  tasks: Task[];
  requests: RequestLogEntry[];
  list: MessageList | undefined;
  /**
   * Whether the messages and what the rows draw from have arrived (the devices: platforms, aliases, a device's
   * facts and why its timeline is empty; the apps: the app's clock). Until then the timeline says it is loading,
   * rather than show a count of 0, or rows whose titles and times change a moment later.
   */
  ready: boolean;
  context: MessageContext;
  onSelect(change: Partial<Selection>): void;
  onDelete(cid: string, messageId: string): void;
  onClear(cid: string): void;
}

/** A folded section whose content is made only once it is opened (a message's JSON can be large). */
export function Folded({ summary, children }: { summary: string; children: () => ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="json" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}

function Detail({ message, props }: { message: InboxMessage; props: TimelineProps }) {
  const { context, devices, requests, tasks, onSelect } = props;
  // The messages this one took the place of on the notification bar (those in the list).
  const replaced = (props.list?.messages ?? []).filter((m) => m.replacedBy === message.id);
  const device = devices.find((d) => d.cid === message.cid);
  const request = requests.find((r) => r.taskids?.includes(message.taskid));
  const task = tasks.find((t) => t.taskid === message.taskid);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message.id]);
  const { cid: _cid, ...stored } = message;
  return (
    <section class="detail" aria-labelledby="detail-title" data-message-id={message.id}>
      <h2 id="detail-title" tabIndex={-1} ref={heading}>
        Message {message.id} to {message.cid}
      </h2>
      <ul class="links" aria-label="Related">
        <li>
          <button type="button" class="link" onClick={() => onSelect({ tab: 'tasks', focus: message.taskid })}>
            Task {message.taskid}
            {task ? ` (${task.state})` : ' (no longer kept)'}
          </button>
        </li>
        <li>
          {request ? (
            <button type="button" class="link" onClick={() => onSelect({ tab: 'requests', focus: String(request.id) })}>
              Request #{request.id} in the log ({request.operation})
            </button>
          ) : (
            <span>The request that sent it is not in the recent request log.</span>
          )}
        </li>
        <li>
          <button
            type="button"
            class="link"
            onClick={() => onSelect({ task: message.taskid, cid: undefined, alias: undefined, msg: message.id })}
          >
            Every message of this task
          </button>
        </li>
        {replaced.map((m) => (
          <li key={m.id}>
            <button type="button" class="link" onClick={() => onSelect({ msg: m.id })}>
              The message it replaced on the bar ({m.id})
            </button>
          </li>
        ))}
        {message.replacedBy && (
          <li>
            <button type="button" class="link" onClick={() => onSelect({ msg: message.replacedBy ?? undefined })}>
              The message that replaced it ({message.replacedBy})
            </button>
          </li>
        )}
      </ul>
      <MessageCard message={message} context={context} phonetype={device?.phonetype} />
      <Folded summary="Request as the sandbox received it (JSON)">
        {() =>
          request?.body ? (
            <pre class="raw raw-json" tabIndex={0} role="region" aria-label="Request body, JSON">
              {JSON.stringify(request.body, null, 2)}
            </pre>
          ) : (
            <p class="empty">
              {request
                ? request.body === null
                  ? 'Its body was over 64 KiB: the log did not keep it.'
                  : 'The log kept no body for this request.'
                : 'Not in the recent request log (it keeps the last 500 requests).'}
            </p>
          )
        }
      </Folded>
      <Folded summary="Message as stored (JSON)">
        {() => (
          <pre class="raw raw-json" tabIndex={0} role="region" aria-label="Stored message, JSON">
            {JSON.stringify({ cid: message.cid, ...stored }, null, 2)}
          </pre>
        )}
      </Folded>
      {message.state !== 'expired' && message.state !== 'stopped' && (
        <p class="msg-actions">
          <ConfirmButton
            label="Delete message"
            question={`Delete ${message.id} from ${message.cid}?`}
            onConfirm={() => props.onDelete(message.cid, message.id)}
          />
        </p>
      )}
    </section>
  );
}

export function Timeline(props: TimelineProps) {
  const { selection, devices, context, onSelect } = props;
  const list = props.ready ? props.list : undefined;
  const aliasOf = new Map(devices.map((d) => [d.cid, d.alias]));
  const phonetypeOf = new Map(devices.map((d) => [d.cid, d.phonetype]));
  const messages = list?.messages ?? [];
  const matched = list?.matched ?? 0;
  const selected = messages.find((m) => m.id === selection.msg);
  const device = selection.cid ? devices.find((d) => d.cid === selection.cid) : undefined;
  const at = (ms: number) => appTime(ms, context.utcOffsetMinutes);
  const scope = selection.cid
    ? `of ${selection.cid}`
    : selection.alias
      ? `of alias ${selection.alias}`
      : 'of every device';
  return (
    <div class="timeline-view">
      <Filters selection={selection} devices={devices} tasks={props.tasks} onSelect={onSelect} />
      {device && <DeviceFacts device={device} utcOffsetMinutes={context.utcOffsetMinutes} onClear={props.onClear} />}
      <div class="split">
        <section class="timeline" aria-labelledby="timeline-title">
          {/* No count before the list arrives: a heading that says (0) while loading would tell a reader (and a
              test waiting for it) that the timeline is empty; with the count, the rows and the empty text stand. */}
          <h2 id="timeline-title">
            {list ? (
              <>
                Messages {scope} ({matched}
                {matched > messages.length ? `, newest ${messages.length} shown` : ''}), newest first
              </>
            ) : (
              `Messages ${scope}, loading…`
            )}
          </h2>
          {!list && <p class="empty">Loading the messages…</p>}
          {list && messages.length === 0 && <p class="empty">{emptyTimelineText(device)}</p>}
          <ol class="rows">
            {messages.map((m) => (
              <TimelineRow
                key={m.id}
                message={m}
                alias={aliasOf.get(m.cid)}
                phonetype={phonetypeOf.get(m.cid)}
                selected={m.id === selection.msg}
                at={at}
                onPick={() => onSelect({ msg: m.id })}
              />
            ))}
          </ol>
        </section>
        {selected ? (
          <Detail message={selected} props={props} />
        ) : (
          <section class="detail detail-empty" aria-label="Message detail">
            <p class="empty">
              {selection.msg
                ? `Message ${selection.msg} is not in this list.`
                : 'Choose a message to see it as the phone shows it, with its request and stored JSON.'}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
