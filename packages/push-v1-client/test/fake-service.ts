// A fake push v1 service for the tests: checks the sign-in signature with node:crypto, issues tokens,
// answers not_auth for tokens it does not know, and lets each test script the answer of any operation.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { startServer, type Reply, type SeenRequest, type TestServer } from '@pushapi/client-core/testing';
import { createPushClient, type PushClient, type PushClientOptions } from '../src/index.js';

/** A scripted answer; a promise lets a test hold the answer until it says so (undefined: the default answer). */
export type Script = (req: SeenRequest, n: number) => Reply | undefined | Promise<Reply | undefined>;

export const APP_ID = 'APP_ID_0001';
export const APP_KEY = 'APP_KEY_0001';
export const MASTER_SECRET = 'MASTER-SECRET-never-printed-4711';

export const expectedSign = (timestamp: string) =>
  createHash('sha256')
    .update(APP_KEY + timestamp + MASTER_SECRET)
    .digest('hex');

export interface FakeService {
  server: TestServer;
  baseUrl: string;
  /** Tokens the service currently accepts. */
  valid: Set<string>;
  issued: string[];
  /** Requests to one operation (path `/v1/<appid>/<operation>...`). */
  calls(operation: string): SeenRequest[];
  /** Scripted answer for an operation; return undefined to fall back to the default answer. */
  script(operation: string, answer: Script): void;
  close(): Promise<void>;
}

export async function startFakeService(): Promise<FakeService> {
  const valid = new Set<string>();
  const issued: string[] = [];
  const scripts = new Map<string, Script>();
  const prefix = `/v1/${APP_ID}/`;
  const opOf = (path: string) => path.slice(prefix.length).split('/')[0] ?? '';
  const server = await startServer(async (req) => {
    const operation = opOf(req.path);
    const n = server.requests.filter((r) => opOf(r.path) === operation).length;
    const scripted = await scripts.get(operation)?.(req, n);
    if (scripted) return scripted;
    if (operation === 'auth_sign') {
      const { sign, timestamp, appkey } = req.json ?? {};
      if (appkey !== APP_KEY || sign !== expectedSign(timestamp))
        return { json: { result: 'sign_error', desc: 'sign mismatch' } };
      const token = `TOKEN-${issued.length + 1}-abcdef0123456789`;
      issued.push(token);
      valid.add(token);
      return { json: { result: 'ok', auth_token: token } };
    }
    const token = req.headers.authtoken;
    if (typeof token !== 'string' || !valid.has(token))
      return { json: { result: 'not_auth', desc: 'token not valid' } };
    if (operation === 'auth_close') {
      valid.delete(token);
      return { json: { result: 'ok' } };
    }
    if (operation === 'push_single')
      return { json: { result: 'ok', taskid: 'RASS_0101_abc', status: 'successed_online' } };
    return { json: { result: 'ok' } };
  });
  return {
    server,
    baseUrl: server.url,
    valid,
    issued,
    calls: (operation) => server.requests.filter((r) => opOf(r.path) === operation),
    script: (operation, answer) => void scripts.set(operation, answer),
    close: () => server.close(),
  };
}

/** A fresh fake service for each test of a file, and clients of it with the file's default options. */
export interface FakeServiceEachTest {
  /** The current test's service (a test may replace it, and must then leave a running one for the teardown). */
  service: FakeService;
  client(extra?: Partial<PushClientOptions>): PushClient;
}

export function fakeServiceEachTest(defaults: Partial<PushClientOptions> = {}): FakeServiceEachTest {
  const fake: FakeServiceEachTest = {
    service: undefined as unknown as FakeService,
    client: (extra = {}) =>
      createPushClient({
        baseUrl: fake.service.baseUrl,
        appId: APP_ID,
        appKey: APP_KEY,
        masterSecret: MASTER_SECRET,
        ...defaults,
        ...extra,
      }),
  };
  beforeEach(async () => {
    fake.service = await startFakeService();
  });
  afterEach(async () => {
    await fake.service.close();
  });
  return fake;
}
