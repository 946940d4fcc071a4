// Tokens per team: two app tokens (prefixes team-a- and team-b-) and the administrator's control token on one
// sandbox. Each team sees and changes only its own apps; the other's apps, a reset of the sandbox and a world answer
// 403 naming the prefix the token owns, and change nothing; the administrator does everything. No token value
// appears in any answer or log line.
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/index.js';
import { ownSandbox, raw, type RawAnswer } from '../support/in-process.js';

const ADMIN = 'admin-token-of-the-operator-0001';
const TEAM_A = 'team-a-token-that-is-long-enough';
const TEAM_B = 'team-b-token-that-is-long-enough';
const lines: string[] = [];
const answers: string[] = [];
const sandbox = ownSandbox({
  controlToken: ADMIN,
  appTokens: [
    { prefix: 'team-a-', token: TEAM_A },
    { prefix: 'team-b-', token: TEAM_B },
  ],
  log: (line) => lines.push(line),
  metricsPerApp: true,
});

/** A control call with a token; every answer is kept to check that none holds a token. */
async function call(token: string, method: string, path: string, body?: unknown): Promise<RawAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const answer = await raw(`${sandbox.current.controlUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  answers.push(answer.text);
  return answer;
}

const appids = async (token: string) =>
  ((await call(token, 'GET', '/apps')).body.apps as { appid: string }[]).map((a) => a.appid).sort();

describe('tokens per team', () => {
  it('each team creates, reads, changes and deletes its own apps', async () => {
    expect((await call(TEAM_A, 'POST', '/apps', { appid: 'team-a-1' })).status).toBe(201);
    expect((await call(TEAM_A, 'POST', '/apps', { appid: 'team-a-2' })).status).toBe(201);
    expect((await call(TEAM_B, 'PUT', '/apps/team-b-1', {})).status).toBe(201);
    expect((await call(TEAM_A, 'GET', '/apps/team-a-1/credentials')).body).toMatchObject({ appid: 'team-a-1' });
    expect((await call(TEAM_A, 'PATCH', '/apps/team-a-1', { utcOffsetMinutes: 60 })).body).toMatchObject({
      settings: { utcOffsetMinutes: 60 },
    });
    expect((await call(TEAM_A, 'POST', '/apps/team-a-1/reset')).status).toBe(200);
    expect((await call(TEAM_A, 'DELETE', '/apps/team-a-2')).status).toBe(204);
    expect(await appids(TEAM_A)).toEqual(['team-a-1']);
    expect(await appids(TEAM_B)).toEqual(['team-b-1']);
    expect(await appids(ADMIN)).toEqual(['sandbox-app', 'team-a-1', 'team-b-1']);
  });

  it("opens a team's page on its own first app, the administrator's on the default app", async () => {
    expect((await call(TEAM_A, 'GET', '/')).body.defaultAppId).toBe('team-a-1');
    expect((await call(TEAM_B, 'GET', '/')).body.defaultAppId).toBe('team-b-1');
    expect((await call(ADMIN, 'GET', '/')).body.defaultAppId).toBe('sandbox-app');
  });

  it("each gets 403 naming its prefix for the other's apps, existing or not, and the state stays as it was", async () => {
    const refused = [
      await call(TEAM_A, 'GET', '/apps/team-b-1/credentials'),
      await call(TEAM_A, 'DELETE', '/apps/team-b-1'),
      await call(TEAM_A, 'PATCH', '/apps/team-b-1', { utcOffsetMinutes: 60 }),
      await call(TEAM_A, 'PUT', '/apps/team-b-9', {}),
      await call(TEAM_A, 'POST', '/apps', { appid: 'team-b-9' }),
      await call(TEAM_A, 'POST', '/apps', {}),
      await call(TEAM_A, 'GET', '/apps/team-b-404'),
      await call(TEAM_A, 'GET', '/apps/sandbox-app/credentials'),
      await call(TEAM_A, 'GET', '/requests?appid=team-b-1'),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toContain('appid starts with "team-a-"');
    }
    const b = await call(TEAM_B, 'DELETE', '/apps/team-a-1');
    expect(b.status).toBe(403);
    expect(b.body.detail).toContain('"team-b-"');
    expect(await appids(ADMIN)).toEqual(['sandbox-app', 'team-a-1', 'team-b-1']);
    expect((await call(ADMIN, 'GET', '/apps/team-b-1')).body.settings.utcOffsetMinutes).toBe(480);
  });

  it('the request log and the events are filtered to the team', async () => {
    const logA = (await call(TEAM_A, 'GET', '/requests')).body.requests as { appid: string | null }[];
    expect(logA.length).toBeGreaterThan(0);
    expect(logA.every((e) => e.appid?.startsWith('team-a-'))).toBe(true);
    const logAdmin = (await call(ADMIN, 'GET', '/requests')).body.requests as { appid: string | null }[];
    expect(logAdmin.some((e) => e.appid === 'team-b-1')).toBe(true);
    const eventsB = (await call(TEAM_B, 'GET', '/events')).body.events as { appid: string | null }[];
    expect(eventsB.some((e) => e.appid === 'team-b-1')).toBe(true);
    expect(eventsB.every((e) => e.appid?.startsWith('team-b-'))).toBe(true);
    expect(
      ((await call(ADMIN, 'GET', '/events')).body.events as { appid: string | null }[]).some(
        (e) => e.appid === 'team-a-1',
      ),
    ).toBe(true);
  });

  it('GET /metrics answers without a token; with an app token, its per-app series are only those of its apps', async () => {
    const scrape = async (token?: string) =>
      (await raw(`${sandbox.current.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {}))
        .text;
    const open = await scrape();
    expect(open).toMatch(/appid="team-a-1"/);
    expect(open).toMatch(/appid="team-b-1"/);
    const a = await scrape(TEAM_A);
    expect(a).toMatch(/appid="team-a-1"/);
    expect(a).not.toMatch(/appid="(?!team-a-)/);
    expect(a).toContain('# TYPE');
    expect(await scrape(ADMIN)).toMatch(/appid="team-b-1"/);
  });

  it("snapshots: a team saves and restores its app's, and cannot read, restore or make another's or the whole sandbox's", async () => {
    expect((await call(TEAM_A, 'POST', '/snapshots', { name: 'a-snap', appid: 'team-a-1' })).status).toBe(201);
    expect((await call(ADMIN, 'POST', '/snapshots', { name: 'everything' })).status).toBe(201);
    expect((await call(TEAM_A, 'POST', '/snapshots', { name: 'all' })).status).toBe(403);
    // At the app's own paths: its team, yes; the other, 403.
    expect((await call(TEAM_A, 'POST', '/apps/team-a-1/snapshots', { name: 'a-own' })).status).toBe(201);
    expect((await call(TEAM_A, 'POST', '/apps/team-a-1/snapshots/a-own/restore')).status).toBe(200);
    expect((await call(TEAM_B, 'POST', '/apps/team-a-1/snapshots/a-own/restore')).status).toBe(403);
    expect((await call(TEAM_B, 'POST', '/apps/team-a-1/snapshots', {})).status).toBe(403);
    // Another team's snapshot is not found, as a name never saved: the answer says nothing of the other team.
    expect((await call(TEAM_B, 'GET', '/snapshots/a-snap')).status).toBe(404);
    expect((await call(TEAM_B, 'POST', '/snapshots/a-snap/restore', {})).status).toBe(404);
    expect((await call(TEAM_B, 'POST', '/snapshots/everything/restore', {})).status).toBe(403);
    expect((await call(TEAM_B, 'POST', '/snapshots/everything/restore', { appid: 'team-a-1' })).status).toBe(403);
    expect((await call(TEAM_B, 'GET', '/snapshots')).body.snapshots).toEqual([]);
    expect((await call(TEAM_A, 'GET', '/snapshots')).body.snapshots.map((s: { name: string }) => s.name)).toEqual([
      'a-snap',
      'a-own',
    ]);
    // From a snapshot of every app, a team restores only its own app.
    expect((await call(TEAM_B, 'POST', '/snapshots/everything/restore', { appid: 'team-b-1' })).status).toBe(200);
    expect((await call(TEAM_A, 'POST', '/snapshots/a-snap/restore', {})).status).toBe(200);
  });

  it('no team resets the sandbox or loads a world; the administrator does everything', async () => {
    for (const token of [TEAM_A, TEAM_B]) {
      const reset = await call(token, 'POST', '/reset');
      expect(reset.status).toBe(403);
      expect(reset.body.detail).toMatch(/starts with "team-[ab]-".*POST \/control\/reset concerns the whole sandbox/);
      expect((await call(token, 'POST', '/world', { apps: [] })).status).toBe(403);
    }
    expect(await appids(ADMIN)).toEqual(['sandbox-app', 'team-a-1', 'team-b-1']);
    expect((await call(ADMIN, 'GET', '/apps/team-b-1/credentials')).status).toBe(200);
    expect((await call(ADMIN, 'DELETE', '/apps/team-a-1')).status).toBe(204);
    expect((await call(ADMIN, 'POST', '/reset')).status).toBe(200);
    expect(await appids(ADMIN)).toEqual(['sandbox-app']);
  });

  it('a token of no team is 401; no token value appears in any answer or log line', async () => {
    expect((await call('team-a-token-that-is-long-enougX', 'GET', '/apps')).status).toBe(401);
    const said = [...answers, ...lines].join('\n');
    for (const token of [ADMIN, TEAM_A, TEAM_B]) expect(said).not.toContain(token);
  });

  it('app tokens are refused at start when short, repeated, the control token, or without a control token; errors name the prefix only', async () => {
    const start = (appTokens: { prefix: string; token: string }[], controlToken: string | null = ADMIN) =>
      startSandbox({ ...(controlToken ? { controlToken } : {}), appTokens }).then(
        (s) => s.stop().then(() => 'started'),
        (error: Error) => error.message,
      );
    const messages = [
      await start([{ prefix: 'team-a-', token: 'tiny-secret' }]),
      await start([
        { prefix: 'team-a-', token: TEAM_A },
        { prefix: 'team-a-', token: TEAM_B },
        { prefix: 'team-a-', token: `${TEAM_B}-third` },
      ]),
      await start([{ prefix: 'team-a-', token: ADMIN }]),
      await start([{ prefix: 'team-a-', token: TEAM_A }], null),
    ];
    expect(messages[0]).toMatch(/app token of prefix "team-a-" has 11 characters/);
    expect(messages[1]).toMatch(/prefix "team-a-" is given 3 times: give one token per prefix, or two while rotating/);
    expect(messages[2]).toMatch(/is also the control token/);
    expect(messages[3]).toMatch(/app tokens need a control token too/);
    for (const message of messages)
      for (const token of [ADMIN, TEAM_A, TEAM_B, 'tiny-secret']) expect(message).not.toContain(token);
  });

  it('a prefix with two tokens (a rotation under way) is reached with either; after the reload only the new one; a failed reload shows in the metrics', async () => {
    const sandbox = await startSandbox({
      controlToken: ADMIN,
      appTokens: [
        { prefix: 'team-a-', token: TEAM_A },
        { prefix: 'team-a-', token: TEAM_B },
      ],
    });
    try {
      const made = (token: string, appid: string) =>
        fetch(`${sandbox.url}/control/apps/${appid}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        }).then((r) => r.status);
      expect(await made(TEAM_A, 'team-a-old')).toBe(201);
      expect(await made(TEAM_B, 'team-a-new')).toBe(201);
      sandbox.reloadAppTokens([{ prefix: 'team-a-', token: TEAM_B }]);
      expect(await made(TEAM_A, 'team-a-old-2')).toBe(401);
      expect(await made(TEAM_B, 'team-a-new-2')).toBe(201);
      expect(() =>
        sandbox.reloadAppTokens(() => {
          throw new Error('EACCES: the token file cannot be read');
        }),
      ).toThrow(/EACCES/);
      const metrics = await fetch(`${sandbox.url}/metrics`).then((r) => r.text());
      expect(metrics).toContain('sandbox_app_tokens_last_reload_successful 0');
      expect(await made(TEAM_B, 'team-a-new-3')).toBe(201);
    } finally {
      await sandbox.stop();
    }
  });

  it('overlapping prefixes (one the start of another) are refused at start, naming both', async () => {
    const started = startSandbox({
      controlToken: ADMIN,
      appTokens: [
        { prefix: 'ci-web-', token: TEAM_A },
        { prefix: 'ci-', token: TEAM_B },
      ],
    });
    const message = await started.then(
      (s) => s.stop().then(() => 'started'),
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^app token prefixes "ci-" and "ci-web-" overlap/);
    for (const token of [ADMIN, TEAM_A, TEAM_B]) expect(message).not.toContain(token);
  });

  it('a new set of app tokens is put in force whole: an added team works, a removed one is 401, a bad set keeps the old', async () => {
    const TEAM_C = 'team-c-token-that-is-long-enough';
    const reload = (tokens: { prefix: string; token: string }[]) => sandbox.current.reloadAppTokens(tokens);
    expect((await call(TEAM_C, 'GET', '/apps')).status).toBe(401);
    expect(
      reload([
        { prefix: 'team-a-', token: TEAM_A },
        { prefix: 'team-c-', token: TEAM_C },
      ]),
    ).toEqual(['team-a-', 'team-c-']);
    expect((await call(TEAM_C, 'PUT', '/apps/team-c-1', {})).status).toBe(201);
    expect((await call(TEAM_C, 'GET', '/apps/team-a-1')).status).toBe(403);
    expect((await call(TEAM_B, 'GET', '/apps')).status).toBe(401);
    // Overlapping prefixes: refused, the set in force stays.
    expect(() =>
      reload([
        { prefix: 'team-', token: TEAM_B },
        { prefix: 'team-c-', token: TEAM_C },
      ]),
    ).toThrow(/prefixes "team-" and "team-c-" overlap/);
    expect((await call(TEAM_C, 'GET', '/apps/team-c-1')).status).toBe(200);
    expect((await call(TEAM_B, 'GET', '/apps')).status).toBe(401);
    reload([
      { prefix: 'team-a-', token: TEAM_A },
      { prefix: 'team-b-', token: TEAM_B },
    ]);
    expect((await call(TEAM_C, 'GET', '/apps')).status).toBe(401);
  });
});
