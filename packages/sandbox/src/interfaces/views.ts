// What the control API shows of each record, typed by the control document's generated types. Secrets (master
// secret, auth code, tokens) appear only in the credentials view.
import { LIMITS, MAGIC_CIDS } from '../shared/config.js';
import { SEND_RESULTS } from '../behaviour/schedule.js';
import type { components } from '../generated/schema.js';
import type { FaultRecord, MessageRecord, TaskRecord } from '../state/records.js';
import type { AppState, DeviceState, Store } from '../state/store.js';
import { clockNow, formatLocal } from '../shared/time.js';

type Schemas = components['schemas'];

export function sandboxView(persistent: boolean, version: string, defaultAppId: string): Schemas['SandboxInfo'] {
  return {
    name: 'pushapi-sandbox',
    version,
    defaultAppId,
    persistent,
    magicCids: MAGIC_CIDS.map((m) => ({ ...m })),
    limits: { ...LIMITS },
  };
}

export function clockView(app: AppState, realNow: number): Schemas['Clock'] {
  const now = clockNow(app.record.clock, realNow);
  const { clock, settings } = app.record;
  const iso = new Date(now).toISOString();
  return {
    time: iso,
    now,
    iso,
    local: formatLocal(now, settings.utcOffsetMinutes),
    frozen: clock.frozenAt !== null,
    offsetMs: clock.offsetMs,
  };
}

export function partyView(app: AppState): Schemas['DmpParty'] {
  const { userCode, expiresIn, permissions, tags } = app.record.party;
  return { userCode, expiresIn, permissions: { ...permissions }, tags: tags.map((t) => ({ ...t })) };
}

export function appView(app: AppState, realNow: number): Schemas['App'] {
  const now = clockNow(app.record.clock, realNow);
  let tokens = 0;
  for (const record of app.tokens.values()) if (record.expiresAt > now) tokens++;
  const { appid, appkey, name, createdAt, settings, rateLimits } = app.record;
  return {
    appid,
    appkey,
    name,
    createdAt,
    settings: { ...settings },
    clock: clockView(app, realNow),
    dmp: partyView(app),
    rateLimits: { ...rateLimits },
    counts: { devices: app.devices.size, tasks: app.tasks.size, tokens, contentBytes: app.contentBytes },
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
    inboxCount: device.inbox.size,
    pendingCount: device.pending.size,
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
    targets: {
      cids: [...task.targets.cids],
      aliases: [...task.targets.aliases],
      condition: task.targets.condition as Record<string, unknown>[] | null,
    },
    stats: { ...task.stats },
    details: { ...task.details },
  };
}

export function faultView(f: FaultRecord): Schemas['Fault'] {
  return { ...f };
}

export function messageView(m: MessageRecord): Schemas['InboxMessage'] {
  return {
    id: m.id,
    cid: m.cid,
    taskid: m.taskid,
    kind: m.kind,
    requestid: m.requestid,
    msgtype: m.content.msgtype,
    message: m.content.message,
    template: m.content.template,
    push_info: m.content.push_info,
    state: m.state,
    via: m.via,
    apn: m.apn,
    sentAt: m.sentAt,
    receivedAt: m.receivedAt,
    expiresAt: m.expiresAt,
    displayFrom: m.displayFrom,
    displayUntil: m.displayUntil,
    clicked: m.clicked,
    replacedBy: m.replacedBy,
  };
}

export const inboxView = (device: DeviceState): Schemas['Inbox'] => ({
  cid: device.record.cid,
  messages: [...device.inbox.values()].map(messageView),
  pending: [...device.pending.values()].map(messageView),
});

export const appsView = (store: Store, realNow: number): Schemas['AppList'] => ({
  apps: [...store.apps.values()].map((app) => appView(app, realNow)),
});
