// What the push check (shared/push-check.ts) knows of one app: its appkey, its zone, its devices' platforms and the
// notify_ids of its messages, read from the app's state. The check itself is plain code the page runs too; this
// part reads the server's state, so it lives with behaviour.
import { channelOf, type PushCheckContext } from '../shared/push-check.js';
import { platformOf as platformOfPhone } from '../shared/phone-view.js';
import type { AppState } from '../state/store.js';

type Json = Record<string, unknown>;

/** What the check knows of an app at `now` (its clock): its appkey, its zone, and the notify_ids of its messages but those of `exceptTask`. */
export function appCheckContext(app: AppState, now: number, exceptTask?: string): PushCheckContext {
  // Read only when a push has a notify_id: most have none, and an app may hold many messages.
  const notifyIdChannels = (notifyId: number, cid?: string) => {
    const device = cid === undefined ? undefined : app.devices.get(cid);
    const channels = new Set<string>();
    for (const [taskid, messages] of app.messagesByTask) {
      if (taskid === exceptTask) continue;
      for (const message of messages) {
        const style = message.content.template.style as Json | undefined;
        if (style?.notify_id !== notifyId || (device && message.cid !== device.record.cid)) continue;
        channels.add(channelOf(style));
      }
    }
    return channels;
  };
  const platformOf = (cid: string) => {
    const platform = platformOfPhone(app.devices.get(cid)?.record.phonetype);
    return platform === 'unknown' ? undefined : platform;
  };
  return {
    appkey: app.record.appkey,
    now,
    utcOffsetMinutes: app.record.settings.utcOffsetMinutes,
    notifyIdChannels,
    platformOf,
  };
}
