// Every write of the documents (each operation not sent as GET), once: which devices it changes (alias, tags,
// blacklist, badge), or why it changes none. The proxy refuses a write missing here (it cannot judge it), and a
// test fails when the documents gain an operation this list does not name.
import { isObject } from '../check/answer.js';
import { idsOf } from '../scenario/safety.js';

/** The devices a write changes: by cid, by alias (every cid bound to it), and fields naming devices otherwise. */
export interface DeviceTargets {
  cids: string[];
  aliases: string[];
  /** Fields that name devices the allow list cannot judge, such as iOS device tokens. */
  unjudged: string[];
}

type Body = Record<string, unknown>;
type Write = { changesDevices: (body: Body) => DeviceTargets } | { changesNoDevice: string };

const devices = (cids: string[], aliases: string[] = [], unjudged: string[] = []): DeviceTargets => ({
  cids,
  aliases,
  unjudged,
});
const changes = (read: (body: Body) => DeviceTargets): Write => ({ changesDevices: read });
const none = (why: string): Write => ({ changesNoDevice: why });
const listed = (value: unknown) => (Array.isArray(value) ? value.filter(isObject) : []);

export const WRITES: Readonly<Record<string, Write>> = {
  bindAlias: changes((b) => devices(listed(b.alias_list).flatMap((item) => idsOf(item.cid)))),
  unbindAlias: changes((b) => devices(idsOf(b.cid))),
  unbindAliasAll: changes((b) => devices([], idsOf(b.alias))),
  setTags: changes((b) => devices(idsOf(b.cid))),
  postUserBlkList: changes((b) => devices(idsOf(b.cid))),
  deleteUserBlkList: changes((b) => devices(idsOf(b.cid))),
  setBadge: changes((b) =>
    devices(idsOf(b.cid_list), [], idsOf(b.devicetoken_list).length ? ['devicetoken_list'] : []),
  ),
  authSign: none('signs in'),
  authClose: none('closes the token it is sent with'),
  pushSingle: none('a push: judged by the push allow list'),
  pushSingleBatch: none('a push: judged by the push allow list'),
  saveListBody: none('stores a message body; push_list names its cids'),
  pushList: none('a push: judged by the push allow list'),
  pushApp: none('a push: judged by the push allow list (--allow-app-push)'),
  stopTask: none('stops a task'),
  delScheduleTask: none('deletes a scheduled task'),
  getScheduleTask: none('a query sent as POST'),
  pushResult: none('a query sent as POST'),
  queryUserCount: none('a query sent as POST'),
  getUserTags: none('a DMP query sent as POST'),
};

/** The devices a write changes; undefined when it changes none; 'unknown' for a write this list does not name. */
export function deviceTargets(operationId: string, body: unknown): DeviceTargets | undefined | 'unknown' {
  const write = WRITES[operationId];
  if (!write) return 'unknown';
  if (!('changesDevices' in write)) return undefined;
  return isObject(body) ? write.changesDevices(body) : devices([], [], ['the body (not a JSON object)']);
}
