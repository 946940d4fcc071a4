// A message as the phone shows it, in words: the notification bar's title and text as cut on the phone, what the
// channel level does to it, the lock screen, an iOS alert from push_info, whether another message replaced it.
// The facts are those the inbox page draws (src/phone-view.ts); this writes them as text for an agent.
import type { components } from '../generated/schema.js';
import {
  arrival,
  barTexts,
  channelLevel,
  CHANNEL_LEVELS,
  CUT_AT,
  cut,
  iosAlertTexts,
  platformOf,
  replacedText,
  soundFlags,
  STYLE_NAMES,
  TEMPLATE_NAMES,
  type PushInfo,
  type Style,
} from '../phone-view.js';
import { formatLocal } from '../time.js';

type InboxMessage = components['schemas']['InboxMessage'];

export interface PhoneContext {
  /** The device's phonetype (IOS, ANDROID, or none: both are written). */
  phonetype: string | null | undefined;
  utcOffsetMinutes: number;
  /** The app's clock now. */
  now: number;
}

const quoted = (value: string | undefined) => (value === undefined ? '(none)' : JSON.stringify(value));

function androidLines(style: Style, title: string | undefined, body: string | undefined): string[] {
  const level = channelLevel(style);
  const channel =
    level === undefined
      ? 'the app default channel'
      : `channel level ${level}: ${CHANNEL_LEVELS[level] ?? 'unknown level'}`;
  const lines = [
    `Android notification bar (style ${style.type}, ${STYLE_NAMES[style.type] ?? 'unknown'}; ${channel}):`,
  ];
  if (level === 0) return [...lines, '  Not shown on the phone: channel level 0.'];
  if (style.type === 4) lines.push(`  background image: ${style.banner_url}`);
  else {
    lines.push(`  title: ${quoted(cut(title))}`);
    if (level === 1) lines.push('  (collapsed in the bar: channel level 1 shows the title only)');
    else lines.push(`  text: ${quoted(cut(body))}`);
    if ((style.type === 0 || style.type === 6) && level !== 1) {
      if (style.big_style === '2' && style.big_text)
        lines.push(`  long text: ${quoted(cut(style.big_text, CUT_AT.bigText))}`);
      if (style.big_style === '1' && style.big_image_url) lines.push(`  big image: ${style.big_image_url}`);
    }
  }
  lines.push(`  ${soundFlags(style).join(' · ')}`);
  const lock =
    level === 1 ? 'hidden (channel level 1)' : style.type === 4 ? 'the background image' : 'title and text as above';
  lines.push(`Android lock screen: ${lock}${level === 2 ? '; does not wake the screen' : '; wakes the screen'}`);
  return lines;
}

function iosLines(info: PushInfo): string[] {
  const { title, subtitle, body } = iosAlertTexts(info);
  const aps = info.aps ?? {};
  return [
    'iOS alert (push_info):',
    `  title: ${quoted(cut(title))}`,
    ...(subtitle === undefined ? [] : [`  subtitle: ${quoted(cut(subtitle))}`]),
    `  body: ${quoted(cut(body))}`,
    `  badge: ${aps.autoBadge ?? 'unchanged'} · sound: ${aps.sound ?? 'none'}`,
  ];
}

/** What the phone shows of one message, as lines of text. */
export function phoneText(m: InboxMessage, context: PhoneContext): string {
  const platform = platformOf(context.phonetype);
  const at = (ms: number) => formatLocal(ms, context.utcOffsetMinutes);
  const template = m.template as Record<string, unknown>;
  const lines = [
    `Message ${m.id} to ${m.cid} · ${m.msgtype} (${TEMPLATE_NAMES[m.msgtype]}) · ${m.state} · task ${m.taskid}${m.requestid ? ` · requestid ${m.requestid}` : ''}`,
    arrival(m, at, context.now),
  ];
  const bar = barTexts(m.msgtype, template);
  const push = m.push_info as PushInfo | null;
  if (platform !== 'ios' && bar) lines.push(...androidLines(bar.style, bar.title, bar.text));
  if (m.msgtype === 'notypopload' && platform !== 'ios') {
    lines.push(
      `After a tap, a download dialog: ${quoted(String(template.poptitle))}, ${quoted(cut(String(template.popcontent)))}, buttons ${quoted(String(template.popbutton1))} and ${quoted(String(template.popbutton2))}`,
    );
  }
  if (m.msgtype === 'transmission') {
    lines.push(
      `No notification: the app receives the content: ${quoted(cut(String(template.transmission_content), CUT_AT.passThrough))}`,
    );
  }
  if (platform !== 'android' && push) lines.push(...iosLines(push));
  if (platform === 'ios' && !push && m.msgtype !== 'transmission')
    lines.push('Nothing shown by iOS: this push has no push_info, and an iOS device shows only push_info as an alert.');
  lines.push(m.replacedBy ? `Replaced: yes. ${replacedText(m.replacedBy)}` : 'Replaced: no');
  if (m.clicked) lines.push('Tapped: yes');
  return lines.join('\n');
}
