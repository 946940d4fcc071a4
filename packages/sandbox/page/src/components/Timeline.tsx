// The app's timeline: every message of every device in one list, newest first, with filters (device or alias,
// template, task, state) and a search box; the selected message opens in the detail pane beside it, with the
// phone's drawing, the JSON of the request as the sandbox received it and of the message as it is stored, links to
// its task and its request, and Delete. A device chosen as the filter shows its facts and can be cleared.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { received, type Device, type InboxMessage, type MessageList, type PushInfo, type RequestLogEntry, type Task } from '../api.js';
import { appTime } from '../format.js';
import { STATES, TEMPLATES, type Selection, type StateFilter, type Template } from '../selection.js';
import { ConfirmButton } from './AppBar.js';
import { cut, MessageCard, type MessageContext } from './Message.js';

export interface TimelineProps {
  selection: Selection;
  devices: Device[];
  tasks: Task[];
  requests: RequestLogEntry[];
  list: MessageList | undefined;
  loaded: boolean;
  context: MessageContext;
  onSelect(change: Partial<Selection>): void;
  onDelete(cid: string, messageId: string): void;
  onClear(cid: string): void;
}

/** The title a row shows: the bar's title, the iOS alert's, or what kind of message it is. */
export function titleOf(m: InboxMessage): string {
  const r = received(m);
  const push = m.push_info as PushInfo | null;
  if (r.msgtype === 'notypopload') return r.template.notytitle;
  if (r.msgtype !== 'transmission' && r.template.style.type !== 4) return r.template.style.title;
  return push?.aps?.alert?.title ?? (r.msgtype === 'transmission' ? 'Pass-through message' : 'Background image');
}

export const stateOf = (m: InboxMessage): string => (m.state === 'pending' ? 'waiting' : m.state);

function Filters({ selection, devices, tasks, onSelect }: Pick<TimelineProps, 'selection' | 'devices' | 'tasks' | 'onSelect'>) {
  const [text, setText] = useState(selection.q ?? '');
  useEffect(() => setText(selection.q ?? ''), [selection.q]);
  const aliases = [...new Set(devices.map((d) => d.alias).filter((a): a is string => a !== null))].sort();
  const target = selection.cid !== undefined ? `cid:${selection.cid}` : selection.alias !== undefined ? `alias:${selection.alias}` : '';
  const pick = (value: string) => {
    const [kind, ...rest] = value.split(':');
    const name = rest.join(':');
    onSelect({ cid: kind === 'cid' ? name : undefined, alias: kind === 'alias' ? name : undefined, msg: undefined });
  };
  const any = selection.cid ?? selection.alias ?? selection.template ?? selection.task ?? selection.q ?? selection.state;
  return (
    <form
      class="filters"
      role="search"
      aria-label="Filter the messages"
      onSubmit={(e) => {
        e.preventDefault();
        onSelect({ q: text.trim() || undefined, msg: undefined });
      }}
    >
      <span class="filter">
        <label for="filter-q">Search</label>
        <input id="filter-q" type="search" value={text} placeholder="title, text, content" maxLength={200} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
      </span>
      <button type="submit" class="button">
        Search
      </button>
      <span class="filter">
        <label for="filter-target">Device or alias</label>
        <select id="filter-target" value={target} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">every device</option>
          {devices.map((d) => (
            <option key={d.cid} value={`cid:${d.cid}`}>
              {d.cid}
            </option>
          ))}
          {aliases.map((a) => (
            <option key={`alias:${a}`} value={`alias:${a}`}>
              alias {a}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-template">Template</label>
        <select id="filter-template" value={selection.template ?? ''} onChange={(e) => onSelect({ template: ((e.currentTarget as HTMLSelectElement).value || undefined) as Template | undefined, msg: undefined })}>
          <option value="">any</option>
          {TEMPLATES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-task">Task</label>
        <select id="filter-task" value={selection.task ?? ''} onChange={(e) => onSelect({ task: (e.currentTarget as HTMLSelectElement).value || undefined, msg: undefined })}>
          <option value="">any</option>
          {selection.task && !tasks.some((t) => t.taskid === selection.task) && <option value={selection.task}>{selection.task}</option>}
          {tasks.map((t) => (
            <option key={t.taskid} value={t.taskid}>
              {t.taskid}
            </option>
          ))}
        </select>
      </span>
      <span class="filter">
        <label for="filter-state">State</label>
        <select id="filter-state" value={selection.state ?? ''} onChange={(e) => onSelect({ state: ((e.currentTarget as HTMLSelectElement).value || undefined) as StateFilter | undefined, msg: undefined })}>
          <option value="">any</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </span>
      {any !== undefined && (
        <button type="button" class="button" onClick={() => onSelect({ cid: undefined, alias: undefined, template: undefined, task: undefined, q: undefined, state: undefined, msg: undefined })}>
          Clear filters
        </button>
      )}
    </form>
  );
}

function DeviceFacts({ device, utcOffsetMinutes, onClear }: { device: Device; utcOffsetMinutes: number; onClear(cid: string): void }) {
  return (
    <div class="device-head">
      <dl class="device-facts" aria-label={`Device ${device.cid}`}>
        <div><dt>cid</dt><dd>{device.cid}</dd></div>
        <div><dt>state</dt><dd>{[device.online ? 'online' : 'offline', device.active ? 'active' : 'inactive', device.blacklisted ? 'blacklisted' : null].filter(Boolean).join(', ')}</dd></div>
        <div><dt>alias</dt><dd>{device.alias ?? 'none'}</dd></div>
        <div><dt>tags</dt><dd>{device.tags.length ? device.tags.join(', ') : 'none'}</dd></div>
        {device.region && <div><dt>region</dt><dd>{device.region}</dd></div>}
        <div><dt>phone type</dt><dd>{device.phonetype ?? 'not set'}</dd></div>
        {device.badge !== null && <div><dt>badge</dt><dd>{device.badge}</dd></div>}
        <div><dt>last login</dt><dd>{appTime(device.lastlogin, utcOffsetMinutes)}</dd></div>
        <div><dt>messages</dt><dd>{`${device.inboxCount} received, ${device.pendingCount} waiting`}</dd></div>
      </dl>
      {device.inboxCount > 0 && <ConfirmButton label={`Clear inbox of ${device.cid}`} question={`Delete the ${device.inboxCount} received message(s) of ${device.cid}?`} onConfirm={() => onClear(device.cid)} />}
    </div>
  );
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
          <button type="button" class="link" onClick={() => onSelect({ task: message.taskid, cid: undefined, alias: undefined, msg: message.id })}>
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
        {() => request?.body ? (
          <pre class="raw raw-json" tabIndex={0} aria-label="Request body, JSON">
            {JSON.stringify(request.body, null, 2)}
          </pre>
        ) : (
          <p class="empty">{request ? (request.body === null ? 'Its body was over 64 KiB: the log did not keep it.' : 'The log kept no body for this request.') : 'Not in the recent request log (it keeps the last 500 requests).'}</p>
        )}
      </Folded>
      <Folded summary="Message as stored (JSON)">
        {() => (
          <pre class="raw raw-json" tabIndex={0} aria-label="Stored message, JSON">
            {JSON.stringify({ cid: message.cid, ...stored }, null, 2)}
          </pre>
        )}
      </Folded>
      {message.state !== 'expired' && message.state !== 'stopped' && (
        <p class="msg-actions">
          <ConfirmButton label="Delete message" question={`Delete ${message.id} from ${message.cid}?`} onConfirm={() => props.onDelete(message.cid, message.id)} />
        </p>
      )}
    </section>
  );
}

export function Timeline(props: TimelineProps) {
  const { selection, devices, list, context, onSelect } = props;
  const aliasOf = new Map(devices.map((d) => [d.cid, d.alias]));
  const messages = list?.messages ?? [];
  const matched = list?.matched ?? 0;
  const selected = messages.find((m) => m.id === selection.msg);
  const device = selection.cid ? devices.find((d) => d.cid === selection.cid) : undefined;
  const at = (ms: number) => appTime(ms, context.utcOffsetMinutes);
  const scope = selection.cid ? `of ${selection.cid}` : selection.alias ? `of alias ${selection.alias}` : 'of every device';
  return (
    <div class="timeline-view">
      <Filters selection={selection} devices={devices} tasks={props.tasks} onSelect={onSelect} />
      {device && <DeviceFacts device={device} utcOffsetMinutes={context.utcOffsetMinutes} onClear={props.onClear} />}
      <div class="split">
        <section class="timeline" aria-labelledby="timeline-title">
          <h2 id="timeline-title">
            Messages {scope} ({matched}
            {matched > messages.length ? `, newest ${messages.length} shown` : ''}), newest first
          </h2>
          {!list && !props.loaded && <p class="empty">Loading the messages…</p>}
          {list && messages.length === 0 && (
            <p class="empty">No message matches. Pushes appear here at once.</p>
          )}
          <ol class="rows">
            {messages.map((m) => {
              const alias = aliasOf.get(m.cid);
              return (
                <li key={m.id} class={`row${m.id === selection.msg ? ' row-selected' : ''}`} data-message-id={m.id} data-cid={m.cid}>
                  <button type="button" class="row-pick" aria-current={m.id === selection.msg ? 'true' : undefined} onClick={() => onSelect({ msg: m.id })}>
                    <span class="row-title">{cut(titleOf(m), 90)}</span>
                    <span class="row-line">
                      <span class="row-device">{m.cid}</span>
                      {alias ? <span class="row-alias"> · alias {alias}</span> : null} · {m.msgtype}
                    </span>
                    <span class="row-line">
                      <time>{at(m.receivedAt ?? m.sentAt)}</time>{' '}
                      <span class={`chip chip-${m.state}`}>{stateOf(m)}</span>
                      {m.replacedBy && <span class="chip chip-replaced">replaced</span>}
                      {m.clicked && <span class="chip chip-ok">tapped</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
        {selected ? (
          <Detail message={selected} props={props} />
        ) : (
          <section class="detail detail-empty" aria-label="Message detail">
            <p class="empty">{selection.msg ? `Message ${selection.msg} is not in this list.` : 'Choose a message to see it as the phone shows it, with its request and stored JSON.'}</p>
          </section>
        )}
      </div>
    </div>
  );
}
