// Aliases: one cid has at most one alias (a new binding replaces the old one); one alias has at most 10 cids.
import { serviceRefusal } from '../shared/refusal.js';
import { indexAlias, unindexAlias } from '../state/kinds.js';
import type { AppState, DeviceState } from '../state/store.js';
import type { Unit, View } from '../state/unit.js';
import type { PushBody } from './bodies.js';
import { getOrInsert, must } from '../shared/must.js';

export const CIDS_PER_ALIAS = 10;

/** The device of a cid, or `no_user`; a check passes a view and gets a view. */
export function deviceOf(app: AppState, cid: string): DeviceState;
export function deviceOf(app: View<AppState>, cid: string): View<DeviceState>;
export function deviceOf(app: View<AppState>, cid: string): View<DeviceState> {
  const device = app.devices.get(cid);
  if (!device) throw serviceRefusal('no_user', `cid "${cid}" is not a device of app ${app.record.appid}`);
  return device;
}

/** Binds (or, with null, unbinds) the device's alias, keeping the alias index in step. */
export function setAlias(unit: Unit, app: AppState, device: DeviceState, alias: string | null): void {
  unit.update('device', app, device.record, (record) => {
    if (record.alias !== null) unindexAlias(app, record.alias, record.cid);
    record.alias = alias;
    if (alias !== null) indexAlias(app, alias, record.cid);
  });
}

/** Check of bind_alias: every cid is a device, no alias gets over CIDS_PER_ALIAS. Answers each cid's alias to bind. */
function checkBindAlias(app: View<AppState>, body: PushBody<'bindAlias'>): Map<string, string> {
  const finalAlias = new Map<string, string>();
  for (const { cid, alias } of body.alias_list) {
    deviceOf(app, cid);
    finalAlias.set(cid, alias);
  }
  // The cids of each alias the list binds, once it is applied (a rebound cid leaves its earlier alias).
  const members = new Map<string, Set<string>>();
  const keptOf = (alias: string) => new Set([...(app.aliases.get(alias) ?? [])].filter((c) => !finalAlias.has(c)));
  for (const [cid, alias] of finalAlias) getOrInsert(members, alias, keptOf).add(cid);
  for (const [alias, cids] of members) {
    if (cids.size > CIDS_PER_ALIAS) {
      throw serviceRefusal(
        'alias_error',
        `alias "${alias}" would have ${cids.size} cids; an alias has at most ${CIDS_PER_ALIAS}`,
      );
    }
  }
  return finalAlias;
}

/** Binds every pair, or none: the whole list is checked before anything changes. */
export function bindAlias(unit: Unit, app: AppState, body: PushBody<'bindAlias'>) {
  for (const [cid, alias] of checkBindAlias(app, body)) {
    const device = deviceOf(app, cid);
    if (device.record.alias !== alias) setAlias(unit, app, device, alias);
  }
  return { result: 'ok' };
}

export function queryCid(app: AppState, alias: string) {
  const cids = app.aliases.get(alias);
  if (!cids || cids.size === 0) throw serviceRefusal('alias_notbind', `alias "${alias}" is bound to no cid`);
  return { result: 'ok', cid: [...cids] };
}

export function queryAlias(app: AppState, cid: string) {
  const device = deviceOf(app, cid);
  if (device.record.alias === null) throw serviceRefusal('alias_notbind', `cid "${cid}" has no alias`);
  return { result: 'ok', alias: device.record.alias };
}

/** Check of unbind_alias: the cid is a device bound to the alias. */
function checkUnbindAlias(app: View<AppState>, body: PushBody<'unbindAlias'>): void {
  if (deviceOf(app, body.cid).record.alias !== body.alias)
    throw serviceRefusal('alias_notbind', `cid "${body.cid}" is not bound to alias "${body.alias}"`);
}

export function unbindAlias(unit: Unit, app: AppState, body: PushBody<'unbindAlias'>) {
  checkUnbindAlias(app, body);
  setAlias(unit, app, deviceOf(app, body.cid), null);
  return { result: 'ok' };
}

/** Check of unbind_alias_all: the alias is bound to a cid at least. Answers its cids. */
function checkUnbindAliasAll(app: View<AppState>, body: PushBody<'unbindAliasAll'>): string[] {
  const cids = app.aliases.get(body.alias);
  if (!cids || cids.size === 0) throw serviceRefusal('alias_notbind', `alias "${body.alias}" is bound to no cid`);
  return [...cids];
}

export function unbindAliasAll(unit: Unit, app: AppState, body: PushBody<'unbindAliasAll'>) {
  for (const cid of checkUnbindAliasAll(app, body))
    setAlias(unit, app, must(app.devices.get(cid), `cid ${cid} of an alias is a device of the app`), null);
  return { result: 'ok' };
}
