// push_info as the iOS alert a phone shows: title, subtitle, body, the badge its autoBadge sets, the sound and
// the attached media.
import type { PushInfo } from '../api.js';
import { MULTIMEDIA_TYPES } from '../format.js';
import { MessageImage } from './Image.js';

const isSilent = (sound: string) => /\.silence$/i.test(sound);

export function IosAlert({ info, appName, time }: { info: PushInfo; appName: string; time: string }) {
  const aps = info.aps ?? {};
  const alert = aps.alert ?? {};
  const title = alert.title ?? (alert['title-loc-key'] ? `⟨${alert['title-loc-key']}⟩` : undefined);
  const body = alert.body ?? (alert['loc-key'] ? `⟨${alert['loc-key']}⟩` : undefined);
  const images = (info.multimedia ?? []).filter((m) => m.type === 1);
  return (
    <div class="ios">
      <div class="ios-card">
        <div class="ios-head">
          <span class="ios-icon" aria-hidden="true">
            {appName.slice(0, 1).toUpperCase()}
            {aps.autoBadge !== undefined && <span class="ios-badge">{aps.autoBadge}</span>}
          </span>
          <span class="ios-app">{appName}</span>
          <span class="ios-time">{time}</span>
        </div>
        <div class="ios-body">
          <div class="ios-words">
            {title && <p class="ios-title">{title}</p>}
            {alert.subtitle && <p class="ios-subtitle">{alert.subtitle}</p>}
            {body && <p class="ios-text">{body}</p>}
          </div>
          {images[0] && <MessageImage src={images[0].url} label="Attached image (multimedia)" size="thumb" />}
        </div>
      </div>
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
    </div>
  );
}
