// @ts-check
// A team service under one hostile team: three sandbox processes (each with --data) behind HAProxy with
// deploy/haproxy.cfg, ten teams (t0- … t9-). Nine teams run their CI as usual, each with clients that sign in and
// push to their own app; the tenth (t9-) opens thousands of long waits, sends 3,000-character appids and paths
// with dot segments. Two phases of the same work of the nine teams: alone, then beside the hostile team. Printed:
// the nine teams' latency (p50, p99, max) and answers within 8 s in each phase, their ratio, the hostile team's
// answers by status, and the acknowledged pushes found again afterwards (each `ok` push's task in its app).
//
// Run from the workspace (needs /usr/sbin/haproxy and a built sandbox):
//   node bench/src/team-service-load.mjs [--cli packages/sandbox/dist/cli.js] [--config packages/sandbox/deploy/haproxy.cfg]
//     [--seconds 10] [--waits 4400]
// Every request goes to 127.0.0.1; each loop is bounded in count and time, and the script stops by itself.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: path.join(root, 'packages/sandbox/dist/cli.js') },
    config: { type: 'string', default: path.join(root, 'packages/sandbox/deploy/haproxy.cfg') },
    seconds: { type: 'string', default: '10' },
    waits: { type: 'string', default: '4400' },
  },
});
const SECONDS = Number(values.seconds);
const WAITS = Number(values.waits);
const TEAMS = Array.from({ length: 10 }, (_, i) => `t${i}-`);
const HOSTILE = 't9-';
const CLIENTS_PER_TEAM = 4;
/** Pushes one client makes at most in a phase: an app keeps its last 1,000 tasks, and each is checked afterwards. */
const MAX_PUSHES = 400;
const ADMIN = 'admin-token-of-the-operator-0001';
const tokenOf = (/** @type {string} */ team) => `${team}token-that-is-long-enough-000`;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/** One request on its own connection (no pool: a wait holds its socket), with a time limit; status 0 when none came. */
function request(
  /** @type {string} */ base,
  /** @type {string} */ method,
  /** @type {string} */ target,
  /** @type {Record<string, string>} */ headers = {},
  /** @type {unknown} */ body = undefined,
  timeoutMs = 8000,
) {
  const { hostname, port } = new URL(base);
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        hostname,
        port,
        method,
        path: target,
        agent: false,
        headers: {
          ...headers,
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (chunk) => void (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - started }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - started }));
    req.end(text);
  });
}

async function startService(/** @type {string} */ folder) {
  const tokenFile = path.join(folder, 'app-tokens');
  fs.writeFileSync(tokenFile, TEAMS.map((t) => `${t}=${tokenOf(t)}`).join('\n'), { mode: 0o600 });
  const teamsMap = path.join(folder, 'teams.map');
  fs.writeFileSync(teamsMap, TEAMS.map((t) => `${t} ${t}`).join('\n'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const children = ports.map((port, i) => {
    const data = path.join(folder, `data-${i}`);
    return spawn(
      process.execPath,
      [values.cli ?? '', '--port', String(port), '--data', data, '--quiet', '--app-token-file', tokenFile],
      {
        env: { ...process.env, SANDBOX_CONTROL_TOKEN: ADMIN },
        stdio: 'ignore',
      },
    );
  });
  const lb = /** @type {number} */ (await freePort());
  const stats = await freePort();
  const balancer = spawn('/usr/sbin/haproxy', ['-db', '-f', values.config ?? ''], {
    env: {
      ...process.env,
      SANDBOX_LB_BIND: `127.0.0.1:${lb}`,
      SANDBOX_LB_STATS: `127.0.0.1:${stats}`,
      SANDBOX_LB_TEAMS: teamsMap,
      ...Object.fromEntries(ports.map((p, i) => [`SANDBOX_${i + 1}`, `127.0.0.1:${p}`])),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${lb}`;
  for (let i = 0; i < 600; i++) {
    const ready = await Promise.all(
      ports.map((p) => request(`http://127.0.0.1:${p}`, 'GET', '/readyz', { host: 'localhost' }, undefined, 1000)),
    );
    const viaLb = await request(url, 'GET', '/readyz', { host: 'localhost' }, undefined, 1000);
    if (ready.every((r) => r.status === 200) && viaLb.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 2500)); // HAProxy's first checks (every 1 s) mark each backend up
  return { url, stop: () => [balancer, ...children].forEach((c) => c.kill('SIGTERM')) };
}

/** One client of a good team: its app, a sign-in, then pushes to its magic online device until the phase ends. */
async function goodClient(
  /** @type {string} */ url,
  /** @type {string} */ team,
  /** @type {number} */ n,
  /** @type {string} */ phase,
  /** @type {number} */ until,
) {
  const appid = `${team}${phase}-${n}`;
  const auth = { authorization: `Bearer ${tokenOf(team)}`, host: 'localhost' };
  const creds = { appkey: `${appid}-key`, mastersecret: `${appid}-secret` };
  const made = await request(url, 'PUT', `/control/apps/${appid}`, auth, creds);
  const timestamp = String(Date.now());
  const sign = createHash('sha256').update(`${creds.appkey}${timestamp}${creds.mastersecret}`).digest('hex');
  const signed = await request(
    url,
    'POST',
    `/v1/${appid}/auth_sign`,
    { host: 'localhost' },
    { sign, timestamp, appkey: creds.appkey },
  );
  const token = signed.status === 200 ? JSON.parse(signed.text).auth_token : undefined;
  const out = {
    appid,
    latencies: [made.ms, signed.ms],
    late: Number(made.status === 0) + Number(signed.status === 0),
    acked: /** @type {string[]} */ ([]),
  };
  for (let i = 0; i < MAX_PUSHES && performance.now() < until && token; i++) {
    const body = {
      cid: 'magic-online',
      requestid: `${appid}-${i}-rq`,
      message: { appkey: creds.appkey, is_offline: false, msgtype: 'transmission' },
      transmission: { transmission_content: `n ${i}` },
    };
    const pushed = await request(
      url,
      'POST',
      `/v1/${appid}/push_single`,
      { host: 'localhost', authtoken: token },
      body,
    );
    out.latencies.push(pushed.ms);
    if (pushed.status === 0) out.late++;
    else if (pushed.status === 200) {
      const answer = JSON.parse(pushed.text);
      if (answer.result === 'ok') out.acked.push(answer.taskid);
    }
  }
  return out;
}

/** The hostile team: thousands of long waits, then long identifiers and dot segments until the phase ends. */
async function hostile(/** @type {string} */ url, /** @type {number} */ until) {
  const auth = { authorization: `Bearer ${tokenOf(HOSTILE)}`, host: 'localhost' };
  await request(url, 'PUT', `/control/apps/${HOSTILE}waiter`, auth, {});
  const statuses = new Map();
  const count = (/** @type {{status: number}} */ r) => statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const waits = Array.from({ length: WAITS }, () =>
    request(
      url,
      'GET',
      `/control/apps/${HOSTILE}waiter/devices/magic-online/inbox?wait=20000`,
      auth,
      undefined,
      25_000,
    ).then(count),
  );
  for (let i = 0; performance.now() < until && i < 100_000; i++) {
    count(await request(url, 'PUT', `/control/apps/${HOSTILE}${'x'.repeat(3000)}`, auth, {}));
    count(await request(url, 'PUT', `/control/apps/${HOSTILE}a${i}/../${HOSTILE}stray-${i}`, auth, {}));
  }
  await Promise.all(waits);
  return statuses;
}

const quantile = (/** @type {number[]} */ list, /** @type {number} */ q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function phase(/** @type {string} */ url, /** @type {string} */ name, /** @type {boolean} */ withHostile) {
  const until = performance.now() + SECONDS * 1000;
  const hostileRun = withHostile ? hostile(url, until) : Promise.resolve(new Map());
  const clients = TEAMS.slice(0, 9).flatMap((team) =>
    Array.from({ length: CLIENTS_PER_TEAM }, (_, n) => goodClient(url, team, n, name, until)),
  );
  const results = await Promise.all(clients);
  return { results, hostile: await hostileRun };
}

/** Every acknowledged push's task is in its app (an app keeps its last 1,000 tasks; a client makes at most MAX_PUSHES). */
async function lostPushes(/** @type {string} */ url, /** @type {{ appid: string, acked: string[] }[]} */ results) {
  let lost = 0;
  for (const { appid, acked } of results) {
    const team = TEAMS.find((t) => appid.startsWith(t)) ?? '';
    const tasks = await request(
      url,
      'GET',
      `/control/apps/${appid}/tasks?limit=1000`,
      { authorization: `Bearer ${tokenOf(team)}`, host: 'localhost' },
      undefined,
      30_000,
    );
    const known = new Set(
      tasks.status === 200 ? JSON.parse(tasks.text).tasks.map((/** @type {{taskid: string}} */ t) => t.taskid) : [],
    );
    lost += acked.filter((taskid) => !known.has(taskid)).length;
  }
  return lost;
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'team-service-load-'));
const service = await startService(folder);
try {
  const alone = await phase(service.url, 'alone', false);
  const beside = await phase(service.url, 'beside', true);
  const summary = (/** @type {Awaited<ReturnType<typeof phase>>} */ p) => {
    const all = p.results.flatMap((r) => r.latencies);
    return {
      requests: all.length,
      p50: quantile(all, 0.5),
      p99: quantile(all, 0.99),
      max: quantile(all, 1),
      late: p.results.reduce((n, r) => n + r.late, 0),
      acked: p.results.reduce((n, r) => n + r.acked.length, 0),
    };
  };
  const [a, b] = [summary(alone), summary(beside)];
  const lost = (await lostPushes(service.url, alone.results)) + (await lostPushes(service.url, beside.results));
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${SECONDS} s per phase; 9 teams x ${CLIENTS_PER_TEAM} clients; hostile team: ${WAITS} waits, long appids, dot segments`,
  );
  console.log('phase   requests   p50 ms   p99 ms   max ms   no answer in 8 s   pushes acknowledged');
  for (const [name, s] of /** @type {const} */ ([
    ['alone', a],
    ['beside', b],
  ]))
    console.log(
      `${String(name).padEnd(7)} ${String(s.requests).padStart(8)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(0).padStart(8)} ${String(s.late).padStart(18)} ${String(s.acked).padStart(21)}`,
    );
  console.log(`beside / alone: p50 ${(b.p50 / a.p50).toFixed(2)}x, p99 ${(b.p99 / a.p99).toFixed(2)}x`);
  console.log(
    `hostile team's answers by status: ${[...beside.hostile]
      .sort((x, y) => x[0] - y[0])
      .map(([s, n]) => `${s || 'none'}: ${n}`)
      .join(', ')}`,
  );
  console.log(`acknowledged pushes not found afterwards: ${lost}`);
} finally {
  service.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
