// Tokens per team on a shared sandbox. `--control-token` is the administrator's: it does everything. An app token
// (`--app-token <prefix>=<token>`) controls only the apps whose appid starts with its prefix: it creates them, reads
// their credentials, changes, restores and deletes them, and reads the request log, the events, the snapshots and
// the apps list filtered to them. What concerns the whole process (a reset of the sandbox, a world, a snapshot of
// every app) and another prefix's apps answer 403 naming the prefix the token owns. Tokens are compared in constant
// time, and no token value ever appears in an error or a log line.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Call, ControlAccess } from '../interfaces/call.js';
import type { Visible } from '../services/events.js';
import { MOUNTS } from '../shared/config.js';
import { forbidden, unauthorized } from '../shared/refusal.js';
import { MIN_TOKEN_LENGTH } from './guard.js';

/** A token limited to the apps whose appid starts with `prefix`. */
export interface AppToken {
  prefix: string;
  token: string;
}

/** Who a control call comes from: the administrator, or a team limited to a prefix. */
export type ControlScope = { kind: 'admin' } | { kind: 'team'; prefix: string };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Reads `<prefix>=<token>` texts (the flag's, the variable's, a file's lines). Errors name the prefix, never the token. */
export function parseAppTokens(specs: readonly string[], where: string): AppToken[] {
  return specs.map((spec, i) => {
    const at = spec.indexOf('=');
    if (at <= 0)
      throw new Error(`${where}: app token ${i + 1} is not <prefix>=<token> (an appid prefix, "=", then the token)`);
    return { prefix: spec.slice(0, at).trim(), token: spec.slice(at + 1).trim() };
  });
}

/** Refuses app tokens that are short, repeated, the administrator's, or that name no prefix. Names prefixes only. */
export function checkAppTokens(appTokens: readonly AppToken[], controlToken: string | undefined): void {
  if (appTokens.length > 0 && controlToken === undefined) {
    throw new Error(
      'app tokens need a control token too (--control-token): without one every caller would be the administrator',
    );
  }
  const prefixes = new Set<string>();
  const perPrefix = new Map<string, number>();
  const tokens = new Set<string>(controlToken === undefined ? [] : [controlToken]);
  for (const { prefix, token } of appTokens) {
    if (prefix === '' || prefix.includes('/'))
      throw new Error(`app token prefix "${prefix.slice(0, 100)}" must be the start of an appid (not empty, no "/")`);
    // Two tokens of one prefix while a rotation is under way: the team's running jobs keep the old one until they end.
    const given = (perPrefix.get(prefix) ?? 0) + 1;
    perPrefix.set(prefix, given);
    if (given > 2)
      throw new Error(
        `app token prefix "${prefix.slice(0, 100)}" is given ${given} times: give one token per prefix, or two while rotating it (the new one, and the old one until its jobs end)`,
      );
    if (token.length < MIN_TOKEN_LENGTH) {
      throw new Error(
        `the app token of prefix "${prefix.slice(0, 100)}" has ${token.length} characters; give one of at least ${MIN_TOKEN_LENGTH} (a short one can be guessed)`,
      );
    }
    if (tokens.has(token))
      throw new Error(
        `the app token of prefix "${prefix.slice(0, 100)}" is also the control token or another prefix's token: give each its own`,
      );
    prefixes.add(prefix);
    tokens.add(token);
  }
  // One prefix the start of another would let its token reach the other team's apps (ci- reads ci-web-x).
  const sorted = [...prefixes].sort();
  for (const [i, prefix] of sorted.entries()) {
    const longer = sorted.slice(i + 1).find((other) => other.startsWith(prefix));
    if (longer !== undefined) {
      throw new Error(
        `app token prefixes "${prefix.slice(0, 100)}" and "${longer.slice(0, 100)}" overlap (the first starts the second): its token would control the other team's apps; give prefixes none of which starts another (such as "ci-api-" and "ci-web-")`,
      );
    }
  }
}

/** How a request's Authorization header is matched to a scope, made once per set of tokens. */
type ScopeFinder = (headers: IncomingHttpHeaders) => ControlScope | undefined;

/** Finds the scope of a request's Authorization header (undefined: no token of this sandbox). */
function controlScopes(controlToken: string | undefined, appTokens: readonly AppToken[]): ScopeFinder {
  if (controlToken === undefined) return () => ({ kind: 'admin' });
  const admin = digest(`Bearer ${controlToken}`);
  const teams = appTokens.map(({ prefix, token }) => ({ prefix, expected: digest(`Bearer ${token}`) }));
  return (headers) => {
    // Digests of equal length, each compared whatever the others gave: the time says nothing of which one matched.
    const given = digest(headers.authorization ?? '');
    let scope: ControlScope | undefined = timingSafeEqual(given, admin) ? { kind: 'admin' } : undefined;
    for (const team of teams)
      if (timingSafeEqual(given, team.expected) && !scope) scope = { kind: 'team', prefix: team.prefix };
    return scope;
  };
}

/**
 * The app tokens in force. `replace` checks a new set whole and swaps it in one step (a reload on SIGHUP): a request
 * is matched against the old set or the new one, never a mix; a set that fails its checks leaves the old in force.
 */
export class TeamTokens {
  #prefixes: readonly string[];
  #scopeOf: ScopeFinder;

  constructor(
    readonly controlToken: string | undefined,
    appTokens: readonly AppToken[],
  ) {
    checkAppTokens(appTokens, controlToken);
    this.#prefixes = [...new Set(appTokens.map((t) => t.prefix))];
    this.#scopeOf = controlScopes(controlToken, appTokens);
  }

  replace(appTokens: readonly AppToken[]): void {
    checkAppTokens(appTokens, this.controlToken);
    const scopeOf = controlScopes(this.controlToken, appTokens);
    [this.#prefixes, this.#scopeOf] = [[...new Set(appTokens.map((t) => t.prefix))], scopeOf];
  }

  get prefixes(): readonly string[] {
    return this.#prefixes;
  }

  scopeOf(headers: IncomingHttpHeaders): ControlScope | undefined {
    return this.#scopeOf(headers);
  }

  /** The team whose prefix starts an appid (prefixes never overlap, so there is at most one). */
  teamOf(appid: string): string | undefined {
    return this.#prefixes.find((prefix) => appid.startsWith(prefix));
  }
}

/** What a scope sees: a team, its apps (calls of no app are not its own); the administrator, all. */
function visibleTo(scope: ControlScope): Visible {
  if (scope.kind === 'admin') return () => true;
  return (appid) => appid?.startsWith(scope.prefix) === true;
}

const bodyAppid = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as { appid?: unknown }).appid : undefined;

/** Control operations of the whole process that a team token may read (their answers are filtered to it). */
const TEAM_READS = new Set(['getSandbox', 'checkRequest', 'listApps', 'listRequests', 'streamEvents', 'listSnapshots']);

/**
 * Snapshot operations by name: a team's token finds its own team's snapshots only, and the administrator's to restore
 * its own apps from (behaviour/snapshots.ts decides, so that no answer tells whether another team has a name).
 */
const SNAPSHOT_BY_NAME = new Set(['getSnapshot', 'deleteSnapshot', 'restoreSnapshot']);

/**
 * Throws 403 unless a team may make this call: an app-scoped call of its prefix, a creation of an app of its prefix,
 * a snapshot of one of its apps, or a filtered read. Checked before the body's validity, so another prefix's app is
 * refused the same way whether it exists or not.
 */
function checkTeamCall(prefix: string, call: Pick<Call, 'op' | 'params' | 'body' | 'query'>): void {
  const owns = (appid: unknown) => typeof appid === 'string' && appid.startsWith(prefix);
  const refuse = (what: string) => {
    throw forbidden(`this token controls only the apps whose appid starts with "${prefix}": ${what}`);
  };
  const { operationId } = call.op;
  if (call.params.appid !== undefined) {
    if (!owns(call.params.appid)) refuse(`app "${call.params.appid.slice(0, 100)}" is not one of them`);
    return;
  }
  const queried = call.query.appid;
  if (queried !== undefined && !owns(queried)) refuse(`app "${String(queried).slice(0, 100)}" is not one of them`);
  if (TEAM_READS.has(operationId)) return;
  if (operationId === 'createApp' || operationId === 'saveSnapshot') {
    if (!owns(bodyAppid(call.body))) refuse(`give an appid that starts with "${prefix}" in the body`);
    return;
  }
  if (operationId === 'restoreSnapshot' && bodyAppid(call.body) !== undefined) {
    // Only the app named is restored, from its team's snapshot or the administrator's (the seed, a snapshot of every app).
    if (!owns(bodyAppid(call.body))) refuse('the body names another app');
    return;
  }
  if (SNAPSHOT_BY_NAME.has(operationId)) return;
  refuse(
    `${call.op.method} ${MOUNTS.control}${call.op.template} concerns the whole sandbox; it needs the control token`,
  );
}

/** The control API's access: the administrator's token does everything, an app token what checkTeamCall allows. */
export function controlAccess(teams: TeamTokens): ControlAccess {
  const scope = (headers: IncomingHttpHeaders): ControlScope => {
    const found = teams.scopeOf(headers);
    if (found) return found;
    throw unauthorized(
      'the control API of this sandbox needs Authorization: Bearer <token>: the control token, or an app token for the apps of its prefix',
    );
  };
  return {
    check: (headers) => void scope(headers),
    admit(call) {
      const found = scope(call.headers);
      if (found.kind === 'team') checkTeamCall(found.prefix, call);
    },
    visible: (headers) => visibleTo(scope(headers)),
    narrowed: (headers) => visibleTo(teams.scopeOf(headers) ?? { kind: 'admin' }),
    asker(headers) {
      const found = scope(headers);
      return { team: found.kind === 'team' ? found.prefix : undefined, teamOf: (appid) => teams.teamOf(appid) };
    },
  };
}
