// One received (or waiting) message: the phone's views of it, drawn for the device's platform (an Android device:
// notification bar and lock screen, the download dialog of notypopload; an iOS device: the lock screen and the
// banner of push_info), or the raw content of a pass-through; how it arrived; then every field it carries, named as
// the push v1 document names them (folded). Long titles and texts are cut where the phones cut them, with the full
// text one click away.
import { useState } from 'preact/hooks';
import { received, type Envelope, type InboxMessage, type PushInfo, type Received } from '../api.js';
import { drawnTitle } from '../drawn.js';
import { appClock, appTime, STYLE_NAMES, TASK_KINDS } from '../format.js';
import {
  arrival,
  barTexts,
  CUT_AT,
  cut,
  DRAWN_CHARS,
  PHONE_WORDS,
  platformOf,
  replacedText,
  TEMPLATE_NAMES,
  type Platform,
} from '../../../src/shared/phone-view.js';
import { LockScreen, NotificationBar, type BarContent } from './Android.js';
import { EmbeddedIcon, MessageImage } from './Image.js';
import { IosAlert } from './Ios.js';
import { EnvelopeFields, Field, TemplateFields } from './MessageFields.js';
import { messageWarnings, PushWarnings } from './PushWarnings.js';

export interface MessageContext {
  appName: string;
  utcOffsetMinutes: number;
  now: number;
  onTap?: (cid: string, id: string) => void;
}

export { arrival, cut, platformOf, type Platform };

/** An icon named by a template field: an address is an image, anything else a file inside the app. */
function TemplateIcon({ value, label }: { value: string; label: string }) {
  return /^(https?|data):/i.test(value) ? (
    <MessageImage src={value} label={label} size="icon" />
  ) : (
    <EmbeddedIcon name={value} size="icon" />
  );
}

function barContent(r: Received, context: MessageContext, time: string, full: boolean): BarContent | undefined {
  if (r.msgtype === 'transmission') return undefined;
  const texts = barTexts(r.msgtype, r.template)!;
  const clip = (text: string | undefined) => (full ? text : cut(text));
  const base = {
    style: texts.style,
    appName: context.appName,
    time,
    full,
    title: clip(texts.title),
    text: clip(texts.text),
  };
  if (r.msgtype === 'notypopload')
    return { ...base, icon: <TemplateIcon value={r.template.notyicon} label="Notification icon (notyicon)" /> };
  return base;
}

/** Whether any text the phone draws is longer than what is drawn before "Show full text". */
function hasLongText(r: Received, push: PushInfo | null): boolean {
  const t = r.template as Record<string, unknown>;
  const style = (t.style ?? {}) as Record<string, unknown>;
  const alert = push?.aps?.alert ?? {};
  return [
    style.title,
    style.text,
    style.big_text,
    t.notytitle,
    t.notycontent,
    t.popcontent,
    t.transmission_content,
    alert.title,
    alert.subtitle,
    alert.body,
  ].some((v) => typeof v === 'string' && v.length > DRAWN_CHARS);
}

function DownloadDialog({ r }: { r: Extract<Received, { msgtype: 'notypopload' }> }) {
  const t = r.template;
  return (
    <div class="dialog">
      <div class="dialog-head">
        <TemplateIcon value={t.popimage} label="Dialog image (popimage)" />
        <p class="dialog-title">{t.poptitle}</p>
      </div>
      <p class="dialog-text">{t.popcontent}</p>
      <div class="dialog-buttons">
        <span class="dialog-button">{t.popbutton1}</span>
        <span class="dialog-button dialog-primary">{t.popbutton2}</span>
      </div>
      <div class="dialog-load">
        {t.loadicon ? <TemplateIcon value={t.loadicon} label="Download icon (loadicon)" /> : null}
        <span>{t.loadtitle ?? 'Download'}</span>
      </div>
    </div>
  );
}

const PLATFORM_NOTES: Record<Platform, string> = {
  ios: 'iOS device (phonetype IOS)',
  android: 'Android device',
  unknown: 'phone type not set: drawn as Android, and as iOS where push_info is given',
};

export function MessageCard({
  message,
  context,
  phonetype,
}: {
  message: InboxMessage;
  context: MessageContext;
  phonetype?: string | null | undefined;
}) {
  const [full, setFull] = useState(false);
  const r = received(message);
  const platform = platformOf(phonetype);
  const time = appClock(message.receivedAt ?? message.sentAt, context.utcOffsetMinutes);
  const bar = barContent(r, context, time, full);
  // Checked against the push v1 document's PushInfo when it was sent; the sandbox document keeps it open.
  const push = message.push_info as PushInfo | null;
  // The heading is what the device draws (the iOS alert on iOS), as the timeline's row titles it.
  const headline = drawnTitle(message, platform);
  const titleId = `msg-${message.id}`;
  const android = platform !== 'ios';
  const ios = platform !== 'android' && push !== null;
  // A message replaced through notify_id is gone from the bar and the lock screen: neither drawn nor tapped.
  const onBar = bar !== undefined && android && !message.replacedBy;
  const at = (ms: number) => appTime(ms, context.utcOffsetMinutes);
  return (
    <article
      class="msg"
      aria-labelledby={titleId}
      data-message-id={message.id}
      data-msgtype={message.msgtype}
      data-style={bar ? String(bar.style.type) : ''}
      data-platform={platform}
    >
      <header class="msg-head">
        <h3 id={titleId}>{cut(headline, CUT_AT.headline)}</h3>
        <ul class="chips" aria-label="Kind and state">
          <li class="chip chip-type">{message.msgtype}</li>
          {bar && <li class="chip">{`Style ${bar.style.type} · ${STYLE_NAMES[bar.style.type]}`}</li>}
          <li class={`chip chip-${message.state}`}>{message.state === 'pending' ? 'waiting' : message.state}</li>
          {message.replacedBy && <li class="chip chip-replaced">replaced by {message.replacedBy}</li>}
          {message.apn && <li class="chip">via APNs</li>}
          {message.clicked && <li class="chip chip-ok">tapped</li>}
        </ul>
        <p class="msg-arrival">{arrival(message, at, context.now)}</p>
        <p class="msg-meta">
          {message.cid} ({PLATFORM_NOTES[platform]}) · {TEMPLATE_NAMES[r.msgtype]} · task <code>{message.taskid}</code>{' '}
          ({TASK_KINDS[message.kind] ?? message.kind})
        </p>
        {message.replacedBy && <p class="msg-note">{replacedText(message.replacedBy)}</p>}
      </header>
      <div class={`previews${full ? '' : ' previews-cut'}`}>
        {bar && onBar && (
          <>
            <figure class="preview">
              <figcaption>Android notification bar</figcaption>
              <NotificationBar content={bar} />
            </figure>
            <figure class="preview">
              <figcaption>Android lock screen</figcaption>
              <LockScreen content={bar} />
            </figure>
          </>
        )}
        {r.msgtype === 'notypopload' && android && (
          <figure class="preview">
            <figcaption>Download dialog, after a tap</figcaption>
            <DownloadDialog r={r} />
          </figure>
        )}
        {r.msgtype === 'transmission' && (
          <figure class={push ? 'preview' : 'preview preview-wide'}>
            <figcaption>Pass-through content, as the app receives it</figcaption>
            <pre class="raw raw-block">
              {full ? r.template.transmission_content : cut(r.template.transmission_content, CUT_AT.passThrough)}
            </pre>
          </figure>
        )}
        {ios && push && (
          <>
            <figure class="preview">
              <figcaption>iOS lock screen (push_info)</figcaption>
              <IosAlert info={push} appName={context.appName} time={time} full={full} lock />
            </figure>
            <figure class="preview">
              <figcaption>iOS banner (push_info)</figcaption>
              <IosAlert info={push} appName={context.appName} time={time} full={full} />
            </figure>
          </>
        )}
        {platform === 'ios' && !push && r.msgtype !== 'transmission' && (
          <p class="preview-note preview-wide">{PHONE_WORDS.notOnIosWhy}</p>
        )}
      </div>
      {hasLongText(r, push) && (
        <p class="msg-actions">
          <button
            type="button"
            class="button button-small"
            aria-pressed={full ? 'true' : 'false'}
            onClick={() => setFull(!full)}
          >
            {full ? 'Cut as the phone does' : 'Show full text'}
          </button>
        </p>
      )}
      <PushWarnings warnings={messageWarnings(message, platform)} />
      <details class="msg-fields">
        <summary>Fields</summary>
        <dl class="fields">
          <TemplateFields r={r} />
          <EnvelopeFields envelope={message.message as Envelope} />
          {push?.payload !== undefined && (
            <Field term="push_info payload">
              <pre class="raw">{push.payload}</pre>
            </Field>
          )}
          {push?.aps?.category !== undefined && <Field term="push_info category">{push.aps.category}</Field>}
          {push && platform === 'android' && (
            <Field term="push_info">given, for iOS devices: an Android device does not show it</Field>
          )}
          {message.requestid && <Field term="requestid">{message.requestid}</Field>}
          <Field term="Sent">{at(message.sentAt)}</Field>
        </dl>
      </details>
      {context.onTap && message.state === 'delivered' && !message.clicked && (onBar || ios) && (
        <p class="msg-actions">
          <button type="button" class="button" onClick={() => context.onTap?.(message.cid, message.id)}>
            Tap notification
          </button>
        </p>
      )}
    </article>
  );
}
