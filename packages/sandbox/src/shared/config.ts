// The sandbox's fixed values: defaults, limits and magic cids. Each is stated once here and reported by the
// control API (GET /control/), so tests and the inbox page read them instead of repeating them.

/** Port of `run sandbox` when none is given (the Prism mocks use 4010 and 4011). */
export const DEFAULT_PORT = 4020;
export const DEFAULT_HOST = '127.0.0.1';

/** Where each interface lives on the sandbox's origin. Push v1 keeps its production base `/v1/<appid>/`. */
export const MOUNTS = { push: '/v1', dmp: '/dmp', control: '/control' } as const;

/** The app created at start (and again by a reset). Its credentials are public defaults, not secrets. */
export const DEFAULT_APP = {
  appid: 'sandbox-app',
  appkey: 'sandbox-appkey',
  mastersecret: 'sandbox-mastersecret',
  userCode: 'sandbox-party',
  authCode: 'sandbox-authcode',
} as const;

/** Sandbox limits, not rules of the service: they protect the process and keep its memory flat. */
export const LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 32,
  maxArrayItems: 10_000,
  inboxLimit: 200,
  taskLimit: 1000,
  requestIdLimit: 10_000,
  requestLogLimit: 500,
  /** Events written to an event-stream reader and not yet sent; past it the reader is dropped (it reconnects). */
  streamBacklogBytes: 4 * 1024 * 1024,
  /** Bytes of message content one app keeps; past it the oldest finished tasks' content is cut (behaviour/content-budget.ts). */
  contentBudgetBytes: 16 * 1024 * 1024,
} as const;

/**
 * Bounds on what the sandbox lists and keeps about requests, in items and in bytes (UTF-8 JSON). A list cut short
 * ends with one entry saying how many more there were. Not in GET /control/'s `limits` (its schema lists those above).
 */
export const BYTE_BOUNDS = {
  /** Violations one request is checked for and answered with: checking stops there (the rest are only counted). */
  violationsListed: 200,
  /** Bytes of the violations answered and logged for one request. */
  violationListBytes: 32 * 1024,
  /** Deviations one log entry lists (a lenient app still reads and counts all of them). */
  deviationsListed: 200,
  deviationListBytes: 32 * 1024,
  /** Characters of one location segment listed (a property name from a body); longer ones are cut with a note. */
  locationSegmentChars: 128,
  /** Characters of a logged `desc` and `path`. */
  logTextChars: 2048,
  /** One request-log entry; past it the entry's `body` is dropped (null, as for a body over 64 KiB). */
  requestLogEntryBytes: 160 * 1024,
  /** The whole request log: past it the oldest entries go, whatever requestLogLimit allows. */
  requestLogBytes: 16 * 1024 * 1024,
  /** One event; past it the event keeps its type and ids without its payload (`message`, `request`). */
  eventBytes: 192 * 1024,
  /** The event buffer replayed to readers: past it the oldest events go, whatever EVENT_BUFFER allows. */
  eventBufferBytes: 16 * 1024 * 1024,
} as const;

/** How long a requestid is remembered, in app time. */
export const REQUEST_ID_TTL_MS = 24 * 60 * 60 * 1000;
/** Lifetime of an auth_token: "1 day by default". */
export const AUTH_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Lifetime of a DMP access_token: "7200 seconds by default". */
export const DMP_EXPIRES_IN_S = 7200;
/** Offline retention when a push sets is_offline without offline_expire_time (not given by the description). */
export const DEFAULT_OFFLINE_EXPIRE_MS = 24 * 60 * 60 * 1000;
/** del_schedule_task refuses a task this close to dispatch ("a distance under one minute"). */
export const SCHEDULE_LOCK_MS = 60 * 1000;
/** App wall-clock texts (pushTime, duration_*, daily dates, task ids) default to UTC+08:00. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;
/** Recent events replayed to a reconnecting stream or returned to a poll. */
export const EVENT_BUFFER = 500;
/** Days of daily statistics kept per app. */
export const DAYS_KEPT = 100;

export type DeviceStateName = 'online' | 'offline' | 'inactive';

/** Client ids every app has from the start, in a fixed state, so each reported state needs no setup. */
export const MAGIC_CIDS: readonly { cid: string; state: DeviceStateName; description: string }[] = [
  {
    cid: 'magic-online',
    state: 'online',
    description: 'Online: receives at once; push_single answers successed_online.',
  },
  {
    cid: 'magic-offline',
    state: 'offline',
    description:
      'Offline: keeps messages sent with is_offline until it comes online; push_single answers successed_offline.',
  },
  {
    cid: 'magic-inactive',
    state: 'inactive',
    description: 'Inactive: receives nothing; push_single answers successed_ignore.',
  },
];

/** The DMP tag catalogue a new party starts with (replace it through the control API). */
export const DEFAULT_DMP_TAGS: readonly { tid: string; tname: string }[] = [
  { tid: '1001', tname: 'Sports fans' },
  { tid: '1002', tname: 'News readers' },
  { tid: '1003', tname: 'Frequent shoppers' },
];
