// The facts of the device the timeline is filtered to (state, alias, tags, region, phone type, badge, last login,
// counts) and Clear inbox; and why its timeline is empty when the app's blacklist leaves it out of every push.
import type { Device } from '../api.js';
import { appTime } from '../format.js';
import { ConfirmButton } from './AppBar.js';

export function DeviceFacts({
  device,
  utcOffsetMinutes,
  onClear,
}: {
  device: Device;
  utcOffsetMinutes: number;
  onClear(cid: string): void;
}) {
  return (
    <div class="device-head">
      <dl class="device-facts" aria-label={`Device ${device.cid}`}>
        <div>
          <dt>cid</dt>
          <dd>{device.cid}</dd>
        </div>
        <div>
          <dt>state</dt>
          <dd>
            {[
              device.online ? 'online' : 'offline',
              device.active ? 'active' : 'inactive',
              device.blacklisted ? 'blacklisted' : null,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </div>
        <div>
          <dt>alias</dt>
          <dd>{device.alias ?? 'none'}</dd>
        </div>
        <div>
          <dt>tags</dt>
          <dd>{device.tags.length ? device.tags.join(', ') : 'none'}</dd>
        </div>
        {device.region && (
          <div>
            <dt>region</dt>
            <dd>{device.region}</dd>
          </div>
        )}
        <div>
          <dt>phone type</dt>
          <dd>{device.phonetype ?? 'not set'}</dd>
        </div>
        {device.badge !== null && (
          <div>
            <dt>badge</dt>
            <dd>{device.badge}</dd>
          </div>
        )}
        <div>
          <dt>last login</dt>
          <dd>{appTime(device.lastlogin, utcOffsetMinutes)}</dd>
        </div>
        <div>
          <dt>messages</dt>
          <dd>{`${device.inboxCount} received, ${device.pendingCount} waiting`}</dd>
        </div>
      </dl>
      {device.inboxCount > 0 && (
        <ConfirmButton
          label={`Clear inbox of ${device.cid}`}
          question={`Delete the ${device.inboxCount} received message(s) of ${device.cid}?`}
          onConfirm={() => onClear(device.cid)}
        />
      )}
    </div>
  );
}

/** What an empty timeline says: why, when the device it is filtered to is on the app's blacklist. */
export function emptyTimelineText(device: Device | undefined): string {
  if (device?.blacklisted) {
    return `No message: ${device.cid} is on the app's blacklist (user_blk_list), so every push leaves it out and nothing is delivered to it (push_single answers successed_ignore). Remove it from the blacklist (DELETE user_blk_list) to receive pushes.`;
  }
  return 'No message matches. Pushes appear here at once.';
}
