// @ts-check
// Section 1: what a call costs through the push client, in one process, against the same stubbed transport (a
// fetch that answers at once from memory: no network, no server), compared with bare openapi-fetch and with a
// hand-written fetch call doing the same sign-in, retry and error handling. tinybench measures sequential calls,
// several rounds, the task order reversed every other round.
import { createPushClient } from '@pushapi/push-v1-client';
import createClient from 'openapi-fetch';
import { Bench } from 'tinybench';
import { median, ratios, summarize } from './stats.mjs';

const BASE_URL = 'http://push.bench.invalid';
const APP_ID = 'BENCH_APP_ID';
const APP_KEY = 'BENCH_APP_KEY';
const MASTER_SECRET = 'BENCH_MASTER_SECRET_PLACEHOLDER';
const CID = 'CID_EXAMPLE_0001';
export const BENCH_TOKEN = 'BENCH_TOKEN_PLACEHOLDER_0001';
const API_BASE = `${BASE_URL}/v1/${APP_ID}`;

/** The push_single body, with its requestid given so that every variant sends the same bytes. */
export const PUSH_BODY = {
  message: {
    appkey: APP_KEY,
    is_offline: true,
    offline_expire_time: 3_600_000,
    msgtype: /** @type {const} */ ('notification'),
  },
  notification: {
    transmission_type: false,
    style: {
      type: /** @type {const} */ (0),
      title: 'Order shipped',
      text: 'Your parcel is on its way',
      logo: 'icon.png',
    },
  },
  cid: CID,
  requestid: 'benchrequest00000000000000000001',
};

const ANSWERS = {
  auth_sign: JSON.stringify({ result: 'ok', auth_token: BENCH_TOKEN }),
  push_single: JSON.stringify({ result: 'ok', taskid: 'RASS_0101_BENCH_TASK', status: 'successed_online' }),
  user_status: JSON.stringify({ result: 'ok', cid: CID, status: 'online', lastlogin: '1700000000000' }),
};

/**
 * @typedef {{ method: string, url: string, authtoken: string | null, contentType: string | null, body: string }} SeenRequest
 */

/**
 * The stubbed transport: a fetch (called with a Request, or with URL and init) answering the fixed body of the
 * operation at once. With `record`, it keeps what each operation was sent, to check that every variant sends the same.
 */
export function stubTransport() {
  /** @type {Map<string, SeenRequest> | undefined} */
  let seen;
  /** @type {(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>} */
  const fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : String(input);
    const operation = new URL(url).pathname.split('/')[3] ?? '';
    if (seen) {
      const headers = new Headers(request ? request.headers : init?.headers);
      const body = request ? await request.text() : typeof init?.body === 'string' ? init.body : '';
      seen.set(operation, {
        method: request?.method ?? init?.method ?? 'GET',
        url,
        authtoken: headers.get('authtoken'),
        contentType: headers.get('content-type'),
        body,
      });
    }
    return new Response(ANSWERS[/** @type {keyof typeof ANSWERS} */ (operation)] ?? '{"result":"ok"}', {
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetch,
    /** Records the requests of `run` and returns them by operation. */
    async record(/** @type {() => Promise<unknown>} */ run) {
      seen = new Map();
      try {
        await run();
        return Object.fromEntries(seen);
      } finally {
        seen = undefined;
      }
    },
  };
}

/**
 * The same calls written by hand on fetch: a cached sign-in, a time limit per attempt, two retries of a network
 * error or a 5xx, and an error for a status or a `result` that is not ok. What the client does, minus its types.
 * @param {(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>} fetch
 */
export function handWritten(fetch) {
  /** @type {string | undefined} */
  let token;
  const call = async (
    /** @type {string} */ method,
    /** @type {string} */ path,
    /** @type {unknown} */ body,
    /** @type {boolean} */ signIn = false,
  ) => {
    if (!signIn && token === undefined) {
      const timestamp = String(Date.now());
      const digest = await crypto.subtle.digest(
        'SHA-256',
        new TextEncoder().encode(APP_KEY + timestamp + MASTER_SECRET),
      );
      const sign = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      token = (await call('POST', '/auth_sign', { sign, timestamp, appkey: APP_KEY }, true)).auth_token;
    }
    for (let attempt = 1; ; attempt++) {
      /** @type {Record<string, string>} */
      const headers = body === undefined ? {} : { 'content-type': 'application/json' };
      if (!signIn) headers.authtoken = /** @type {string} */ (token);
      let response;
      let text;
      try {
        response = await fetch(`${API_BASE}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        text = await response.text();
      } catch (error) {
        if (attempt < 3) continue;
        throw new Error(`${method} ${path}: network error`, { cause: error });
      }
      if (response.status >= 500 && attempt < 3) continue;
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
      const json = JSON.parse(text);
      if (json.result !== 'ok') throw new Error(`${method} ${path}: ${json.result}`);
      return json;
    }
  };
  return call;
}

/**
 * @param {import('tinybench').Task | undefined} task
 * @returns {{ p50: number, samples: number }} latency in ms
 */
function figures(task) {
  const result = task?.result;
  if (result?.state !== 'completed') {
    const error = result && 'error' in result ? result.error : undefined;
    throw new Error(`benchmark task ${task?.name} did not complete`, { cause: error });
  }
  return { p50: result.latency.p50, samples: result.latency.samplesCount };
}

/**
 * Runs the tasks in several tinybench rounds, the order reversed every other round.
 * @param {Record<string, () => Promise<unknown>>} tasks
 * @param {{ rounds: number, timeMs: number, warmupMs: number }} settings
 */
async function measureRounds(tasks, { rounds, timeMs, warmupMs }) {
  /** @type {Record<string, { p50: number[], samples: number[] }>} */
  const series = Object.fromEntries(Object.keys(tasks).map((k) => [k, { p50: [], samples: [] }]));
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
      s.samples.push(f.samples);
    }
  }
  return series;
}

/**
 * The four ways of making the two calls against one stubbed transport. The client's default fetch is
 * `globalThis.fetch`, which the caller replaces by the stub for the run.
 * @param {ReturnType<typeof stubTransport>} stub
 */
export function variants(stub) {
  const client = createPushClient({ baseUrl: BASE_URL, appId: APP_ID, appKey: APP_KEY, masterSecret: MASTER_SECRET });
  const customFetch = createPushClient({
    baseUrl: BASE_URL,
    appId: APP_ID,
    appKey: APP_KEY,
    masterSecret: MASTER_SECRET,
    fetch: stub.fetch,
  });
  const bare =
    /** @type {import('openapi-fetch').Client<import('@pushapi/push-v1-client').paths, 'application/json'>} */ (
      createClient({ baseUrl: API_BASE, headers: { authtoken: BENCH_TOKEN }, fetch: stub.fetch })
    );
  const hand = handWritten(stub.fetch);
  const path = { params: { path: { cid: CID } } };
  return {
    client: {
      push: () => client.POST('/push_single', { body: PUSH_BODY }),
      status: () => client.GET('/user_status/{cid}', path),
    },
    'client, custom fetch': {
      push: () => customFetch.POST('/push_single', { body: PUSH_BODY }),
      status: () => customFetch.GET('/user_status/{cid}', path),
    },
    'bare openapi-fetch': {
      push: async () => (await bare.POST('/push_single', { body: PUSH_BODY })).data,
      status: async () => (await bare.GET('/user_status/{cid}', path)).data,
    },
    'hand-written fetch': {
      push: () => hand('POST', '/push_single', PUSH_BODY),
      status: () => hand('GET', `/user_status/${CID}`, undefined),
    },
  };
}

/**
 * @param {{ rounds: number, timeMs: number, warmupMs: number }} settings
 */
export async function benchClientOverhead(settings) {
  const stub = stubTransport();
  const original = globalThis.fetch;
  globalThis.fetch = /** @type {typeof globalThis.fetch} */ (stub.fetch);
  try {
    const ways = variants(stub);
    // Every way sends the same request (checked); the first call also signs the clients in before measuring.
    for (const [op, operation] of /** @type {const} */ ([
      ['push', 'push_single'],
      ['status', 'user_status'],
    ])) {
      const sent = new Set();
      for (const way of Object.values(ways)) sent.add(JSON.stringify((await stub.record(way[op]))[operation]));
      if (sent.size !== 1)
        throw new Error(`the ways do not send the same ${operation} request: ${[...sent].join(' | ')}`);
    }
    /** @type {Record<string, () => Promise<unknown>>} */
    const tasks = {};
    for (const [name, way] of Object.entries(ways)) {
      tasks[`${name}: push_single`] = way.push;
      tasks[`${name}: user_status`] = way.status;
    }
    const series = await measureRounds(tasks, settings);
    const get = (/** @type {string} */ name) => /** @type {(typeof series)[string]} */ (series[name]);
    const us = (/** @type {string} */ name) => `${Math.round(median(get(name).p50) * 1000)} µs`;
    /**
     * @param {string} figure
     * @param {string} subject
     * @param {string} baseline
     * @param {{ max: number } | undefined} [budget]
     */
    const row = (figure, subject, baseline, budget) => {
      const r = summarize(ratios(get(subject).p50, get(baseline).p50));
      return {
        figure,
        unit: /** @type {const} */ ('x'),
        ...r,
        subject: { name: subject, ...summarize(get(subject).p50) },
        baseline: { name: baseline, ...summarize(get(baseline).p50) },
        baselineUnit: 'ms',
        budget,
        pass: budget ? r.median <= budget.max : undefined,
      };
    };
    const rows = ['push_single', 'user_status'].flatMap((op) => [
      row(`${op} p50: client / bare openapi-fetch`, `client: ${op}`, `bare openapi-fetch: ${op}`, { max: 1.25 }),
      row(
        `${op} p50: client with a custom fetch / bare openapi-fetch`,
        `client, custom fetch: ${op}`,
        `bare openapi-fetch: ${op}`,
        { max: 1.5 },
      ),
      row(
        `${op} p50: hand-written fetch / bare openapi-fetch (reference)`,
        `hand-written fetch: ${op}`,
        `bare openapi-fetch: ${op}`,
      ),
    ]);
    return {
      id: 'client',
      title:
        '1. Client overhead (per call, in process, one stubbed transport: client, bare openapi-fetch, hand-written fetch)',
      rows,
      notes: [
        ...['push_single', 'user_status'].map(
          (op) =>
            `${op}, p50 per call: client ${us(`client: ${op}`)}, bare openapi-fetch ${us(`bare openapi-fetch: ${op}`)}, hand-written fetch ${us(`hand-written fetch: ${op}`)}, client with a custom fetch ${us(`client, custom fetch: ${op}`)}.`,
        ),
        'The stub answers at once from memory: the figures are the CPU each way costs per call, with no network; a network round trip (0.4 ms on loopback, milliseconds beyond) comes on top of each.',
        'The client is used as users get it (fetch: globalThis.fetch, here the stub); bare openapi-fetch gets the stub as its fetch option and the token as a default header; every way sends the same request (checked).',
        `${settings.rounds} rounds of tinybench (${settings.timeMs} ms per task, ${settings.warmupMs} ms warm-up), sequential calls; ratios per round, then min/median/max over rounds. The budget is checked on the median.`,
      ],
      samples: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, v.samples])),
    };
  } finally {
    globalThis.fetch = original;
  }
}
