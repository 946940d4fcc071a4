// A team service an operator can leave running: three processes behind deploy/haproxy.cfg, two teams (ci-web-,
// ci-api-), and one of them hostile. A long identifier is refused and wedges nothing; a path with a dot segment is
// refused at the balancer before it is routed; a team's waits beyond its limit are answered 429 while the other
// team is served; the access log and the metrics name the team. Needs HAProxy (support/balancer.ts).
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeFinder } from '../../src/state/rehome.js';
import { startService, type Service } from '../support/balancer.js';
import { raw } from '../support/in-process.js';

const ADMIN = 'admin-token-of-the-operator-0001';
const WEB = 'web-team-token-that-is-long-enough';
const API = 'api-team-token-that-is-long-enough';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-quarter-'));
const tokenFile = path.join(folder, 'app-tokens');
fs.writeFileSync(tokenFile, `ci-web-=${WEB}\nci-api-=${API}\n`, { mode: 0o600 });
const WAITS = 3;
let service: Service;

beforeAll(async () => {
  service = await startService(() => ['--app-token-file', tokenFile, '--team-limits', `waits=${WAITS}`], {
    SANDBOX_CONTROL_TOKEN: ADMIN,
  });
  // Every process UP at the balancer before any case (polled: no case depends on how long it takes).
  for (let i = 0; i < 1200; i++) {
    const status = await service.status().catch(() => ({}));
    if (Object.values(status).length === 3 && Object.values(status).every((s) => s === 'UP')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`HAProxy never saw the three processes UP: ${service.output()}`);
}, 180_000);
afterAll(() => {
  service?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

function call(token: string, method: string, url: string, init: RequestInit = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  return raw(`${service.url}/control${url}`, { method, headers, ...(method === 'GET' ? {} : { body: '{}' }), ...init });
}

/** A request with its path exactly as written (fetch resolves `..` before sending). */
function rawPath(
  method: string,
  target: string,
  token: string,
): Promise<{ status: number; text: string; process?: string }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        method,
        path: target,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 2 },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => void (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text, process: res.headers['sandbox-process'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('a hostile team on the team service', () => {
  it('a 3,000-character appid is refused and the process it reached answers every team after it', async () => {
    const long = `ci-web-${'x'.repeat(3000)}`;
    const refused = await call(WEB, 'PUT', `/apps/${long}`);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('at most 64');
    // Apps of both teams on every process answer, and every process is still ready.
    for (let i = 0; i < 6; i++) {
      expect((await call(WEB, 'PUT', `/apps/ci-web-after-${i}`)).status).toBe(201);
      expect((await call(API, 'PUT', `/apps/ci-api-after-${i}`)).status).toBe(201);
      expect((await call(API, 'GET', `/apps/ci-api-after-${i}`)).status).toBe(200);
    }
    for (const p of service.processes) expect((await raw(`${p.url}/readyz`)).status).toBe(200);
  });

  it('an appid with CR LF or a right-to-left override is refused, and never in the apps list', async () => {
    for (const appid of ['ci-web-a%0D%0Ab', 'ci-web-%E2%80%AEbew-ic']) {
      const answer = await call(WEB, 'PUT', `/apps/${appid}`);
      expect(answer.status).toBe(422);
    }
    const list = await call(ADMIN, 'GET', '/apps');
    expect(list.text).not.toMatch(/\r|\u202e/);
  });

  it.each([
    'PUT /control/apps/ci-web-a1/../ci-web-stray',
    'POST /control/apps/../apps',
    'POST /control/apps/../snapshots',
    'PUT /control/apps/ci-web-a1/%2e%2e/ci-web-stray',
    'PUT /control/apps/ci-web-a1%2Fci-web-stray',
    'PUT /control//apps/ci-web-stray',
  ])('%s is refused by the balancer (400), on no process', async (line) => {
    const [method, target] = line.split(' ') as [string, string];
    const answer = await rawPath(method, target, method === 'POST' ? ADMIN : WEB);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('urn:pushapi:sandbox:bad-path');
    expect(answer.process).toBeUndefined();
    expect((await call(WEB, 'GET', '/apps/ci-web-stray')).status).toBe(404);
  });

  it("a team's waits beyond its limit are answered 429 with Retry-After; the other team is served meanwhile", async () => {
    expect((await call(WEB, 'PUT', '/apps/ci-web-waiter')).status).toBe(201);
    const made = await call(WEB, 'GET', '/apps/ci-web-waiter');
    const home = service.processes[Number(made.headers.get('sandbox-process')?.slice(1)) - 1];
    const waits = Array.from({ length: WAITS }, () => new AbortController());
    const held = waits.map((w) =>
      call(WEB, 'GET', '/apps/ci-web-waiter/devices/magic-online/inbox?wait=60000', { signal: w.signal }).catch(
        () => undefined,
      ),
    );
    try {
      // Every process's metrics: the one holding the app shows the team's waits.
      const waiting = async () => {
        let most = 0;
        for (const p of home ? [home] : service.processes) {
          const text = (await raw(`${p.url}/metrics`)).text;
          const found = /sandbox_team_waits\{team="ci-web-"\} (\d+)/.exec(text);
          most = Math.max(most, Number(found?.[1] ?? 0));
        }
        return most;
      };
      await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(WAITS);
      const over = await call(WEB, 'GET', '/apps/ci-web-waiter/devices/magic-online/inbox?wait=60000');
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(over.body.type).toBe('urn:pushapi:sandbox:too-many-requests');
      expect(over.body.detail).toContain('team "ci-web-" has 3 calls waiting');
      // The other team, on the same process or another, is answered as usual.
      for (let i = 0; i < 6; i++) expect((await call(API, 'GET', `/apps/ci-api-after-${i}`)).status).toBe(200);
    } finally {
      for (const w of waits) w.abort();
      await Promise.all(held);
    }
  });

  it('a team lists and frees its snapshots through the balancer, on whichever process holds each app', async () => {
    const homes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const appid = `ci-web-snap-${i}`;
      expect((await call(WEB, 'PUT', `/apps/${appid}`)).status).toBe(201);
      // Names differ: a team's snapshot of one name is one snapshot per process (a second save replaces it).
      const saved = await call(WEB, 'POST', `/apps/${appid}/snapshots`, {
        body: JSON.stringify({ name: `base-${i}` }),
      });
      expect(saved.status).toBe(201);
      homes.add(saved.headers.get('sandbox-process') ?? '');
    }
    expect(homes.size).toBeGreaterThan(1); // the apps live on more than one process
    for (let i = 0; i < 6; i++) {
      const appid = `ci-web-snap-${i}`;
      const listed = await call(WEB, 'GET', `/apps/${appid}/snapshots`);
      expect(listed.status).toBe(200);
      expect(listed.body.snapshots.map((s: { name: string; apps: string[] }) => [s.name, s.apps])).toEqual([
        [`base-${i}`, [appid]],
      ]);
      expect((await call(API, 'GET', `/apps/${appid}/snapshots`)).status).toBe(403);
      expect((await call(API, 'DELETE', `/apps/${appid}/snapshots/base-${i}`)).status).toBe(403);
      const other = `ci-web-snap-${(i + 1) % 6}`; // a snapshot that does not hold this app is not found through it
      expect((await call(WEB, 'DELETE', `/apps/${other}/snapshots/base-${i}`)).status).toBe(404);
      expect((await call(WEB, 'DELETE', `/apps/${appid}/snapshots/base-${i}`)).status).toBe(204);
      expect((await call(WEB, 'GET', `/apps/${appid}/snapshots`)).body.snapshots).toEqual([]);
    }
  });

  it("the home `pushapi-sandbox rehome` computes is the balancer's, for every app", async () => {
    const home = await homeFinder();
    for (let i = 0; i < 24; i++) {
      const appid = `ci-api-home-${i}`;
      const made = await call(API, 'PUT', `/apps/${appid}`);
      expect(made.status).toBe(201);
      expect(made.headers.get('sandbox-process'), appid).toBe(`s${home(appid, 3) + 1}`);
    }
  });

  it('the access log and the metrics name each team (the configured prefixes only), and no token', async () => {
    await expect.poll(() => service.output(), { timeout: 30_000, interval: 100 }).toContain('team=ci-api-');
    const log = service.output();
    expect(log).toContain('team=ci-web-');
    for (const token of [ADMIN, WEB, API]) expect(log).not.toContain(token);
    let metrics = '';
    for (const p of service.processes) metrics += (await raw(`${p.url}/metrics`)).text;
    expect(metrics).toMatch(/sandbox_team_requests_total\{team="ci-api-"\} \d+/);
    expect(metrics).toMatch(/sandbox_team_refused_total\{team="ci-web-",limit="waits"\} 1/);
    const teams = new Set([...metrics.matchAll(/team="([^"]*)"/g)].map((m) => m[1]));
    expect([...teams].sort()).toEqual(expect.arrayContaining(['ci-api-', 'ci-web-']));
    for (const team of teams) expect(['ci-api-', 'ci-web-', 'other']).toContain(team);
  });
});
