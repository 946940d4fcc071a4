// Worlds: apps with their devices, aliases, rate limits and DMP parties, described once in a file (`--seed`) or a
// control call (`POST /control/world`), and made in one unit of work. Everything that could refuse the world is
// checked before the first change, so a world is loaded whole or not at all.
import type { components } from '../generated/schema.js';
import { conflict } from '../shared/refusal.js';
import type { Unit } from '../state/unit.js';
import { realClock } from '../shared/time.js';
import { appNow, changedClock, checkNewDevices, createApp, deleteApp, setRateLimits, updateParty } from './apps.js';
import type { Compat } from './compat.js';
import { addDevices } from './devices.js';

export type World = components['schemas']['World'];
type WorldLoaded = components['schemas']['WorldLoaded'];

/** What would refuse the world, found before anything changes. */
function check(unit: Unit, world: World): void {
  const appids = new Set<string>();
  const userCodes = new Set<string>();
  for (const [i, app] of world.apps.entries()) {
    const at = `apps[${i}] (${app.appid})`;
    if (appids.has(app.appid)) throw conflict(`${at}: appid "${app.appid}" is in the world more than once`);
    appids.add(app.appid);
    if (app.userCode !== undefined) {
      const holder = unit.store.parties.get(app.userCode);
      if (userCodes.has(app.userCode))
        throw conflict(`${at}: user_code "${app.userCode}" is in the world more than once`);
      if (holder !== undefined && !world.apps.some((a) => a.appid === holder))
        throw conflict(`${at}: app ${holder} holds the DMP user_code "${app.userCode}" already`);
      userCodes.add(app.userCode);
    }
    if (app.clock) changedClock(realClock(), app.clock, unit.realNow); // a time beyond what a clock can show
    checkNewDevices(app.devices ?? [], at);
  }
}

/** Makes the world's apps, replacing live apps of the same appids; `compat` is the sandbox's default for them. */
export function loadWorld(unit: Unit, world: World, compat: Compat): WorldLoaded {
  check(unit, world);
  const replaced: string[] = [];
  let devices = 0;
  for (const input of world.apps) {
    const live = unit.store.apps.get(input.appid);
    if (live) {
      replaced.push(input.appid);
      deleteApp(unit, live, 'keep-usage');
    }
  }
  for (const input of world.apps) {
    const { devices: deviceInputs = [], rateLimits, dmp, settings, ...created } = input;
    const app = createApp(unit, { ...created, settings: { compat, ...settings } });
    if (rateLimits) setRateLimits(unit, app, rateLimits);
    if (dmp) updateParty(unit, app, dmp);
    addDevices(unit, app, deviceInputs, appNow(unit, app));
    devices += app.devices.size;
  }
  return { apps: world.apps.map((a) => a.appid), devices, replaced };
}
