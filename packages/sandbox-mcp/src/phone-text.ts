// A message as the phone shows it, in words: the notification bar's title and text as cut on the phone, what the
// channel level does to it, the lock screen, an iOS alert from push_info, whether another message replaced it.
// The facts are the screen model's (@pushapi/sandbox/client's messageScreen, the sandbox's shared/phone-screen.ts),
// the one the inbox page draws and tests read with `app.screen(cid)`; this writes them as lines of text for an agent.
import {
  type AndroidScreen,
  type components,
  formatLocal,
  type IosScreen,
  type MessageScreen,
  messageScreen,
} from '@pushapi/sandbox/client';

type InboxMessage = components['schemas']['InboxMessage'];

export interface PhoneContext {
  /** The device's phonetype (IOS, ANDROID, or none: both are written). */
  phonetype: string | null | undefined;
  utcOffsetMinutes: number;
  /** The app's clock now. */
  now: number;
}

const quoted = (value: string | undefined) => (value === undefined ? '(none)' : JSON.stringify(value));

function androidLines(a: AndroidScreen): string[] {
  const lines = [`Android notification bar (style ${a.style}, ${a.styleName}; ${a.channel}):`];
  // Channel level 0: nothing on the bar nor the lock screen, and the note says so.
  if (a.channelLevel === 0) return [...lines, ...a.notes.map((n) => `  ${n}`)];
  if (a.backgroundImage !== undefined) lines.push(`  background image: ${a.backgroundImage}`);
  else {
    lines.push(`  title: ${quoted(a.title)}`);
    if (a.text !== undefined) lines.push(`  text: ${quoted(a.text)}`);
    if (a.longText !== undefined) lines.push(`  long text: ${quoted(a.longText)}`);
    if (a.bigImage !== undefined) lines.push(`  big image: ${a.bigImage}`);
  }
  lines.push(...a.notes.map((n) => `  ${n}`), `  ${a.alerts.join(' · ')}`);
  const wakes = a.lockScreen.wakes ? `; ${a.lockScreen.wakes.toLowerCase()}` : '';
  lines.push(`Android lock screen: ${a.lockScreen.shows}${wakes}`);
  if (a.dialog)
    lines.push(
      `After a tap, a download dialog: ${quoted(a.dialog.title)}, ${quoted(a.dialog.text)}, buttons ${quoted(a.dialog.buttons[0])} and ${quoted(a.dialog.buttons[1])}`,
    );
  return lines;
}

const iosLines = (i: IosScreen): string[] => [
  'iOS alert (push_info):',
  `  title: ${quoted(i.title)}`,
  ...(i.subtitle === undefined ? [] : [`  subtitle: ${quoted(i.subtitle)}`]),
  `  body: ${quoted(i.body)}`,
  `  badge: ${i.badge} · sound: ${i.sound}`,
];

/** A message's screen as lines of text. */
export function screenText(s: MessageScreen): string {
  const lines = [
    `Message ${s.id} to ${s.cid} · ${s.msgtype} (${s.template}) · ${s.state} · task ${s.taskid}${s.requestid ? ` · requestid ${s.requestid}` : ''}`,
    s.arrival,
  ];
  if (s.android) lines.push(...androidLines(s.android));
  if (s.app !== null) lines.push(`No notification: the app receives the content: ${quoted(s.app)}`);
  if (s.ios) lines.push(...iosLines(s.ios));
  lines.push(...s.notes);
  lines.push(s.replaced ? `Replaced: yes. ${s.replaced}` : 'Replaced: no');
  if (s.tapped) lines.push('Tapped: yes');
  return lines.join('\n');
}

/** What the phone shows of one message, as lines of text. */
export function phoneText(m: InboxMessage, context: PhoneContext): string {
  const at = (ms: number) => formatLocal(ms, context.utcOffsetMinutes);
  return screenText(messageScreen(m, { phonetype: context.phonetype, at, now: context.now }));
}
