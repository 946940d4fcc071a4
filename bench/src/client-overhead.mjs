// @ts-check
// Section 1: what the push client adds on top of plain fetch. Both send the same bytes to the same fixed
// node:http server (127.0.0.1, child process); tinybench measures sequential calls, several rounds, the task
// order reversed every other round so that neither side always runs first.
import { createPushClient } from '@pushapi/push-v1-client';
import createClient from 'openapi-fetch';
import { Bench } from 'tinybench';
import { BENCH_TOKEN, startFixedServer } from './fixed-server.mjs';
import { median, ratios, summarize } from './stats.mjs';

const APP_ID = 'BENCH_APP_ID';
const APP_KEY = 'BENCH_APP_KEY';
const MASTER_SECRET = 'BENCH_MASTER_SECRET_PLACEHOLDER';
const CID = 'CID_EXAMPLE_0001';

/** The push_single body, with its requestid given so that the client sends it as is. */
export const PUSH_BODY = {
  message: { appkey: APP_KEY, is_offline: true, offline_expire_time: 3_600_000, msgtype: /** @type {const} */ ('notification') },
  notification: {
    transmission_type: false,
    style: { type: /** @type {const} */ (0), title: 'Order shipped', text: 'Your parcel is on its way', logo: 'icon.png' },
  },
  cid: CID,
  requestid: 'benchrequest00000000000000000001',
};

/** @param {ReturnType<typeof createPushClient>} client */
const clientPush = (client) => client.POST('/push_single', { body: PUSH_BODY });
/** @param {ReturnType<typeof createPushClient>} client */
const clientStatus = (client) => client.GET('/user_status/{cid}', { params: { path: { cid: CID } } });

/**
 * @param {import('tinybench').Task | undefined} task
 * @returns {{ p50: number, p99: number, rps: number, samples: number }} latencies in ms
 */
function figures(task) {
  const result = task?.result;
  if (!result || result.state !== 'completed') {
    const error = result && 'error' in result ? result.error : undefined;
    throw new Error(`benchmark task ${task?.name} did not complete`, { cause: error });
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Sequential calls: requests per second is the inverse of the mean latency.
    rps: 1000 / result.period,
    samples: result.latency.samplesCount,
  };
}

/**
 * Runs the tasks in several tinybench rounds, the order reversed every other round.
 * @param {Record<string, () => Promise<unknown>>} tasks
 * @param {{ rounds: number, timeMs: number, warmupMs: number }} settings
 */
async function measureRounds(tasks, { rounds, timeMs, warmupMs }) {
  /** @type {Record<string, { p50: number[], p99: number[], rps: number[], samples: number[] }>} */
  const series = Object.fromEntries(Object.keys(tasks).map((k) => [k, { p50: [], p99: [], rps: [], samples: [] }]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: timeMs, iterations: 50, warmupTime: warmupMs, warmupIterations: 20, throws: true });
    const names = Object.keys(tasks);
    if (round % 2) names.reverse();
    for (const name of names) bench.add(name, /** @type {() => Promise<unknown>} */ (tasks[name]));
    await bench.run();
    for (const name of names) {
      const f = figures(bench.getTask(name));
      const s = /** @type {(typeof series)[string]} */ (series[name]);
      s.p50.push(f.p50);
      s.p99.push(f.p99);
      s.rps.push(f.rps);
      s.samples.push(f.samples);
    }
  }
  return series;
}

/**
 * @param {{ rounds: number, timeMs: number, warmupMs: number }} settings
 */
export async function benchClientOverhead({ rounds, timeMs, warmupMs }) {
  const server = await startFixedServer();
  try {
    const base = `${server.url}/v1/${APP_ID}`;
    const make = () => createPushClient({ baseUrl: server.url, appId: APP_ID, appKey: APP_KEY, masterSecret: MASTER_SECRET });
    const warm = make();

    // Capture what the client sends, then let plain fetch send exactly those bytes.
    await clientPush(warm);
    await clientStatus(warm);
    const seen = await server.seen();
    const signBytes = seen.auth_sign?.body;
    const pushBytes = seen.push_single?.body;
    if (!signBytes || !pushBytes || !seen.user_status) throw new Error('the fixed server did not see the client requests');
    const pushUrl = `${base}/push_single`;
    const signUrl = `${base}/auth_sign`;
    const statusUrl = `${base}/user_status/${CID}`;
    const jsonHeaders = { 'content-type': 'application/json', authtoken: BENCH_TOKEN };
    const fetchPush = async () => (await fetch(pushUrl, { method: 'POST', headers: jsonHeaders, body: pushBytes })).json();
    const fetchStatus = async () => (await fetch(statusUrl, { headers: { authtoken: BENCH_TOKEN } })).json();
    const fetchSignThenPush = async () => {
      await (await fetch(signUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signBytes })).json();
      return fetchPush();
    };
    await fetchPush();
    await fetchStatus();
    const again = await server.seen();
    for (const op of ['push_single', 'user_status']) {
      const [a, b] = [seen[op], again[op]];
      if (!a || !b || a.method !== b.method || a.path !== b.path || a.body !== b.body || a.framing !== b.framing) {
        throw new Error(`plain fetch did not send the same ${op} bytes as the client`);
      }
    }

    // Bare openapi-fetch (no middleware, token as a default header): splits the overhead into what
    // openapi-fetch itself costs and what the client adds on top (sign-in, retries, errors, requestid).
    const bare = /** @type {import('openapi-fetch').Client<import('@pushapi/push-v1-client').paths, 'application/json'>} */ (
      createClient({ baseUrl: base, headers: { authtoken: BENCH_TOKEN } })
    );
    const barePush = async () => (await bare.POST('/push_single', { body: PUSH_BODY })).data;
    const bareStatus = async () => (await bare.GET('/user_status/{cid}', { params: { path: { cid: CID } } })).data;

    /** @type {Record<string, () => Promise<unknown>>} */
    const tasks = {
      'fetch push_single': fetchPush,
      'client push_single': () => clientPush(warm),
      'fetch user_status': fetchStatus,
      'client user_status': () => clientStatus(warm),
      'openapi-fetch push_single': barePush,
      'openapi-fetch user_status': bareStatus,
      'fetch sign+push': fetchSignThenPush,
      'client cold push_single': () => clientPush(make()),
    };
    // The same calls in process, fetch replaced by a stub answering at once: the CPU each layer costs per
    // call, without the network and the server (far less disturbed by other load on the machine).
    const fixedAnswer = JSON.stringify(await fetchPush());
    const stubFetch = async (/** @type {Request} */ request) => {
      const operation = new URL(request.url).pathname.split('/')[3] ?? '';
      const text = operation === 'auth_sign' ? JSON.stringify({ result: 'ok', auth_token: BENCH_TOKEN }) : fixedAnswer;
      return new Response(text, { headers: { 'content-type': 'application/json' } });
    };
    const stubbed = createPushClient({ baseUrl: server.url, appId: APP_ID, appKey: APP_KEY, masterSecret: MASTER_SECRET, fetch: stubFetch });
    const stubbedBare = /** @type {typeof bare} */ (createClient({ baseUrl: base, headers: { authtoken: BENCH_TOKEN }, fetch: stubFetch }));
    await clientPush(stubbed);
    const stubTasks = {
      'stub: client push_single': () => clientPush(stubbed),
      'stub: openapi-fetch push_single': async () => (await stubbedBare.POST('/push_single', { body: PUSH_BODY })).data,
      'stub: client user_status': () => clientStatus(stubbed),
      'stub: openapi-fetch user_status': async () => (await stubbedBare.GET('/user_status/{cid}', { params: { path: { cid: CID } } })).data,
    };
    const series = {
      ...(await measureRounds(tasks, { rounds, timeMs, warmupMs })),
      ...(await measureRounds(stubTasks, { rounds, timeMs: Math.ceil(timeMs / 2), warmupMs })),
    };
    const get = (/** @type {string} */ name) => /** @type {(typeof series)[string]} */ (series[name]);
    const us = (/** @type {string} */ name) => `${Math.round(median(get(name).p50) * 1000)} µs`;
    /**
     * @param {string} figure
     * @param {string} subject
     * @param {string} baseline
     * @param {'p50' | 'p99' | 'rps'} key
     * @param {{ max: number } | undefined} [budget]
     */
    const row = (figure, subject, baseline, key, budget) => {
      const r = summarize(ratios(get(subject)[key], get(baseline)[key]));
      return {
        figure,
        unit: 'x',
        ...r,
        subject: { name: subject, ...summarize(get(subject)[key]) },
        baseline: { name: baseline, ...summarize(get(baseline)[key]) },
        baselineUnit: key === 'rps' ? 'req/s' : 'ms',
        budget,
        pass: budget ? r.median <= budget.max : undefined,
      };
    };
    return {
      id: 'client',
      title: '1. Client overhead (push client vs plain fetch, same bytes, fixed node:http server on 127.0.0.1)',
      rows: [
        row('push_single p50: client / fetch', 'client push_single', 'fetch push_single', 'p50', { max: 1.1 }),
        row('push_single p99: client / fetch', 'client push_single', 'fetch push_single', 'p99'),
        row('push_single req/s: client / fetch', 'client push_single', 'fetch push_single', 'rps'),
        row('user_status p50: client / fetch', 'client user_status', 'fetch user_status', 'p50', { max: 1.1 }),
        row('user_status p99: client / fetch', 'client user_status', 'fetch user_status', 'p99'),
        row('user_status req/s: client / fetch', 'client user_status', 'fetch user_status', 'rps'),
        row('push_single p50: bare openapi-fetch / fetch (reference)', 'openapi-fetch push_single', 'fetch push_single', 'p50'),
        row('push_single p50: client / bare openapi-fetch (reference)', 'client push_single', 'openapi-fetch push_single', 'p50'),
        row('user_status p50: bare openapi-fetch / fetch (reference)', 'openapi-fetch user_status', 'fetch user_status', 'p50'),
        row('user_status p50: client / bare openapi-fetch (reference)', 'client user_status', 'openapi-fetch user_status', 'p50'),
        row('cold start p50: new client + sign-in + push / warm client push', 'client cold push_single', 'client push_single', 'p50'),
        row('cold start p50: client / fetch sign+push', 'client cold push_single', 'fetch sign+push', 'p50'),
        row('stubbed fetch, push_single p50: client / bare openapi-fetch (reference)', 'stub: client push_single', 'stub: openapi-fetch push_single', 'p50'),
        row('stubbed fetch, user_status p50: client / bare openapi-fetch (reference)', 'stub: client user_status', 'stub: openapi-fetch user_status', 'p50'),
      ],
      notes: [
        ...['push_single', 'user_status'].map((op) => {
          const extraUs = (median(get(`client ${op}`).p50) - median(get(`fetch ${op}`).p50)) * 1000;
          return `${op}: the client adds ${Math.round(extraUs)} µs at p50 (medians) to a loopback round trip; that is ${((extraUs / 10_000) * 100).toFixed(1)}% of a 10 ms network round trip.`;
        }),
        `In process with fetch stubbed (no network), one call costs at p50: push_single ${us('stub: client push_single')} through the client, ${us('stub: openapi-fetch push_single')} through bare openapi-fetch; user_status ${us('stub: client user_status')} and ${us('stub: openapi-fetch user_status')}.`,
        `${rounds} rounds of tinybench (${timeMs} ms per task, ${warmupMs} ms warm-up), sequential calls; ratios per round, then min/median/max over rounds.`,
        'Budget is checked on the median ratio. Plain fetch sends the bytes the client sent (checked), and also parses the JSON answer.',
      ],
      samples: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, v.samples])),
    };
  } finally {
    await server.stop();
  }
}
