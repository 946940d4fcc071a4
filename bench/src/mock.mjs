// @ts-check
// Section 5: the Prism mock of push v1 (packages/mock's programmatic API). Start time from spawn to
// listening, against the fixed node:http server started the same way (a child node process); push_single
// requests per second under autocannon against the same load on the fixed server; and push_single
// through the push client against the mock, against plain fetch sending the same bytes to the mock.
import { apis, prepareMockDocument, startPrism } from '@pushapi/mock';
import { createPushClient } from '@pushapi/push-v1-client';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { Bench } from 'tinybench';
import { PUSH_BODY } from './client-overhead.mjs';
import { startFixedServer } from './fixed-server.mjs';
import { ratios, summarize } from './stats.mjs';

const APP_ID = 'BENCH_APP_ID';
const TOKEN = 'BENCH_TOKEN_PLACEHOLDER_0001';

/** Starts the push v1 mock on a free loopback port. */
async function startPushMock() {
  const api = apis.find((a) => a.name === 'push-v1');
  if (!api) throw new Error('the mock package lists no push-v1 API');
  const { file } = prepareMockDocument(api);
  return startPrism({ file, host: '127.0.0.1', port: 0, name: 'push-v1', readyTimeoutMs: 60_000 });
}

/**
 * push_single under load: bounded by time, on loopback only.
 * @param {string} origin
 * @param {{ durationS: number, connections: number }} load
 */
async function load(origin, { durationS, connections }) {
  const result = await autocannon({
    url: `${origin}/v1/${APP_ID}/push_single`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authtoken: TOKEN },
    body: JSON.stringify(PUSH_BODY),
    connections,
    duration: durationS,
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `push_single under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers from ${origin}`,
    );
  }
  return { rps: result.requests.total / (result.duration || durationS), p50: result.latency.p50 };
}

/** @param {{ runs: number, durationS: number, connections: number, rounds: number, timeMs: number }} settings */
export async function benchMock({ runs, durationS, connections, rounds, timeMs }) {
  /** @type {number[]} */
  const prismStart = [];
  /** @type {number[]} */
  const fixedStart = [];
  /** @type {number[]} */
  const prismRps = [];
  /** @type {number[]} */
  const fixedRps = [];
  /** @type {number[]} */
  const clientP50 = [];
  /** @type {number[]} */
  const fetchP50 = [];
  /** @type {number[]} */
  const clientRps = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const fixed = await startFixedServer();
    fixedStart.push(performance.now() - t);
    t = performance.now();
    const mock = await startPushMock();
    prismStart.push(performance.now() - t);
    try {
      // Alternate which server is loaded first.
      const order = i % 2 ? [mock.url, fixed.url] : [fixed.url, mock.url];
      for (const origin of order) {
        const { rps } = await load(origin, { durationS, connections });
        (origin === mock.url ? prismRps : fixedRps).push(rps);
      }

      // One client on loopback, sequential calls, through the push client and through plain fetch.
      const client = createPushClient({
        baseUrl: mock.url,
        appId: APP_ID,
        appKey: 'YOUR_APP_KEY',
        masterSecret: 'YOUR_MASTER_SECRET',
      });
      const body = JSON.stringify(PUSH_BODY);
      const url = `${mock.url}/v1/${APP_ID}/push_single`;
      const tasks = {
        fetch: async () =>
          (
            await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authtoken: TOKEN },
              body,
            })
          ).json(),
        client: () => client.POST('/push_single', { body: PUSH_BODY }),
      };
      // Several short rounds, the order reversed every other round, so that neither side always meets
      // Prism right after the load (or right after the other side).
      for (let round = 0; round < rounds; round++) {
        const bench = new Bench({
          time: timeMs,
          iterations: 20,
          warmupTime: Math.min(200, timeMs),
          warmupIterations: 10,
          throws: true,
        });
        const names = /** @type {(keyof typeof tasks)[]} */ (round % 2 ? ['client', 'fetch'] : ['fetch', 'client']);
        for (const name of names) bench.add(name, tasks[name]);
        await bench.run();
        for (const name of names) {
          const result = bench.getTask(name)?.result;
          if (result?.state !== 'completed') throw new Error(`mock ${name} task did not complete`);
          (name === 'client' ? clientP50 : fetchP50).push(result.latency.p50);
          if (name === 'client') clientRps.push(1000 / result.period);
        }
      }
    } finally {
      await mock.stop();
      await fixed.stop();
    }
  }
  const start = summarize(ratios(prismStart, fixedStart));
  const rps = summarize(ratios(prismRps, fixedRps));
  const p50 = summarize(ratios(clientP50, fetchP50));
  return {
    id: 'mock',
    title: '5. Mock (Prism, push v1, 127.0.0.1)',
    rows: [
      {
        figure: 'start to listening: Prism / node:http child',
        unit: 'x',
        ...start,
        subject: { name: 'Prism', ...summarize(prismStart) },
        baseline: { name: 'node:http child', ...summarize(fixedStart) },
        baselineUnit: 'ms',
      },
      {
        figure: `push_single req/s (autocannon, ${connections} conns): Prism / node:http`,
        unit: 'x',
        ...rps,
        subject: { name: 'Prism', ...summarize(prismRps) },
        baseline: { name: 'node:http', ...summarize(fixedRps) },
        baselineUnit: 'req/s',
      },
      {
        figure: 'push_single p50 on the mock: client / fetch',
        unit: 'x',
        ...p50,
        subject: { name: 'client', ...summarize(clientP50) },
        baseline: { name: 'fetch', ...summarize(fetchP50) },
        baselineUnit: 'ms',
      },
    ],
    notes: [
      `${runs} runs; each starts both servers, loads each for ${durationS} s (${connections} connections, every answer checked 2xx), then times sequential calls in ${rounds} tinybench rounds (${timeMs} ms per task); the p50 ratio is per round.`,
      `Push client against the mock, sequential: median ${Math.round(summarize(clientRps).median)} req/s.`,
    ],
  };
}
