// A fake DMP service for the tests: checks sign1/sign2 with node:crypto, issues access tokens,
// answers 401 for tokens it does not know, and lets each test script the answer of any path.
import { createHash } from 'node:crypto';
import { startServer, type Reply, type SeenRequest, type TestServer } from '@pushapi/client-core/testing';

/** A scripted answer; a promise lets a test hold the answer until it says so (undefined: the default answer). */
export type Script = (req: SeenRequest, n: number) => Reply | undefined | Promise<Reply | undefined>;

export const USER_CODE = 'USER_CODE_0001';
export const AUTH_CODE = 'AUTH-CODE-never-printed-0815';

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export interface FakeDmp {
  server: TestServer;
  baseUrl: string;
  valid: Set<string>;
  issued: string[];
  expiresIn: number;
  calls(path: string): SeenRequest[];
  script(path: string, answer: Script): void;
  close(): Promise<void>;
}

export async function startFakeDmp(): Promise<FakeDmp> {
  const scripts = new Map<string, Script>();
  const fake: FakeDmp = {
    server: undefined as unknown as TestServer,
    baseUrl: '',
    valid: new Set(),
    issued: [],
    expiresIn: 7200,
    calls: (path) => fake.server.requests.filter((r) => r.path === path),
    script: (path, answer) => void scripts.set(path, answer),
    close: () => fake.server.close(),
  };
  fake.server = await startServer(async (req) => {
    const n = fake.server.requests.filter((r) => r.path === req.path).length;
    const scripted = await scripts.get(req.path)?.(req, n);
    if (scripted) return scripted;
    if (req.path === '/accesser/auth') {
      const q = Object.fromEntries(req.query);
      const hashedTimestamp = md5(q.timestamp ?? '');
      const ok =
        q.user_code === USER_CODE &&
        q.sign1 === md5(USER_CODE + hashedTimestamp) &&
        q.sign2 === md5(USER_CODE + AUTH_CODE + hashedTimestamp);
      if (!ok) return { status: 403, json: { code: '403' } };
      const token = `ACCESS-${fake.issued.length + 1}-0123456789`;
      fake.issued.push(token);
      fake.valid.add(token);
      return { json: { code: '0', access_token: token, expires_in: fake.expiresIn } };
    }
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !fake.valid.has(auth.slice(7))) return { status: 401, json: { code: '401' } };
    if (req.path === '/config/tags') return { json: { code: '0', data: [{ tid: '1001', tname: 'sports' }] } };
    if (req.path === '/tags/user') return { json: { code: '0', data: ['1001'] } };
    return { status: 404, text: 'not found' };
  });
  fake.baseUrl = fake.server.url;
  return fake;
}
