// The control API under /control: each operation of the sandbox document translated to a call of the area that
// owns the behaviour, and its answer to the document's view. The request has been checked against the document
// before; areas throw a Refusal (404, 409, 422) before changing anything.
import type { ServerResponse } from 'node:http';
import {
  createApp,
  deleteApp,
  resetApp,
  resetSandbox,
  setClock,
  setRateLimits,
  updateParty,
  updateSettings,
} from '../behaviour/apps.js';
import type { SentBody } from '../behaviour/bodies.js';
import { addDevice, addDevices, deleteDevice, updateDevice } from '../behaviour/devices.js';
import { deviationsView } from '../behaviour/compat.js';
import { usageView } from '../behaviour/usage.js';
import { addFault } from '../behaviour/faults.js';
import { appCheckContext } from '../behaviour/push-check-context.js';
import { pushWarnings } from '../shared/push-check.js';
import { clearInbox, clickMessage, deleteMessage, listMessages } from '../behaviour/inbox.js';
import { loadWorld } from '../behaviour/world.js';
import type { operations } from '../generated/schema.js';
import { invalid, notFound } from '../shared/refusal.js';
import type { AppState, DeviceState } from '../state/store.js';
import { clockNow } from '../shared/time.js';
import { json, noContent, refusalReply, type Reply } from './answer.js';
import type { Asker } from '../behaviour/snapshots.js';
import {
  handlerOf,
  header,
  type Api,
  type AppCall,
  type Call,
  type ControlAccess,
  type PathOf,
  type Services,
} from './call.js';
import type { SandboxEvent, Visible } from '../services/events.js';
import {
  appsView,
  appView,
  clockView,
  credentialsView,
  deviceView,
  faultView,
  inboxView,
  messageView,
  partyView,
  sandboxView,
  taskView,
} from './views.js';

type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
/** `visible`: what the caller's token may see of the apps, the request log and the events (team-tokens.ts). */
type Handlers = {
  [Op in keyof operations]: (
    c: AppCall<SentBody<operations[Op]>, Query<Op>, PathOf<operations[Op]>>,
    visible: Visible,
    asker: Asker,
  ) => Reply;
};

function deviceOf(c: AppCall<unknown, unknown, { cid: string }>): DeviceState {
  const device = c.app.devices.get(c.params.cid);
  if (!device) throw notFound(`app ${c.app.record.appid} has no device with cid "${c.params.cid}"`);
  return device;
}

/**
 * The app a waiting call reads, looked up again by appid: a reset or a restore replaces the app's state, and a wait
 * started before it answers from the new state (a push to magic-online after a reset answers it). An app deleted
 * meanwhile ends the wait at once.
 */
function liveApp(c: AppCall): AppState {
  const app = c.services.store.apps.get(c.app.record.appid);
  if (!app) throw notFound(`app ${c.app.record.appid} was deleted while waiting`);
  return app;
}

/** What a refusal adds when the waited thing is gone because its app was replaced since the call began. */
const sinceReplaced = (c: AppCall, app: AppState) =>
  app === c.app ? '' : ' (the app was reset or restored while waiting)';

/** Events after which a wait checks again: the app's own (a reset, a deletion) and a restore or world that replaced it. */
const replacesApp = (e: SandboxEvent, appid: string) =>
  (e.type === 'app' || e.type === 'reset') && (e.appid === appid || e.appid === null);

/** The app a page opens when its address names none: the default app, or the first app a team token may see. */
function openingApp(s: Services, visible: Visible): string {
  if (visible(s.defaultApp.appid)) return s.defaultApp.appid;
  for (const appid of s.store.apps.keys()) if (visible(appid)) return appid;
  return s.defaultApp.appid;
}
const info = (s: Services, visible: Visible) => sandboxView(s.durable, s.version, openingApp(s, visible));
const now = (c: Call) => c.services.realNow();

const HANDLERS: Handlers = {
  getSandbox: (c, visible) => json(200, info(c.services, visible)),
  resetSandbox: (c, visible) => {
    resetSandbox(c.unit, c.services.defaultApp);
    return { ...json(200, info(c.services, visible)), announce: [{ type: 'reset', appid: null }] };
  },
  checkRequest: (c, visible) => {
    const { api, operationId, appid, path = {}, query = {}, body } = c.body;
    const app = appid === undefined ? undefined : c.services.store.apps.get(appid);
    if (appid !== undefined && (!app || !visible(appid))) throw notFound(`no app "${appid}"`);
    const checked = c.services.checkRequest(api, operationId, {
      params: path,
      query: new URLSearchParams(query),
      body,
    });
    if (!checked) throw notFound(`the ${api} document has no operation "${operationId}"`);
    const context = app ? appCheckContext(app, clockNow(app.record.clock, now(c))) : {};
    return json(200, { ...checked, warnings: api === 'push-v1' ? pushWarnings(operationId, body, context) : [] });
  },
  listApps: (c, visible) => {
    const view = appsView(c.services.store, now(c));
    return json(200, { ...view, apps: view.apps.filter((a) => visible(a.appid)) });
  },
  createApp: (c) => {
    const input = c.body ?? {};
    const app = createApp(c.unit, { ...input, settings: { compat: c.services.compat, ...input.settings } });
    return json(201, { ...appView(app, now(c)), credentials: credentialsView(app) });
  },
  putApp: (c) => {
    const input = c.body ?? {};
    if (input.appid !== undefined && input.appid !== c.params.appid) {
      throw invalid(
        `the body names appid "${input.appid}", the path "${c.params.appid}": give one appid (or leave it out of the body)`,
      );
    }
    const app = createApp(c.unit, {
      ...input,
      appid: c.params.appid,
      settings: { compat: c.services.compat, ...input.settings },
    });
    return json(201, { ...appView(app, now(c)), credentials: credentialsView(app) });
  },
  getApp: (c) => json(200, appView(c.app, now(c))),
  updateApp: (c) => {
    updateSettings(c.unit, c.app, c.body);
    return json(200, appView(c.app, now(c)));
  },
  deleteApp: (c) => {
    deleteApp(c.unit, c.app);
    return noContent;
  },
  getCredentials: (c) => json(200, credentialsView(c.app)),
  resetApp: (c) => json(200, appView(resetApp(c.unit, c.app), now(c))),
  getClock: (c) => json(200, clockView(c.app, now(c))),
  setClock: (c) => {
    const outcome = setClock(c.unit, c.app, c.body);
    return json(200, { ...clockView(c.app, now(c)), ...outcome });
  },
  listDevices: (c) => json(200, { devices: [...c.app.devices.values()].map((d) => deviceView(c.app, d)) }),
  createDevice: (c) => json(201, deviceView(c.app, addDevice(c.unit, c.app, c.body, c.now))),
  createDevices: (c) =>
    json(201, { created: addDevices(c.unit, c.app, c.body.devices, c.now).length, devices: c.app.devices.size }),
  getDevice: (c) => json(200, deviceView(c.app, deviceOf(c))),
  updateDevice: (c) => json(200, deviceView(c.app, updateDevice(c.unit, c.app, deviceOf(c), c.body, c.now))),
  deleteDevice: (c) => {
    deleteDevice(c.unit, c.app, deviceOf(c), c.now);
    return noContent;
  },
  getInbox: (c) => {
    const { params, query } = c;
    const { appid } = c.app.record;
    const device = () => {
      const app = liveApp(c);
      const found = app.devices.get(params.cid);
      if (!found) throw notFound(`app ${appid} has no device with cid "${params.cid}"${sinceReplaced(c, app)}`);
      return found;
    };
    const answer = () => json(200, inboxView(device()));
    if (!query.wait) return answer();
    return {
      ...answer(),
      wait: {
        ms: query.wait,
        on: (e) =>
          ((e.type === 'message' || e.type === 'device') && e.appid === appid && e.cid === params.cid) ||
          replacesApp(e, appid),
        // A message received after `after` (any, without it): the inbox's last message is another one.
        ready: () => [...device().inbox.keys()].some((id, i, ids) => i === ids.length - 1 && id !== query.after),
        answer,
      },
    };
  },
  clearInbox: (c) => {
    clearInbox(c.unit, c.app, deviceOf(c));
    return noContent;
  },
  deleteMessage: (c) => {
    deleteMessage(c.unit, c.app, deviceOf(c), c.params.messageId);
    return noContent;
  },
  listMessages: (c) => {
    const { messages, matched } = listMessages(c.app, { ...c.query, limit: c.query.limit ?? 200 });
    return json(200, { messages: messages.map(messageView), matched });
  },
  clickMessage: (c) => json(200, messageView(clickMessage(c.unit, c.app, deviceOf(c), c.params.messageId, c.now))),
  listTasks: (c) => json(200, { tasks: [...c.app.tasks.values()].reverse().map(taskView) }),
  getTask: (c) => {
    const { params, query } = c;
    const { appid } = c.app.record;
    const task = () => {
      const app = liveApp(c);
      const found = app.tasks.get(params.taskid);
      if (!found) throw notFound(`app ${appid} has no task "${params.taskid}"${sinceReplaced(c, app)}`);
      return found;
    };
    const answer = () => json(200, taskView(task()));
    if (!query.wait || query.state === undefined) return answer();
    return {
      ...answer(),
      wait: {
        ms: query.wait,
        on: (e) => (e.type === 'task' && e.appid === appid && e.taskid === params.taskid) || replacesApp(e, appid),
        // A task gone with its app's old state ends the wait (task() throws): the answer says so.
        ready: () => task().state === query.state,
        answer,
      },
    };
  },
  listFaults: (c) => json(200, { faults: c.app.faults.map(faultView) }),
  addFault: (c) => json(201, faultView(addFault(c.app, c.body, c.services.faultOperations))),
  clearFaults: (c) => {
    c.app.faults = [];
    return noContent;
  },
  getRateLimits: (c) => json(200, { ...c.app.record.rateLimits }),
  setRateLimits: (c) => {
    setRateLimits(c.unit, c.app, c.body);
    return json(200, { ...c.app.record.rateLimits });
  },
  getDmpParty: (c) => json(200, partyView(c.app)),
  updateDmpParty: (c) => {
    updateParty(c.unit, c.app, c.body);
    return json(200, partyView(c.app));
  },
  listDeviations: (c) => json(200, deviationsView(c.app)),
  getUsage: (c, _visible, asker) =>
    json(200, usageView(c.services.store, c.app.record.appid, asker.teamOf(c.app.record.appid))),
  loadWorld: (c) => ({
    ...json(200, loadWorld(c.unit, c.body, c.services.compat)),
    quiet: true,
    announce: [{ type: 'reset', appid: null }],
  }),
  listSnapshots: (c, _visible, asker) => json(200, { snapshots: c.services.snapshots.list(asker) }),
  saveSnapshot: (c, _visible, asker) =>
    json(201, c.services.snapshots.save(c.services.store, c.body.name, c.body.appid, now(c), asker, c.unit)),
  getSnapshot: (c, _visible, asker) =>
    json(200, c.services.snapshots.get(c.params.name, { ...asker, named: c.query.team })),
  deleteSnapshot: (c, _visible, asker) => {
    c.services.snapshots.delete(c.params.name, { ...asker, named: c.query.team }, c.unit);
    return noContent;
  },
  restoreSnapshot: (c, _visible, asker) => {
    const appid = c.body?.appid;
    const view = c.services.snapshots.restore(c.unit, c.params.name, appid, { ...asker, named: c.query.team });
    return { ...json(200, view), quiet: true, announce: [{ type: 'reset', appid: appid ?? view.appid }] };
  },
  listAppSnapshots: (c, _visible, asker) =>
    json(200, { snapshots: c.services.snapshots.list(asker).filter((s) => s.apps.includes(c.params.appid)) }),
  deleteAppSnapshot: (c, _visible, asker) => {
    c.services.snapshots.deleteHolding(c.params.name, c.params.appid, asker, c.unit);
    return noContent;
  },
  saveAppSnapshot: (c, _visible, asker) =>
    json(
      201,
      c.services.snapshots.save(
        c.services.store,
        c.body?.name ?? c.app.record.appid,
        c.app.record.appid,
        now(c),
        asker,
        c.unit,
      ),
    ),
  restoreAppSnapshot: (c, _visible, asker) => {
    const appid = c.params.appid; // the app may have been deleted since: the restore makes it again
    return {
      ...json(200, c.services.snapshots.restore(c.unit, c.params.name, appid, asker)),
      quiet: true,
      announce: [{ type: 'reset', appid }],
    };
  },
  listRequests: (c, visible) =>
    json(200, { requests: c.services.requestLog.list(c.query.appid, c.query.limit ?? 100, visible) }),
  streamEvents: (c, visible) => {
    if (!(header(c.headers, 'accept') ?? '').includes('text/event-stream')) {
      return json(200, { events: c.services.events.recent(c.query.after ?? 0, c.query.appid, visible) });
    }
    const lastId = Number(header(c.headers, 'last-event-id') ?? c.query.after ?? 0);
    return {
      status: 200,
      stream: (res: ServerResponse) =>
        c.services.events.stream(res, Number.isFinite(lastId) ? lastId : 0, c.query.appid, visible),
    };
  },
};

/**
 * Operations at an app's path that answer for an app that does not exist (yet): they make it, or read and free
 * the snapshots that hold it (an app deleted or expired keeps its snapshots until they are deleted).
 */
const WITHOUT_APP = new Set(['putApp', 'restoreAppSnapshot', 'listAppSnapshots', 'deleteAppSnapshot']);

/** The control API; `access` says what a request's token (the control token, an app token) may do and see. */
export function controlApi(access: ControlAccess): Api {
  return {
    name: 'control',
    appOf: (services, _op, params) => (params.appid === undefined ? undefined : services.store.apps.get(params.appid)),
    guard: (headers) => access.check(headers),
    admit: (c) => access.admit(c),
    invalidStatus: 422,
    bind(op) {
      const handler = handlerOf<(c: Call, visible: Visible, asker: Asker) => Reply>(HANDLERS, op.operationId);
      const withoutApp = WITHOUT_APP.has(op.operationId);
      return (
        handler &&
        ((c) => {
          if (c.params.appid !== undefined && !c.app && !withoutApp)
            throw notFound(`no app with appid "${c.params.appid}"`);
          return handler(c, access.visible(c.headers), access.asker(c.headers));
        })
      );
    },
    refuse: (refusal) => refusalReply('control', refusal),
  };
}

/** Every operationId the control handlers answer, for the test that each document operation has one. */
export const CONTROL_OPERATIONS = Object.keys(HANDLERS);
