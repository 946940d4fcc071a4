// The push check (after Mailpit's HTML check): for a push the service accepts, what a phone will do with it that
// its sender may not expect. Warnings only, never refusals: the service takes these pushes. Each names a code, the
// field, the platform and says what happens. Pure functions of the body and what is known of the app (no Node, no
// DOM): the server, the MCP tools and the page all use them. The thresholds are listed in the sandbox README.
import { formatLocal, parsePushTime, utcOffsetText } from './time.js';

export interface PushWarning {
  code:
    | 'ios_shows_nothing'
    | 'unknown_push_info_key'
    | 'title_cut'
    | 'apns_payload_too_large'
    | 'notify_id_replaces_nothing'
    | 'push_time_past'
    | 'placeholder_appkey';
  /** The field, as segments from the body (`push_info`, `aps`, `alert`). */
  location: string[];
  platform: 'ios' | 'android' | 'all';
  message: string;
}

/** The thresholds of the check, each with where it comes from. */
export const PUSH_CHECK = {
  /** Characters of a notification title an Android bar shows on one line before cutting it (the common guidance: Braze, OneSignal). */
  androidTitleChars: 65,
  /** Bytes of an APNs notification payload (Apple: "the maximum payload size is 4 KB (4096 bytes)"). */
  apnsPayloadBytes: 4096,
} as const;

/** What is known of the app the push is for; each check that needs a part left out is skipped. */
export interface PushCheckContext {
  /** The app's appkey. */
  appkey?: string;
  /** The app's clock now (epoch ms) and its time zone (minutes east of UTC). */
  now?: number;
  utcOffsetMinutes?: number;
  /** The platform of a registered device (by its phonetype), when it has one: a push to it is checked for it only. */
  platformOf?: (cid: string) => 'ios' | 'android' | undefined;
  /**
   * The channels (channelId, `Default` when not given) of the app's earlier notifications with this notify_id: on
   * the device `cid` when the push names one the app has, else on any device. Empty on a first use.
   */
  notifyIdChannels?: (notifyId: number, cid?: string) => ReadonlySet<string>;
}

/** The fields of push_info, of aps and of aps.alert the description lists (section push_info). */
const KNOWN_KEYS: Record<'push_info' | 'aps' | 'alert', readonly string[]> = {
  push_info: ['aps', 'payload', 'multimedia'],
  aps: ['alert', 'autoBadge', 'sound', 'content-available', 'category'],
  alert: [
    'body',
    'title',
    'action-loc-key',
    'loc-key',
    'loc-args',
    'launch-image',
    'title-loc-key',
    'title-loc-args',
    'subtitle',
    'subtitle-loc-key',
    'subtitle-loc-args',
  ],
};

/** Values people leave from an example: `YOUR_APP_KEY`, `<appkey>`, `xxx`. */
const PLACEHOLDER = /^(your[_-]?app[_-]?key|app[_-]?key|<[^>]*>|\{[^}]*\}|x+|placeholder|changeme|todo|example)$/i;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const warning = (
  code: PushWarning['code'],
  location: string[],
  platform: PushWarning['platform'],
  message: string,
): PushWarning => ({ code, location, platform, message });

/** Where a template keeps its style, its title and its text: the template is the body's field named by msgtype. */
function barTitle(body: Json): { title: string; location: string[] } | undefined {
  const msgtype = isObject(body.message) ? body.message.msgtype : undefined;
  if (typeof msgtype !== 'string' || msgtype === 'transmission') return undefined;
  const template = body[msgtype];
  if (!isObject(template)) return undefined;
  if (msgtype === 'notypopload' && typeof template.notytitle === 'string')
    return { title: template.notytitle, location: [msgtype, 'notytitle'] };
  const style = template.style;
  return isObject(style) && typeof style.title === 'string'
    ? { title: style.title, location: [msgtype, 'style', 'title'] }
    : undefined;
}

function iosWarnings(body: Json): PushWarning[] {
  const info = body.push_info;
  const out: PushWarning[] = [];
  if (isObject(info)) {
    for (const [name, node, at] of [
      ['push_info', info, ['push_info']],
      ['aps', info.aps, ['push_info', 'aps']],
      ['alert', isObject(info.aps) ? info.aps.alert : undefined, ['push_info', 'aps', 'alert']],
    ] as const) {
      if (!isObject(node)) continue;
      for (const key of Object.keys(node).filter((k) => !KNOWN_KEYS[name].includes(k))) {
        out.push(
          warning(
            'unknown_push_info_key',
            [...at, key],
            'ios',
            `${[...at, key].join('.')} is not a field of ${at.join('.')}: APNs passes it on and iOS ignores it. The fields: ${KNOWN_KEYS[name].join(', ')}.`,
          ),
        );
      }
    }
    const bytes = new TextEncoder().encode(JSON.stringify(info)).length;
    if (bytes > PUSH_CHECK.apnsPayloadBytes)
      out.push(
        warning(
          'apns_payload_too_large',
          ['push_info'],
          'ios',
          `push_info is ${bytes} bytes as JSON; APNs refuses a notification payload over ${PUSH_CHECK.apnsPayloadBytes} bytes, so an offline iOS device gets nothing.`,
        ),
      );
  }
  const aps = isObject(info) && isObject(info.aps) ? info.aps : undefined;
  const alert = aps && isObject(aps.alert) ? aps.alert : undefined;
  const shown =
    alert && ['title', 'body', 'loc-key', 'title-loc-key'].some((k) => typeof alert[k] === 'string' && alert[k] !== '');
  // A background push (content-available 1, no alert) is meant to show nothing.
  if (!shown && aps?.['content-available'] !== 1) {
    out.push(
      warning(
        'ios_shows_nothing',
        ['push_info', 'aps', 'alert'],
        'ios',
        'An iOS device shows nothing for this push: iOS shows only push_info.aps.alert (its title and body), and the template is for Android. Add push_info: {"aps": {"alert": {"title": "...", "body": "..."}}}.',
      ),
    );
  }
  return out;
}

function androidWarnings(body: Json): PushWarning[] {
  const out: PushWarning[] = [];
  const bar = barTitle(body);
  if (bar && bar.title.length > PUSH_CHECK.androidTitleChars) {
    out.push(
      warning(
        'title_cut',
        bar.location,
        'android',
        `The title is ${bar.title.length} characters; an Android notification bar shows about ${PUSH_CHECK.androidTitleChars} on its line and cuts the rest with an ellipsis.`,
      ),
    );
  }
  return out;
}

/** The channel a style posts to: its channelId, `Default` when not given (the description's default). */
export const channelOf = (style: Json) => (typeof style.channelId === 'string' ? style.channelId : 'Default');

/**
 * A notify_id that will not replace what its sender reused it for. A first use replaces nothing and is the normal
 * case (an id per order: its first message is the one a later one replaces), so it says nothing. A reused id
 * replaces nothing when the earlier messages are on another channel (Android), or when the push goes to an iOS
 * device, which shows push_info's alert and keeps each one (push_info has no notify_id).
 */
function notifyIdWarning(body: Json, context: PushCheckContext): PushWarning | undefined {
  const msgtype = isObject(body.message) ? body.message.msgtype : undefined;
  const template = typeof msgtype === 'string' ? body[msgtype] : undefined;
  const style = isObject(template) && isObject(template.style) ? template.style : undefined;
  if (typeof style?.notify_id !== 'number' || !context.notifyIdChannels) return undefined;
  const id = style.notify_id;
  const cid = typeof body.cid === 'string' ? body.cid : undefined;
  const channels = context.notifyIdChannels(id, cid);
  if (channels.size === 0) return undefined;
  const location = [String(msgtype), 'style', 'notify_id'];
  if (cid !== undefined && context.platformOf?.(cid) === 'ios')
    return warning(
      'notify_id_replaces_nothing',
      location,
      'ios',
      `notify_id ${id} replaces nothing on iOS: ${cid} has an earlier message with it, but an iOS device shows push_info's alert, which has no notify_id, so both alerts stay.`,
    );
  const channel = channelOf(style);
  if (channels.has(channel)) return undefined;
  return warning(
    'notify_id_replaces_nothing',
    location,
    'android',
    `notify_id ${id} replaces nothing: the earlier notifications with notify_id ${id} are on channel ${[...channels].map((c) => `"${c}"`).join(', ')}, this one on "${channel}", and a notification replaces only one of the same notify_id and channel.`,
  );
}

function commonWarnings(body: Json, context: PushCheckContext): PushWarning[] {
  const out: PushWarning[] = [];
  const appkey = isObject(body.message) ? body.message.appkey : undefined;
  if (
    typeof appkey === 'string' &&
    (PLACEHOLDER.test(appkey) || (context.appkey !== undefined && appkey !== context.appkey))
  ) {
    const why = PLACEHOLDER.test(appkey)
      ? 'looks like a value left from an example'
      : `is not this app's appkey ("${context.appkey}")`;
    out.push(
      warning(
        'placeholder_appkey',
        ['message', 'appkey'],
        'all',
        `message.appkey "${appkey}" ${why}. The service reads the app from the path and its token and accepts the push, so nothing else tells you.`,
      ),
    );
  }
  if (typeof body.pushTime === 'string' && context.now !== undefined && context.utcOffsetMinutes !== undefined) {
    const at = parsePushTime(body.pushTime, context.utcOffsetMinutes);
    if (at !== undefined && at <= context.now) {
      const zone = utcOffsetText(context.utcOffsetMinutes);
      out.push(
        warning(
          'push_time_past',
          ['pushTime'],
          'all',
          `pushTime ${body.pushTime} (${zone}, the app's time zone) is not after the app's clock, ${formatLocal(context.now, context.utcOffsetMinutes)} ${zone}: the service refuses it (invalid_param).`,
        ),
      );
    }
  }
  return out;
}

/** The operations whose body carries a message for phones (push v1 operationIds). */
export const CHECKED_PUSHES: ReadonlySet<string> = new Set([
  'pushSingle',
  'pushSingleBatch',
  'saveListBody',
  'pushApp',
]);

/** At most this many warnings are listed (a batch of 10,000 items would list as many): the first ones. */
export const MAX_WARNINGS = 50;

/** The warnings of one push body (push_single_batch: of each item, at its index), the first MAX_WARNINGS. */
export function pushWarnings(operationId: string, body: unknown, context: PushCheckContext = {}): PushWarning[] {
  if (!CHECKED_PUSHES.has(operationId) || !isObject(body)) return [];
  if (operationId === 'pushSingleBatch') {
    const items = Array.isArray(body.msg_list) ? body.msg_list : [];
    const out: PushWarning[] = [];
    for (const [i, item] of items.entries()) {
      for (const w of pushWarnings('pushSingle', item, context))
        out.push({ ...w, location: ['msg_list', String(i), ...w.location] });
      if (out.length >= MAX_WARNINGS) break;
    }
    return out.slice(0, MAX_WARNINGS);
  }
  const replaced = notifyIdWarning(body, context);
  const all = [
    ...commonWarnings(body, context),
    ...iosWarnings(body),
    ...androidWarnings(body),
    ...(replaced ? [replaced] : []),
  ];
  // A push to one device of a known platform: what the other platform would do does not concern it.
  const platform = typeof body.cid === 'string' ? context.platformOf?.(body.cid) : undefined;
  return platform ? all.filter((w) => w.platform === 'all' || w.platform === platform) : all;
}
