// The proxy's allow list (Mailpit's relay allow list is the model): a push naming a cid or alias outside it
// is refused locally, in the service's own answer shape, and never forwarded.
import { pushTargets } from '../scenario/safety.js';

export interface AllowList {
  cids: string[];
  aliases: string[];
  appPush: boolean;
}

/** Why a request may not go upstream, or undefined when it may. */
export function refusalOf(operationId: string, body: unknown, allow: AllowList): string | undefined {
  const targets = pushTargets(operationId, body);
  if (!targets) return undefined;
  if (targets.app && !allow.appPush) return 'push_app is refused: the proxy runs without --allow-app-push';
  const cids = targets.cids.filter((c) => !allow.cids.includes(c));
  if (cids.length) return `cid ${cids.join(', ')} is not in --allow-cid`;
  const aliases = targets.aliases.filter((a) => !allow.aliases.includes(a));
  if (aliases.length) return `alias ${aliases.join(', ')} is not in --allow-alias`;
  return undefined;
}

/** The answer of a refused push: HTTP 200 with `result` and `desc`, as the service reports failures. */
export function refusalAnswer(reason: string): { result: string; desc: string } {
  return { result: 'other_error', desc: `pushapi-verify proxy: ${reason}; not forwarded` };
}
