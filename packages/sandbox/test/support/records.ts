// Records for tests of the state engine alone (no server): an app's state and a task, with fixed values.
import { emptyStats, type TaskRecord } from '../../src/state/records.js';
import { newAppState, type AppState } from '../../src/state/store.js';

/** The state of an app named `appid`, with no devices, tasks or tokens. */
export const testAppState = (appid: string): AppState =>
  newAppState({
    seq: 1,
    appid,
    appkey: 'k',
    mastersecret: 's',
    name: appid,
    createdAt: 0,
    settings: { scheduledPush: true, utcOffsetMinutes: 480, maxClockSkewMs: null, inboxLimit: 200 },
    clock: { offsetMs: 0, frozenAt: null },
    party: {
      userCode: 'u',
      authCode: 'a',
      expiresIn: 7200,
      permissions: { tagsUser: true, configTags: true },
      tags: [],
    },
    rateLimits: {},
    blacklist: [],
    onlineHistory: [],
  });

/** A sent push_single task with empty content, counted as `contentBytes`. */
export const testTask = (taskid: string, contentBytes = 0): TaskRecord => ({
  seq: 2,
  taskid,
  kind: 'single',
  state: 'sent',
  createdAt: 0,
  taskName: null,
  requestid: null,
  content: { msgtype: 'transmission', message: {}, template: {}, push_info: null },
  window: { from: null, until: null },
  pushTime: null,
  dispatchAt: null,
  targets: { cids: [], aliases: [], condition: null },
  stats: emptyStats(),
  details: {},
  contentBytes,
});
