// Before a sandbox listens, its request path runs once on a scratch sandbox (in memory, with its own store, request
// log and metrics, on a port of its own, stopped after): a valid and an invalid request of each push v1 and DMP
// operation (the documents' fixtures, or their examples), their sign-ins, and the control calls a test makes. V8
// compiles a function on its first call, so without this the first request of each kind paid for compiling the code
// it runs (a first push_single took about 5 times a later one, a first app 11 times). Nothing of it reaches the sandbox that starts:
// its state, log and metrics never see these requests. The start pays for it (bench section 6 measures the start),
// and it runs only with the validators generated at build time: from the source tree each would compile here.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { fixtures, type Fixture } from '@pushapi/openapi/fixtures';
import { listOperations, parameterExamples, type Document, type OperationEntry } from '@pushapi/openapi/walk';
import { DEFAULT_APP, MOUNTS } from '../shared/config.js';
import { documentOf } from './documents.js';

interface Answer {
  status: number;
  body: string;
}

interface Scratch {
  url: string;
  stop(): Promise<void>;
}

/** One request over the scratch sandbox's socket (node:http: the sandbox process need not load another client). */
function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, ...(text === undefined ? {} : { 'content-type': 'application/json' }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The default app's push v1 token and its DMP party's, signed in as a client does. */
async function signIn(url: string): Promise<Record<string, Record<string, string>>> {
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(`${DEFAULT_APP.appkey}${timestamp}${DEFAULT_APP.mastersecret}`)
    .digest('hex');
  const push = await send(
    `${url}${MOUNTS.push}/${DEFAULT_APP.appid}/auth_sign`,
    'POST',
    {},
    {
      sign,
      timestamp,
      appkey: DEFAULT_APP.appkey,
    },
  );
  const query = new URLSearchParams({
    user_code: DEFAULT_APP.userCode,
    sign1: md5(DEFAULT_APP.userCode + md5(timestamp)),
    sign2: md5(DEFAULT_APP.userCode + DEFAULT_APP.authCode + md5(timestamp)),
    timestamp,
  });
  const dmp = await send(`${url}${MOUNTS.dmp}/accesser/auth?${query}`, 'GET', {});
  return {
    'push-v1': { authtoken: String((JSON.parse(push.body) as { auth_token?: string }).auth_token) },
    dmp: { authorization: `Bearer ${String((JSON.parse(dmp.body) as { access_token?: string }).access_token)}` },
  };
}

/** The request of an operation: path and query from the fixture, else from the document's examples. */
function requestOf(
  doc: Document,
  entry: OperationEntry,
  fixture?: Fixture,
): { method: string; path: string; body?: unknown } {
  const examples = parameterExamples(doc, entry);
  const params = { ...examples.path, ...fixture?.params };
  const path = entry.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams(
    Object.entries(fixture ? (fixture.query ?? {}) : examples.query).map(([k, v]) => [k, String(v)]),
  );
  return {
    method: entry.method.toUpperCase(),
    path: `${path}${query.size > 0 ? `?${query}` : ''}`,
    body: fixture?.body,
  };
}

/**
 * Each operation of push v1 and DMP: its first valid fixture (or a request of its examples, for one without
 * fixtures) and its first invalid one, to the default app with its credentials. Sign-out ends the token: it goes last.
 */
async function sendEveryOperation(url: string, documents: Record<string, Document>): Promise<void> {
  const credentials = await signIn(url);
  const calls = (['push-v1', 'dmp'] as const).flatMap((api) => {
    const doc = documentOf(documents, api);
    const base = api === 'push-v1' ? `${url}${MOUNTS.push}/${DEFAULT_APP.appid}` : `${url}${MOUNTS.dmp}`;
    return listOperations(doc).flatMap((entry) => {
      const own = fixtures.filter((f) => f.api === api && f.operationId === entry.operationId);
      const picked = [own.find((f) => f.kind === 'valid'), own.find((f) => f.kind === 'invalid')];
      const requests = picked[0]
        ? picked.flatMap((f) => (f ? [requestOf(doc, entry, f)] : []))
        : [requestOf(doc, entry)];
      return requests.map((r) => ({
        ...r,
        url: `${base}${r.path}`,
        headers: credentials[api] ?? {},
        last: entry.path === '/auth_close',
      }));
    });
  });
  for (const call of [...calls.filter((c) => !c.last), ...calls.filter((c) => c.last)])
    await send(call.url, call.method, call.headers, call.body);
}

/** The control calls of a test: an app made with its devices, a device added, a push read back every way. */
async function sendControlCalls(url: string): Promise<void> {
  const app = `${url}${MOUNTS.control}/apps/warm-up`;
  const json = { 'content-type': 'application/json' };
  await send(app, 'PUT', json, {
    devices: [{ cid: 'phone-1', online: true, alias: 'alice', tags: ['vip'] }, { cid: 'phone-2' }],
  });
  await send(`${app}/devices`, 'POST', json, { cid: 'phone-3', online: true });
  await send(`${app}/devices/phone-1`, 'GET', {});
  await send(`${app}/devices/phone-1/inbox`, 'GET', {});
  await send(`${app}/messages?cid=phone-1`, 'GET', {});
  await send(`${app}/tasks`, 'GET', {});
  await send(`${app}/clock`, 'POST', json, { advanceMs: 1000 });
  await send(`${app}/credentials`, 'GET', {});
  await send(`${url}${MOUNTS.control}/requests?limit=1`, 'GET', {});
}

/** Runs the request path once on a scratch sandbox that `start` makes, then stops it. */
export async function warmUpRequestPath(
  start: () => Promise<Scratch>,
  documents: Record<string, Document>,
): Promise<void> {
  const scratch = await start();
  try {
    await sendEveryOperation(scratch.url, documents);
    await sendControlCalls(scratch.url);
  } finally {
    await scratch.stop();
  }
}
