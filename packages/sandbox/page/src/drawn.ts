// What a device draws of a message, as one line: the title its timeline row and its detail's heading show. An iOS
// device draws only push_info's alert; an Android device the notification bar's title (a notypopload's notytitle);
// a device of no phone type is drawn as Android, and as iOS where push_info is given. A pass-through that draws no
// alert is delivered to the app, and says so.
import { received, type InboxMessage, type PushInfo } from './api.js';
import type { Platform } from '../../src/phone-view.js';

export const DELIVERED_TO_APP = 'Delivered to the app (pass-through)';
export const NOT_ON_IOS = 'Not shown on iOS (no push_info)';

/** The title of what `platform` draws of the message. */
export function drawnTitle(m: InboxMessage, platform: Platform): string {
  const r = received(m);
  const alert = (m.push_info as PushInfo | null)?.aps?.alert?.title;
  const barTitle =
    r.msgtype === 'notypopload'
      ? r.template.notytitle
      : r.msgtype !== 'transmission' && r.template.style.type !== 4
        ? r.template.style.title
        : undefined;
  if (platform === 'ios') return alert ?? (r.msgtype === 'transmission' ? DELIVERED_TO_APP : NOT_ON_IOS);
  if (barTitle !== undefined) return barTitle;
  // Nothing titled on the Android bar: a background image (style 4), or a pass-through.
  if (platform === 'unknown' && alert !== undefined) return alert;
  return r.msgtype === 'transmission' ? DELIVERED_TO_APP : 'Background image';
}
