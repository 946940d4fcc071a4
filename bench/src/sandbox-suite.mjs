// @ts-check
// Section 11: a team's test suite on the sandbox against the same suite on stubs, in the same run. The suite is
// many small tests through @pushapi/push-v1-client, as a team writes them: each signs in (a new client), then a
// push_single to a cid, a bind_alias and a push to the alias, a user_status, or a refused push with its typed
// error. On the sandbox each test makes its app with its devices in one call (`sandbox.app({ devices })`) and
// checks what the devices received in one read (`app.messages({ taskid })`); on the stub only the answers. The
// stub is MSW 2 (`setupServer` with `http.post/get` handlers answering canned JSON recorded from the sandbox: what
// the team of issue 41 used); a node:http server answering the same is a reference row. Placements of the sandbox:
// in the test process through `sandbox.fetch` (no socket: what `startSandbox()`'s apps carry), in the test process
// over its socket (`connectSandbox(url)`), and in a process of its own (a Vitest globalSetup, or a shared sandbox).
// Every round starts each one afresh; MSW listens only in its own mode, so it intercepts nothing else, and each
// mode counts the answers it gave (a mode that missed its target fails the section).
// Rows: whole suite and per test (median) / MSW's, per placement; and, on each fresh sandbox process, the first
// request of each kind / the later ones of that kind (the sandbox's own time, from its request log).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createPushClient, HttpError } from '@pushapi/push-v1-client';
import { connectSandbox, startSandbox } from '@pushapi/sandbox';
import { HttpResponse, http as mswHttp } from 'msw';
import { setupServer } from 'msw/node';
import { startSandboxChild } from './sandbox.mjs';
import { median, summarize } from './stats.mjs';

const MESSAGE = {
  message: { msgtype: /** @type {const} */ ('notification'), is_offline: true, offline_expire_time: 3_600_000 },
  notification: {
    style: {
      type: /** @type {const} */ (0),
      title: 'Order shipped',
      text: 'Your parcel is on its way',
      logo: 'icon.png',
    },
  },
};
/** A push the description refuses (a style without its title and text): HTTP 422 with the violations. */
const REFUSED = {
  message: { msgtype: /** @type {const} */ ('notification'), is_offline: true },
  notification: { style: { type: /** @type {const} */ (0) } },
};

/**
 * @typedef {{ pushOptions: { baseUrl: string, appId: string, appKey: string, masterSecret: string, fetch?: (request: Request) => Promise<Response> }, messages?: (filter: { taskid: string }) => Promise<{ messages: unknown[] }> }} SuiteApp
 * @typedef {{ app: (devices: { cid: string, online?: boolean, alias?: string }[]) => Promise<SuiteApp>, fetch?: (request: Request) => Promise<Response> }} Target
 */

/** @param {boolean} ok @param {string} what */
function expectThat(ok, what) {
  if (!ok) throw new Error(`suite: ${what}`);
}

/** @param {Target} target @param {SuiteApp} app */
const clientOf = (target, app) =>
  createPushClient({ ...app.pushOptions, retry: false, ...(target.fetch ? { fetch: target.fetch } : {}) });

/** What the devices received of a task, in one read (only the sandbox can say). @param {SuiteApp} app @param {string | undefined} taskid @param {number} count */
async function received(app, taskid, count) {
  if (!app.messages) return;
  const { messages } = await app.messages({ taskid: String(taskid) });
  expectThat(messages.length === count, `task ${taskid} reached ${messages.length} devices, not ${count}`);
}

/** The tests, by kind: each as a team would write it. @type {Record<string, (target: Target) => Promise<void>>} */
export const TESTS = {
  async push_single(target) {
    const app = await target.app([{ cid: 'phone-1', online: true }]);
    const answer = await clientOf(target, app).POST('/push_single', { body: { ...MESSAGE, cid: 'phone-1' } });
    expectThat(answer.result === 'ok', `push_single answered ${answer.result}`);
    await received(app, answer.taskid, 1);
  },
  async alias(target) {
    const app = await target.app([
      { cid: 'phone-1', online: true },
      { cid: 'tablet-1', online: true },
    ]);
    const push = clientOf(target, app);
    const bound = await push.POST('/bind_alias', {
      body: {
        alias_list: [
          { cid: 'phone-1', alias: 'alice' },
          { cid: 'tablet-1', alias: 'alice' },
        ],
      },
    });
    expectThat(bound.result === 'ok', `bind_alias answered ${bound.result}`);
    const answer = await push.POST('/push_single', { body: { ...MESSAGE, alias: 'alice' } });
    await received(app, answer.taskid, 2);
  },
  async user_status(target) {
    const app = await target.app([{ cid: 'phone-1', online: true }]);
    const answer = await clientOf(target, app).GET('/user_status/{cid}', { params: { path: { cid: 'phone-1' } } });
    expectThat(
      answer.result === 'ok' && JSON.stringify(answer).includes('online'),
      `user_status answered ${JSON.stringify(answer)}`,
    );
  },
  async refused(target) {
    const app = await target.app([{ cid: 'phone-1', online: true }]);
    const error = await clientOf(target, app)
      .POST('/push_single', { body: /** @type {never} */ ({ ...REFUSED, cid: 'phone-1' }) })
      .catch((/** @type {unknown} */ e) => e);
    expectThat(
      error instanceof HttpError && error.status === 422 && error.violations.length > 0,
      `a refused push gave ${String(error)}`,
    );
  },
};
const KINDS = Object.keys(TESTS);

/** Runs the suite: `tests` tests, the kinds in turn. @param {Target} target @param {number} tests */
export async function runSuite(target, tests) {
  const perTest = [];
  const started = performance.now();
  for (let i = 0; i < tests; i++) {
    const t = performance.now();
    await /** @type {(target: Target) => Promise<void>} */ (TESTS[/** @type {string} */ (KINDS[i % KINDS.length])])(
      target,
    );
    perTest.push(performance.now() - t);
  }
  return { wholeMs: performance.now() - started, perTestMs: median(perTest) };
}

/** A sandbox reached over its socket. @param {string} url */
const sandboxTarget = (url) => {
  const sandbox = connectSandbox({ url });
  return /** @type {Target} */ ({ app: (devices) => sandbox.app({ devices }) });
};

/** A fetch that counts the calls it passes on, to show that a mode reached its target. @param {(request: Request) => Promise<Response>} fetch */
function counted(fetch) {
  const counter = { calls: 0, fetch: (/** @type {Request} */ request) => (counter.calls++, fetch(request)) };
  return counter;
}

/**
 * The sandbox's answers recorded once per kind (status, content type, body), for the stub to replay.
 * @param {string} url
 */
export async function recordAnswers(url) {
  /** @type {Map<string, { status: number, type: string, body: string }>} */
  const answers = new Map();
  const target = sandboxTarget(url);
  /** @type {typeof fetch} */
  const recording = async (input, init) => {
    const response = await fetch(input, init);
    const request = input instanceof Request ? input : new Request(input, init);
    const body = await response.clone().text();
    answers.set(stubKey(new URL(request.url).pathname, response.status >= 400), {
      status: response.status,
      type: response.headers.get('content-type') ?? 'application/json',
      body,
    });
    return response;
  };
  for (const test of Object.values(TESTS)) await test({ ...target, fetch: recording });
  return answers;
}

/** The stub's key of a request: its operation, and whether it is the refused push. @param {string} pathname @param {boolean} refused */
const stubKey = (pathname, refused) => `${pathname.split('/')[3] ?? ''}${refused ? ' refused' : ''}`;

/**
 * The reference stub: node:http on 127.0.0.1 in this process answering the same canned JSON by operation, and
 * the refused answer for a push without a title.
 * @param {Map<string, { status: number, type: string, body: string }>} answers
 * @returns {Promise<{ counter: { answered: number }, target: Target, stop: () => Promise<void> }>}
 */
async function startStub(answers) {
  const counter = { answered: 0 };
  const server = http.createServer((req, res) => {
    counter.answered++;
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const refused =
        req.url?.includes('/push_single') === true && !Buffer.concat(chunks).toString().includes('"title"');
      const answer = answers.get(stubKey(new URL(req.url ?? '/', 'http://stub').pathname, refused)) ?? {
        status: 404,
        type: 'application/json',
        body: '{}',
      };
      res.writeHead(answer.status, { 'content-type': answer.type });
      res.end(answer.body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const pushOptions = {
    baseUrl: `http://127.0.0.1:${port}`,
    appId: 'stub-app',
    appKey: 'stub-appkey',
    masterSecret: 'stub-mastersecret',
  };
  return {
    counter,
    target: { app: async () => ({ pushOptions }) },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** Where the MSW handlers answer: a name no socket could reach, so a call MSW did not take fails. */
const MSW_BASE = 'http://push-stub.invalid';

/**
 * MSW 2 handlers answering the recorded JSON by operation, as a team writes them; the refused answer for a push
 * without a title. `answered` counts what they answered.
 * @param {Map<string, { status: number, type: string, body: string }>} answers
 */
export function startMsw(answers) {
  const counter = { answered: 0 };
  const reply = (/** @type {string} */ key) => {
    const answer = answers.get(key);
    if (!answer) throw new Error(`suite: no recorded answer for ${key}`);
    counter.answered++;
    return new HttpResponse(answer.body, { status: answer.status, headers: { 'content-type': answer.type } });
  };
  const v1 = `${MSW_BASE}/v1/:appid`;
  const server = setupServer(
    mswHttp.post(`${v1}/auth_sign`, () => reply('auth_sign')),
    mswHttp.post(`${v1}/bind_alias`, () => reply('bind_alias')),
    mswHttp.get(`${v1}/user_status/:cid`, () => reply('user_status')),
    mswHttp.post(`${v1}/push_single`, async ({ request }) =>
      reply((await request.text()).includes('"title"') ? 'push_single' : 'push_single refused'),
    ),
  );
  server.listen({ onUnhandledRequest: 'error' });
  const pushOptions = {
    baseUrl: MSW_BASE,
    appId: 'stub-app',
    appKey: 'stub-appkey',
    masterSecret: 'stub-mastersecret',
  };
  return {
    counter,
    target: /** @type {Target} */ ({ app: async () => ({ pushOptions }) }),
    stop: () => server.close(),
  };
}

/**
 * The sandbox's own time of the first request of each kind / the median of the later ones of that kind (request log).
 * @param {string} url
 * @returns {Promise<Record<string, number>>}
 */
async function firstAgainstLater(url) {
  const answer = await fetch(`${url}/control/requests?limit=1000`);
  const { requests } = /** @type {{ requests: { operation: string, status: number, durationMs: number }[] }} */ (
    await answer.json()
  );
  /** @type {Map<string, number[]>} */
  const byKind = new Map();
  // The log is newest first: read it oldest first.
  for (const r of [...requests].reverse()) {
    const kind = `${r.operation}${r.status >= 400 ? ` (${r.status})` : ''}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), r.durationMs]);
  }
  return Object.fromEntries(
    [...byKind]
      .filter(([, times]) => times.length >= 4)
      .map(([kind, [first, ...later]]) => [kind, /** @type {number} */ (first) / Math.max(median(later), 0.01)]),
  );
}

/** @typedef {'msw' | 'stub' | 'inProcess' | 'socket' | 'child'} Mode */
/** @typedef {{ wholeMs: number, perTestMs: number }} SuiteTime */

/**
 * Runs the suite with a counted fetch and checks that `answered` (what the target says it answered, when it can
 * say) matches the calls made.
 * @param {Target} target @param {number} tests @param {(request: Request) => Promise<Response>} fetch
 * @param {() => number} [answered]
 * @returns {Promise<SuiteTime & { calls: number }>}
 */
export async function countedRun(target, tests, fetch, answered) {
  const counter = counted(fetch);
  const result = await runSuite({ ...target, fetch: counter.fetch }, tests);
  if (answered) expectThat(answered() === counter.calls, `the stub answered ${answered()} of ${counter.calls} calls`);
  return { ...result, calls: counter.calls };
}

/** The global fetch of the moment (MSW replaces it while it listens). @param {Request} request */
export const globalFetch = (request) => globalThis.fetch(request);

/**
 * The sandbox in this process through `sandbox.fetch`: the global fetch fails meanwhile, so a call that took a
 * socket would fail the suite.
 * @param {number} tests @param {number[]} starts
 */
export async function inProcessRun(tests, starts) {
  const t = performance.now();
  const sandbox = await startSandbox({ port: 0 });
  starts.push(performance.now() - t);
  const realFetch = globalThis.fetch;
  globalThis.fetch = () => Promise.reject(new Error('suite: a socket was used in the in-process mode'));
  try {
    return await countedRun({ app: (devices) => sandbox.app({ devices }) }, tests, sandbox.fetch);
  } finally {
    globalThis.fetch = realFetch;
    await sandbox.stop();
  }
}

/** @param {{ runs: number, tests: number }} settings */
export async function benchSandboxSuite({ runs, tests }) {
  const recorder = await startSandbox({ port: 0 });
  const answers = await recordAnswers(recorder.url).finally(() => recorder.stop());
  /** @type {Record<Mode, SuiteTime[]>} */
  const results = { msw: [], stub: [], inProcess: [], socket: [], child: [] };
  /** @type {Record<Mode, number>} */
  const calls = { msw: 0, stub: 0, inProcess: 0, socket: 0, child: 0 };
  /** @type {Record<string, number[]>} */
  const firstRatios = {};
  /** @type {Record<'inProcess' | 'child', number[]>} */
  const startMs = { inProcess: [], child: [] };
  /** Each placement started afresh, the suite run, stopped. @type {Record<Mode, () => Promise<SuiteTime & { calls: number }>>} */
  const modes = {
    msw: async () => {
      const msw = startMsw(answers);
      try {
        return await countedRun(msw.target, tests, globalFetch, () => msw.counter.answered);
      } finally {
        msw.stop();
      }
    },
    stub: async () => {
      const stub = await startStub(answers);
      return countedRun(stub.target, tests, globalFetch, () => stub.counter.answered).finally(() => stub.stop());
    },
    inProcess: () => inProcessRun(tests, startMs.inProcess),
    socket: async () => {
      const sandbox = await startSandbox({ port: 0 });
      return countedRun(sandboxTarget(sandbox.url), tests, globalFetch).finally(() => sandbox.stop());
    },
    child: async () => {
      const t = performance.now();
      const sandbox = await startSandboxChild();
      startMs.child.push(performance.now() - t);
      try {
        const result = await countedRun(sandboxTarget(sandbox.url), tests, globalFetch);
        for (const [kind, ratio] of Object.entries(await firstAgainstLater(sandbox.url)))
          (firstRatios[kind] ??= []).push(ratio);
        return result;
      } finally {
        await sandbox.stop();
      }
    },
  };
  const order = /** @type {const} */ (['msw', 'stub', 'inProcess', 'socket', 'child']);
  for (const mode of order) await modes[mode](); // warm-up of this process's code (the clients), not counted
  startMs.inProcess.length = 0;
  startMs.child.length = 0;
  for (const key of Object.keys(firstRatios)) delete firstRatios[key];
  for (let run = 0; run < runs; run++) {
    // The order turns every run, so that a drift of the machine falls on each mode alike.
    for (let k = 0; k < order.length; k++) {
      const mode = /** @type {Mode} */ (order[(run + k) % order.length]);
      const { calls: made, ...time } = await modes[mode]();
      results[mode].push(time);
      calls[mode] += made;
    }
  }
  // Every mode made the same calls, each answered by its own target.
  for (const mode of order)
    expectThat(calls[mode] === calls.msw, `${mode} made ${calls[mode]} calls, MSW ${calls.msw}`);
  return sectionOf(results, firstRatios, startMs, runs, tests, calls.msw);
}

/**
 * @param {Record<Mode, SuiteTime[]>} results
 * @param {Record<string, number[]>} firstRatios @param {Record<'inProcess' | 'child', number[]>} startMs
 * @param {number} runs @param {number} tests @param {number} calls
 */
function sectionOf(results, firstRatios, startMs, runs, tests, calls) {
  const ratio = (/** @type {Mode} */ mode, /** @type {keyof SuiteTime} */ what) =>
    summarize(results[mode].map((r, i) => r[what] / /** @type {SuiteTime} */ (results.msw[i])[what]));
  const baseline = (/** @type {keyof SuiteTime} */ what) => ({
    name: `MSW 2, ${what === 'wholeMs' ? 'whole suite' : 'per test'}`,
    ...summarize(results.msw.map((r) => r[what])),
  });
  const row = (
    /** @type {string} */ figure,
    /** @type {Mode} */ mode,
    /** @type {keyof SuiteTime} */ what,
    /** @type {number | undefined} */ max,
  ) => {
    const s = ratio(mode, what);
    return {
      figure,
      unit: 'x',
      ...s,
      baseline: baseline(what),
      baselineUnit: 'ms',
      ...(max === undefined ? {} : { budget: { max }, pass: s.median <= max }),
    };
  };
  const firstRows = Object.entries(firstRatios).map(([kind, values]) => {
    const s = summarize(values);
    return {
      figure: `first ${kind} / a later one (the sandbox's own time, fresh process)`,
      unit: 'x',
      ...s,
      budget: { max: 2 },
      pass: s.median <= 2,
    };
  });
  return {
    id: 'sandbox-suite',
    title: '11. A test suite on the sandbox against stubs',
    rows: [
      row('whole suite, sandbox in the test process (sandbox.fetch) / MSW', 'inProcess', 'wholeMs', 1.2),
      row('per test (median), sandbox in the test process (sandbox.fetch) / MSW', 'inProcess', 'perTestMs', 1.6),
      row('whole suite, sandbox in the test process over its socket / MSW (reference)', 'socket', 'wholeMs', undefined),
      row(
        'per test (median), sandbox in the test process over its socket / MSW (reference)',
        'socket',
        'perTestMs',
        undefined,
      ),
      row(
        'whole suite, sandbox in a process of its own (globalSetup) / MSW (reference)',
        'child',
        'wholeMs',
        undefined,
      ),
      row('per test (median), sandbox in a process of its own / MSW (reference)', 'child', 'perTestMs', undefined),
      row('whole suite, node:http stub in the test process / MSW (reference)', 'stub', 'wholeMs', undefined),
      row('per test (median), node:http stub / MSW (reference)', 'stub', 'perTestMs', undefined),
      ...firstRows,
    ],
    notes: [
      `${runs} runs of ${tests} tests (${KINDS.join(', ')} in turn), each placement started afresh per run, the order turning; a warm-up run of each first.`,
      `every mode made the same ${calls} client calls; MSW and the node:http stub answered each, the sandbox modes checked the devices' messages.`,
      `start: in the test process ${summarize(startMs.inProcess).median.toFixed(0)} ms, a process of its own ${summarize(startMs.child).median.toFixed(0)} ms (median; outside the suite's time).`,
    ],
  };
}
