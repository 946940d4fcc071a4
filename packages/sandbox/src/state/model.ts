// The records the sandbox keeps. Each is plain JSON data, so it can be persisted as it is; what the
// control API shows is computed from them (control/views.ts), never stored twice.
import type { DeviceStateName } from '../config.js';
import type { ClockRecord } from '../time.js';

export type MsgType = 'notification' | 'link' | 'notypopload' | 'startactivity' | 'transmission';
export const MSG_TYPES: readonly MsgType[] = ['notification', 'link', 'notypopload', 'startactivity', 'transmission'];

export type TaskKind = 'single' | 'batch' | 'list' | 'app' | 'scheduled';
export type DeliveryStatus = 'successed_online' | 'successed_offline' | 'successed_ignore';
/** A cid's entry in push_list `cid_details`. */
export type CidDetail = DeliveryStatus | 'no_user';

export type RateLimitedOperation = 'set_tags' | 'save_list_body' | 'push_list' | 'push_app' | 'scheduled_push';
export const RATE_LIMITED: readonly RateLimitedOperation[] = ['set_tags', 'save_list_body', 'push_list', 'push_app', 'scheduled_push'];
export interface RateLimit {
  max: number;
  perMs: number;
}

export interface AppSettings {
  scheduledPush: boolean;
  utcOffsetMinutes: number;
  maxClockSkewMs: number | null;
  inboxLimit: number;
}

export interface DmpTag {
  tid: string;
  tname: string;
}

export interface PartyRecord {
  userCode: string;
  authCode: string;
  expiresIn: number;
  permissions: { tagsUser: boolean; configTags: boolean };
  tags: DmpTag[];
}

export interface AppRecord {
  /** Order of creation across the sandbox (apps, devices and tasks are listed in it). */
  seq: number;
  appid: string;
  appkey: string;
  mastersecret: string;
  name: string;
  /** Real time of creation. */
  createdAt: number;
  settings: AppSettings;
  clock: ClockRecord;
  party: PartyRecord;
  rateLimits: Partial<Record<RateLimitedOperation, RateLimit>>;
  /** The blacklist: a set of cids (registered or not). */
  blacklist: string[];
  /** Changes of the number of online devices, [app time, count], the last 24 hours and one before. */
  onlineHistory: [number, number][];
}

export interface DmpIds {
  imei?: string;
  mac?: string;
  imsi?: string;
  phone?: string;
  idfa?: string;
  oaid?: string;
  androidId?: string;
}

export interface DeviceRecord {
  seq: number;
  cid: string;
  online: boolean;
  active: boolean;
  lastlogin: number;
  region: string | null;
  phonetype: string | null;
  tags: string[];
  alias: string | null;
  badge: number | null;
  deviceToken: string | null;
  dmpIds: DmpIds;
  dmpTags: string[];
  magic: DeviceStateName | null;
  /** App time of registration. */
  createdAt: number;
}

/** What a push sends, shared by every message of its task. */
export interface PushContent {
  msgtype: MsgType;
  message: Record<string, unknown>;
  template: Record<string, unknown>;
  push_info: Record<string, unknown> | null;
}

export type MessageState = 'delivered' | 'pending' | 'expired' | 'stopped';

export interface MessageRecord {
  id: string;
  /** Order of creation across the sandbox: inboxes are sorted by it. */
  seq: number;
  cid: string;
  taskid: string;
  kind: TaskKind;
  requestid: string | null;
  content: PushContent;
  state: MessageState;
  via: 'online' | 'offline' | null;
  apn: boolean;
  sentAt: number;
  receivedAt: number | null;
  expiresAt: number | null;
  displayFrom: number | null;
  displayUntil: number | null;
  clicked: boolean;
}

export interface TaskStats {
  targets: number;
  sent: number;
  deliverable: number;
  online: number;
  offline: number;
  ignored: number;
  filtered: number;
  unknown: number;
  received: number;
  displayed: number;
  clicked: number;
  pending: number;
  apn: number;
}

export const emptyStats = (): TaskStats => ({
  targets: 0,
  sent: 0,
  deliverable: 0,
  online: 0,
  offline: 0,
  ignored: 0,
  filtered: 0,
  unknown: 0,
  received: 0,
  displayed: 0,
  clicked: 0,
  pending: 0,
  apn: 0,
});

export type TaskState = 'saved' | 'sent' | 'scheduled' | 'stopped' | 'failed' | 'deleted';

export interface TaskRecord {
  seq: number;
  taskid: string;
  kind: TaskKind;
  state: TaskState;
  createdAt: number;
  taskName: string | null;
  requestid: string | null;
  content: PushContent;
  /** push_app's own duration_begin/duration_end (app time), applied to every message it sends. */
  window: { from: number | null; until: number | null };
  /** For a scheduled task: its pushTime text and instant. */
  pushTime: string | null;
  dispatchAt: number | null;
  targets: { cids: string[]; aliases: string[]; condition: ConditionItem[] | null };
  stats: TaskStats;
  details: Record<string, CidDetail>;
}

export interface ConditionItem {
  key: string;
  values: string[];
  opt_type: number;
}

export interface RequestIdRecord {
  at: number;
  operation: string;
  answer: Record<string, unknown>;
}

export interface TokenRecord {
  expiresAt: number;
}

export interface DmpTokenRecord {
  appid: string;
  expiresAt: number;
}

export interface DayRecord {
  day: string;
  newRegist: number;
  active: string[];
  online: string[];
  sent: number;
  sentOnline: number;
  received: number;
  shown: number;
  clicked: number;
  gt: { sent: number; feedback: number; displayed: number; clicked: number };
}

export const emptyDay = (day: string): DayRecord => ({
  day,
  newRegist: 0,
  active: [],
  online: [],
  sent: 0,
  sentOnline: 0,
  received: 0,
  shown: 0,
  clicked: 0,
  gt: { sent: 0, feedback: 0, displayed: 0, clicked: 0 },
});

/** A fault waiting for calls of its operation (kept in memory only). */
export interface FaultRecord {
  id: string;
  operation: string;
  kind: 'http' | 'drop' | 'delay' | 'result';
  remaining: number;
  status: number | null;
  delayMs: number | null;
  result: string | null;
  desc: string | null;
}
