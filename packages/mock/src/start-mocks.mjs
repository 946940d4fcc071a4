// @ts-check
// Starts one Prism mock per API of the registry on the loopback interface and stops them again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { apis as registry } from '@pushapi/openapi/apis';
import { toMockDocument } from './mock-document.mjs';

const require = createRequire(import.meta.url);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the derived mock documents are written (ignored by git, never published). */
export const defaultOutDir = path.join(packageDir, '.mock');

/** The first default port; the mocks take consecutive ports in registry order (4010, 4011, ...). */
export const FIRST_PORT = 4010;

/**
 * The APIs of the registry (redocly.yaml `apis:`) that are mocked (all but those marked `x-mock: false`): the
 * public bundle each mock is derived from, and its default port.
 * @type {ReadonlyArray<{ name: string, title: string, json: string, defaultPort: number }>}
 */
export const apis = registry
  .filter((api) => api.mock)
  .map((api, i) => ({ name: api.name, title: api.title, json: api.json, defaultPort: FIRST_PORT + i }));

const READY_LINE = /Prism is listening on (https?:\/\/\S+)/;
/**
 * How long a Prism may take to listen before it is given up. Quiet, it takes 2 to 3 s; on a shared machine at load 10
 * a start has taken over 30 s, so the wait is generous: it only guards against a Prism that never comes up.
 */
export const READY_TIMEOUT_MS = 120_000;
const prismBin = path.join(
  path.dirname(require.resolve('@stoplight/prism-cli/package.json')),
  require('@stoplight/prism-cli/package.json').bin.prism,
);
const watchdog = new URL('./prism-watchdog.mjs', import.meta.url).href;

/**
 * Reads the public bundle of an API and writes its mock document to `outDir/<name>.json`.
 * @param {(typeof apis)[number]} api
 * @param {string} [outDir]
 * @returns {{ file: string, basePath: string }}
 */
export function prepareMockDocument(api, outDir = defaultOutDir) {
  if (!fs.existsSync(api.json)) {
    throw new Error(
      `The bundle of ${api.name} (${api.json}) is missing: run the workspace setup first ` +
        '(`npx -y pnpm@10.34.9 run setup`, or `pnpm --filter @pushapi/openapi run bundle`).',
    );
  }
  const { document, basePath } = toMockDocument(JSON.parse(fs.readFileSync(api.json, 'utf8')));
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${api.name}.json`);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  // Prism watches its document and restarts (briefly closing its port) when the file changes: leave an
  // unchanged file alone, so that starting a second pair of mocks never disturbs a running one.
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return { file, basePath };
  // Write then rename, so a Prism watching the file never reads half of it.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
  return { file, basePath };
}

/**
 * The node arguments that run Prism on a document (its own binary, with the watchdog preloaded): `prism mock`, or
 * with `upstream`, `prism proxy <document> <upstream> --errors`, which validates every request and answer of a
 * real server against the document and turns a violating answer into an error (the sandbox's referee).
 * @param {{ file: string, host: string, port: number, dynamic?: boolean, seed?: string, upstream?: string }} options
 * @returns {string[]}
 */
export function prismArgs({ file, host, port, dynamic = false, seed, upstream }) {
  const mode = upstream === undefined ? ['mock', file] : ['proxy', file, upstream, '--errors'];
  const args = ['--import', watchdog, prismBin, ...mode, '--host', host, '--port', String(port)];
  if (dynamic) args.push('--dynamic');
  if (seed !== undefined) args.push('--seed', seed);
  return args;
}

/**
 * Starts Prism on one document and resolves once it listens.
 * @param {{ file: string, host: string, port: number, dynamic?: boolean, seed?: string, upstream?: string,
 *   name: string, onLog?: (line: string) => void, readyTimeoutMs?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void>, exited: Promise<{ code: number | null, signal: string | null }> }>}
 */
export function startPrism({
  file,
  host,
  port,
  dynamic = false,
  seed,
  upstream,
  name,
  onLog,
  readyTimeoutMs = READY_TIMEOUT_MS,
}) {
  const args = prismArgs({ file, host, port, dynamic, seed, upstream });
  // detached: Prism gets its own process group, so a Ctrl-C in the terminal reaches only the starter,
  // which then stops every mock in order (and the watchdog covers a starter that dies abruptly).
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  /** @type {string[]} */
  const tail = [];
  let ready = false;

  /** @returns {Promise<void>} */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (/** @type {string} */ reason) => {
      // The first reason is the cause: the exit that stopping a late Prism brings about must not replace it.
      if (failed) return;
      failed = true;
      clearTimeout(timer);
      // A taken port is the usual cause: say so plainly instead of Prism's usage text and stack.
      const detail = tail.some((l) => l.includes('EADDRINUSE'))
        ? `port ${port} on ${host} is already in use; choose another port (0 picks a free one).`
        : `${reason}\n${tail.map((l) => `  ${l}`).join('\n')}`;
      stop().finally(() => reject(new Error(`${name} mock did not start: ${detail}`)));
    };
    const timer = setTimeout(() => fail(`not listening after ${readyTimeoutMs} ms`), readyTimeoutMs);
    const onLine = (/** @type {string} */ line) => {
      if (!ready) {
        tail.push(line);
        if (tail.length > 20) tail.shift();
        const match = READY_LINE.exec(line);
        if (match) {
          ready = true;
          clearTimeout(timer);
          resolve({ url: String(match[1]).replace(/\/+$/, ''), stop, exited });
        }
      } else onLog?.(line);
    };
    readline.createInterface({ input: child.stdout }).on('line', onLine);
    readline.createInterface({ input: child.stderr }).on('line', onLine);
    child.once('error', (error) => fail(error.message));
    exited.then(({ code, signal }) => {
      if (!ready) fail(`Prism exited (${signal ?? `code ${code}`})`);
      else onLog?.(`Prism exited (${signal ?? `code ${code}`})`);
    });
  });
}

/**
 * @typedef {object} RunningMock
 * @property {string} name       the API's registry name, such as `push-v1`
 * @property {string} title      its title, such as `Push v1`
 * @property {string} baseUrl    origin to give a client instead of the production one (no trailing slash)
 * @property {string} basePath   path the document's server puts in front of every path (`/v1/{appid}` for push v1)
 * @property {number} port
 * @property {string} document   the mock document Prism serves
 */

/**
 * Starts one mock per API of the registry. `port` is the first port, the others follow in registry order
 * (default 4010, 4011, ...); port 0 picks free ports; `ports` sets single APIs' ports by name. If one mock
 * fails to start, the others are stopped.
 * @param {{ host?: string, port?: number, ports?: Record<string, number>, dynamic?: boolean, seed?: string,
 *   outDir?: string, onLog?: (api: string, line: string) => void, readyTimeoutMs?: number }} [options]
 * @returns {Promise<{ servers: Record<string, RunningMock>, stop: () => Promise<void>,
 *   exited: Promise<{ name: string, code: number | null, signal: string | null }> }>}
 *   `servers` holds the running mocks by API name, in registry order; `exited` settles when the first mock
 *   process ends, whether stopped or crashed.
 */
export async function startMocks(options = {}) {
  const {
    host = '127.0.0.1',
    port = FIRST_PORT,
    dynamic = false,
    seed,
    outDir = defaultOutDir,
    onLog,
    readyTimeoutMs,
  } = options;
  const unknown = Object.keys(options.ports ?? {}).filter((name) => !apis.some((api) => api.name === name));
  if (unknown.length)
    throw new Error(
      `startMocks: no API named ${unknown.join(', ')}; the mock serves ${apis.map((a) => a.name).join(', ')}`,
    );
  const portOf = (/** @type {string} */ name, /** @type {number} */ i) =>
    options.ports?.[name] ?? (port === 0 ? 0 : port + i);
  const prepared = apis.map((api) => ({ api, ...prepareMockDocument(api, outDir) }));
  const results = await Promise.allSettled(
    prepared.map(({ api, file }, i) =>
      startPrism({
        file,
        host,
        port: portOf(api.name, i),
        dynamic,
        seed,
        name: api.name,
        readyTimeoutMs,
        onLog: onLog && ((line) => onLog(api.name, line)),
      }),
    ),
  );
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failures.length) {
    await stop();
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, failures.map((f) => f.message).join('\n'));
  }
  const running = prepared.map(({ api, file, basePath }, i) => {
    const { url, exited } =
      /** @type {PromiseFulfilledResult<{ url: string, exited: Promise<{ code: number | null, signal: string | null }> }>} */ (
        results[i]
      ).value;
    /** @type {RunningMock} */
    const mock = {
      name: api.name,
      title: api.title,
      baseUrl: url,
      basePath,
      port: Number(new URL(url).port),
      document: file,
    };
    return { mock, exited: exited.then((how) => ({ name: api.name, ...how })) };
  });
  return {
    servers: Object.fromEntries(running.map(({ mock }) => [mock.name, mock])),
    stop,
    exited: Promise.race(running.map((r) => r.exited)),
  };
}
