// What the control API shows of each record, typed by the control document's generated types. Secrets (master
// secret, auth code, tokens) appear only in the credentials view.
import { LIMITS, MAGIC_CIDS } from '../config.js';
import type { components } from '../generated/schema.js';
import type { FaultRecord, TaskRecord } from '../state/model.js';
import type { AppState, DeviceState } from '../state/state.js';
import { formatLocal } from '../time.js';
import { appNow, type World } from '../world.js';
import { SEND_RESULTS } from '../areas/schedule.js';

export { messageView } from './message-view.js';

type Schemas = components['schemas'];

export function sandboxView(world: World, version: string, defaultAppId: string): Schemas['SandboxInfo'] {
  return {
    name: 'pushapi-sandbox',
    version,
    defaultAppId,
    persistent: world.state.durable,
    magicCids: MAGIC_CIDS.map((m) => ({ ...m })),
    limits: { ...LIMITS },
  };
}

export function clockView(world: World, app: AppState): Schemas['Clock'] {
  const now = appNow(world, app);
  const { clock, settings } = app.record;
  return { now, iso: new Date(now).toISOString(), local: formatLocal(now, settings.utcOffsetMinutes), frozen: clock.frozenAt !== null, offsetMs: clock.offsetMs };
}

export function partyView(app: AppState): Schemas['DmpParty'] {
  const { userCode, expiresIn, permissions, tags } = app.record.party;
  return { userCode, expiresIn, permissions: { ...permissions }, tags: tags.map((t) => ({ ...t })) };
}

export function appView(world: World, app: AppState): Schemas['App'] {
  const now = appNow(world, app);
  let tokens = 0;
  for (const record of app.tokens.values()) if (record.expiresAt > now) tokens++;
  const { appid, appkey, name, createdAt, settings, rateLimits } = app.record;
  return {
    appid,
    appkey,
    name,
    createdAt,
    settings: { ...settings },
    clock: clockView(world, app),
    dmp: partyView(app),
    rateLimits: { ...rateLimits },
    counts: { devices: app.devices.size, tasks: app.tasks.size, tokens },
  };
}

export function credentialsView(app: AppState): Schemas['Credentials'] {
  const { appid, appkey, mastersecret, party } = app.record;
  return { appid, appkey, mastersecret, dmp: { userCode: party.userCode, authCode: party.authCode } };
}

export function deviceView(app: AppState, device: DeviceState): Schemas['Device'] {
  const r = device.record;
  return {
    cid: r.cid,
    online: r.online,
    active: r.active,
    lastlogin: r.lastlogin,
    ...(r.region === null ? {} : { region: r.region }),
    ...(r.phonetype === null ? {} : { phonetype: r.phonetype }),
    tags: [...r.tags],
    blacklisted: app.blacklist.has(r.cid),
    alias: r.alias,
    badge: r.badge,
    ...(r.deviceToken === null ? {} : { deviceToken: r.deviceToken }),
    dmpIds: { ...r.dmpIds },
    dmpTags: [...r.dmpTags],
    magic: r.magic,
    createdAt: r.createdAt,
    inboxCount: device.inbox.length,
    pendingCount: device.pending.length,
  };
}

export function taskView(task: TaskRecord): Schemas['Task'] {
  const scheduled = task.kind === 'scheduled' ? SEND_RESULTS[task.state] : undefined;
  return {
    taskid: task.taskid,
    kind: task.kind,
    state: task.state,
    createdAt: task.createdAt,
    taskName: task.taskName,
    requestid: task.requestid,
    msgtype: task.content.msgtype,
    pushTime: task.pushTime,
    sendResult: scheduled?.sendResult ?? null,
    targets: { cids: [...task.targets.cids], aliases: [...task.targets.aliases], condition: task.targets.condition as Record<string, unknown>[] | null },
    stats: { ...task.stats },
    details: { ...task.details },
  };
}

export function faultView(f: FaultRecord): Schemas['Fault'] {
  return { ...f };
}
