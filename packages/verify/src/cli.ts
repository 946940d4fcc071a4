#!/usr/bin/env node
// pushapi-verify: the active run (default), `proxy` (validating, recording proxy) and `world` (a recording as a
// sandbox world). Flags and their environment variables; secrets never reach the output.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { describeAllowList, describeSummary } from './proxy/console.js';
import { startProxy } from './proxy/server.js';
import { formatHtml } from './report/html.js';
import { formatTable } from './report/table.js';
import { spendLines } from './report/spend.js';
import { UnreachableError } from './scenario/run.js';
import { appPushTagProblem, SafetyError } from './scenario/safety.js';
import { Redactor } from './secrets.js';
import { exitStatus, plan, UsageError, verify, type VerifyOptions } from './verify.js';
import { worldFromRecording } from './world.js';

const HELP = `pushapi-verify: check a real push v1 / DMP endpoint against the documents and the sandbox

Usage:
  pushapi-verify --base-url <url> --appid <id> --appkey <key> --master-secret <secret> --cid <cid> [--cid <cid>...] [options]
  pushapi-verify proxy --upstream <base_url> --port <n> --allow-cid <cid>... [options]
  pushapi-verify world <recording dir> [--out <world.json>]

Run (each flag also an environment variable):
  --base-url <url>        PUSHAPI_BASE_URL       push v1 {base_url} (the scenario adds /v1/<appid>)
  --appid <id>            PUSHAPI_APPID
  --appkey <key>          PUSHAPI_APPKEY
  --master-secret <s>     PUSHAPI_MASTER_SECRET  never shown
  --cid <cid>             your own test devices (repeat; at least one): every push goes to these only
  --dmp-url <url>         PUSHAPI_DMP_URL        DMP {dmp_url}; without it the DMP operations do not run
  --user-code <code>      PUSHAPI_USER_CODE
  --auth-code <code>      PUSHAPI_AUTH_CODE      never shown
  --dmp-id <key=value>    a device identifier for /tags/user (imeiMD5=..., oaid=...; repeat)
  --allow-app-push <tag>  run push_app, restricted to this tag (it must start with pushapi-verify-), set first on the listed cids only
  --no-parity             do not run the scenario against an in-process sandbox
  --now <time>            the instant the run takes as now (ISO 8601); for a target whose clock is frozen, such as a sandbox app
  --dry-run               print what the run will spend and the plan (each request, redacted); send nothing
  --retry-window <s>      how long one request's retries of a transient refusal may wait in all (default 7:
                          1 s, 2 s, 4 s; waits double up to 60 s each; 660 spans a limit of 2 per 10 minutes)
  --report <file.json>    write the report (schema: @pushapi/verify/report.schema.json)
  --html <file.html>      write the report as a self-contained page

  What the run changes, and puts back: it binds the scenario's aliases to the first listed cid whose alias it
  read, sets its tags on every listed cid whose tags it read, blacklists the last listed cid and takes it back
  off, and sends set_badge 0 to the listed cids (a badge cannot be read back: it stays 0). Whatever happens (a
  refused step, an unreadable answer, a safety stop, Ctrl-C), the restore runs: the tags and alias read before
  are written back, each on its own, and the report (always written) lists what was restored and what could not
  be. A state that could not be read first (a cid's tags, its alias) is never changed: only the writes that
  change it are skipped, each saying which state. A transient refusal (too_frequent, "system busy") is retried 3 times
  (1 s, 2 s, 4 s); a step whose input an earlier step did not give is skipped, saying why.

Proxy:
  --upstream <url>        push v1 {base_url} to forward /v1/... to
  --dmp-upstream <url>    DMP {dmp_url} to forward /dmp/... to
  --port <n>              port on 127.0.0.1 (0: any free port)
  --allow-cid <cid>       a cid pushes and device writes may name (repeat); any other is refused, never forwarded
  --allow-alias <alias>   an alias pushes (and unbind_alias_all) may name (repeat)
  --allow-app-push <tag>  forward push_app only when its condition restricts it to this tag (it must start with
                          pushapi-verify-); refused otherwise
  --allow-device-writes-outside-list
                          forward bind_alias, unbind_alias, unbind_alias_all, set_tags, user_blk_list and set_badge
                          for any device, so real users' aliases, tags and blacklist may change (off: refused)
  --report <file.json>    written when the proxy stops (SIGTERM, Ctrl-C); GET /_pushapi/report serves it live
  --record <dir>          write each exchange, secrets redacted, as one JSON line to <dir>/exchanges.jsonl
  Always refused (HTTP 4xx, {"result":"other_error","desc":"pushapi-verify proxy refused: ..."}, one line on stderr):
  a message naming both a cid and an alias (but push_list, where the cid wins), a body that is not strict JSON,
  an operation the documents do not know. It prints its allow list at start and a summary when stopped (exit 0).

Exit (run): 0 conformant; 1 findings, or the run did not do every step (it stopped early: a refused sign-in,
  a safety stop, Ctrl-C; or skipped steps after a refused one, or writes whose earlier state it could not read)
  and restored everything; 3 the restore is incomplete (the output and the report give the calls that finish
  it); 2 usage error or unreachable target (nothing changed).
Exit (proxy): 0 when stopped by a signal; 2 usage error.
`;

const redactor = new Redactor();

function fail(message: string): never {
  process.stderr.write(`pushapi-verify: ${redactor.text(message)}\n`);
  process.exit(2);
}

const env = (name: string) => process.env[name] || undefined;

function runOptions(values: Record<string, unknown>): VerifyOptions {
  const pick = (flag: string, variable: string) => (values[flag] as string | undefined) ?? env(variable);
  const required = (flag: string, variable: string) =>
    pick(flag, variable) ?? fail(`--${flag} (or ${variable}) is required`);
  const masterSecret = pick('master-secret', 'PUSHAPI_MASTER_SECRET');
  const authCode = pick('auth-code', 'PUSHAPI_AUTH_CODE');
  redactor.add(masterSecret);
  redactor.add(authCode);
  const dmpUrl = pick('dmp-url', 'PUSHAPI_DMP_URL');
  const dmpIds = Object.fromEntries(
    ((values['dmp-id'] as string[] | undefined) ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) fail(`--dmp-id ${pair}: write it as key=value, such as imeiMD5=<32 hex>`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  return {
    baseUrl: required('base-url', 'PUSHAPI_BASE_URL'),
    appid: required('appid', 'PUSHAPI_APPID'),
    appkey: required('appkey', 'PUSHAPI_APPKEY'),
    // A dry run signs nothing: it may be planned without the secret.
    masterSecret:
      masterSecret ?? (values['dry-run'] ? '' : fail('--master-secret (or PUSHAPI_MASTER_SECRET) is required')),
    cids: (values.cid as string[] | undefined) ?? [],
    dmpIds,
    ...(dmpUrl
      ? {
          dmp: {
            url: dmpUrl,
            userCode: required('user-code', 'PUSHAPI_USER_CODE'),
            authCode: authCode ?? fail('--auth-code (or PUSHAPI_AUTH_CODE) is required with --dmp-url'),
          },
        }
      : {}),
    ...(values['allow-app-push'] ? { allowAppPush: values['allow-app-push'] as string } : {}),
    parity: !values['no-parity'],
    ...(values.now ? { now: parseNow(values.now as string) } : {}),
    ...(values['retry-window'] ? { retryWindowMs: parseWindow(values['retry-window'] as string) } : {}),
  };
}

/** --retry-window in seconds: how long one request's retries may wait in all. */
function parseWindow(text: string): number {
  const s = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(s))
    fail(`--retry-window ${text}: write whole seconds, such as 660 (a limit of 2 per 10 minutes)`);
  return s * 1000;
}

function parseNow(text: string): number {
  const ms = Date.parse(text);
  if (!/T.*(Z|[+-]\d\d:\d\d)$/.test(text) || Number.isNaN(ms))
    fail(`--now ${text}: write an ISO 8601 time with a zone, such as 2030-01-01T00:00:00Z`);
  return ms;
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      appid: { type: 'string' },
      appkey: { type: 'string' },
      'master-secret': { type: 'string' },
      cid: { type: 'string', multiple: true },
      'dmp-url': { type: 'string' },
      'user-code': { type: 'string' },
      'auth-code': { type: 'string' },
      'dmp-id': { type: 'string', multiple: true },
      'allow-app-push': { type: 'string' },
      'no-parity': { type: 'boolean' },
      now: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'retry-window': { type: 'string' },
      report: { type: 'string' },
      html: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return (process.stdout.write(HELP), 0);
  const options = runOptions(values);
  const planned = await plan(options);
  // Said before anything is sent: what the run will spend (stderr, so that stdout stays the report's table).
  const spend = `${spendLines(planned, options.retryWindowMs).join('\n')}\n`;
  if (values['dry-run']) {
    process.stdout.write(spend);
    for (const e of planned) {
      if (e.skipped) process.stdout.write(`- ${e.step.operationId} (${e.step.name}): not run: ${e.skipped}\n`);
      else
        process.stdout.write(
          redactor.text(
            `- ${e.step.operationId} (${e.step.name}): ${e.request!.method} ${e.request!.url} ${JSON.stringify(redactor.headers(e.request!.headers))}${e.request!.body !== undefined ? ` ${JSON.stringify(redactor.value(e.request!.body))}` : ''}\n`,
          ),
        );
    }
    process.stdout.write('dry run: nothing was sent\n');
    return 0;
  }
  // Ctrl-C stops the scenario before its next step; the restore still runs and the report is written.
  const interrupt = new AbortController();
  const onSignal = () => {
    if (interrupt.signal.aborted) process.exit(3); // a second Ctrl-C: leave now, restore not done
    process.stderr.write('pushapi-verify: interrupted: restoring what the run changed (Ctrl-C again to leave now)\n');
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.stderr.write(spend);
  const report = await verify({ ...options, signal: interrupt.signal }).finally(() => process.off('SIGINT', onSignal));
  process.stdout.write(redactor.text(formatTable(report)));
  if (values.report) fs.writeFileSync(values.report, redactor.text(`${JSON.stringify(report, null, 2)}\n`));
  if (values.html) fs.writeFileSync(values.html, redactor.text(formatHtml(report)));
  return exitStatus(report);
}

async function proxy(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      upstream: { type: 'string' },
      'dmp-upstream': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-cid': { type: 'string', multiple: true },
      'allow-alias': { type: 'string', multiple: true },
      'allow-app-push': { type: 'string' },
      'allow-device-writes-outside-list': { type: 'boolean' },
      report: { type: 'string' },
      record: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return (process.stdout.write(HELP), 0);
  const port = Number(values.port ?? fail('--port is required'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port ${values.port}: not a port number`);
  const tag = values['allow-app-push'];
  const tagProblem = tag === undefined ? undefined : appPushTagProblem(tag);
  if (tagProblem) fail(tagProblem);
  const running = await startProxy({
    upstream: values.upstream ?? fail('--upstream is required'),
    ...(values['dmp-upstream'] ? { dmpUpstream: values['dmp-upstream'] } : {}),
    port,
    host: values.host ?? '127.0.0.1',
    allowCids: values['allow-cid'] ?? [],
    allowAliases: values['allow-alias'] ?? [],
    ...(tag ? { allowAppPush: tag } : {}),
    allowDeviceWritesOutsideList: values['allow-device-writes-outside-list'] ?? false,
    ...(values.record ? { recordDir: values.record } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(
    `pushapi-verify proxy: push v1 at ${running.url}/v1/<appid>/, DMP at ${running.url}/dmp, report at ${running.url}/_pushapi/report\n`,
  );
  process.stdout.write(`${describeAllowList(running.allow)}\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  const report = await running.stop();
  if (values.report) fs.writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${describeSummary(running.summary())}\n`);
  // A stop by signal is the proxy's normal end: the findings are in the summary and the report, not the status.
  return 0;
}

function world(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return (process.stdout.write(HELP), 0);
  const dir = positionals[0] ?? fail('world: name the recording folder (pushapi-verify world <dir>)');
  const text = `${JSON.stringify(worldFromRecording(dir), null, 2)}\n`;
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'proxy') return proxy(rest);
  if (command === 'world') return world(rest);
  return run(argv);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    if (
      error instanceof UsageError ||
      error instanceof UnreachableError ||
      error instanceof SafetyError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    )
      fail(error.message);
    process.stderr.write(`pushapi-verify: ${redactor.text(error.stack ?? String(error))}\n`);
    process.exit(2);
  },
);
