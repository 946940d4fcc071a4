#!/usr/bin/env node
// `pushapi-sandbox` (`run sandbox` in the workspace): starts the sandbox, prints where everything is and the
// default app's credentials, and stops cleanly on Ctrl-C or SIGTERM.
import type { TeamLimitSettings } from './http/team-limits.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_APP, DEFAULT_HOST, DEFAULT_PORT } from './shared/config.js';
import { workspaceDocsDir } from './http/docs-site.js';
import { checkAppTokens, parseAppTokens, type AppToken } from './http/team-tokens.js';
import { isLoopback, listenSandbox, VERSION } from './start/sandbox.js';
import { must } from './shared/must.js';

const HELP = `pushapi-sandbox ${VERSION}: a local, stateful stand-in for push v1 and DMP

Usage: pushapi-sandbox [options]
       pushapi-sandbox mcp [--url <origin>] [--token <token>]   an MCP server (stdio) for coding agents:
                           runs @pushapi/sandbox-mcp when installed (pushapi-sandbox mcp --help)
       pushapi-sandbox apps --server <url> --server <url> …   the apps of every process of a service, with
                           the process that holds each (pushapi-sandbox apps --help)
       pushapi-sandbox usage [--server <url>]… [--team <prefix>] --out <file>   every app's usage ledger, in
                           one file for api-diff --usage (pushapi-sandbox usage --help)
       pushapi-sandbox backup --data <dir> --to <new dir>   a consistent copy of a store while its process
                           runs (LMDB's copy); start a sandbox on the copy with --data <new dir>
       pushapi-sandbox rehome --data <s1's dir> … --data <sN's dir> [--dry-run]   with every process stopped,
                           moves each app to the folder of its balancer home among N processes, with its data
                           (each process's own default app, --appid, stays)

  --host <address>         address to listen on (default ${DEFAULT_HOST}; SANDBOX_HOST)
  --port <n>               port, 0 for a free one (default ${DEFAULT_PORT}; SANDBOX_PORT)
  --data <dir>             keep state in this folder across restarts (default: memory; SANDBOX_DATA)
  --control-token <token>  token the control API requires, 16 characters or more; needed beyond 127.0.0.1
                           (SANDBOX_CONTROL_TOKEN). Other local users see a flag (ps, /proc/<pid>/cmdline):
                           on a shared machine give the variable or --control-token-file instead
  --control-token-file <path>  read the control token from this file (its first line, spaces trimmed)
  --app-token <prefix>=<token>  a team's token, repeatable: it controls only the apps whose appid starts with
                           <prefix> (creates them, reads their credentials, changes, restores, deletes them, reads
                           the apps, requests and events filtered to them); a reset of the sandbox, a world and
                           another prefix's apps answer 403. Needs --control-token, the administrator's
                           (SANDBOX_APP_TOKENS, comma-separated: prefix=token,prefix2=token2)
  --app-token-file <path>  read app tokens from this file: one <prefix>=<token> a line; SIGHUP re-reads it
                           and puts the new set in force at once (a bad file keeps the old set and says why)
  --allowed-host <name>    a host name to answer besides localhost and IP addresses, repeatable
                           (SANDBOX_ALLOWED_HOSTS, comma-separated): a shared sandbox reached by a name
  --appid, --appkey, --master-secret   the default app's credentials (SANDBOX_APPID, SANDBOX_APPKEY, SANDBOX_MASTER_SECRET)
  --user-code, --auth-code             its DMP party's credentials (SANDBOX_USER_CODE, SANDBOX_AUTH_CODE)
  --docs <dir>             a built reference site to serve at /docs/ (default: the workspace's docs/site; SANDBOX_DOCS)
  --compat <mode>          how apps read push v1 and DMP requests unless they say otherwise: strict (default)
                           refuses what the description forbids; lenient accepts the deviations of clients in
                           use and records them (GET /control/apps/{appid}/deviations) (SANDBOX_COMPAT)
  --seed <file>            a world (JSON or YAML: apps, devices, aliases, DMP parties) to load at start, saved
                           as the snapshot "seed" (SANDBOX_SEED)
  --metrics-per-app        label the request metrics of GET /metrics with the appid too (SANDBOX_METRICS_PER_APP=1);
                           off by default: thousands of apps would make thousands of series
  --team-limits <list>     what one team (an app-token prefix) may hold on this process, answered 429 past it:
                           concurrent=96,waits=64,per-second=500,burst=1000 (the defaults; give any of them;
                           per-second=0: no rate limit), and apps=1000, its apps on this process (409 past
                           it) (SANDBOX_TEAM_LIMITS)
  --app-idle-expiry <time> remove an app (with its data) that no call has named for this long: 14d, 12h, 30m;
                           the default app never goes; none by default (SANDBOX_APP_IDLE_EXPIRY)
  --check-tokens           check the token files (--control-token-file, --app-token-file) as a start would,
                           print the teams and exit 0, or say why not and exit 2; nothing is started
  --quiet                  no line per request
  --help                   this text

Operators: GET /healthz (200 while the process serves), GET /readyz (200 once the store is open, the seed
loaded and the documents compiled; 503 before and while stopping) and GET /metrics (Prometheus text) answer
without the control token.
`;

function fail(message: string): never {
  console.error(`pushapi-sandbox: ${message}\n(see --help)`);
  process.exit(2);
}

// `pushapi-sandbox mcp …`: the MCP server for coding agents, the package @pushapi/sandbox-mcp when it is installed
// (src/cli/mcp-command.ts); exit code 2 naming the package when it is not.
if (process.argv[2] === 'mcp') {
  const { runMcpCommand } = await import('./cli/mcp-command.js');
  process.exit(await runMcpCommand(process.argv.slice(3)).catch((error: Error) => fail(`mcp: ${error.message}`)));
}

// `pushapi-sandbox usage …`: every app's usage ledger from every process, in one file (src/cli/usage-command.ts).
if (process.argv[2] === 'usage') {
  const { runUsage } = await import('./cli/usage-command.js');
  process.exit(await runUsage(process.argv.slice(3)).catch((error: Error) => fail(`usage: ${error.message}`)));
}
// `pushapi-sandbox apps …`: the apps of each process of a service, together (src/cli/apps-command.ts).
if (process.argv[2] === 'apps') {
  const { runApps } = await import('./cli/apps-command.js');
  process.exit(await runApps(process.argv.slice(3)).catch((error: Error) => fail(`apps: ${error.message}`)));
}

// `pushapi-sandbox backup --data <folder> --to <new folder>`: a copy of a running process's store (src/state/backup.ts).
if (process.argv[2] === 'backup') {
  const { values: given } = parseArgs({
    args: process.argv.slice(3),
    options: { data: { type: 'string' }, to: { type: 'string' } },
    strict: true,
  });
  if (!given.data || !given.to) fail('backup: give --data <the data folder> and --to <a new folder for the copy>');
  const { backupStore } = await import('./state/backup.js');
  const copied = await backupStore(given.data, given.to).catch((error: Error) => fail(`backup: ${error.message}`));
  console.log(
    `backup of ${given.data}: ${copied.file} (${copied.bytes.toLocaleString('en')} bytes); start a sandbox on it with --data ${given.to}`,
  );
  process.exit(0);
}

// `pushapi-sandbox rehome --data <s1's folder> … --data <sN's folder> [--dry-run]`: after a process is added or
// removed, moves each app whose balancer home changed, with its data, to its new folder (src/state/rehome.ts).
if (process.argv[2] === 'rehome') {
  const { values: given } = parseArgs({
    args: process.argv.slice(3),
    options: { data: { type: 'string', multiple: true }, 'dry-run': { type: 'boolean' }, appid: { type: 'string' } },
    strict: true,
  });
  const dirs = given.data ?? [];
  // Every process makes its own default app (`--appid`, default sandbox-app) at start: it never moves.
  const stays = new Set([given.appid ?? DEFAULT_APP.appid]);
  if (dirs.length < 1) fail('rehome: give every data folder, in the order of the processes: --data <s1> --data <s2> …');
  const { rehome } = await import('./state/rehome.js');
  const moves = await rehome(dirs, given['dry-run'] === true, stays).catch((error: Error) =>
    fail(`rehome: ${error.message}`),
  );
  const verb = given['dry-run'] ? 'would move' : 'moved';
  for (const m of moves)
    console.log(
      `${verb} ${m.appid} from s${m.from + 1} to s${m.to + 1} (${m.records} records)${m.snapshotsLeft.length > 0 ? `; snapshots left on s${m.from + 1} (the new home has one of the same name): ${m.snapshotsLeft.join(', ')}` : ''}`,
    );
  console.log(`${moves.length} apps ${verb} among ${dirs.length} folders; the others are at home`);
  process.exit(0);
}

/** The control token kept in a file (out of the command line, which other local users can read). */
function tokenFromFile(file: string, alsoGiven: string | undefined): string {
  if (alsoGiven !== undefined) fail('give the control token once: --control-token or --control-token-file, not both');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(
      `control token file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const firstLine = text.trim().replace(/\r?\n[\s\S]*/, ''); // the line break and all after it go
  const token = firstLine.trim();
  if (token === '')
    fail(`control token file ${file} is empty: write the token (16 characters or more) on its first line`);
  return token;
}

/** The app tokens of a file (one <prefix>=<token> a line); throws naming the file, never a token. */
function appTokensOfFile(file: string): AppToken[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `app token file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return parseAppTokens(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    `app token file ${file}`,
  );
}

/** App tokens from the flags and the variable (fixed while the process runs). Errors never show a token. */
function readFixedAppTokens(flags: string[], variable: string | undefined): AppToken[] {
  const fromVariable = (variable ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...parseAppTokens(flags, '--app-token'), ...parseAppTokens(fromVariable, 'SANDBOX_APP_TOKENS')];
}

/** The command line's flags; an unknown or malformed flag ends the process with its message. */
function readFlags() {
  try {
    return parseArgs({
      // `pnpm run sandbox -- --port 0` passes the `--` on: it separates pnpm's options from ours, not ours from operands.
      args: process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--')),
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        data: { type: 'string' },
        'control-token': { type: 'string' },
        'control-token-file': { type: 'string' },
        'app-token': { type: 'string', multiple: true },
        'app-token-file': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        appid: { type: 'string' },
        appkey: { type: 'string' },
        'master-secret': { type: 'string' },
        'user-code': { type: 'string' },
        'auth-code': { type: 'string' },
        docs: { type: 'string' },
        compat: { type: 'string' },
        seed: { type: 'string' },
        'metrics-per-app': { type: 'boolean' },
        'team-limits': { type: 'string' },
        'app-idle-expiry': { type: 'string' },
        'check-tokens': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}
const values = readFlags();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const env = process.env;
const host = values.host ?? env.SANDBOX_HOST ?? DEFAULT_HOST;
const portText = values.port ?? env.SANDBOX_PORT ?? String(DEFAULT_PORT);
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`port "${portText}" is not a port number (0 to 65535)`);
const given = {
  appid: values.appid ?? env.SANDBOX_APPID,
  appkey: values.appkey ?? env.SANDBOX_APPKEY,
  mastersecret: values['master-secret'] ?? env.SANDBOX_MASTER_SECRET,
  userCode: values['user-code'] ?? env.SANDBOX_USER_CODE,
  authCode: values['auth-code'] ?? env.SANDBOX_AUTH_CODE,
};
const controlToken =
  values['control-token-file'] !== undefined
    ? tokenFromFile(values['control-token-file'], values['control-token'])
    : (values['control-token'] ?? env.SANDBOX_CONTROL_TOKEN);
const appTokenFile = values['app-token-file'];
let fixedAppTokens: AppToken[] = [];
let appTokens: AppToken[] = [];
try {
  fixedAppTokens = readFixedAppTokens(values['app-token'] ?? [], env.SANDBOX_APP_TOKENS);
  appTokens = [...fixedAppTokens, ...(appTokenFile === undefined ? [] : appTokensOfFile(appTokenFile))];
} catch (error) {
  fail((error as Error).message);
}
// `--check-tokens`: the token files checked as a start would check them, and nothing started. The systemd unit runs
// it before each reload, so that `systemctl reload` fails, saying why, when the file would be refused.
if (values['check-tokens']) {
  try {
    checkAppTokens(appTokens, controlToken);
  } catch (error) {
    fail((error as Error).message);
  }
  console.log(`tokens checked: the control token and ${new Set(appTokens.map((t) => t.prefix)).size} teams' tokens`);
  process.exit(0);
}
const allowedHosts = [...(values['allowed-host'] ?? []), ...(env.SANDBOX_ALLOWED_HOSTS ?? '').split(',')]
  .map((h) => h.trim())
  .filter(Boolean);
const dataDir = values.data ?? env.SANDBOX_DATA;
const docsDir = values.docs ?? env.SANDBOX_DOCS;
const compat = values.compat ?? env.SANDBOX_COMPAT ?? 'strict';
if (compat !== 'strict' && compat !== 'lenient') fail(`compat mode "${compat}" is not one of: strict, lenient`);
const seed = values.seed ?? env.SANDBOX_SEED;

/** `--app-idle-expiry 14d` (or `12h`, `30m`): how long an app may go unused before it is removed; none when not given. */
function durationOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const match = /^(\d+)(d|h|m)$/.exec(text.trim());
  if (!match || Number(match[1]) < 1)
    fail(
      `app idle expiry "${text}" is not a whole number of days, hours or minutes, at least 1 (such as 14d, 12h, 30m)`,
    );
  return Number(match[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
}

/** `--team-limits concurrent=96,waits=64,per-second=500,burst=1000` (any of them; the rest keep their defaults). */
function teamLimitsOf(text: string | undefined): Partial<TeamLimitSettings> {
  const names: Record<string, keyof TeamLimitSettings> = {
    concurrent: 'concurrent',
    waits: 'waits',
    'per-second': 'perSecond',
    burst: 'burst',
    apps: 'apps',
  };
  const out: Partial<TeamLimitSettings> = {};
  for (const part of (text ?? '').split(',').filter((p) => p.trim())) {
    const [name = '', value = ''] = part.split('=').map((p) => p.trim());
    const key = names[name];
    const number = Number(value);
    if (!key || !/^\d+$/.test(value) || (number < 1 && key !== 'perSecond'))
      fail(
        `team limit "${part.trim()}" is not one of concurrent=N, waits=N, per-second=N (0: none), burst=N (N a whole number, at least 1)`,
      );
    out[key] = number;
  }
  return out;
}

const sandbox = await listenSandbox({
  host,
  port,
  ...(dataDir ? { dataDir } : {}),
  ...(docsDir ? { docsDir } : {}),
  compat,
  ...(seed ? { seed } : {}),
  ...(controlToken ? { controlToken } : {}),
  appTokens,
  allowedHosts,
  defaultApp: Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
  ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
  metricsPerApp: values['metrics-per-app'] === true || env.SANDBOX_METRICS_PER_APP === '1',
  teamLimits: teamLimitsOf(values['team-limits'] ?? env.SANDBOX_TEAM_LIMITS),
  appIdleExpiryMs: durationOf(values['app-idle-expiry'] ?? env.SANDBOX_APP_IDLE_EXPIRY),
}).catch((error: Error & { code?: string }) =>
  fail(
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use; choose another (--port 0 picks a free one)`
      : error.message,
  ),
);

// Signals are handled from here, before the banner: a supervisor may stop the process as soon as it reads it.
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox`);
  sandbox.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
// SIGHUP re-reads the app token file (the flags and the variable stay): a team added or a token rotated without a
// restart. The new set is checked whole and put in force at once; a bad file leaves the old set and says why.
process.on('SIGHUP', () => {
  if (appTokenFile === undefined)
    return console.warn('SIGHUP: no --app-token-file to re-read; the team tokens stay as they are');
  try {
    const prefixes = sandbox.reloadAppTokens(() => [...fixedAppTokens, ...appTokensOfFile(appTokenFile)]);
    console.log(
      `team tokens reloaded: ${prefixes.length} teams${prefixes.length > 0 ? ` (${prefixes.map((p) => `"${p}"`).join(', ')})` : ''}`,
    );
  } catch (error) {
    console.error(`team tokens not reloaded, the ones in force stay: ${(error as Error).message}`);
  }
});
process.on('SIGTERM', () => stop('SIGTERM'));

/** Where the reference is served, or why it is not (the published package ships no site: --docs names one). */
function referenceLine(url: string): string {
  const dir = docsDir ?? workspaceDocsDir();
  return dir !== undefined && existsSync(join(dir, 'index.html'))
    ? `${url}/docs/`
    : 'not served: this package ships no reference site (--docs <dir> serves a built one)';
}

// Secrets are printed only when they are the public defaults; given or stored ones are not echoed.
const { record: app } = must(
  sandbox.store.apps.get(given.appid ?? DEFAULT_APP.appid),
  'the sandbox made the app it was started with',
);
const shown = (value: string, publicDefault: string) => (value === publicDefault ? value : '(as given; not printed)');
console.log(`pushapi sandbox ${VERSION} listening on ${sandbox.url}
  push v1 base URL   ${sandbox.pushBaseUrl}   (the client appends /v1/<appid>)
  DMP base URL       ${sandbox.dmpBaseUrl}
  control API        ${sandbox.controlUrl}
  inbox page         ${sandbox.url}/
  console            ${sandbox.url}/console/   (try any request of the reference)
  reference          ${referenceLine(sandbox.url)}
  health             ${sandbox.url}/healthz   ${sandbox.url}/readyz   ${sandbox.url}/metrics
default app          appid ${app.appid}   appkey ${app.appkey}   mastersecret ${shown(app.mastersecret, DEFAULT_APP.mastersecret)}
its DMP party        user_code ${app.party.userCode}   auth_code ${shown(app.party.authCode, DEFAULT_APP.authCode)}
state                ${dataDir ? `kept in ${dataDir}` : 'in memory (lost on exit; --data <dir> keeps it)'}${seed ? `\nseeded from          ${seed} (snapshot "seed")` : ''}
compat mode          ${compat}${compat === 'strict' ? ' (--compat lenient accepts the deviations of clients in use)' : ' (deviations are accepted and recorded)'}`);
if (appTokens.length > 0)
  console.log(
    `app tokens           for the apps whose appid starts with: ${appTokens.map((t) => `"${t.prefix}"`).join(', ')}`,
  );
if (!isLoopback(host)) {
  console.warn(
    `warning: listening on ${host}, beyond this machine. The control API needs the control token; anyone who reaches this port can use push v1 and DMP.`,
  );
}
