// The devices of the app shown: state (online or offline, active, blacklisted), alias, tags, what waits for each
// and how many messages arrived since it was last viewed (unread). Choosing one filters the timeline to it ("Every
// device" lifts the filter); the switch takes it online or offline (coming online delivers what waits).
import type { Device } from '../api.js';

function DeviceStates({ device }: { device: Device }) {
  return (
    <ul class="chips" aria-label="State">
      <li class={`chip ${device.online ? 'chip-ok' : 'chip-off'}`}>{device.online ? 'online' : 'offline'}</li>
      {!device.active && <li class="chip chip-warn">inactive</li>}
      {device.blacklisted && <li class="chip chip-bad">blacklisted</li>}
      {device.magic && <li class="chip">magic</li>}
    </ul>
  );
}

export function Devices(props: {
  devices: Device[];
  selected: string | undefined;
  loaded: boolean;
  /** Messages received since the device was last viewed (none shown without it). */
  unread?(device: Device): number;
  onSelect(cid: string): void;
  /** Lifts the device filter: the entry "Every device" is shown only with it. */
  onSelectAll?(): void;
  onOnline(cid: string, online: boolean): void;
}) {
  const { devices, selected } = props;
  return (
    <section class="devices" aria-labelledby="devices-title">
      <h2 id="devices-title">Devices ({devices.length})</h2>
      {props.loaded && devices.length === 0 && (
        <p class="empty">
          No device yet: add one through the control API (POST /control/apps/&lbrace;appid&rbrace;/devices).
        </p>
      )}
      <ul class="device-list">
        {devices.length > 0 && props.onSelectAll && (
          <li class={`device device-all${selected === undefined ? ' device-selected' : ''}`}>
            <button
              type="button"
              class="device-pick"
              aria-current={selected === undefined ? 'true' : undefined}
              onClick={() => props.onSelectAll?.()}
            >
              <span class="device-cid">Every device</span>
              <span class="device-line">one timeline of all messages</span>
            </button>
          </li>
        )}
        {devices.map((device) => (
          <li
            key={device.cid}
            class={`device${device.cid === selected ? ' device-selected' : ''}`}
            data-cid={device.cid}
          >
            <button
              type="button"
              class="device-pick"
              aria-current={device.cid === selected ? 'true' : undefined}
              onClick={() => props.onSelect(device.cid)}
            >
              <span class="device-cid">
                {device.cid}
                {(props.unread?.(device) ?? 0) > 0 && <span class="unread">{`${props.unread!(device)} unread`}</span>}
              </span>
              <DeviceStates device={device} />
              <span class="device-line">alias: {device.alias ?? 'none'}</span>
              <span class="device-line">tags: {device.tags.length ? device.tags.join(', ') : 'none'}</span>
              <span class="device-line">
                {device.inboxCount} received{device.pendingCount ? `, ${device.pendingCount} waiting` : ''}
              </span>
            </button>
            <button
              type="button"
              role="switch"
              class="switch"
              aria-checked={device.online ? 'true' : 'false'}
              aria-label={`${device.cid} online`}
              onClick={() => props.onOnline(device.cid, !device.online)}
            >
              <span class="switch-track" aria-hidden="true">
                <span class="switch-thumb" />
              </span>
              <span class="switch-text" aria-hidden="true">
                {device.online ? 'On' : 'Off'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
