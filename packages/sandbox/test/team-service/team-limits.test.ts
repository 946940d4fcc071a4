// What one team may hold of a process (src/http/team-limits.ts), on a clock the test moves: requests in
// progress, waits and the rate are answered 429 past their limit with a Retry-After, per team; `other` (no team's
// app) is never limited; the app quota counts a team's apps only.
import { describe, expect, it } from 'vitest';
import { TeamLimitRefusal, TeamLimits } from '../../src/http/team-limits.js';

const settings = { concurrent: 2, waits: 1, perSecond: 10, burst: 3, apps: 2 };

function limits() {
  let now = 0;
  const teams = new TeamLimits(
    settings,
    (appid) => ['team-a-', 'team-b-'].find((p) => appid.startsWith(p)),
    () => now,
  );
  return { teams, advance: (ms: number) => void (now += ms) };
}

const refusal = (call: () => unknown): TeamLimitRefusal => {
  try {
    call();
  } catch (error) {
    if (error instanceof TeamLimitRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('team limits', () => {
  it('places a call by the prefix of the appid it names, else `other`', () => {
    const { teams } = limits();
    expect(teams.team('team-a-1')).toBe('team-a-');
    expect(teams.team('elsewhere')).toBe('other');
    expect(teams.team(undefined)).toBe('other');
  });

  it('refuses a request past the limit in progress, until one ends; another team is not touched', () => {
    const { teams } = limits();
    const first = teams.enter('team-a-');
    teams.enter('team-a-');
    const refused = refusal(() => teams.enter('team-a-'));
    expect(refused.status).toBe(429);
    expect(refused.detail).toContain('team "team-a-" has 2 requests in progress, its limit');
    expect(refused.retryAfterS).toBe(1);
    expect(() => teams.enter('team-b-')).not.toThrow();
    first();
    expect(() => teams.enter('team-a-')).not.toThrow();
    expect(teams.usage().get('team-a-')?.refused.concurrent).toBe(1);
  });

  it('refuses a wait past the limit, until one ends', () => {
    const { teams } = limits();
    const end = teams.enterWait('team-a-');
    expect(refusal(() => teams.enterWait('team-a-')).detail).toContain('has 1 calls waiting');
    end();
    expect(() => teams.enterWait('team-a-')).not.toThrow();
  });

  it('lets a burst through, then refuses until the bucket refills at the rate, saying when', () => {
    const { teams, advance } = limits();
    for (let i = 0; i < 3; i++) teams.enter('team-a-')();
    const refused = refusal(() => teams.enter('team-a-'));
    expect(refused.detail).toContain('sent more than 10 requests a second');
    expect(refused.retryAfterS).toBeGreaterThanOrEqual(1);
    advance(100); // one request's worth at 10 a second
    expect(() => teams.enter('team-a-')()).not.toThrow();
    expect(() => teams.enter('team-a-')).toThrow(TeamLimitRefusal);
    expect(teams.usage().get('team-a-')?.refused.rate).toBe(2);
  });

  it('never limits `other`', () => {
    const { teams } = limits();
    for (let i = 0; i < 50; i++) teams.enter('other');
    for (let i = 0; i < 50; i++) teams.enterWait('other');
    expect(teams.usage().get('other')?.inFlight).toBe(50);
  });

  it("counts a team's apps only against its quota", () => {
    const { teams } = limits();
    expect(() => teams.checkAppQuota('team-a-3', ['team-a-1', 'team-b-1', 'other-1'])).not.toThrow();
    expect(() => teams.checkAppQuota('team-a-3', ['team-a-1', 'team-a-2'])).toThrow(
      /has 2 apps on this process, its quota/,
    );
    expect(() => teams.checkAppQuota('nobody-1', ['nobody-2', 'nobody-3', 'nobody-4'])).not.toThrow();
  });
});
