// Aliases: one cid has at most one alias (a new binding replaces the old one); one alias has at most 10 cids.
import type { AppState, DeviceState } from '../state/state.js';
import { Refusal, type World } from '../world.js';
import type { Body } from './pushes.js';

export const CIDS_PER_ALIAS = 10;

function deviceOf(app: AppState, cid: string): DeviceState {
  const device = app.devices.get(cid);
  if (!device) throw new Refusal('no_user', `cid "${cid}" is not a device of app ${app.record.appid}`);
  return device;
}

/** Binds every pair, or none: the whole list is checked before anything changes. */
export function bindAlias(world: World, app: AppState, body: Body): Record<string, unknown> {
  const pairs = body.alias_list as { cid: string; alias: string }[];
  const members = new Map<string, Set<string>>();
  const finalAlias = new Map<string, string>();
  for (const { cid, alias } of pairs) {
    deviceOf(app, cid);
    finalAlias.set(cid, alias);
  }
  // The cids of each alias once the list is applied (a rebound cid leaves its earlier alias).
  for (const [alias, cids] of app.aliases) members.set(alias, new Set([...cids].filter((cid) => !finalAlias.has(cid))));
  for (const [cid, alias] of finalAlias) {
    if (!members.has(alias)) members.set(alias, new Set());
    members.get(alias)!.add(cid);
  }
  for (const [alias, cids] of members) {
    if (cids.size > CIDS_PER_ALIAS) {
      throw new Refusal('alias_error', `alias "${alias}" would have ${cids.size} cids; an alias has at most ${CIDS_PER_ALIAS}`);
    }
  }
  for (const [cid, alias] of finalAlias) {
    const device = deviceOf(app, cid);
    if (device.record.alias === alias) continue;
    world.state.setAlias(app, device, alias);
    world.events.emit({ type: 'device', appid: app.record.appid, cid });
  }
  return { result: 'ok' };
}

export function queryCid(app: AppState, alias: string): Record<string, unknown> {
  const cids = app.aliases.get(alias);
  if (!cids || cids.size === 0) throw new Refusal('alias_notbind', `alias "${alias}" is bound to no cid`);
  return { result: 'ok', cid: [...cids] };
}

export function queryAlias(app: AppState, cid: string): Record<string, unknown> {
  const device = deviceOf(app, cid);
  if (device.record.alias === null) throw new Refusal('alias_notbind', `cid "${cid}" has no alias`);
  return { result: 'ok', alias: device.record.alias };
}

export function unbindAlias(world: World, app: AppState, body: Body): Record<string, unknown> {
  const device = deviceOf(app, body.cid);
  if (device.record.alias !== body.alias) throw new Refusal('alias_notbind', `cid "${body.cid}" is not bound to alias "${body.alias}"`);
  world.state.setAlias(app, device, null);
  world.events.emit({ type: 'device', appid: app.record.appid, cid: body.cid });
  return { result: 'ok' };
}

export function unbindAliasAll(world: World, app: AppState, body: Body): Record<string, unknown> {
  const cids = app.aliases.get(body.alias);
  if (!cids || cids.size === 0) throw new Refusal('alias_notbind', `alias "${body.alias}" is bound to no cid`);
  for (const cid of [...cids]) {
    world.state.setAlias(app, app.devices.get(cid)!, null);
    world.events.emit({ type: 'device', appid: app.record.appid, cid });
  }
  return { result: 'ok' };
}
