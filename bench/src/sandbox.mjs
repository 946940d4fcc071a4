// @ts-check
// Section 6: the sandbox (@pushapi/sandbox) against the Prism mock and the fixed node:http server, in one run.
// Start: spawn to listening, each a child node process (the sandbox through its command, Prism through the
// mock's starter). Throughput: push_single under autocannon, every request a new requestid (so the sandbox
// really delivers: a task, an inbox message, a remembered requestid, each bounded), every answer checked 2xx
// and `ok`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { apis, prepareMockDocument, startPrism } from '@pushapi/mock';
import autocannon from 'autocannon';
import { PUSH_BODY } from './client-overhead.mjs';
import { BENCH_TOKEN, startFixedServer } from './fixed-server.mjs';
import { ratios, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
export const sandboxCli = path.join(path.dirname(require.resolve('@pushapi/sandbox/package.json')), 'dist', 'cli.js');
/** The sandbox's default app (public values) and a cid that is online in every app. */
const APP = {
  appid: 'sandbox-app',
  appkey: 'sandbox-appkey',
  mastersecret: 'sandbox-mastersecret',
  cid: 'magic-online',
};

/**
 * Starts the sandbox command (`cli`: the built one by default) on a free port; resolves once it listens.
 * `nodeArgs` go to node before the script (the profile's `--cpu-prof`); `lines` receives every line the child
 * prints (V8's traces go to its stdout), and then its stderr is read too instead of passed on.
 * @param {string} [cli] @param {{ nodeArgs?: string[], lines?: (line: string) => void }} [options]
 */
export function startSandboxChild(cli = sandboxCli, { nodeArgs = [], lines } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, cli, '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', lines ? 'pipe' : 'inherit'],
  });
  if (lines)
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: /** @type {import('node:stream').Readable} */ (stream) }).on('line', lines);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return /** @type {Promise<{ url: string, pid: number, stop: () => Promise<void> }>} */ (
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the sandbox did not listen within 30 s')), 30_000);
      child.once('error', reject);
      readline
        .createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })
        .on('line', (line) => {
          const match = /listening on (http:\/\/\S+)/.exec(line);
          if (!match) return;
          clearTimeout(timer);
          resolve({
            url: String(match[1]),
            pid: /** @type {number} */ (child.pid),
            stop: async () => {
              if (child.exitCode !== null) return;
              child.kill('SIGTERM');
              await exited;
            },
          });
        });
    })
  );
}

/** An authtoken of the sandbox's default app. */
export async function signIn(/** @type {string} */ origin) {
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(APP.appkey + timestamp + APP.mastersecret)
    .digest('hex');
  const response = await fetch(`${origin}/v1/${APP.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: APP.appkey }),
  });
  const { result, auth_token: token } = await response.json();
  if (result !== 'ok') throw new Error(`sandbox auth_sign answered ${result}`);
  return /** @type {string} */ (token);
}

/**
 * The requestids' counter, for the whole process: a second load of the same sandbox (a measured phase after its
 * warm-up) must not send the first one's requestids again, which the sandbox answers from memory without a push.
 */
let requestCount = 0;

/**
 * push_single under load for `durationS` seconds, or for `amount` requests when given; each request carries its own
 * requestid, new in this process.
 * @param {string} origin
 * @param {string} token
 * @param {{ durationS: number, connections: number, amount?: number }} load
 */
export async function pushLoad(origin, token, { durationS, connections, amount }) {
  let notOk = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationS,
    ...(amount === undefined ? {} : { amount }),
    requests: [
      {
        method: 'POST',
        path: `/v1/${APP.appid}/push_single`,
        headers: { 'content-type': 'application/json', authtoken: token },
        setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({
          ...request,
          body: JSON.stringify({
            ...PUSH_BODY,
            cid: APP.cid,
            requestid: `bench${String(++requestCount).padStart(27, '0')}`,
          }),
        }),
        onResponse: (/** @type {number} */ status, /** @type {string} */ body) => {
          if (status === 200 && !String(body).includes('"result":"ok"')) notOk++;
        },
      },
    ],
  });
  if (result.errors || result.timeouts || result.non2xx || notOk) {
    throw new Error(
      `push_single under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${notOk} not ok, from ${origin}`,
    );
  }
  return result.requests.total / (result.duration || durationS);
}

/** @param {{ runs: number, durationS: number, connections: number }} settings */
export async function benchSandbox({ runs, durationS, connections }) {
  const starts = {
    sandbox: /** @type {number[]} */ ([]),
    prism: /** @type {number[]} */ ([]),
    fixed: /** @type {number[]} */ ([]),
  };
  const rps = {
    sandbox: /** @type {number[]} */ ([]),
    prism: /** @type {number[]} */ ([]),
    fixed: /** @type {number[]} */ ([]),
  };
  const pushApi = apis.find((a) => a.name === 'push-v1');
  if (!pushApi) throw new Error('the mock package lists no push-v1 API');
  const { file } = prepareMockDocument(pushApi);
  for (let i = 0; i < runs; i++) {
    /** @typedef {{ url: string, stop: () => Promise<void> }} Server */
    /** @type {Record<'fixed' | 'sandbox' | 'prism', () => Promise<Server>>} */
    const starters = {
      fixed: startFixedServer,
      sandbox: startSandboxChild,
      prism: () => startPrism({ file, host: '127.0.0.1', port: 0, name: 'push-v1', readyTimeoutMs: 60_000 }),
    };
    /** @type {Partial<Record<'fixed' | 'sandbox' | 'prism', Server>>} */
    const servers = {};
    try {
      // Started one after the other (each alone on the machine), in an order that turns every run.
      const order = ['fixed', 'sandbox', 'prism'].map(
        (_, k, all) => /** @type {'fixed' | 'sandbox' | 'prism'} */ (all[(k + i) % all.length]),
      );
      for (const name of order) {
        const t = performance.now();
        const server = await starters[name]();
        servers[name] = server;
        starts[name].push(performance.now() - t);
      }
      const url = (/** @type {'fixed' | 'sandbox' | 'prism'} */ name) => /** @type {Server} */ (servers[name]).url;
      const tokens = { sandbox: await signIn(url('sandbox')), prism: BENCH_TOKEN, fixed: BENCH_TOKEN };
      for (const name of order) rps[name].push(await pushLoad(url(name), tokens[name], { durationS, connections }));
    } finally {
      await Promise.all(Object.values(servers).map((s) => s?.stop()));
    }
  }
  /**
   * A row of ratios subject / baseline, checked against its budget on the median.
   * @param {string} figure @param {number[]} subject @param {number[]} baseline @param {string} baselineName @param {string} unit
   * @param {{ max?: number, min?: number }} [budget]
   * @returns {import('./table.mjs').Row}
   */
  const row = (figure, subject, baseline, baselineName, unit, budget) => {
    const ratio = summarize(ratios(subject, baseline));
    const pass =
      budget === undefined
        ? undefined
        : budget.max !== undefined
          ? ratio.median <= budget.max
          : ratio.median >= (budget.min ?? 0);
    return {
      figure,
      unit: 'x',
      ...ratio,
      baseline: { name: baselineName, ...summarize(baseline) },
      baselineUnit: unit,
      ...(budget ? { budget, pass } : {}),
    };
  };
  const rows = [
    row('start to listening: sandbox / node:http child', starts.sandbox, starts.fixed, 'node:http child', 'ms', {
      max: 5,
    }),
    row('start to listening: Prism / node:http child (reference)', starts.prism, starts.fixed, 'node:http child', 'ms'),
    row(
      `push_single req/s (autocannon, ${connections} conns): sandbox / Prism`,
      rps.sandbox,
      rps.prism,
      'Prism',
      'req/s',
      { min: 10 },
    ),
    row(`push_single req/s: sandbox / node:http (reference)`, rps.sandbox, rps.fixed, 'node:http', 'req/s'),
  ];
  return {
    id: 'sandbox',
    title: '6. Sandbox (push v1 on 127.0.0.1, against Prism and node:http)',
    rows,
    notes: [
      `${runs} runs; each starts the three servers as child processes one after another (order turned each run), then loads each for ${durationS} s (${connections} connections).`,
      'Every sandbox request carries a new requestid, so each one is a real push (a task, a delivered message, a remembered requestid); every answer is checked 2xx (and `ok` from the sandbox).',
      `Median: sandbox ${Math.round(summarize(rps.sandbox).median)} req/s, Prism ${Math.round(summarize(rps.prism).median)} req/s, node:http ${Math.round(summarize(rps.fixed).median)} req/s; start ${Math.round(summarize(starts.sandbox).median)} ms, ${Math.round(summarize(starts.prism).median)} ms, ${Math.round(summarize(starts.fixed).median)} ms.`,
    ],
  };
}
