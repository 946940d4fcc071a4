// @ts-check
// Section 11: a team's test suite on the sandbox against the same suite on stubs, in the same run. The suite is
// many small tests through @pushapi/push-v1-client, as a team writes them: each signs in (a new client), then a
// push_single to a cid, a bind_alias and a push to the alias, a user_status, or a refused push with its typed
// error. On the sandbox each test makes its app with its devices in one call (`sandbox.app({ devices })`) and
// checks what the devices received in one read (`app.messages({ taskid })`); on the stub (a node:http server in
// the test process answering canned JSON, as MSW handlers would: the answers recorded from the sandbox) it checks
// only the answers. Placements of the sandbox: started in the test process (`startSandbox()` in a beforeAll) and
// in a process of its own (a Vitest globalSetup, or a shared sandbox). Every round starts each one afresh.
// Rows: whole suite and per test (median) / the stub's, per placement; and, on each fresh sandbox process, the
// first request of each kind / the later ones of that kind (the sandbox's own time, from its request log).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createPushClient, HttpError } from '@pushapi/push-v1-client';
import { connectSandbox, startSandbox } from '@pushapi/sandbox';
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
 * @typedef {{ pushOptions: { baseUrl: string, appId: string, appKey: string, masterSecret: string }, messages?: (filter: { taskid: string }) => Promise<{ messages: unknown[] }> }} SuiteApp
 * @typedef {{ app: (devices: { cid: string, online?: boolean, alias?: string }[]) => Promise<SuiteApp>, fetch?: typeof fetch }} Target
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

/** @param {string} url */
const sandboxTarget = (url) => {
  const sandbox = connectSandbox({ url });
  return /** @type {Target} */ ({ app: (devices) => sandbox.app({ devices }) });
};

/**
 * The sandbox's answers recorded once per kind (status, content type, body), for the stub to replay.
 * @param {string} url
 */
async function recordAnswers(url) {
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
 * A canned-JSON stub in this process (node:http on 127.0.0.1), as a team's MSW handlers: by operation, and the
 * refused answer for a push without a title.
 * @param {Map<string, { status: number, type: string, body: string }>} answers
 * @returns {Promise<{ target: Target, stop: () => Promise<void> }>}
 */
async function startStub(answers) {
  const server = http.createServer((req, res) => {
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
    target: { app: async () => ({ pushOptions }) },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
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

/** @param {{ runs: number, tests: number }} settings */
export async function benchSandboxSuite({ runs, tests }) {
  const recorder = await startSandbox({ port: 0 });
  const answers = await recordAnswers(recorder.url).finally(() => recorder.stop());
  /** @type {Record<'stub' | 'inProcess' | 'child', { wholeMs: number, perTestMs: number }[]>} */
  const results = { stub: [], inProcess: [], child: [] };
  /** @type {Record<string, number[]>} */
  const firstRatios = {};
  /** @type {Record<'inProcess' | 'child', number[]>} */
  const startMs = { inProcess: [], child: [] };
  /** Each placement started afresh, the suite run, stopped. @type {Record<'stub' | 'inProcess' | 'child', () => Promise<{ wholeMs: number, perTestMs: number }>>} */
  const modes = {
    stub: async () => {
      const stub = await startStub(answers);
      return runSuite(stub.target, tests).finally(() => stub.stop());
    },
    inProcess: async () => {
      const t = performance.now();
      const sandbox = await startSandbox({ port: 0 });
      startMs.inProcess.push(performance.now() - t);
      return runSuite(sandboxTarget(sandbox.url), tests).finally(() => sandbox.stop());
    },
    child: async () => {
      const t = performance.now();
      const sandbox = await startSandboxChild();
      startMs.child.push(performance.now() - t);
      try {
        const result = await runSuite(sandboxTarget(sandbox.url), tests);
        for (const [kind, ratio] of Object.entries(await firstAgainstLater(sandbox.url)))
          (firstRatios[kind] ??= []).push(ratio);
        return result;
      } finally {
        await sandbox.stop();
      }
    },
  };
  const order = /** @type {const} */ (['stub', 'inProcess', 'child']);
  for (const mode of order) await modes[mode](); // warm-up of this process's code (the clients), not counted
  startMs.inProcess.length = 0;
  startMs.child.length = 0;
  for (const key of Object.keys(firstRatios)) delete firstRatios[key];
  for (let run = 0; run < runs; run++) {
    // The order turns every run, so that a drift of the machine falls on each mode alike.
    for (let k = 0; k < order.length; k++) {
      const mode = /** @type {'stub' | 'inProcess' | 'child'} */ (order[(run + k) % order.length]);
      results[mode].push(await modes[mode]());
    }
  }
  return sectionOf(results, firstRatios, startMs, runs, tests);
}

/**
 * @param {Record<'stub' | 'inProcess' | 'child', { wholeMs: number, perTestMs: number }[]>} results
 * @param {Record<string, number[]>} firstRatios @param {Record<'inProcess' | 'child', number[]>} startMs
 * @param {number} runs @param {number} tests
 */
function sectionOf(results, firstRatios, startMs, runs, tests) {
  const ratio = (/** @type {'inProcess' | 'child'} */ mode, /** @type {'wholeMs' | 'perTestMs'} */ what) =>
    summarize(
      results[mode].map(
        (r, i) => r[what] / /** @type {{ wholeMs: number, perTestMs: number }} */ (results.stub[i])[what],
      ),
    );
  const baseline = (/** @type {'wholeMs' | 'perTestMs'} */ what) => ({
    name: `stub, ${what === 'wholeMs' ? 'whole suite' : 'per test'}`,
    ...summarize(results.stub.map((r) => r[what])),
  });
  const row = (
    /** @type {string} */ figure,
    /** @type {'inProcess' | 'child'} */ mode,
    /** @type {'wholeMs' | 'perTestMs'} */ what,
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
      row('whole suite, sandbox in the test process / stub', 'inProcess', 'wholeMs', 1.2),
      row('per test (median), sandbox in the test process / stub', 'inProcess', 'perTestMs', 1.6),
      row(
        'whole suite, sandbox in a process of its own (globalSetup) / stub (reference)',
        'child',
        'wholeMs',
        undefined,
      ),
      row('per test (median), sandbox in a process of its own / stub (reference)', 'child', 'perTestMs', undefined),
      ...firstRows,
    ],
    notes: [
      `${runs} runs of ${tests} tests (${KINDS.join(', ')} in turn), each placement started afresh per run, the order turning; a warm-up run of each first.`,
      `start: in the test process ${summarize(startMs.inProcess).median.toFixed(0)} ms, a process of its own ${summarize(startMs.child).median.toFixed(0)} ms (median; outside the suite's time).`,
    ],
  };
}
