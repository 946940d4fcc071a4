// Property-based fuzz of every operation of push v1, DMP and the control API (fast-check): requests generated
// from the documents' schemas and from the request fixtures, half of them mutated (see support/fuzz-requests.ts).
// For each one, sent over HTTP to a sandbox in this process:
// - no 5xx and no crash;
// - a refused request (a 4xx, a push v1 answer whose result is not `ok`, a DMP answer that is not 200) leaves the
//   whole state equal to its snapshot before;
// - a request the documents refuse (judged by a validator of this test's own) is never accepted, and one they
//   accept is never refused as invalid (push v1 and DMP);
// - an answer whose status the document lists validates against its schema, and every accepted answer's status
//   is listed; every other refusal names its problem.
// Seeded: FUZZ_SEED and FUZZ_RUNS override the seed and the number of requests; a failure prints its seed and
// the shrunk request, so `FUZZ_SEED=<seed>` replays it.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenSandbox, type RunningSandbox } from '../../src/start/sandbox.js';
import { Contract, loadOperations, type Operation } from '../support/contract.js';
import { FUZZ_WORLD, FuzzFixture } from '../support/fuzz-fixture.js';
import { BODY_BREAKING, fuzzRequests, mutateBody, type FuzzRequest } from '../support/fuzz-requests.js';
import { raw } from '../support/in-process.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_500);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MOUNT: Record<Operation['api'], string> = { 'push-v1': '/v1', dmp: '/dmp', control: '/control' };

const operations = loadOperations();
const contract = new Contract(operations);
let sandbox: RunningSandbox;
let fixture: FuzzFixture;

beforeAll(async () => {
  sandbox = await listenSandbox({ port: 0 });
  fixture = new FuzzFixture(sandbox);
  await fixture.ensure();
});
afterAll(() => sandbox?.stop());

interface Sent {
  op: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  bytes: Uint8Array<ArrayBuffer> | undefined;
  /** The body and parameters as the documents see them (after placeholders), when the wire form is intact. */
  parts: { params: Record<string, string>; query: URLSearchParams; body: unknown };
  /** A mutation that breaks the request on the wire took effect: it must be refused. */
  broken: boolean;
  /** The method or path names no operation: the answer is not the operation's. */
  offPath: boolean;
}

const samePathOtherMethod = (op: Operation, method: string) =>
  operations.find((o) => o.api === op.api && o.path === op.path && o.method === method);

/** The HTTP request of a generated one: placeholders resolved, mutations applied. */
function build(request: FuzzRequest): Sent {
  const m = request.mutation;
  let op = operations.find((o) => o.api === request.api && o.operationId === request.operationId)!;
  let method = op.method;
  let broken = false;
  let offPath = false;
  if (m?.kind === 'method' && m.method !== op.method) {
    const other = samePathOtherMethod(op, m.method);
    if (other) op = other;
    else broken = offPath = true;
    method = m.method;
  }
  const appid = request.api === 'push-v1' ? request.appid : String(request.params.appid ?? FUZZ_WORLD.pushApp);
  const query = fixture.resolve(request.query, { appid, query: request.query }) as Record<string, unknown>;
  const params = fixture.resolve(request.params, { appid, cid: String(request.params.cid ?? '') }) as Record<
    string,
    unknown
  >;
  const raw = mutateBody(request.body, m);
  const body = fixture.resolve(raw, { appid, body: raw as Record<string, unknown>, query: request.query });

  const textParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(textParams[name] ?? ''));
  if (m?.kind === 'unknown-path') {
    path = path.replace(/^\/([^/]*)/, (_s, first: string) => `/${first}${m.suffix}`);
    broken = offPath = true;
  }
  if (m?.kind === 'bad-percent') {
    path = `${path.replace(/\/$/, '')}/%E0%A4%A`;
    broken = offPath = true;
  }
  const base =
    request.api === 'push-v1' ? `${MOUNT['push-v1']}/${encodeURIComponent(request.appid)}` : MOUNT[request.api];
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const url = `${sandbox.url}${base}${path}${search.size > 0 ? `?${search}` : ''}`;

  const headers: Record<string, string> = {};
  const auth = m?.kind === 'auth' ? m.auth : 'valid';
  if (op.api === 'push-v1' && auth !== 'none')
    headers.authtoken = auth === 'valid' ? fixture.token : 'not-a-token-of-this-app';
  if (op.api === 'dmp' && op.secured && auth !== 'none')
    headers.authorization = `Bearer ${auth === 'valid' ? fixture.dmpToken : 'not-a-token'}`;

  let bytes: Buffer | undefined;
  const canSend = BODY_METHODS.has(method) && m?.kind !== 'no-body';
  if (canSend && body !== undefined) {
    let text = JSON.stringify(body);
    if (m?.kind === 'oversize')
      text = JSON.stringify({
        ...(typeof body === 'object' && body !== null ? body : {}),
        pad: 'x'.repeat(1024 * 1024),
      });
    if (m?.kind === 'truncate') text = text.slice(0, m.at % Math.max(text.length, 1));
    bytes = Buffer.from(text);
    if (m?.kind === 'invalid-utf8') {
      const at = m.at % (bytes.length + 1);
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28]), bytes.subarray(at)]);
    }
    if (m?.kind === 'garbage') bytes = Buffer.from(m.bytes);
    const type = m?.kind === 'content-type' ? m.type : 'application/json';
    if (type !== null) headers['content-type'] = type;
    if (bytes.length === 0) bytes = undefined;
    if (bytes && m && BODY_BREAKING.has(m.kind)) broken = true;
  }
  // A control call that changes state names JSON even without a body (the sandbox refuses it otherwise).
  if (
    op.api === 'control' &&
    BODY_METHODS.has(method) &&
    headers['content-type'] === undefined &&
    m?.kind !== 'content-type'
  )
    headers['content-type'] = 'application/json';
  const documentsBody = bytes === undefined ? undefined : body;
  return {
    op,
    method,
    url,
    headers,
    bytes: bytes && new Uint8Array(bytes),
    parts: { params: textParams, query: search, body: documentsBody },
    broken,
    offPath,
  };
}

// ---- the counts reported at the end ----

const counts = {
  requests: 0,
  mutated: 0,
  fromFixtures: 0,
  validByDocuments: 0,
  invalidByDocuments: 0,
  brokenOnTheWire: 0,
  accepted: 0,
  refused: 0,
  byStatus: {} as Record<string, number>,
};
const perOperation = new Map<string, { accepted: number; refused: number }>();

const labelOf = (op: Operation) => `${op.api} ${op.method} ${op.path}`;

function isRefused(op: Operation, status: number, body: any): boolean {
  if (status >= 400) return true;
  if (op.api === 'push-v1') return body?.result !== 'ok';
  return false;
}

async function check(request: FuzzRequest): Promise<void> {
  await fixture.ensure();
  const sent = build(request);
  const { op } = sent;
  const before = sandbox.snapshot();
  const response = await fetch(sent.url, { method: sent.method, headers: sent.headers, body: sent.bytes });
  const text = await response.text();
  const after = sandbox.snapshot();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const status = response.status;
  const where = `${sent.method} ${sent.url.replace(sandbox.url, '')} -> ${status} ${text.slice(0, 400)}`;

  counts.requests++;
  if (request.mutation) counts.mutated++;
  if (request.source === 'fixture') counts.fromFixtures++;
  counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
  const refused = isRefused(op, status, body);
  counts[refused ? 'refused' : 'accepted']++;
  const tally = perOperation.get(labelOf(op)) ?? { accepted: 0, refused: 0 };
  tally[refused ? 'refused' : 'accepted']++;
  perOperation.set(labelOf(op), tally);

  // No 5xx (no fault is injected: the fixture clears any a request added), and the server is still there.
  expect(status, where).toBeLessThan(500);
  if (refused && !isDeepStrictEqual(before, after))
    expect(after, `a refused request changed the state: ${where}`).toEqual(before);

  if (sent.broken) {
    counts.brokenOnTheWire++;
    expect(status, `a request broken on the wire must be refused with a 4xx: ${where}`).toBeGreaterThanOrEqual(400);
  } else {
    const valid = contract.acceptsRequest(op, sent.parts);
    counts[valid ? 'validByDocuments' : 'invalidByDocuments']++;
    if (!valid) expect(refused, `the documents refuse this request, the sandbox accepted it: ${where}`).toBe(true);
    if (valid && op.api === 'push-v1')
      expect(status, `the documents accept this request, the sandbox called it invalid: ${where}`).not.toBe(422);
    if (valid && op.api === 'dmp')
      expect(
        status === 400 && Array.isArray(body?.validation),
        `the documents accept this request, the sandbox called it invalid: ${where}`,
      ).toBe(false);
  }

  const errors = sent.offPath
    ? undefined
    : contract.responseErrors(op, status, response.headers.get('content-type'), body);
  if (errors === undefined) {
    expect(status, `an accepted answer with a status the document does not list: ${where}`).toBeGreaterThanOrEqual(400);
    // A refusal the document does not list (a sandbox limit, a bad path, a sign-in refused): it names the problem.
    const named = body?.detail ?? body?.desc;
    expect(typeof named === 'string' && named.length > 0, `a refusal without a detail: ${where}`).toBe(true);
  } else {
    expect(errors, `the answer breaks the document's schema for ${status}: ${where}`).toEqual([]);
  }
}

it(`${RUNS} generated requests over every operation: no 5xx, refusals change nothing, answers match the documents`, async () => {
  const started = performance.now();
  await fc.assert(fc.asyncProperty(fuzzRequests(operations, FUZZ_WORLD), check), { numRuns: RUNS, seed: SEED });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `fuzz: seed ${SEED}, ${counts.requests} requests in ${seconds.toFixed(1)} s (${counts.mutated} mutated, ${counts.fromFixtures} from fixtures); ` +
      `by the documents ${counts.validByDocuments} valid, ${counts.invalidByDocuments} invalid, ${counts.brokenOnTheWire} broken on the wire; ` +
      `sandbox: ${counts.accepted} accepted, ${counts.refused} refused; statuses ${JSON.stringify(counts.byStatus)}; ${fixture.repairs} fixture calls`,
  );
  expect(counts.requests).toBeGreaterThanOrEqual(RUNS);
  // Every operation was reached, and both accepted and refused (with the default number of runs).
  if (RUNS >= 10_000) {
    const missing = operations.filter(
      (op) =>
        !((perOperation.get(labelOf(op))?.accepted ?? 0) > 0 && (perOperation.get(labelOf(op))?.refused ?? 0) > 0),
    );
    expect(missing.map(labelOf)).toEqual([]);
  }
}, 600_000);

describe('what the fuzz found, kept as plain requests', () => {
  const push = async (operation: string, body: unknown) => {
    await fixture.ensure();
    const before = sandbox.snapshot();
    const answer = await raw(`${sandbox.url}/v1/${FUZZ_WORLD.pushApp}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: fixture.token },
      body: JSON.stringify(body),
    });
    return { ...answer, before };
  };
  const transmission = {
    message: { msgtype: 'transmission', is_offline: true },
    transmission: { transmission_content: 'x' },
  };

  it('push_single_batch with an empty msg_list: no_msg, and nothing changes', async () => {
    const answer = await push('push_single_batch', { msg_list: [] });
    expect(answer.body).toMatchObject({ result: 'no_msg', desc: expect.stringContaining('msg_list is empty') });
    expect(sandbox.snapshot()).toEqual(answer.before);
  });

  it('push_result with both spellings, one of them not a list: the list is read', async () => {
    const sent = await push('push_single', { ...transmission, cid: 'magic-online', requestid: 'found-by-fuzz-0001' });
    const answer = await push('push_result', { taskIdList: '', taskidlist: [sent.body.taskid] });
    expect(answer.body).toMatchObject({ result: 'ok', data: [{ taskId: sent.body.taskid }] });
  });

  it('a clock moved beyond the dates a clock can show: 422 naming it, and nothing changes', async () => {
    await fixture.ensure();
    const before = sandbox.snapshot();
    for (const [path, body] of [
      ['/control/apps', { appid: 'far-future', clock: { advanceMs: 2.9e240 } }],
      [`/control/apps/${FUZZ_WORLD.controlApp}/clock`, { time: 8.64e15, advanceMs: 1 }],
    ] as const) {
      const answer = await raw(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toContain('beyond the dates a clock can show');
    }
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('offline_expire_time 0: the message expires as it is sent, so a refused request after it changes nothing', async () => {
    // The fuzz before may have left the device in any state: put it back as a magic offline device is.
    await raw(`${sandbox.url}/control/apps/${FUZZ_WORLD.pushApp}/devices/magic-offline`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ online: false, active: true, blacklisted: false }),
    });
    const sent = await push('push_single', {
      ...transmission,
      message: { ...transmission.message, offline_expire_time: 0 },
      cid: 'magic-offline',
      requestid: 'found-by-fuzz-0002',
    });
    expect(sent.body).toMatchObject({ result: 'ok', status: 'successed_offline' });
    const after = sandbox.snapshot();
    const refused = await push('unbind_alias', { cid: 'magic-online', alias: 'not-its-alias' });
    expect(refused.body.result).toBe('alias_notbind');
    expect(sandbox.snapshot()).toEqual(after);
    const inbox = await raw(`${sandbox.url}/control/apps/${FUZZ_WORLD.pushApp}/devices/magic-offline/inbox`);
    expect(inbox.body.pending.some((m: { taskid: string }) => m.taskid === sent.body.taskid)).toBe(false);
  });
});
