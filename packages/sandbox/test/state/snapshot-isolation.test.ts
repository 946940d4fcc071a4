// Snapshots on a sandbox shared by two teams (prefixes ci-web- and ci-api-) and the administrator, started with a
// seed: each team's snapshots are its own (names of their own, a budget of their own), `seed` is the administrator's,
// and no refusal names anything of the other team (its appids, its snapshot names).
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/behaviour/apps.js';
import { MAX_SNAPSHOTS, Snapshots, type Asker } from '../../src/behaviour/snapshots.js';
import { Refusal } from '../../src/shared/refusal.js';
import { Store } from '../../src/state/store.js';
import { Unit } from '../../src/state/unit.js';
import { ownSandbox, raw, type RawAnswer } from '../support/in-process.js';

const ADMIN = 'admin-token-of-the-operator-0001';
const WEB = 'web-team-token-that-is-long-enough';
const API = 'api-team-token-that-is-long-enough';
const sandbox = ownSandbox({
  controlToken: ADMIN,
  appTokens: [
    { prefix: 'ci-web-', token: WEB },
    { prefix: 'ci-api-', token: API },
  ],
  seed: { apps: [{ appid: 'ci-web-1' }, { appid: 'ci-api-1' }] },
});

/** Everything the ci-api- token was answered, to check that none names the ci-web- team's apps or snapshots. */
const apiAnswers: string[] = [];
const FOREIGN = ['ci-web-', 'web-only', 'still-room'];

async function call(token: string, method: string, path: string, body?: unknown): Promise<RawAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const answer = await raw(`${sandbox.current.controlUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // A refusal may repeat what the caller sent (an appid in its path or body); it must add nothing of the other team.
  if (token === API && !FOREIGN.some((word) => `${path}${JSON.stringify(body)}`.includes(word)))
    apiAnswers.push(answer.text);
  return answer;
}

const names = async (token: string) =>
  ((await call(token, 'GET', '/snapshots')).body.snapshots as { name: string }[]).map((s) => s.name);
const devices = async (appid: string) =>
  ((await call(ADMIN, 'GET', `/apps/${appid}/devices`)).body.devices as unknown[]).length;

describe('snapshots per team', () => {
  it("another team's save of the same name makes its own snapshot: the first team's restore still finds its app", async () => {
    expect((await call(WEB, 'POST', '/apps/ci-web-1/snapshots', { name: 'websnap' })).status).toBe(201);
    expect((await call(API, 'POST', '/apps/ci-api-1/snapshots', { name: 'websnap' })).status).toBe(201);
    expect((await call(API, 'POST', '/snapshots', { name: 'websnap', appid: 'ci-api-1' })).status).toBe(201);
    expect((await call(WEB, 'POST', '/apps/ci-web-1/devices', { cid: 'added-after' })).status).toBe(201);
    const before = await devices('ci-web-1');
    const restored = await call(WEB, 'POST', '/apps/ci-web-1/snapshots/websnap/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ name: 'websnap', appid: 'ci-web-1' });
    expect(await devices('ci-web-1')).toBe(before - 1);
    expect((await call(WEB, 'POST', '/snapshots/websnap/restore', {})).body.appid).toBe('ci-web-1');
    expect((await call(API, 'GET', '/snapshots/websnap')).body.appid).toBe('ci-api-1');
  });

  it('a team lists only its own snapshots; the administrator lists all', async () => {
    expect(await names(WEB)).toEqual(['websnap']);
    expect(await names(API)).toEqual(['websnap']);
    expect(await names(ADMIN)).toEqual(['seed', 'websnap', 'websnap']);
  });

  it('a team cannot overwrite, delete or read `seed`, and restores only its own apps from it', async () => {
    const overwrite = await call(API, 'POST', '/apps/ci-api-1/snapshots', { name: 'seed' });
    expect(overwrite.status).toBe(403);
    expect(overwrite.body.detail).toMatch(/snapshot "seed" is the administrator's/);
    expect((await call(API, 'POST', '/snapshots', { name: 'seed', appid: 'ci-api-1' })).status).toBe(403);
    expect((await call(API, 'DELETE', '/snapshots/seed')).status).toBe(403);
    expect((await call(API, 'GET', '/snapshots/seed')).status).toBe(403);
    expect((await call(API, 'POST', '/snapshots/seed/restore', {})).status).toBe(403);
    expect((await call(API, 'POST', '/snapshots/seed/restore', { appid: 'ci-web-1' })).status).toBe(403);
    const own = await call(API, 'POST', '/apps/ci-api-1/snapshots/seed/restore');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'seed', appid: null, apps: ['ci-api-1'] });
    expect((await call(ADMIN, 'GET', '/snapshots/seed')).body).toMatchObject({ name: 'seed', appid: null });
  });

  it("a team cannot delete, restore or read another team's snapshot: 404 as for a name it never saved", async () => {
    expect((await call(WEB, 'POST', '/apps/ci-web-1/snapshots', { name: 'web-only' })).status).toBe(201);
    const answers = [
      await call(API, 'DELETE', '/snapshots/web-only'),
      await call(API, 'GET', '/snapshots/web-only'),
      await call(API, 'POST', '/snapshots/web-only/restore', {}),
      await call(API, 'POST', '/apps/ci-api-1/snapshots/web-only/restore'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('no snapshot named "web-only" of this token\'s team; there are: websnap');
    }
    expect((await call(API, 'POST', '/apps/ci-web-1/snapshots/web-only/restore')).status).toBe(403);
    expect(await names(WEB)).toEqual(['websnap', 'web-only']);
  });

  it("one team's full budget leaves the other's saves alone; the 409 names only the caller's snapshots", async () => {
    for (let i = (await names(API)).length; i < MAX_SNAPSHOTS; i++) {
      expect((await call(API, 'POST', '/apps/ci-api-1/snapshots', { name: `api-${i}` })).status).toBe(201);
    }
    const full = await call(API, 'POST', '/apps/ci-api-1/snapshots', { name: 'one-more' });
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(
      /^the team of prefix "ci-api-" keeps at most 64 snapshots \(it has: websnap, api-1, .*\); delete one \(DELETE \/control\/snapshots\/\{name\}\) or reuse a name$/,
    );
    // The advice works for the caller: a delete with its token, then the save.
    expect((await call(API, 'DELETE', '/snapshots/api-1')).status).toBe(204);
    expect((await call(API, 'POST', '/apps/ci-api-1/snapshots', { name: 'one-more' })).status).toBe(201);
    expect((await call(WEB, 'POST', '/apps/ci-web-1/snapshots', { name: 'still-room' })).status).toBe(201);
    expect((await call(ADMIN, 'POST', '/snapshots', { name: 'everything' })).status).toBe(201);
  });

  it("the administrator reaches every team's snapshots; a name two teams use is found through the app's path", async () => {
    expect((await call(ADMIN, 'GET', '/snapshots/web-only')).body.appid).toBe('ci-web-1');
    const twice = await call(ADMIN, 'GET', '/snapshots/websnap');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toMatch(
      /^2 teams have a snapshot named "websnap" \(.*\): say whose with \?team=<prefix>$/,
    );
    expect((await call(ADMIN, 'GET', '/snapshots/websnap?team=ci-web-')).body.appid).toBe('ci-web-1');
    expect((await call(ADMIN, 'POST', '/apps/ci-api-1/snapshots/websnap/restore')).body.appid).toBe('ci-api-1');
    expect((await call(ADMIN, 'POST', '/snapshots/websnap/restore?team=ci-api-', {})).body.appid).toBe('ci-api-1');
    // A team naming another team is refused; naming its own works.
    expect((await call(API, 'GET', '/snapshots/websnap?team=ci-web-')).status).toBe(403);
    expect((await call(API, 'GET', '/snapshots/websnap?team=ci-api-')).body.appid).toBe('ci-api-1');
    expect((await call(ADMIN, 'DELETE', '/snapshots/web-only')).status).toBe(204);
    expect(await names(WEB)).toEqual(['websnap', 'still-room']);
  });

  it("a restore whose DMP user_code another team's app took since is refused without naming that app", async () => {
    expect((await call(API, 'PUT', '/apps/ci-api-party', { userCode: 'shared-party' })).status).toBe(201);
    expect((await call(API, 'POST', '/apps/ci-api-party/snapshots', { name: 'one-more' })).status).toBe(201); // a name it has: its 64 are full
    expect((await call(API, 'DELETE', '/apps/ci-api-party')).status).toBe(204);
    expect((await call(WEB, 'PUT', '/apps/ci-web-party', { userCode: 'shared-party' })).status).toBe(201);
    const refused = await call(API, 'POST', '/apps/ci-api-party/snapshots/one-more/restore');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'an app of another team now holds the DMP user_code of app ci-api-party in snapshot "one-more"; the administrator (control token) can free it',
    );
    expect((await call(ADMIN, 'POST', '/apps/ci-api-party/snapshots/one-more/restore')).body.detail).toMatch(
      /^app ci-web-party now holds/,
    );
  });

  it("no answer to the other team's token names an app or a snapshot of the first team", () => {
    const said = apiAnswers.join('\n');
    expect(apiAnswers.length).toBeGreaterThan(70);
    for (const word of FOREIGN) expect(said).not.toContain(word);
  });

  it("the bytes budget is per team too: one team's snapshots past it leave the other's saves alone", () => {
    const store = new Store();
    const unit = new Unit(store, 0);
    for (const appid of ['ci-web-b', 'ci-api-b'])
      createApp(unit, { appid, devices: Array.from({ length: 20 }, (_, i) => ({ cid: `device-${i}` })) });
    const teamOf = (appid: string) => ['ci-web-', 'ci-api-'].find((p) => appid.startsWith(p));
    const web: Asker = { team: 'ci-web-', teamOf };
    const api: Asker = { team: 'ci-api-', teamOf };
    const probe = new Snapshots();
    probe.save(store, 'probe', 'ci-api-b', 0, api);
    // Room for two snapshots of one app per team.
    const snapshots = new Snapshots({ appBytes: 1024 * 1024, sandboxBytes: probe.bytes() * 2.5 });
    snapshots.save(store, 'one', 'ci-api-b', 0, api);
    snapshots.save(store, 'two', 'ci-api-b', 0, api);
    let refused: unknown;
    try {
      snapshots.save(store, 'three', 'ci-api-b', 0, api);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).status).toBe(409);
    expect((refused as Refusal).detail).toMatch(
      /past the budget of .* per team \(prefix "ci-api-"\); they hold .* in 2 snapshot\(s\)/,
    );
    expect(snapshots.save(store, 'one', 'ci-web-b', 0, web).name).toBe('one');
    expect(snapshots.save(store, 'two', 'ci-web-b', 0, web).name).toBe('two');
  });
});
