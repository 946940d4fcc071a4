// push_info as an iOS device shows it, on the lock screen (under the time) or as a banner: title, subtitle, body
// (cut where iOS cuts them: one line of title and subtitle, four of body, unless the full text is asked for), the
// badge its autoBadge sets, the sound and the attached media.
import type { PushInfo } from '../api.js';
import { MULTIMEDIA_TYPES } from '../format.js';
import { cut as cutAt, iosAlertTexts } from '../../../src/shared/phone-view.js';
import { MessageImage } from './Image.js';

const isSilent = (sound: string) => /\.silence$/i.test(sound);

const cut = (text: string | undefined, full: boolean) => (full ? text : cutAt(text));

export function IosAlert({
  info,
  appName,
  time,
  full = false,
  lock = false,
}: {
  info: PushInfo;
  appName: string;
  time: string;
  full?: boolean;
  lock?: boolean;
}) {
  const aps = info.aps ?? {};
  const { title, subtitle, body } = iosAlertTexts(info);
  const images = (info.multimedia ?? []).filter((m) => m.type === 1);
  return (
    <div class={`ios${lock ? ' ios-lock' : ''}`}>
      {lock && (
        <p class="ios-clock" aria-hidden="true">
          {time}
        </p>
      )}
      <div class="ios-card">
        <div class="ios-head">
          <span class="ios-icon" aria-hidden="true">
            {appName.slice(0, 1).toUpperCase()}
            {aps.autoBadge !== undefined && <span class="ios-badge">{aps.autoBadge}</span>}
          </span>
          <span class="ios-app">{appName}</span>
          <span class="ios-time">{lock ? 'now' : time}</span>
        </div>
        <div class="ios-body">
          <div class="ios-words">
            {title && <p class="ios-title">{cut(title, full)}</p>}
            {subtitle && <p class="ios-subtitle">{cut(subtitle, full)}</p>}
            {body && <p class="ios-text">{cut(body, full)}</p>}
          </div>
          {images[0] && <MessageImage src={images[0].url} label="Attached image (multimedia)" size="thumb" />}
        </div>
      </div>
      {!lock && (
        <ul class="notif-flags" aria-label="iOS alert settings">
          <li>Badge: {aps.autoBadge ?? 'unchanged'}</li>
          <li>Sound: {aps.sound === undefined ? 'none' : isSilent(aps.sound) ? `silent (${aps.sound})` : aps.sound}</li>
          {(info.multimedia ?? []).map((m, i) => (
            <li key={i}>
              {MULTIMEDIA_TYPES[m.type] ?? `type ${m.type}`}: {m.url}
              {m.only_wifi ? ' (wifi only)' : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
