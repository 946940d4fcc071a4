// What a phone shows of each message, as data: the one model behind the inbox page's drawings, the MCP server's
// text (src/mcp/phone-text.ts) and `app.screen(cid)` in tests. Texts are cut where the phone cuts them, and every
// sentence comes from phone-view.ts, so each surface says the same. Plain data, no DOM and no Node.
import type { components } from '../generated/schema.js';
import {
  arrival,
  barTexts,
  CHANNEL_LEVELS,
  CUT_AT,
  channelLevel,
  cut,
  drawnTitle,
  iosAlertTexts,
  PHONE_WORDS,
  type Platform,
  type PushInfo,
  platformOf,
  replacedText,
  STYLE_NAMES,
  type Style,
  soundFlags,
  TEMPLATE_NAMES,
  wakesText,
} from './phone-view.js';

type InboxMessage = components['schemas']['InboxMessage'];

/** An Android notification: the bar, the lock screen and (notypopload) the dialog a tap opens. */
export interface AndroidScreen {
  /** The style's type and name: `0` system, `1` vendor, `4` background image, `6` expanded. */
  style: number;
  styleName: string;
  /** The channel and what its level does: `the app default channel`, `channel level 3: Sound and vibration, …`. */
  channel: string;
  /** The style's channelLevel (0 to 4), when it sets one. */
  channelLevel?: number;
  /** Whether the notification is on the bar now: not at channel level 0, nor once a newer one replaced it. */
  onBar: boolean;
  /** The title and text as the bar draws them (cut); none for a background image, no text when collapsed. */
  title?: string;
  text?: string;
  /** The expanded notification's long text (cut), big image, or a style 4's background image (addresses). */
  longText?: string;
  bigImage?: string;
  backgroundImage?: string;
  /** How it alerts: `Rings`, `Vibrates`, `Silent (channel level 2)`, `Cannot be swiped away`, … */
  alerts: string[];
  /** What the lock screen shows, and whether it wakes the screen. */
  lockScreen: { shows: string; wakes?: string };
  /** What the phone says of it beyond the texts (`Collapsed in the bar: channel level 1.`). */
  notes: string[];
  /** notypopload: the download dialog a tap opens. */
  dialog?: { title: string; text: string; buttons: [string, string] };
}

/** An iOS alert from push_info (texts cut; a localized key as ⟨key⟩). */
export interface IosScreen {
  title?: string;
  subtitle?: string;
  body?: string;
  /** The badge push_info's autoBadge sets, or `unchanged`; the sound, or `none`. */
  badge: string;
  sound: string;
}

/** One message as its device shows it. */
export interface MessageScreen {
  id: string;
  cid: string;
  taskid: string;
  requestid: string | null;
  msgtype: InboxMessage['msgtype'];
  state: InboxMessage['state'];
  /** The title the device draws (its timeline row's on the page). */
  title: string;
  /** What the template is and what a tap does (`Notification: opens the app`). */
  template: string;
  /** How it reached the device, or why it has not (`Received online at once 2030-01-01 09:00:00`). */
  arrival: string;
  /** The Android view; null on an iOS device and for a pass-through. */
  android: AndroidScreen | null;
  /** The iOS alert; null on an Android device and without push_info. */
  ios: IosScreen | null;
  /** A pass-through's content, as the app receives it (cut); null for the other templates. */
  app: string | null;
  /** What the phone says beyond the views (an iOS device that shows nothing, and why). */
  notes: string[];
  /** The newer message that replaced it on the bar (same notify_id and channel), and that in words; or null. */
  replacedBy: string | null;
  replaced: string | null;
  tapped: boolean;
}

/** What one device shows: its messages oldest first, then those waiting for it. */
export interface PhoneScreen {
  cid: string;
  platform: Platform;
  messages: MessageScreen[];
  waiting: MessageScreen[];
}

/** What the screen depends on beyond the message: the device's phonetype, the app's zone and clock. */
export interface ScreenContext {
  phonetype: string | null | undefined;
  /** Writes an instant of the app's clock (`yyyy-MM-dd HH:mm:ss` in the app's zone). */
  at: (ms: number) => string;
  now: number;
}

function channelWords(style: Style): string {
  const level = channelLevel(style);
  return level === undefined
    ? 'the app default channel'
    : `channel level ${level}: ${CHANNEL_LEVELS[level] ?? 'unknown level'}`;
}

function lockScreen(style: Style): AndroidScreen['lockScreen'] {
  const level = channelLevel(style);
  const shows =
    level === 0
      ? PHONE_WORDS.lockLevel0
      : level === 1
        ? PHONE_WORDS.lockLevel1
        : style.type === 4
          ? 'the background image'
          : 'title and text as above';
  const wakes = wakesText(level);
  return wakes === undefined ? { shows } : { shows, wakes };
}

/** The long text or big image an expanded (6) or system (0) style adds, unless collapsed. */
function expanded(style: Style): Pick<AndroidScreen, 'longText' | 'bigImage'> {
  if ((style.type !== 0 && style.type !== 6) || channelLevel(style) === 1) return {};
  if (style.big_style === '2' && style.big_text) return { longText: cut(style.big_text, CUT_AT.bigText) };
  if (style.big_style === '1' && style.big_image_url) return { bigImage: style.big_image_url };
  return {};
}

function androidScreen(m: InboxMessage): AndroidScreen | null {
  const template = m.template as Record<string, unknown>;
  const bar = barTexts(m.msgtype, template);
  if (!bar) return null;
  const { style } = bar;
  const level = channelLevel(style);
  const texts =
    style.type === 4
      ? { backgroundImage: style.banner_url }
      : { title: cut(bar.title), ...(level === 1 ? {} : { text: cut(bar.text) }), ...expanded(style) };
  const notes = level === 0 ? [PHONE_WORDS.barLevel0] : level === 1 ? [PHONE_WORDS.barLevel1] : [];
  return {
    style: style.type,
    styleName: STYLE_NAMES[style.type] ?? 'unknown',
    channel: channelWords(style),
    ...(level === undefined ? {} : { channelLevel: level }),
    onBar: level !== 0 && m.replacedBy === null,
    ...(texts as Partial<AndroidScreen>),
    alerts: soundFlags(style),
    lockScreen: lockScreen(style),
    notes,
    ...(m.msgtype === 'notypopload' ? { dialog: dialogOf(template) } : {}),
  };
}

const dialogOf = (t: Record<string, unknown>): NonNullable<AndroidScreen['dialog']> => ({
  title: String(t.poptitle),
  text: cut(String(t.popcontent)),
  buttons: [String(t.popbutton1), String(t.popbutton2)],
});

function iosScreen(info: PushInfo): IosScreen {
  const { title, subtitle, body } = iosAlertTexts(info);
  const aps = info.aps ?? {};
  const texts = { title: cut(title), subtitle: cut(subtitle), body: cut(body) };
  return {
    ...(Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)) as Partial<IosScreen>),
    badge: aps.autoBadge ?? 'unchanged',
    sound: aps.sound ?? 'none',
  };
}

/** What the device of `context` shows of one message. */
export function messageScreen(m: InboxMessage, context: ScreenContext): MessageScreen {
  const platform = platformOf(context.phonetype);
  const push = m.push_info as PushInfo | null;
  const showsIos = platform !== 'android' && push !== null;
  const passThrough = m.msgtype === 'transmission';
  return {
    id: m.id,
    cid: m.cid,
    taskid: m.taskid,
    requestid: m.requestid,
    msgtype: m.msgtype,
    state: m.state,
    title: drawnTitle(m, platform),
    template: TEMPLATE_NAMES[m.msgtype],
    arrival: arrival(m, context.at, context.now),
    android: platform === 'ios' ? null : androidScreen(m),
    ios: showsIos ? iosScreen(push) : null,
    app: passThrough
      ? cut(String((m.template as Record<string, unknown>).transmission_content), CUT_AT.passThrough)
      : null,
    notes: platform === 'ios' && !push && !passThrough ? [PHONE_WORDS.notOnIosWhy] : [],
    replacedBy: m.replacedBy,
    replaced: m.replacedBy ? replacedText(m.replacedBy) : null,
    tapped: m.clicked,
  };
}

/** What a device shows: an inbox's messages and those waiting for it. */
export function phoneScreen(
  inbox: Pick<components['schemas']['Inbox'], 'cid' | 'messages' | 'pending'>,
  context: ScreenContext,
): PhoneScreen {
  return {
    cid: inbox.cid,
    platform: platformOf(context.phonetype),
    messages: inbox.messages.map((m) => messageScreen(m, context)),
    waiting: inbox.pending.map((m) => messageScreen(m, context)),
  };
}
