// One row of the timeline: the message's title and a line of its text (so that two updates of one order, with one
// title, differ), its device, alias and template, its time on the app clock and its state.
import { received, type InboxMessage, type PushInfo } from '../api.js';
import { drawnTitle } from '../drawn.js';
import { cut, platformOf, type Platform } from './Message.js';

/**
 * The text a row shows under its title: the bar's text, the download notification's, a pass-through's content as
 * the app receives it, or for a background image the iOS alert's body (else the image's address).
 */
export function textOf(m: InboxMessage, platform: Platform = 'unknown'): string | undefined {
  const r = received(m);
  // An iOS device draws push_info's alert: its body is the row's text.
  if (platform === 'ios' && m.push_info) return (m.push_info as PushInfo).aps?.alert?.body;
  if (r.msgtype === 'notypopload') return r.template.notycontent;
  if (r.msgtype === 'transmission') return r.template.transmission_content;
  if (r.template.style.type !== 4) return r.template.style.text;
  return (m.push_info as PushInfo | null)?.aps?.alert?.body ?? r.template.style.banner_url;
}

/** How many characters of the text a row keeps (the row cuts it further to its width). */
const ROW_TEXT_CHARS = 120;

/** The text on one line (line breaks and runs of spaces as one space), cut. */
export const rowText = (text: string | undefined): string | undefined =>
  cut(text?.replace(/\s+/g, ' ').trim() || undefined, ROW_TEXT_CHARS);

export const stateOf = (m: InboxMessage): string => (m.state === 'pending' ? 'waiting' : m.state);

export function TimelineRow(props: {
  message: InboxMessage;
  alias: string | null | undefined;
  phonetype: string | null | undefined;
  selected: boolean;
  at(ms: number): string;
  onPick(): void;
}) {
  const { message: m, alias, selected } = props;
  const platform = platformOf(props.phonetype);
  const text = rowText(textOf(m, platform));
  // A replaced message is gone from the bar: its row says so (struck through), as the phone no longer shows it.
  return (
    <li
      class={`row${selected ? ' row-selected' : ''}${m.replacedBy ? ' row-gone' : ''}`}
      data-message-id={m.id}
      data-cid={m.cid}
    >
      <button type="button" class="row-pick" aria-current={selected ? 'true' : undefined} onClick={props.onPick}>
        <span class="row-title">{cut(drawnTitle(m, platform), 90)}</span>
        {text && <span class="row-text">{text}</span>}
        <span class="row-line">
          <span class="row-device">{m.cid}</span>
          {alias ? <span class="row-alias"> · alias {alias}</span> : null} · {m.msgtype}
        </span>
        <span class="row-line">
          <time>{props.at(m.receivedAt ?? m.sentAt)}</time> <span class={`chip chip-${m.state}`}>{stateOf(m)}</span>
          {m.replacedBy && <span class="chip chip-replaced">replaced</span>}
          {m.clicked && <span class="chip chip-ok">tapped</span>}
        </span>
      </button>
    </li>
  );
}
