// The proxy fails closed (Mailpit's relay allow list; Pact's rule: verification never touches data it does not
// own). A request is refused locally, never forwarded, when the proxy cannot judge it (an operation the documents
// do not know, a body that is not strict JSON, a message naming both a cid and an alias) or when it reaches beyond
// the allow list (a push to another device, push_app beyond the allowed tag, a write to another device).
import { pushTargets, restrictedToTag } from '../scenario/safety.js';
import { deviceTargets } from './writes.js';

export interface AllowList {
  cids: string[];
  aliases: string[];
  /** --allow-app-push <tag>: push_app is forwarded only when its condition restricts it to this tag. */
  appPushTag?: string;
  /** --allow-device-writes-outside-list: alias, tag, blacklist and badge writes to any device are forwarded. */
  deviceWritesOutsideList: boolean;
}

/** Why a request was refused; the stop summary counts refusals by these. */
export type RefusalReason =
  | 'unknown-operation'
  | 'not-strict-json'
  | 'body-too-large'
  | 'cid-and-alias'
  | 'push-outside-list'
  | 'app-push'
  | 'device-write-outside-list';

export interface Refusal {
  reason: RefusalReason;
  why: string;
}

// Never 2xx: a client that reads only the status must not take a refusal for a delivery. A 4xx also says that
// sending the same request again will not help (5xx and 429 invite retries).
const STATUS: Record<RefusalReason, number> = {
  'unknown-operation': 404,
  'not-strict-json': 400,
  'body-too-large': 413,
  'cid-and-alias': 403,
  'push-outside-list': 403,
  'app-push': 403,
  'device-write-outside-list': 403,
};

const outside = (names: string[], allowed: string[]) => [...new Set(names.filter((n) => !allowed.includes(n)))];

function pushRefusal(operationId: string, body: unknown, allow: AllowList): Refusal | undefined {
  const targets = pushTargets(operationId, body);
  if (!targets) return undefined;
  if (targets.both) {
    const why = `${operationId} names both a cid and an alias in one message; the description says which wins only for push_list`;
    return { reason: 'cid-and-alias', why: `${why}, so who it reaches cannot be judged` };
  }
  if (targets.app && !restrictedToTag(targets.condition, allow.appPushTag)) {
    const why = allow.appPushTag
      ? `push_app's condition does not restrict it to tag ${allow.appPushTag} (--allow-app-push)`
      : 'push_app is refused: the proxy runs without --allow-app-push <tag>';
    return { reason: 'app-push', why };
  }
  const cids = outside(targets.cids, allow.cids);
  if (cids.length) return { reason: 'push-outside-list', why: `cid ${cids.join(', ')} is not in --allow-cid` };
  const aliases = outside(targets.aliases, allow.aliases);
  if (aliases.length)
    return { reason: 'push-outside-list', why: `alias ${aliases.join(', ')} is not in --allow-alias` };
  return undefined;
}

function writeRefusal(operationId: string, body: unknown, allow: AllowList): Refusal | undefined {
  const targets = deviceTargets(operationId, body);
  if (targets === 'unknown')
    return { reason: 'unknown-operation', why: `the proxy does not know what ${operationId} changes` };
  if (!targets || allow.deviceWritesOutsideList) return undefined;
  const named = [
    ...outside(targets.cids, allow.cids).map((c) => `cid ${c} (not in --allow-cid)`),
    ...outside(targets.aliases, allow.aliases).map((a) => `every cid of alias ${a} (not in --allow-alias)`),
    ...targets.unjudged.map((field) => `the devices of ${field} (not judged by the allow list)`),
  ];
  if (!named.length) return undefined;
  return {
    reason: 'device-write-outside-list',
    why: `${operationId} changes ${named.join(', ')}, which only --allow-device-writes-outside-list forwards`,
  };
}

/** Why a request of a known operation may not go upstream, or undefined when it may. */
export function refusalOf(operationId: string, method: string, body: unknown, allow: AllowList): Refusal | undefined {
  return (
    pushRefusal(operationId, body, allow) ??
    (method.toLowerCase() === 'get' ? undefined : writeRefusal(operationId, body, allow))
  );
}

/** The answer of a refusal, in push v1's shape (`result`, `desc`) with a non-2xx status. */
export function refusalAnswer(refusal: Refusal): { status: number; body: { result: string; desc: string } } {
  return {
    status: STATUS[refusal.reason],
    body: { result: 'other_error', desc: `pushapi-verify proxy refused: ${refusal.why}; not forwarded` },
  };
}
