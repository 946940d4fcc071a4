// The push check's warnings of a message or a sent push: what a phone will do with it that the sender may not
// expect (src/shared/push-check.ts; the sandbox README lists the checks). Warnings only: the service accepted it.
import { pushWarnings, type PushWarning } from '../../../src/shared/push-check.js';
import type { InboxMessage } from '../api.js';
import type { Platform } from '../../../src/shared/phone-view.js';

/** The warnings of a received message that concern its device's platform (both when it has none), from its content. */
export function messageWarnings(message: InboxMessage, platform: Platform): PushWarning[] {
  const body = {
    message: message.message,
    [message.msgtype]: message.template,
    ...(message.push_info ? { push_info: message.push_info } : {}),
  };
  return pushWarnings('pushSingle', body).filter(
    (w) => platform === 'unknown' || w.platform === 'all' || w.platform === platform,
  );
}

export function PushWarnings({ warnings }: { warnings: PushWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div class="push-warnings">
      <p>
        <strong>Push check</strong>: accepted by the service, but{' '}
        {warnings.length === 1 ? 'one warning' : `${warnings.length} warnings`}
      </p>
      <ul class="violations" aria-label="Push check warnings">
        {warnings.map((w, i) => (
          <li key={i}>
            <code>{w.location.join('.')}</code> ({w.platform}, {w.code}) {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
