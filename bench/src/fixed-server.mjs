// @ts-check
// The baseline service: a node:http server on 127.0.0.1 that answers every request with a fixed body
// chosen by the last path segment. It runs in a child process (its own event loop, its own core), so that
// the process being measured spends its time only on the client side.
// Run directly, it listens on a free port and prints `{"url": ...}` on its first stdout line.
import { spawn } from 'node:child_process';
import http from 'node:http';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const BENCH_TOKEN = 'BENCH_TOKEN_PLACEHOLDER_0001';

/** Fixed answers by operation (last path segment but one for operations with a path parameter). */
const ANSWERS = {
  auth_sign: { result: 'ok', auth_token: BENCH_TOKEN },
  push_single: { result: 'ok', taskid: 'RASS_0101_BENCH_TASK', status: 'successed_online' },
  user_status: { result: 'ok', cid: 'CID_EXAMPLE_0001', status: 'online', lastlogin: '1700000000000' },
};
const DEFAULT_ANSWER = { result: 'ok' };

/** @param {string} pathname */
function operationOf(pathname) {
  const parts = pathname.split('/').filter(Boolean);
  // /v1/<appid>/<operation>[/<param>]
  return parts[2] ?? '';
}

/**
 * Work to stand in for a server's own per request, in µs of busy CPU before each answer (write-cost.mjs): the env
 * PUSHAPI_BENCH_SPIN_US, 0 (none) unless set.
 */
const SPIN_NS = BigInt(Math.round(Number(process.env.PUSHAPI_BENCH_SPIN_US ?? 0) * 1000));

function spin() {
  const until = process.hrtime.bigint() + SPIN_NS;
  while (process.hrtime.bigint() < until);
}

function serve() {
  /** @type {Map<string, string>} the serialised answer per operation, built once */
  const bodies = new Map(Object.entries(ANSWERS).map(([k, v]) => [k, JSON.stringify(v)]));
  const fallback = JSON.stringify(DEFAULT_ANSWER);
  /** Last request seen per operation, so the bench can check that client and fetch send the same bytes. */
  /** @type {Map<string, { method: string, path: string, body: string, framing: string }>} */
  const seen = new Map();
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/__seen') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(Object.fromEntries(seen)));
        return;
      }
      const operation = operationOf(url.pathname);
      seen.set(operation, {
        method: req.method ?? '',
        path: url.pathname,
        body: Buffer.concat(chunks).toString('utf8'),
        // How the body was framed on the wire: a stream body goes out chunked, a known one with content-length.
        framing: req.headers['transfer-encoding']
          ? `transfer-encoding: ${req.headers['transfer-encoding']}`
          : `content-length: ${req.headers['content-length'] ?? 0}`,
      });
      const body = bodies.get(operation) ?? fallback;
      if (SPIN_NS > 0n) spin();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object')
      console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
  });
  // Stop when the parent goes away (stdin closes), so no server outlives a crashed bench.
  process.stdin.resume();
  process.stdin.on('end', () => server.close(() => process.exit(0)));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

/**
 * Starts the fixed server in a child process; `spinUs` of busy work before each answer, `execArgv` for its Node.
 * @param {{ spinUs?: number, execArgv?: string[] }} [options]
 * @returns {Promise<{ url: string, seen: () => Promise<Record<string, { method: string, path: string, body: string, framing: string }>>, stop: () => Promise<void> }>}
 */
export function startFixedServer({ spinUs = 0, execArgv = /** @type {string[]} */ ([]) } = {}) {
  const child = spawn(process.execPath, [...execArgv, fileURLToPath(import.meta.url)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, PUSHAPI_BENCH_SPIN_US: String(spinUs) },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('fixed server did not start within 10 s'));
    }, 10_000);
    child.once('error', reject);
    readline
      .createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })
      .once('line', (line) => {
        clearTimeout(timer);
        const { url } = JSON.parse(line);
        resolve({
          url,
          seen: async () => (await fetch(`${url}/__seen`)).json(),
          stop: async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGTERM');
            const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
            await exited;
            clearTimeout(kill);
          },
        });
      });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
