// The records the sandbox keeps. Each is plain data, stored as JSON (a day's sets as lists, see kinds.ts); what
// the control API shows is computed from them (interfaces/views.ts), never stored twice. Parts that are exactly what
// the control document describes (settings, limits, DMP ids and tags, task statistics, faults) use its
// generated types.
import type { DeviceStateName } from '../shared/config.js';
import type { components } from '../generated/schema.js';
import type { ClockRecord } from '../shared/time.js';

type Schemas = components['schemas'];

export type MsgType = Schemas['InboxMessage']['msgtype'];

export type TaskKind = Schemas['TaskKind'];
export type DeliveryStatus = 'successed_online' | 'successed_offline' | 'successed_ignore';
/** A cid's entry in push_list `cid_details`. */
export type CidDetail = DeliveryStatus | 'no_user';

/** The operations a rate limit may name (the keys of RateLimits in the control document). */
export type RateLimitedOperation = keyof Schemas['RateLimits'];
export type RateLimit = Schemas['RateLimit'];
export type AppSettings = Schemas['AppSettings'];
export type DmpTag = Schemas['DmpTag'];

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

export type DmpIds = Schemas['DmpIds'];

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

/** A message as the control document shows it (InboxMessage), with its content kept once per push. */
export type MessageRecord = Omit<Schemas['InboxMessage'], keyof PushContent> & {
  /** Order of creation across the sandbox: inboxes are sorted by it. */
  seq: number;
  cid: string;
  content: PushContent;
};

export type TaskStats = Schemas['TaskStats'];

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
  /** Bytes of the content its messages carry, as JSON (every item's, for a batch): what counts against the app's budget. */
  contentBytes: number;
}

export interface ConditionItem {
  key: string;
  values: string[];
  opt_type: number;
}

export interface RequestIdRecord {
  requestid: string;
  at: number;
  operation: string;
  answer: Record<string, unknown>;
}

export interface TokenRecord {
  token: string;
  expiresAt: number;
}

export interface DmpTokenRecord {
  token: string;
  appid: string;
  expiresAt: number;
}

export interface DayRecord {
  day: string;
  newRegist: number;
  /** Cids active and online that day (stored as lists). */
  active: Set<string>;
  online: Set<string>;
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
  active: new Set(),
  online: new Set(),
  sent: 0,
  sentOnline: 0,
  received: 0,
  shown: 0,
  clicked: 0,
  gt: { sent: 0, feedback: 0, displayed: 0, clicked: 0 },
});

/** A field a ledger counts: how many calls met it and, for a field with documented values, each value met. */
export interface UsageCount {
  calls: number;
  /** The ledger's call number that last counted it: a field met in several items of one call counts once. */
  stamp: number;
}
export interface UsageFieldCount extends UsageCount {
  values: Map<string | number | boolean, UsageCount> | undefined;
}

/** What an app's calls of one operation met (behaviour/usage.ts): fields by place (`request.body.cid`), outcomes by status and result. */
export interface OperationUsage {
  api: 'push-v1' | 'dmp';
  operationId: string;
  name: string;
  calls: number;
  fields: Map<string, UsageFieldCount>;
  outcomes: Map<string, { status: number; result: string | null; calls: number }>;
}

/**
 * An app's usage ledger (behaviour/usage.ts): kept by appid beside the app, not in it, so that a reset or a restore of
 * the app (a new AppState) keeps it; removed when the app is deleted. Stored as the control document's UsageOperation list.
 */
export interface UsageRecord {
  appid: string;
  operations: Map<string, OperationUsage>;
  truncated: boolean;
  /** Not stored: calls counted since this process read it (each call's number, for UsageCount.stamp). */
  stamp: number;
  /** Not stored: changed since it was last written to the data folder. */
  dirty: boolean;
}

/** A fault waiting for calls of its operation (kept in memory only). */
export type FaultRecord = Schemas['Fault'];

/** The deviations a lenient app accepted, by rule: how often, and the last request (kept in memory only). */
export type DeviationTally = Map<Schemas['DeviationRule'], Schemas['DeviationSummary']['deviations'][number]>;
