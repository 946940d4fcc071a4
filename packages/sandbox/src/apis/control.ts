// The control API under /control: what each operation of the sandbox document does. The request has been
// checked against the document before; a handler throws a ControlProblem (404, 409, 422) before changing anything.
import { createApp, resetApp, setClock, type AppInput } from '../areas/apps.js';
import { countDay } from '../areas/days.js';
import { addDevice, deleteDevice, updateDevice } from '../areas/devices.js';
import { processDue } from '../areas/due.js';
import { ControlProblem, notFound } from '../areas/problems.js';
import { addFault, type FaultInput } from '../control/faults.js';
import { appView, clockView, credentialsView, deviceView, faultView, messageView, partyView, sandboxView, taskView } from '../control/views.js';
import type { OperationSpec } from '../documents.js';
import { json, type Reply } from '../http/reply.js';
import type { RateLimit, RateLimitedOperation } from '../state/model.js';
import type { AppState, DeviceState } from '../state/state.js';
import { appNow, type World } from '../world.js';

export interface ControlSetup {
  /** The sandbox package's version. */
  version: string;
  /** How the default app is made at start and after a reset of the sandbox. */
  defaultApp: AppInput & { appid: string };
  /** Operation names a fault may name: those of push v1 and DMP. */
  faultOperations: string[];
}

interface ControlCall {
  world: World;
  setup: ControlSetup;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: any;
}

const noContent: Reply = { status: 204 };

function appOf(c: ControlCall): AppState {
  const app = c.world.state.apps.get(c.params.appid!);
  if (!app) throw notFound(`no app with appid "${c.params.appid}"`);
  processDue(c.world, app, appNow(c.world, app));
  return app;
}

function deviceOf(c: ControlCall, app: AppState): DeviceState {
  const device = app.devices.get(c.params.cid!);
  if (!device) throw notFound(`app ${app.record.appid} has no device with cid "${c.params.cid}"`);
  return device;
}

/** Removes every app and makes the default app again. */
export function resetSandbox(world: World, setup: ControlSetup): void {
  for (const app of [...world.state.apps.values()]) world.state.removeApp(app);
  createApp(world, setup.defaultApp);
  world.events.emit({ type: 'reset', appid: null });
}

function clickMessage(c: ControlCall): Reply {
  const app = appOf(c);
  const device = deviceOf(c, app);
  const message = device.inbox.find((m) => m.id === c.params.messageId);
  if (!message) throw notFound(`device ${device.record.cid} has received no message "${c.params.messageId}"`);
  if (!message.clicked) {
    message.clicked = true;
    c.world.state.putMessage(app, message);
    const task = app.tasks.get(message.taskid);
    if (task) {
      task.stats.clicked++;
      c.world.state.putTask(app, task);
    }
    countDay(c.world, app, appNow(c.world, app), (day) => {
      day.clicked++;
      if (!message.apn) day.gt.clicked++;
    });
    c.world.events.emit({ type: 'message', appid: app.record.appid, cid: device.record.cid, message: messageView(message) });
  }
  return json(200, messageView(message));
}

function addFaultCall(c: ControlCall): Reply {
  const app = appOf(c);
  const input = c.body as FaultInput;
  if (!c.setup.faultOperations.includes(input.operation)) {
    throw new ControlProblem(422, 'invalid-request', 'Invalid request', `no push v1 or DMP operation is named "${input.operation}"`, [
      { location: ['body', 'operation'], severity: 'Error', code: 'enum', message: `must be one of: ${c.setup.faultOperations.join(', ')}` },
    ]);
  }
  return json(201, faultView(addFault(app, input)));
}

const HANDLERS: Record<string, (c: ControlCall) => Reply> = {
  getSandbox: (c) => json(200, sandboxView(c.world, c.setup.version, c.setup.defaultApp.appid)),
  resetSandbox: (c) => {
    resetSandbox(c.world, c.setup);
    return json(200, sandboxView(c.world, c.setup.version, c.setup.defaultApp.appid));
  },
  listApps: (c) => json(200, { apps: [...c.world.state.apps.values()].map((app) => appView(c.world, app)) }),
  createApp: (c) => {
    const body = (c.body ?? {}) as AppInput;
    const app = createApp(c.world, body);
    return json(201, { ...appView(c.world, app), credentials: credentialsView(app) });
  },
  getApp: (c) => json(200, appView(c.world, appOf(c))),
  updateApp: (c) => {
    const app = appOf(c);
    app.record.settings = { ...app.record.settings, ...(c.body as object) };
    c.world.state.putApp(app);
    c.world.events.emit({ type: 'app', appid: app.record.appid });
    return json(200, appView(c.world, app));
  },
  deleteApp: (c) => {
    const app = appOf(c);
    c.world.state.removeApp(app);
    c.world.events.emit({ type: 'app', appid: app.record.appid });
    return noContent;
  },
  getCredentials: (c) => json(200, credentialsView(appOf(c))),
  resetApp: (c) => json(200, appView(c.world, resetApp(c.world, appOf(c)))),
  getClock: (c) => json(200, clockView(c.world, appOf(c))),
  setClock: (c) => {
    const app = appOf(c);
    const outcome = setClock(c.world, app, c.body);
    return json(200, { ...clockView(c.world, app), ...outcome });
  },
  listDevices: (c) => {
    const app = appOf(c);
    return json(200, { devices: [...app.devices.values()].map((d) => deviceView(app, d)) });
  },
  createDevice: (c) => {
    const app = appOf(c);
    return json(201, deviceView(app, addDevice(c.world, app, c.body)));
  },
  getDevice: (c) => {
    const app = appOf(c);
    return json(200, deviceView(app, deviceOf(c, app)));
  },
  updateDevice: (c) => {
    const app = appOf(c);
    return json(200, deviceView(app, updateDevice(c.world, app, deviceOf(c, app), c.body)));
  },
  deleteDevice: (c) => {
    const app = appOf(c);
    deleteDevice(c.world, app, deviceOf(c, app));
    return noContent;
  },
  getInbox: (c) => {
    const device = deviceOf(c, appOf(c));
    return json(200, { cid: device.record.cid, messages: device.inbox.map(messageView), pending: device.pending.map(messageView) });
  },
  clearInbox: (c) => {
    const app = appOf(c);
    const device = deviceOf(c, app);
    for (const message of device.inbox) c.world.state.removeMessage(app, message);
    device.inbox = [];
    c.world.events.emit({ type: 'device', appid: app.record.appid, cid: device.record.cid });
    return noContent;
  },
  clickMessage,
  listTasks: (c) => json(200, { tasks: [...appOf(c).tasks.values()].reverse().map(taskView) }),
  getTask: (c) => {
    const app = appOf(c);
    const task = app.tasks.get(c.params.taskid!);
    if (!task) throw notFound(`app ${app.record.appid} has no task "${c.params.taskid}"`);
    return json(200, taskView(task));
  },
  listFaults: (c) => json(200, { faults: appOf(c).faults.map(faultView) }),
  addFault: addFaultCall,
  clearFaults: (c) => {
    appOf(c).faults = [];
    return noContent;
  },
  getRateLimits: (c) => json(200, { ...appOf(c).record.rateLimits }),
  setRateLimits: (c) => {
    const app = appOf(c);
    app.record.rateLimits = { ...(c.body as Partial<Record<RateLimitedOperation, RateLimit>>) };
    app.rateHits.clear();
    c.world.state.putApp(app);
    c.world.events.emit({ type: 'app', appid: app.record.appid });
    return json(200, { ...app.record.rateLimits });
  },
  getDmpParty: (c) => json(200, partyView(appOf(c))),
  updateDmpParty: (c) => {
    const app = appOf(c);
    const party = app.record.party;
    const body = c.body as { expiresIn?: number; permissions?: Partial<typeof party.permissions>; tags?: typeof party.tags };
    if (body.expiresIn !== undefined) party.expiresIn = body.expiresIn;
    if (body.permissions) party.permissions = { ...party.permissions, ...body.permissions };
    if (body.tags) party.tags = body.tags.map((t) => ({ tid: t.tid, tname: t.tname }));
    c.world.state.putApp(app);
    c.world.events.emit({ type: 'app', appid: app.record.appid });
    return json(200, partyView(app));
  },
  listRequests: (c) =>
    json(200, { requests: c.world.requestLog.list(c.query.appid as string | undefined, (c.query.limit as number | undefined) ?? 100) }),
  streamEvents: (c) => json(200, { events: c.world.events.recent((c.query.after as number | undefined) ?? 0, c.query.appid as string | undefined) }),
};

export function handleControl(world: World, setup: ControlSetup, op: OperationSpec, params: Record<string, string>, query: Record<string, unknown>, body: unknown): Reply {
  const handler = HANDLERS[op.operationId];
  if (!handler) throw new Error(`the control operation ${op.operationId} has no handler`);
  return handler({ world, setup, params, query, body });
}

/** Every operationId the control handlers answer, for the test that each document operation has one. */
export const CONTROL_OPERATIONS = Object.keys(HANDLERS);
