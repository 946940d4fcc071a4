// The sandbox's state in memory: every app with its devices, inboxes, tasks, tokens and statistics, and the DMP
// tokens. Behaviour reads it directly; it changes only through a unit of work (unit.ts), which places records
// here and records what changed. Indexes (aliases, the blacklist as a set, online count) are kept beside the
// records they are derived from, so no request scans for what it could look up.
import { OldestFirst } from './oldest-first.js';
import type {
  AppRecord,
  DayRecord,
  DeviationTally,
  DeviceRecord,
  DmpTokenRecord,
  FaultRecord,
  MessageRecord,
  RequestIdRecord,
  TaskRecord,
  TokenRecord,
  UsageRecord,
} from './records.js';

/** A device's messages of one state, oldest first, by id: read anywhere, changed only through `messageList`. */
export type MessageList = ReadonlyMap<string, MessageRecord>;

export interface DeviceState {
  record: DeviceRecord;
  /** Messages received. */
  inbox: MessageList;
  /** Offline (or not yet displayable) messages waiting. */
  pending: MessageList;
  /** Messages that never arrived (expired or stopped): at most the app's inboxLimit. */
  ended: MessageList;
}

/** The empty list every device without messages of a state shares; putting a message in it is a bug. */
class NoMessages extends Map<string, MessageRecord> {
  override set(): this {
    throw new Error('Broken invariant: a message put in the shared empty list (state/store.ts messageList)');
  }
}

/**
 * Shared by the lists of every device until its first message of that state: three maps made per device were a
 * sixth of what a restore of a large app allocated (bench section 9), and most devices of a large app hold none.
 */
const NO_MESSAGES: MessageList = new NoMessages();

/** A device's list of one state, to change: its own map, made at its first message. */
export function messageList(device: DeviceState, state: 'inbox' | 'pending' | 'ended'): Map<string, MessageRecord> {
  const list = device[state];
  if (list !== NO_MESSAGES) return list as Map<string, MessageRecord>; // only NO_MESSAGES is shared
  const own = new Map<string, MessageRecord>();
  device[state] = own;
  return own;
}

/** The message of this id in whichever list of the device holds it. */
export const heldMessage = (device: DeviceState | undefined, id: string): MessageRecord | undefined =>
  device && (device.pending.get(id) ?? device.inbox.get(id) ?? device.ended.get(id));

/** Takes a message out of whichever list of its device holds it. */
export function dropMessage(device: DeviceState, id: string): void {
  for (const state of ['inbox', 'pending', 'ended'] as const)
    if (device[state].has(id)) messageList(device, state).delete(id);
}

export interface AppState {
  record: AppRecord;
  devices: Map<string, DeviceState>;
  /** alias -> cids, derived from each device's alias. */
  aliases: Map<string, Set<string>>;
  /** The blacklist as a set (the record keeps it as a list). */
  blacklist: Set<string>;
  /** How many devices are online, derived from the devices. */
  onlineCount: number;
  /** Tasks in order of creation. */
  tasks: Map<string, TaskRecord>;
  /** The bytes of content the tasks hold (the sum of their contentBytes), kept as tasks are placed and taken out. */
  contentBytes: number;
  /** taskid -> the messages of the task that are kept, derived from the messages. */
  messagesByTask: Map<string, Set<MessageRecord>>;
  requestIds: Map<string, RequestIdRecord>;
  /** The requestids oldest first, derived from requestIds: the one a bound forgets next (oldest-first.ts). */
  requestIdsByAge: OldestFirst<RequestIdRecord>;
  tokens: Map<string, TokenRecord>;
  days: Map<string, DayRecord>;
  /** Not stored: faults waiting, the calls counted for rate limits, the deviations a lenient app accepted. */
  faults: FaultRecord[];
  rateHits: Map<string, number[]>;
  deviations: DeviationTally;
  /** Not stored: the earliest app time at which something may fall due (see behaviour/due.ts). */
  nextDueAt: number;
  /** Not stored: real time of the last call that named the app (NaN: none since this process started). */
  usedAt: number;
}

export const newAppState = (record: AppRecord): AppState => ({
  record,
  devices: new Map(),
  aliases: new Map(),
  blacklist: new Set(record.blacklist),
  onlineCount: 0,
  tasks: new Map(),
  contentBytes: 0,
  messagesByTask: new Map(),
  requestIds: new Map(),
  requestIdsByAge: new OldestFirst(),
  tokens: new Map(),
  days: new Map(),
  faults: [],
  rateHits: new Map(),
  deviations: new Map(),
  nextDueAt: Number.POSITIVE_INFINITY,
  usedAt: Number.NaN,
});

export const newDeviceState = (record: DeviceRecord): DeviceState => ({
  record,
  inbox: NO_MESSAGES,
  pending: NO_MESSAGES,
  ended: NO_MESSAGES,
});

export class Store {
  readonly apps = new Map<string, AppState>();
  /** DMP user_code -> appid of the party's app. */
  readonly parties = new Map<string, string>();
  readonly dmpTokens = new Map<string, DmpTokenRecord>();
  /** appid -> the app's usage ledger (behaviour/usage.ts): beside the apps, so that a reset or restore keeps it. */
  readonly usage = new Map<string, UsageRecord>();
  /** The last sequence number handed out (apps, devices, tasks and messages are ordered by it). */
  seq = 0;

  nextSeq(): number {
    return ++this.seq;
  }
}
