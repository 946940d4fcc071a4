// What a phone shows of a received message: where texts are cut, what each style and channel level does, which
// texts the notification bar and an iOS alert carry, and how a message arrived. The inbox page draws these facts
// (page/src/components) and the MCP server writes them as text (src/mcp/phone-text.ts): one place for both.
// Plain data and functions only, no DOM and no Node: both the page bundle and the server import it.
import type { components as PushSchemas } from '@pushapi/push-v1-client';
import type { components } from '../generated/schema.js';

export type Style = PushSchemas['schemas']['Style'];
export type PushInfo = PushSchemas['schemas']['PushInfo'];
type InboxMessage = components['schemas']['InboxMessage'];

/** At most this many characters of a title or text are drawn before "Show full text" (the phones show fewer lines still). */
export const DRAWN_CHARS = 240;

/** Where each kind of text is cut, in characters. */
export const CUT_AT = {
  /** A title or text of the notification bar, the lock screen or an iOS alert. */
  text: DRAWN_CHARS,
  /** The long text (big_text) of an expanded notification. */
  bigText: 1000,
  /** The content of a pass-through (transmission) message, as the app receives it. */
  passThrough: 2000,
  /** The heading of a message card on the page. */
  headline: 120,
} as const;

/** The text cut at `max` characters, with an ellipsis in place of the rest. */
export function cut(text: string, max?: number): string;
export function cut(text: string | undefined, max?: number): string | undefined;
export function cut(text: string | undefined, max: number = DRAWN_CHARS): string | undefined {
  return text === undefined || text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const STYLE_NAMES: Record<number, string> = { 0: 'system', 1: 'vendor', 4: 'background image', 6: 'expanded' };

/** What each channelLevel means (the description's table). */
export const CHANNEL_LEVELS: Record<number, string> = {
  0: 'No sound, no vibration, not shown',
  1: 'No sound, no vibration, hidden on the lock screen, collapsed in the bar, no navigation icon',
  2: 'No sound, no vibration, shown on the lock screen and in the bar, does not wake the screen',
  3: 'Sound and vibration, shown on the lock screen and in the bar, wakes the screen',
  4: 'Sound and vibration, floating display when the screen is on, shown on the lock screen, wakes the screen',
};

/** What a tap on the notification of each template does, and what the template is. */
export const TEMPLATE_NAMES: Record<InboxMessage['msgtype'], string> = {
  notification: 'Notification: opens the app',
  link: 'Link: opens a web page',
  notypopload: 'Notification, then a download dialog',
  startactivity: 'Opens a page inside the app',
  transmission: 'Pass-through: no notification',
};

/** channelLevel, for the styles that carry it (not 4). */
export const channelLevel = (style: Style): number | undefined => (style.type === 4 ? undefined : style.channelLevel);

/** How the notification alerts: sound, vibration, whether it can be swiped away, whether it floats. */
export function soundFlags(style: Style): string[] {
  const level = channelLevel(style);
  const flags: string[] = [];
  if (level !== undefined && level <= 2) flags.push(`Silent (channel level ${level})`);
  else {
    flags.push(style.is_ring === false ? 'No ring' : 'Rings');
    flags.push(style.is_vibrate === false ? 'No vibration' : 'Vibrates');
  }
  if (style.is_clearable === false) flags.push('Cannot be swiped away');
  if (level === 4) flags.push('Floats over the screen');
  return flags;
}

/** The platform a device's phonetype names: IOS, Android, or not set (drawn as both). */
export type Platform = 'ios' | 'android' | 'unknown';
export const platformOf = (phonetype: string | null | undefined): Platform =>
  !phonetype ? 'unknown' : phonetype.toUpperCase() === 'IOS' ? 'ios' : 'android';

/**
 * The notification bar's texts of a message, not cut: the style's title and text, or a notypopload template's own
 * notytitle and notycontent; none for a background-image style (4); undefined for a pass-through (no notification).
 */
export function barTexts(
  msgtype: InboxMessage['msgtype'],
  template: Record<string, unknown>,
): { style: Style; title: string | undefined; text: string | undefined } | undefined {
  if (msgtype === 'transmission') return undefined;
  const style = template.style as Style;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (msgtype === 'notypopload') return { style, title: text(template.notytitle), text: text(template.notycontent) };
  if (style.type === 4) return { style, title: undefined, text: undefined };
  return { style, title: style.title, text: style.text };
}

/** The texts of an iOS alert from push_info, not cut (a localized key shown as ⟨key⟩). */
export function iosAlertTexts(info: PushInfo): {
  title: string | undefined;
  subtitle: string | undefined;
  body: string | undefined;
} {
  const alert = info.aps?.alert ?? {};
  return {
    title: alert.title ?? (alert['title-loc-key'] ? `⟨${alert['title-loc-key']}⟩` : undefined),
    subtitle: alert.subtitle,
    body: alert.body ?? (alert['loc-key'] ? `⟨${alert['loc-key']}⟩` : undefined),
  };
}

/** `2 d 3 h`, `5 min 10 s`, `1 h`: at most the two largest units, adjacent. */
export function duration(ms: number): string {
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['min', 60_000],
    ['s', 1000],
  ];
  let rest = Math.abs(Math.round(ms));
  if (rest < 1000) return `${rest} ms`;
  const parts: string[] = [];
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n} ${name}`);
    else if (parts.length > 0) break;
    rest -= n * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** "in 5 min" or "5 min ago", relative to the app's clock. */
export const relative = (ms: number, now: number) =>
  ms >= now ? `in ${duration(ms - now)}` : `${duration(now - ms)} ago`;

/** How the message reached the device (or why it has not); `at` writes an instant of the app's clock. */
export function arrival(m: InboxMessage, at: (ms: number) => string, now: number): string {
  if (m.state === 'pending') {
    const expires = m.expiresAt === null ? '' : `; expires ${at(m.expiresAt)} (${relative(m.expiresAt, now)})`;
    // A message whose display time (duration_begin) has not come waits for it, online or not.
    if (m.displayFrom !== null && now < m.displayFrom)
      return `Waiting for its display time (duration_begin) ${at(m.displayFrom)} (${relative(m.displayFrom, now)}), and for the device to be online then; sent ${at(m.sentAt)}${expires}`;
    return `Waiting for the device to come online since ${at(m.sentAt)}${expires}`;
  }
  if (m.state === 'expired') return `Expired: not delivered (sent ${at(m.sentAt)})`;
  if (m.state === 'stopped') return `Stopped with its task: not delivered (sent ${at(m.sentAt)})`;
  const received = m.receivedAt === null ? '' : ` ${at(m.receivedAt)}`;
  if (m.apn) return `Delivered at once through APNs while the device was offline${received}`;
  if (m.via === 'offline') return `Kept while the device was offline, delivered when it came online${received}`;
  return `Received online at once${received}`;
}

/** Why a replaced message left the notification bar. */
export const replacedText = (replacedBy: string) =>
  `No longer on the notification bar: ${replacedBy} has the same notify_id and channel, and took its place.`;

/**
 * The words every surface uses for what a phone does not draw, or draws in place of a text: the page, the MCP
 * server's text and `app.screen()` in tests say the same thing the same way.
 */
export const PHONE_WORDS = {
  /** The title of a message an iOS device does not show. */
  notOnIos: 'Not shown on iOS (no push_info)',
  /** Why an iOS device draws nothing of a push without push_info. */
  notOnIosWhy:
    "Nothing shown by iOS: this push has no push_info, and an iOS device shows only push_info as an alert (the notification styles are Android's).",
  /** The title of a pass-through that no alert draws. */
  deliveredToApp: 'Delivered to the app (pass-through)',
  /** The title of a style 4 notification: a picture, no text. */
  backgroundImage: 'Background image',
  barLevel0: 'Not shown on the phone: channel level 0.',
  barLevel1: 'Collapsed in the bar: channel level 1.',
  lockLevel0: 'Nothing on the lock screen (channel level 0).',
  lockLevel1: 'Hidden on the lock screen (channel level 1).',
  wakes: 'Wakes the screen',
  doesNotWake: 'Does not wake the screen',
} as const;

/** Whether an Android notification of this channel level wakes the screen (undefined: it is not on the lock screen). */
export function wakesText(level: number | undefined): string | undefined {
  if (level === undefined || level >= 3) return PHONE_WORDS.wakes;
  return level === 2 ? PHONE_WORDS.doesNotWake : undefined;
}

/**
 * The title of what `platform` draws of a message, as one line (the page's timeline row and heading, the screen of
 * tests). An iOS device draws only push_info's alert; an Android device the notification bar's title (a
 * notypopload's notytitle); a device of no phone type is drawn as Android, and as iOS where push_info is given.
 */
export function drawnTitle(m: Pick<InboxMessage, 'msgtype' | 'template' | 'push_info'>, platform: Platform): string {
  const alert = (m.push_info as PushInfo | null)?.aps?.alert?.title;
  // barTexts leaves a background image (style 4) untitled; a notypopload's bar title is its notytitle.
  const barTitle = barTexts(m.msgtype, m.template as Record<string, unknown>)?.title;
  if (platform === 'ios')
    return alert ?? (m.msgtype === 'transmission' ? PHONE_WORDS.deliveredToApp : PHONE_WORDS.notOnIos);
  if (barTitle !== undefined) return barTitle;
  // Nothing titled on the Android bar: a background image (style 4), or a pass-through.
  if (platform === 'unknown' && alert !== undefined) return alert;
  return m.msgtype === 'transmission' ? PHONE_WORDS.deliveredToApp : PHONE_WORDS.backgroundImage;
}
