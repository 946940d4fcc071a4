// What one team may hold of a shared sandbox at once: requests in progress, waiting calls (`?wait=`, waitFor…) and
// requests per second. A team is the app-token prefix that starts the appid a call names (only configured prefixes:
// a bounded set, so it can be a metrics label); calls of no team's app are counted under `other` and not limited.
// Past a limit the call is answered 429 with Retry-After in its interface's shape, long before the balancer's
// connection limit (deploy/haproxy.cfg), so one team's thousands of waits leave the others answered.
import { Refusal } from '../shared/refusal.js';

export interface TeamLimitSettings {
  /** Requests of one team in progress on this process at once (waits included). */
  concurrent: number;
  /** Waiting calls of one team on this process at once. */
  waits: number;
  /** Requests of one team per second on this process (a token bucket holding `burst`); 0: no rate limit. */
  perSecond: number;
  burst: number;
  /** Apps of one team on this process: a creation past it is refused (409). */
  apps: number;
}

/** The defaults, per team and per process: with 10 teams on 3 processes, 10 × 3 × 96 stays under HAProxy's 4,096. */
export const TEAM_LIMIT_DEFAULTS: TeamLimitSettings = {
  concurrent: 96,
  waits: 64,
  perSecond: 500,
  burst: 1000,
  apps: 1000,
};

/** What a team holds and was refused, for the metrics (read at a scrape). */
export interface TeamUsage {
  requests: number;
  inFlight: number;
  waits: number;
  refused: { concurrent: number; waits: number; rate: number };
}

/** A call refused by its team's limit: 429, and when to try again. */
export class TeamLimitRefusal extends Refusal {
  constructor(
    team: string,
    what: string,
    readonly retryAfterS: number,
  ) {
    super('too-many-requests', `team "${team}" ${what}; try again in ${retryAfterS} s (limits: deploy/README.md)`, 429);
  }
}

interface Team extends TeamUsage {
  tokens: number;
  refilledAt: number;
}

export class TeamLimits {
  readonly #teams = new Map<string, Team>();

  constructor(
    readonly settings: TeamLimitSettings,
    /** The team whose prefix starts an appid (undefined: none). */
    private readonly teamOf: (appid: string) => string | undefined,
    /** Monotonic milliseconds, for the rate (replaced in tests). */
    private readonly now: () => number,
  ) {}

  /** The team of a call that names this appid: its prefix, or `other`. */
  team(appid: string | undefined): string {
    return (appid !== undefined && this.teamOf(appid)) || 'other';
  }

  #of(team: string): Team {
    let found = this.#teams.get(team);
    if (!found) {
      found = {
        requests: 0,
        inFlight: 0,
        waits: 0,
        refused: { concurrent: 0, waits: 0, rate: 0 },
        tokens: this.settings.burst,
        refilledAt: this.now(),
      };
      this.#teams.set(team, found);
    }
    return found;
  }

  /** Admits one request of a team, or throws a TeamLimitRefusal; the caller calls the returned release once it ends. */
  enter(team: string): () => void {
    const usage = this.#of(team);
    usage.requests++;
    if (team !== 'other') {
      if (usage.inFlight >= this.settings.concurrent) {
        usage.refused.concurrent++;
        throw new TeamLimitRefusal(team, `has ${usage.inFlight} requests in progress, its limit`, 1);
      }
      this.#takeToken(team, usage);
    }
    usage.inFlight++;
    return () => void usage.inFlight--;
  }

  #takeToken(team: string, usage: Team): void {
    const { perSecond, burst } = this.settings;
    if (perSecond <= 0) return;
    const now = this.now();
    usage.tokens = Math.min(burst, usage.tokens + ((now - usage.refilledAt) / 1000) * perSecond);
    usage.refilledAt = now;
    if (usage.tokens < 1) {
      usage.refused.rate++;
      throw new TeamLimitRefusal(
        team,
        `sent more than ${perSecond} requests a second`,
        Math.max(1, Math.ceil((1 - usage.tokens) / perSecond)),
      );
    }
    usage.tokens--;
  }

  /** Starts one wait of a team, or throws; the caller calls the returned end once the wait is over. */
  enterWait(team: string): () => void {
    const usage = this.#of(team);
    if (team !== 'other' && usage.waits >= this.settings.waits) {
      usage.refused.waits++;
      throw new TeamLimitRefusal(team, `has ${usage.waits} calls waiting, its limit`, 5);
    }
    usage.waits++;
    return () => void usage.waits--;
  }

  /** Refuses (409) a new app of a team that already has its quota of apps on this process. */
  checkAppQuota(appid: string, appids: Iterable<string>): void {
    const team = this.teamOf(appid);
    if (team === undefined) return;
    let held = 0;
    for (const other of appids) if (other.startsWith(team)) held++;
    if (held >= this.settings.apps)
      throw new Refusal(
        'app-quota',
        `team "${team}" has ${held} apps on this process, its quota: delete apps it no longer needs (DELETE /control/apps/{appid}), or let unused ones expire (deploy/README.md)`,
        409,
      );
  }

  /** Every team seen, with what it holds. */
  usage(): ReadonlyMap<string, TeamUsage> {
    return this.#teams;
  }
}
