// A received Android notification as the notification bar (the shade) and the lock screen would show it, by
// style type: 0 system, 1 vendor, 4 background image, 6 expanded. The channel level decides where it shows.
import type { ComponentChildren } from 'preact';
import type { Style } from '../api.js';
import { CHANNEL_LEVELS } from '../format.js';
import { CUT_AT, channelLevel, cut, PHONE_WORDS, soundFlags, wakesText } from '../../../src/shared/phone-view.js';
import { EmbeddedIcon, MessageImage, StyleIcon } from './Image.js';

export { channelLevel, soundFlags };

export interface BarContent {
  style: Style;
  /** What the bar shows: the style's title and text, or a notypopload template's own notytitle/notycontent. */
  title: string | undefined;
  text: string | undefined;
  /** The template's own bar icon (notypopload's notyicon), in place of the style's. */
  icon?: ComponentChildren;
  appName: string;
  /** `HH:mm` on the app's clock. */
  time: string;
  /** Whether the full texts are drawn (not cut where the phone cuts them). */
  full?: boolean;
}

function SmallIcon({ content }: { content: BarContent }) {
  if (content.icon) return <>{content.icon}</>;
  const { style } = content;
  return <EmbeddedIcon name={style.logo ?? 'app icon'} size="icon" />;
}

/** The large picture on the right of a vendor or expanded notification. */
function LargeIcon({ style }: { style: Style }) {
  if (style.type === 1) return <StyleIcon logo={style.logo} logourl={style.logourl} size="large-icon" />;
  if (style.type === 6 && style.logourl)
    return <MessageImage src={style.logourl} label="Icon (logourl)" size="large-icon" />;
  return null;
}

/** Big image or long text of an expanded (6) or system (0) style. */
function Expanded({ style, full }: { style: Style; full: boolean }) {
  if (style.type !== 0 && style.type !== 6) return null;
  if (style.big_style === '1' && style.big_image_url)
    return <MessageImage src={style.big_image_url} label="Big image (big_image_url)" size="big" />;
  if (style.big_style === '2' && style.big_text)
    return <p class="notif-bigtext">{full ? style.big_text : cut(style.big_text, CUT_AT.bigText)}</p>;
  return null;
}

export function NotificationBar({ content }: { content: BarContent }) {
  const { style } = content;
  const level = channelLevel(style);
  const collapsed = level === 1;
  return (
    <div class={`shade${level === 0 ? ' shade-suppressed' : ''}`}>
      <div class="notif">
        <div class="notif-head">
          <SmallIcon content={content} />
          <span class="notif-app">{content.appName}</span>
          <span aria-hidden="true">·</span>
          <span class="notif-time">{content.time}</span>
        </div>
        {style.type === 4 ? (
          <MessageImage src={style.banner_url} label="Background image (banner_url)" size="banner" />
        ) : (
          <>
            <div class="notif-body">
              <div class="notif-words">
                <p class="notif-title">{content.title}</p>
                {!collapsed && <p class="notif-text">{content.text}</p>}
              </div>
              <LargeIcon style={style} />
              {style.type === 6 && style.banner_url && (
                <MessageImage src={style.banner_url} label="Small image (banner_url)" size="thumb" />
              )}
            </div>
            {!collapsed && <Expanded style={style} full={content.full === true} />}
          </>
        )}
        <ul class="notif-flags" aria-label="How it alerts">
          {soundFlags(style).map((flag) => (
            <li key={flag}>{flag}</li>
          ))}
        </ul>
      </div>
      {level === 0 && <p class="preview-note">{PHONE_WORDS.barLevel0}</p>}
      {collapsed && <p class="preview-note">{PHONE_WORDS.barLevel1}</p>}
    </div>
  );
}

export function LockScreen({ content }: { content: BarContent }) {
  const { style } = content;
  const level = channelLevel(style);
  let body: ComponentChildren;
  if (level === 0) body = <p class="lock-note">{PHONE_WORDS.lockLevel0}</p>;
  else if (level === 1) body = <p class="lock-note">{PHONE_WORDS.lockLevel1}</p>;
  else
    body = (
      <div class="lock-notif">
        <SmallIcon content={content} />
        <div class="lock-words">
          <p class="lock-app">
            {content.appName} <span aria-hidden="true">·</span> {content.time}
          </p>
          {style.type === 4 ? (
            <MessageImage src={style.banner_url} label="Background image (banner_url)" size="strip" />
          ) : (
            <p class="lock-title">{content.title}</p>
          )}
          {style.type !== 4 && <p class="lock-text">{content.text}</p>}
        </div>
      </div>
    );
  const wakes = wakesText(level);
  return (
    <div class="lock">
      <p class="lock-clock" aria-hidden="true">
        {content.time}
      </p>
      {body}
      {wakes && <p class="lock-wake">{wakes}</p>}
    </div>
  );
}

/** The channel a style posts to, and what its level means. */
export function channelText(style: Style): string {
  if (style.type === 4) return 'Not set by style 4 (the app default channel)';
  const name = style.channelName ?? 'Default';
  const id = style.channelId ?? 'Default';
  const level = style.channelLevel;
  const levelText =
    level === undefined ? 'level not set' : `level ${level}: ${CHANNEL_LEVELS[level] ?? 'unknown level'}`;
  return `${name} (id ${id}), ${levelText}`;
}
