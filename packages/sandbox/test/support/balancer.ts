// Three sandbox commands (each with its own --data folder) behind Debian's HAProxy with the shipped
// deploy/haproxy.cfg, for tests that drive a team service through the balancer's one URL. Needs /usr/sbin/haproxy
// (HAPROXY_PATH): without it `startService` throws saying the test did not run and how to install it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startCli, type RunningCli } from './cli.js';
import { raw } from './in-process.js';

export const haproxyPath = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const config = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');
/** The example teams map shipped beside it (ci-web-, ci-api-): the teams of these tests. */
const teamsMap = path.resolve(import.meta.dirname, '../../deploy/teams.map');

export function requireHaproxy(): void {
  if (!fs.existsSync(haproxyPath)) {
    throw new Error(
      `HAProxy not found at ${haproxyPath}: this test did not run. Install it with \`node scripts/ensure-haproxy.mjs\` as root ` +
        '(or apt-get install -y --no-install-recommends haproxy), or set HAPROXY_PATH.',
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Service {
  /** The balancer's URL: what every job uses. */
  url: string;
  processes: RunningCli[];
  dataDirs: string[];
  /** Each process's status as HAProxy's stats page reports it (UP, DOWN, …), by server name (s1, s2, s3). */
  status(): Promise<Record<string, string>>;
  /** Waits until HAProxy reports every process UP. */
  allUp(): Promise<void>;
  /** Stops process i (SIGTERM) and starts it again on the same port and folder, with the same arguments. */
  restart(i: number): Promise<RunningCli>;
  /** Starts process i again on its port and folder after it died (a test that killed it). */
  revive(i: number): Promise<RunningCli>;
  stop(): void;
  /** What HAProxy printed so far (its access log among it). */
  output(): string;
}

/** Starts `count` processes (`args(i)` added to each one's --port and --data) and HAProxy in front of them. */
export async function startService(
  args: (i: number) => string[],
  env: Record<string, string> = {},
  count = 3,
): Promise<Service> {
  requireHaproxy();
  const dataDirs = Array.from({ length: count }, (_, i) =>
    fs.mkdtempSync(path.join(os.tmpdir(), `sandbox-service-${i}-`)),
  );
  const start = (i: number, port: number) =>
    startCli(['--port', String(port), '--data', dataDirs[i]!, '--quiet', ...args(i)], env);
  const processes: RunningCli[] = [];
  for (let i = 0; i < count; i++) processes.push(await start(i, 0));
  const [lbPort, statsPort] = [await freePort(), await freePort()];
  const stats = `http://127.0.0.1:${statsPort}`;
  const output: string[] = [];
  const balancer: ChildProcess = spawn(haproxyPath, ['-db', '-f', config], {
    env: {
      ...process.env,
      SANDBOX_LB_BIND: `127.0.0.1:${lbPort}`,
      SANDBOX_LB_STATS: `127.0.0.1:${statsPort}`,
      SANDBOX_LB_TEAMS: teamsMap,
      ...Object.fromEntries(processes.map((p, i) => [`SANDBOX_${i + 1}`, new URL(p.url).host])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [balancer.stdout!, balancer.stderr!]) stream.on('data', (d: Buffer) => output.push(String(d)));
  const status = async () => {
    const { text } = await raw(`${stats}/stats;csv`);
    const [header, ...rows] = text.trim().split('\n');
    const column = header!.replace(/^# /, '').split(',').indexOf('status');
    return Object.fromEntries(
      rows
        .map((r) => r.split(','))
        .filter((r) => r[0]!.startsWith('home_') && /^s\d$/.test(r[1]!))
        .map((r) => [r[1]!, r[column]!]),
    );
  };
  const revive = async (i: number) => {
    processes[i] = await start(i, Number(new URL(processes[i]!.url).port));
    return processes[i]!;
  };
  const everyUp = Object.fromEntries(processes.map((_, i) => [`s${i + 1}`, 'UP']));
  const allUp = () =>
    expect
      .poll(() => status().catch(() => ({})), {
        timeout: 60_000,
        interval: 200,
        message: `HAProxy's servers UP (its output: ${output.join('')})`,
      })
      .toEqual(everyUp);
  return {
    url: `http://127.0.0.1:${lbPort}`,
    processes,
    dataDirs,
    status,
    allUp,
    async restart(i) {
      processes[i]!.child.kill('SIGTERM');
      await processes[i]!.exited;
      return revive(i);
    },
    revive,
    output: () => output.join(''),
    stop() {
      balancer.kill('SIGTERM');
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tokens of a two-team service: the operator's (the control token) and the teams ci-web- and ci-api-. */
export const TEAM_TOKENS = {
  admin: 'admin-token-of-the-operator-0001',
  web: 'web-team-token-that-is-long-enough',
  api: 'api-team-token-that-is-long-enough',
} as const;

/**
 * A team service of two teams (ci-web- and ci-api-, from an app token file in a folder of the test's own, 0600) and
 * the operator's control token; `stop()` ends it and removes the folder. The test may rewrite `tokenFile`.
 */
export async function startTwoTeamService(
  name: string,
): Promise<{ service: Service; folder: string; tokenFile: string; stop(): void }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const tokenFile = path.join(folder, 'app-tokens');
  fs.writeFileSync(tokenFile, `ci-web-=${TEAM_TOKENS.web}\nci-api-=${TEAM_TOKENS.api}\n`, { mode: 0o600 });
  try {
    const service = await startService(() => ['--app-token-file', tokenFile], {
      SANDBOX_CONTROL_TOKEN: TEAM_TOKENS.admin,
    });
    return {
      service,
      folder,
      tokenFile,
      stop() {
        service.stop();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
