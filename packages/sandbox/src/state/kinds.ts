// Every kind of record the sandbox keeps, in one table: the key it is stored under, where it lives in memory,
// what goes with it when it is removed, how it is stored when that differs from memory, and the JSON Schema its
// stored form must meet when the store is read back. A new kind of record is its type (records.ts), a field for
// it on AppState (store.ts) and one entry here; the unit of work, the persistence and the load read this table.
import { contentSize, deepFreeze } from './content.js';
import { dropMessage, heldMessage, messageList, newDeviceState, type AppState, type Store } from './store.js';
import type {
  AppRecord,
  DayRecord,
  DeviceRecord,
  DmpTokenRecord,
  MessageRecord,
  RequestIdRecord,
  TaskRecord,
  TokenRecord,
  UsageRecord,
} from './records.js';
import { storedUsage, usageFromStored } from './usage-form.js';
import { must } from '../shared/must.js';

/** A record's key: its kind's prefix, then the ids that place it, such as ['d', appid, cid]. */
export type Key = string[];

export interface KindSpec<R> {
  prefix: string;
  key(appid: string, record: R): Key;
  /** Puts a new or changed record in its place in memory. */
  place(store: Store, app: AppState, record: R): void;
  /** Takes it out of memory. */
  unplace(store: Store, app: AppState, record: R): void;
  /** Records that go with it when it is removed, each taken out of memory. */
  dependents?(store: Store, app: AppState, record: R): Removal[];
  /**
   * Records kept inside what its removal lets go of whole (an app's devices, tasks...: inside its AppState). They go
   * with it without being taken out of memory one by one; the unit notes them as gone only when its changes are read.
   */
  held?(store: Store, app: AppState, record: R): Removal[];
  /** Its stored form, when that is not the record as it is. */
  encode?(record: R, app: AppState): unknown;
  /** The record from its stored form (already checked against `schema`) and key (which carries the ids a stored value may omit). */
  decode?(value: unknown, key: Key): R;
  /** JSON Schema of the stored form (refs into the control document for the parts it describes). */
  schema: Record<string, unknown>;
  /** A copy that shares nothing behaviour changes in place, for snapshots; default: a structured clone. */
  copy?(record: R): R;
  /**
   * For a kind whose snapshot records are frozen and shared with the state a restore puts back, until the first
   * change copies them (the unit's `update` and `edit`): `freeze` freezes a record a snapshot holds, `inPlace` finds
   * the record of the same key memory holds now (a change after the first reaches the copy, whatever reference the
   * caller kept).
   */
  shared?: { freeze(record: R): R; inPlace(app: AppState, record: R): R | undefined };
}

/**
 * The bytes each placed task was counted with in its app's `contentBytes`: a task changed in place (its content cut)
 * is placed again with a new contentBytes, and the old figure is what comes off the sum.
 */
const countedBytes = new WeakMap<TaskRecord, number>();

function countContent(app: AppState, task: TaskRecord): void {
  app.contentBytes += task.contentBytes;
  countedBytes.set(task, task.contentBytes);
}

function uncountContent(app: AppState, task: TaskRecord | undefined): void {
  if (!task) return;
  app.contentBytes -= countedBytes.get(task) ?? 0;
  countedBytes.delete(task);
}

/**
 * A task as a snapshot holds it: frozen with the parts a push changes in place. Its details name every cid a push
 * reached: for a push_app to 80,000 devices, copying them was a quarter of a restore (bench section 9).
 */
function freezeTask(task: TaskRecord): TaskRecord {
  Object.freeze(task.details);
  Object.freeze(task.stats);
  Object.freeze(task.window);
  Object.freeze(task.targets.cids);
  Object.freeze(task.targets.aliases);
  if (task.targets.condition) deepFreeze(task.targets.condition);
  Object.freeze(task.targets);
  return Object.freeze(task);
}

/**
 * A device's copy, field by field. The many records of a large app: by hand, several times faster than a structured
 * clone; and as a literal, not a spread (`{ ...r }`): on Node 20, reading frozen objects made by a spread took many
 * times as long as reading ones made by a literal (bench README, issue 50's eighth turn), which made a restore that
 * shares the snapshot's devices slower than one that copied them.
 */
function copyDevice(r: DeviceRecord): DeviceRecord {
  return {
    seq: r.seq,
    cid: r.cid,
    online: r.online,
    active: r.active,
    lastlogin: r.lastlogin,
    region: r.region,
    phonetype: r.phonetype,
    tags: [...r.tags],
    alias: r.alias,
    badge: r.badge,
    deviceToken: r.deviceToken,
    dmpIds: { ...r.dmpIds },
    dmpTags: [...r.dmpTags],
    magic: r.magic,
    createdAt: r.createdAt,
  } satisfies EveryField<DeviceRecord>;
}

/** A record with every field of T, the optional ones too: a copy written out field by field misses none. */
type EveryField<T> = { [K in keyof Required<T>]: unknown };

/** A message's copy, field by field (see `copyDevice`); its content, which never changes (content.ts), shared. */
function copyMessage(m: MessageRecord): MessageRecord {
  return {
    id: m.id,
    seq: m.seq,
    cid: m.cid,
    taskid: m.taskid,
    kind: m.kind,
    requestid: m.requestid,
    content: m.content,
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
  } satisfies EveryField<MessageRecord>;
}

/**
 * A device as a snapshot holds it: frozen with its lists. A restore of a large app made four objects per device to
 * copy it, and most devices of a test's app are not changed before the next restore (bench section 9).
 */
function freezeDevice(device: DeviceRecord): DeviceRecord {
  Object.freeze(device.tags);
  Object.freeze(device.dmpIds);
  Object.freeze(device.dmpTags);
  return Object.freeze(device);
}

/**
 * A day's copy, field by field (see `copyDevice`). By hand: a day of a large app names every device active and online
 * that day, and a structured clone of those sets was an eighth of a restore of 80,000 devices (bench section 9).
 */
function copyDay(d: DayRecord): DayRecord {
  return {
    day: d.day,
    newRegist: d.newRegist,
    active: new Set(d.active),
    online: new Set(d.online),
    sent: d.sent,
    sentOnline: d.sentOnline,
    received: d.received,
    shown: d.shown,
    clicked: d.clicked,
    gt: { sent: d.gt.sent, feedback: d.gt.feedback, displayed: d.gt.displayed, clicked: d.gt.clicked },
  } satisfies EveryField<DayRecord>;
}

/** A set that refuses every change: a day's sets as a snapshot shares them (`Object.freeze` leaves a set open). */
class FrozenSet<T> extends Set<T> {
  constructor(items: Iterable<T>) {
    super();
    for (const item of items) super.add(item);
  }
  override add(): never {
    throw frozenSetChanged();
  }
  override delete(): never {
    throw frozenSetChanged();
  }
  override clear(): never {
    throw frozenSetChanged();
  }
}

const frozenSetChanged = () =>
  new TypeError('Broken invariant: a change to a set a snapshot shares (state/kinds.ts FrozenSet)');

/**
 * A day as a snapshot holds it: frozen, its sets of the devices active and online that day made read-only. A day of
 * a large app names every device, and copying its two sets was a fifth of what a restore allocated (bench section 9).
 */
function freezeDay(day: DayRecord): DayRecord {
  day.active = new FrozenSet(day.active);
  day.online = new FrozenSet(day.online);
  Object.freeze(day.gt);
  return Object.freeze(day);
}

/** Whether a snapshot's record is shared with the state a restore puts back, rather than copied (frozen tasks, devices, messages, days). */
export const isShared = (kind: KindName, record: Records[KindName]): boolean =>
  KINDS[kind].shared !== undefined && Object.isFrozen(record);

/** A record's copy for a snapshot: its kind's own, or a structured clone. */
export const copyRecord = <K extends KindName>(kind: K, record: Records[K]): Records[K] => {
  const spec: KindSpec<Records[K]> = KINDS[kind];
  return spec.copy ? spec.copy(record) : structuredClone(record);
};

export interface Records {
  app: AppRecord;
  device: DeviceRecord;
  message: MessageRecord;
  task: TaskRecord;
  requestId: RequestIdRecord;
  token: TokenRecord;
  day: DayRecord;
  dmpToken: DmpTokenRecord;
  usage: UsageRecord;
}

export type KindName = keyof Records;
export type Removal = { [K in KindName]: { kind: K; record: Records[K] } }[KindName];

// ---- stored shapes ----
const doc = (name: string) => ({ $ref: `sandbox#/components/schemas/${name}` });
const str = { type: 'string' };
const num = { type: 'number' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: object) => ({ type: 'array', items });
const object = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
});
const contentSchema = object({
  msgtype: doc('InboxMessage/properties/msgtype'),
  message: { type: 'object' },
  template: { type: 'object' },
  push_info: orNull({ type: 'object' }),
});
const countsOf = (names: string[]) => object(Object.fromEntries(names.map((n) => [n, num])));

/** The id at `index` of a stored key, which its kind's `key` put there (the load read the key by its prefix). */
export const keyId = (key: Key, index: number): string =>
  must(key[index], `stored key ${JSON.stringify(key)} has an id at position ${index}`);

/** The kinds, in the order their stored keys sort (so the load meets apps, then devices, then the rest). */
export const KINDS: { [K in KindName]: KindSpec<Records[K]> } = {
  app: {
    prefix: 'a',
    key: (appid) => ['a', appid],
    place(store, app, record) {
      store.apps.set(record.appid, app);
      store.parties.set(record.party.userCode, record.appid);
    },
    unplace(store, _app, record) {
      store.apps.delete(record.appid);
      store.parties.delete(record.party.userCode);
    },
    // The DMP tokens are the store's, beside every app's: taken out one by one.
    dependents: (store, app) =>
      [...store.dmpTokens.values()]
        .filter((t) => t.appid === app.record.appid)
        .map((record): Removal => ({ kind: 'dmpToken', record })),
    // The rest lives in the app's AppState, let go of whole when the app is removed: a restore of a large app spent
    // a fifth of its time taking each device and message out of maps about to be dropped (bench section 9).
    held: (_store, app) => [
      ...[...app.devices.values()].map((d): Removal => ({ kind: 'device', record: d.record })),
      ...[...app.tasks.values()].map((record): Removal => ({ kind: 'task', record })),
      ...[...app.requestIds.values()].map((record): Removal => ({ kind: 'requestId', record })),
      ...[...app.tokens.values()].map((record): Removal => ({ kind: 'token', record })),
      ...[...app.days.values()].map((record): Removal => ({ kind: 'day', record })),
    ],
    // The blacklist is a set in memory; the record keeps it as a list, brought up to date when stored.
    encode: (record, app) => ({ ...record, blacklist: [...app.blacklist] }),
    schema: object({
      seq: int,
      appid: str,
      appkey: str,
      mastersecret: str,
      name: str,
      createdAt: num,
      settings: doc('AppSettings'),
      clock: object({ offsetMs: num, frozenAt: orNull(num) }),
      party: object({
        userCode: str,
        authCode: str,
        expiresIn: num,
        permissions: object({ tagsUser: bool, configTags: bool }),
        tags: list(doc('DmpTag')),
      }),
      rateLimits: doc('RateLimits'),
      blacklist: list(str),
      onlineHistory: list({ type: 'array', prefixItems: [num, num], minItems: 2, maxItems: 2 }),
    }),
  },
  device: {
    prefix: 'd',
    key: (appid, r) => ['d', appid, r.cid],
    // A device changed in place keeps its DeviceState; the first change of a shared one puts its copy there.
    place(_store, app, record) {
      const device = app.devices.get(record.cid);
      if (device) device.record = record;
      else app.devices.set(record.cid, newDeviceState(record));
    },
    unplace(_store, app, record) {
      app.devices.delete(record.cid);
      if (record.online) app.onlineCount--;
      if (record.alias !== null) unindexAlias(app, record.alias, record.cid);
    },
    copy: copyDevice,
    shared: { freeze: freezeDevice, inPlace: (app, record) => app.devices.get(record.cid)?.record },
    dependents: (_store, app, record) => {
      const device = app.devices.get(record.cid);
      return device
        ? [...device.inbox.values(), ...device.pending.values(), ...device.ended.values()].map(
            (m): Removal => ({ kind: 'message', record: m }),
          )
        : [];
    },
    schema: object({
      seq: int,
      cid: str,
      online: bool,
      active: bool,
      lastlogin: num,
      region: orNull(str),
      phonetype: orNull(str),
      tags: list(str),
      alias: orNull(str),
      badge: orNull(num),
      deviceToken: orNull(str),
      dmpIds: doc('DmpIds'),
      dmpTags: list(str),
      magic: orNull({ enum: ['online', 'offline', 'inactive'] }),
      createdAt: num,
    }),
  },
  day: {
    prefix: 's',
    key: (appid, r) => ['s', appid, r.day],
    place: (_store, app, record) => void app.days.set(record.day, record),
    unplace: (_store, app, record) => void app.days.delete(record.day),
    copy: copyDay,
    shared: { freeze: freezeDay, inPlace: (app, record) => app.days.get(record.day) },
    encode: (r) => ({ ...r, active: [...r.active], online: [...r.online] }),
    decode: (value: DayRecord & { active: string[]; online: string[] }) => ({
      ...value,
      active: new Set(value.active),
      online: new Set(value.online),
    }),
    schema: object({
      day: str,
      newRegist: num,
      active: list(str),
      online: list(str),
      sent: num,
      sentOnline: num,
      received: num,
      shown: num,
      clicked: num,
      gt: countsOf(['sent', 'feedback', 'displayed', 'clicked']),
    }),
  },
  token: {
    prefix: 'k',
    key: (appid, r) => ['k', appid, r.token],
    place: (_store, app, record) => void app.tokens.set(record.token, record),
    unplace: (_store, app, record) => void app.tokens.delete(record.token),
    decode: (value: TokenRecord, key) => ({ ...value, token: keyId(key, 2) }),
    schema: object({ expiresAt: num }),
  },
  message: {
    prefix: 'm',
    key: (appid, r) => ['m', appid, r.cid, String(r.seq).padStart(12, '0')],
    // A message lives in its device's waiting list, inbox or list of those that never arrived, as its state says.
    // Its content is replaced, never changed in place (frozen: state/content.ts), so copies share it.
    copy: copyMessage,
    // A restore shares the snapshot's messages as it shares its devices; the first change copies one.
    shared: {
      freeze: (m) => Object.freeze(m),
      inPlace: (app, m) => heldMessage(app.devices.get(m.cid), m.id),
    },
    place(_store, app, m) {
      const device = app.devices.get(m.cid);
      if (!device) return;
      // The record this one replaces (a shared message's copy replaces the shared one): out of its task's set too.
      const replaced = heldMessage(device, m.id);
      if (m.state === 'pending') messageList(device, 'pending').set(m.id, m);
      else {
        if (device.pending.has(m.id)) messageList(device, 'pending').delete(m.id);
        messageList(device, m.state === 'delivered' ? 'inbox' : 'ended').set(m.id, m);
      }
      let ofTask = app.messagesByTask.get(m.taskid);
      if (!ofTask) app.messagesByTask.set(m.taskid, (ofTask = new Set()));
      if (replaced !== undefined && replaced !== m) ofTask.delete(replaced);
      ofTask.add(m);
    },
    unplace(_store, app, m) {
      const device = app.devices.get(m.cid);
      // The record in place, which is `m` unless `m` is a shared one a change has copied since.
      const held = heldMessage(device, m.id) ?? m;
      if (device) dropMessage(device, m.id);
      const ofTask = app.messagesByTask.get(m.taskid);
      ofTask?.delete(held);
      if (ofTask?.size === 0) app.messagesByTask.delete(m.taskid);
    },
    schema: object(
      {
        id: str,
        seq: int,
        cid: str,
        taskid: str,
        kind: doc('TaskKind'),
        requestid: orNull(str),
        content: contentSchema,
        state: doc('InboxMessage/properties/state'),
        via: orNull({ enum: ['online', 'offline'] }),
        apn: bool,
        sentAt: num,
        receivedAt: orNull(num),
        expiresAt: orNull(num),
        displayFrom: orNull(num),
        displayUntil: orNull(num),
        clicked: bool,
        replacedBy: orNull(str),
      },
      ['replacedBy'],
    ),
    // Stores written before notify_id replacement have no replacedBy.
    decode: (value: Omit<MessageRecord, 'replacedBy'> & { replacedBy?: string | null }) => ({
      ...value,
      content: deepFreeze(value.content),
      replacedBy: value.replacedBy ?? null,
    }),
  },
  dmpToken: {
    prefix: 'p',
    key: (_appid, r) => ['p', r.token],
    place: (store, _app, record) => void store.dmpTokens.set(record.token, record),
    unplace: (store, _app, record) => void store.dmpTokens.delete(record.token),
    decode: (value: DmpTokenRecord, key) => ({ ...value, token: keyId(key, 1) }),
    schema: object({ appid: str, expiresAt: num }),
  },
  requestId: {
    prefix: 'r',
    key: (appid, r) => ['r', appid, r.requestid],
    place(_store, app, record) {
      app.requestIds.set(record.requestid, record);
      app.requestIdsByAge.add(record);
    },
    unplace: (_store, app, record) => void app.requestIds.delete(record.requestid),
    decode: (value: RequestIdRecord, key) => ({ ...value, requestid: keyId(key, 2) }),
    schema: object({ at: num, operation: str, answer: { type: 'object' } }),
  },
  task: {
    prefix: 't',
    key: (appid, r) => ['t', appid, r.taskid],
    place(_store, app, record) {
      uncountContent(app, app.tasks.get(record.taskid));
      app.tasks.set(record.taskid, record);
      countContent(app, record);
    },
    unplace(_store, app, record) {
      uncountContent(app, app.tasks.get(record.taskid));
      app.tasks.delete(record.taskid);
    },
    // Stores written before tasks counted their content's bytes count it at load. Content read back is frozen as new content is (content.ts).
    decode: (value: Omit<TaskRecord, 'contentBytes'> & { contentBytes?: number }) => ({
      ...value,
      content: deepFreeze(value.content),
      contentBytes: value.contentBytes ?? contentSize(value.content),
    }),
    // A copy shares the content, which never changes (content.ts); the rest changes in place as the task runs.
    copy: ({ content, ...rest }) => ({ ...structuredClone(rest), content }),
    shared: { freeze: freezeTask, inPlace: (app, record) => app.tasks.get(record.taskid) },
    schema: object(
      {
        seq: int,
        taskid: str,
        kind: doc('TaskKind'),
        state: doc('Task/properties/state'),
        createdAt: num,
        taskName: orNull(str),
        requestid: orNull(str),
        content: contentSchema,
        window: object({ from: orNull(num), until: orNull(num) }),
        pushTime: orNull(str),
        dispatchAt: orNull(num),
        targets: object({
          cids: list(str),
          aliases: list(str),
          condition: orNull(list(object({ key: str, values: list(str), opt_type: int }))),
        }),
        stats: doc('TaskStats'),
        details: {
          type: 'object',
          additionalProperties: { enum: ['successed_online', 'successed_offline', 'successed_ignore', 'no_user'] },
        },
        contentBytes: num,
      },
      ['contentBytes'],
    ),
  },
  // An app's usage ledger (behaviour/usage.ts): placed by appid beside the app, not one of its dependents, so that a
  // snapshot neither saves nor restores it and a reset keeps it; behaviour/apps.ts deleteApp removes it with the app.
  usage: {
    prefix: 'u',
    key: (appid) => ['u', appid],
    place: (store, _app, record) => void store.usage.set(record.appid, record),
    unplace: (store, _app, record) => void store.usage.delete(record.appid),
    encode: (record) => storedUsage(record),
    decode: (value, key) => usageFromStored(keyId(key, 1), value as ReturnType<typeof storedUsage>),
    schema: object({ truncated: bool, operations: list(doc('UsageOperation')) }),
  },
};

/** The stored form of a kind that has one of its own (app, day, usage): its `encode`. */
export function encoderOf<K extends KindName>(kind: K): NonNullable<KindSpec<Records[K]>['encode']> {
  const spec: KindSpec<Records[K]> = KINDS[kind];
  return must(spec.encode, `kind ${kind} has a stored form of its own (an encode in KINDS)`);
}

/** The record from its stored form, for a kind whose stored form is not the record (token, dmpToken, day, ...): its `decode`. */
export function decoderOf<K extends KindName>(kind: K): NonNullable<KindSpec<Records[K]>['decode']> {
  const spec: KindSpec<Records[K]> = KINDS[kind];
  return must(spec.decode, `kind ${kind} has a stored form of its own (a decode in KINDS)`);
}

export const KIND_BY_PREFIX = new Map(Object.entries(KINDS).map(([name, spec]) => [spec.prefix, name as KindName]));

/** Removes a cid from an alias's index entry (the entry goes when it has no cid left). */
export function unindexAlias(app: AppState, alias: string, cid: string): void {
  const cids = app.aliases.get(alias);
  cids?.delete(cid);
  if (cids?.size === 0) app.aliases.delete(alias);
}

export function indexAlias(app: AppState, alias: string, cid: string): void {
  let cids = app.aliases.get(alias);
  if (!cids) app.aliases.set(alias, (cids = new Set()));
  cids.add(cid);
}
