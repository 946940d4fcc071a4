// Every request fixture of the documents (openapi/fixtures) sent to the sandbox: a valid one is accepted, an
// invalid one refused with its first violation at the field it breaks, and a refusal changes nothing. The
// Prism mock gets the same requests: the two agree on what they accept.
import { apis, startMocks } from '@pushapi/mock';
import { loadDocument } from '@pushapi/openapi/apis';
import { fixtures, type Fixture } from '@pushapi/openapi/fixtures';
import { listOperations, parameterExamples } from '@pushapi/openapi/walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP } from '../../src/shared/config.js';
import { defaultAppToken, defaultPartyToken, ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
let mocks: Awaited<ReturnType<typeof startMocks>>;
const credentials: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  mocks = await startMocks({ port: 0 });
  credentials['push-v1'] = { authtoken: await defaultAppToken(sandbox.current) };
  credentials.dmp = { authorization: `Bearer ${await defaultPartyToken(sandbox.current)}` };
}, 180_000);
afterAll(async () => {
  await mocks?.stop();
});

/** The request of a fixture: its operation's method and path (parameters from the fixture, else the document's examples). */
function requestOf(fixture: Fixture) {
  const doc = loadDocument(fixture.api);
  const entry = listOperations(doc).find((e) => e.operationId === fixture.operationId)!;
  const params = { ...parameterExamples(doc, entry).path, ...fixture.params };
  const path = entry.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams(Object.entries(fixture.query ?? {}).map(([k, v]) => [k, String(v)]));
  const suffix = `${path}${query.size > 0 ? `?${query}` : ''}`;
  return { method: entry.method.toUpperCase(), suffix };
}

async function send(base: string, fixture: Fixture, headers: Record<string, string>) {
  const { method, suffix } = requestOf(fixture);
  return raw(`${base}${suffix}`, {
    method,
    headers: { ...headers, ...(fixture.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: fixture.body === undefined ? undefined : JSON.stringify(fixture.body),
  });
}

const sandboxBase = (api: string) =>
  api === 'push-v1' ? `${sandbox.current.url}/v1/${DEFAULT_APP.appid}` : sandbox.current.dmpBaseUrl;
const mockBase = (api: string) =>
  api === 'push-v1' ? `${mocks.servers['push-v1']!.baseUrl}/v1/${DEFAULT_APP.appid}` : mocks.servers.dmp!.baseUrl;
const mockCredentials: Record<string, Record<string, string>> = {
  'push-v1': { authtoken: 'YOUR_AUTH_TOKEN' },
  dmp: { authorization: 'Bearer YOUR_ACCESS_TOKEN' },
};
const label = (f: Fixture) => [`${f.api} ${f.operationId}: ${f.name}`, f] as const;
/**
 * Whether the sandbox let the request past the documents' rules. What it then answers is behaviour: the valid
 * DMP sign-in fixture carries example signs, which the sandbox answers 401 (wrong sign), not a violation.
 */
const passedSandbox = (answer: { status: number; body: any }) =>
  !Array.isArray(answer.body?.validation) && answer.status !== 400 && answer.status !== 422;
const passedMock = (answer: { status: number }) => answer.status >= 200 && answer.status < 300;

describe('valid fixtures', () => {
  it.each(fixtures.filter((f) => f.kind === 'valid').map(label))('%s: accepted', async (_name, fixture) => {
    const answer = await send(sandboxBase(fixture.api), fixture, credentials[fixture.api]!);
    expect(passedSandbox(answer), answer.text).toBe(true);
  });
});

describe('invalid fixtures', () => {
  it.each(fixtures.filter((f) => f.kind === 'invalid').map(label))(
    '%s: refused at the field it breaks, nothing changed',
    async (_name, fixture) => {
      const before = sandbox.current.snapshot();
      const answer = await send(sandboxBase(fixture.api), fixture, credentials[fixture.api]!);
      expect(answer.status).toBe(fixture.api === 'dmp' ? 400 : 422);
      const [first] = answer.body.validation as { location: string[]; message: string }[];
      expect(first!.location.join('.'), `${fixture.rule}: ${first!.message}`).toBe(fixture.at);
      expect(answer.body.desc).toBe(`${fixture.at}: ${first!.message}`);
      if (fixture.api === 'dmp') expect(JSON.parse(answer.headers.get('sl-violations')!)[0]).toEqual(first);
      expect(sandbox.current.snapshot()).toEqual(before);
    },
  );
});

describe('the sandbox and the Prism mock agree on what they accept', () => {
  it('the mock serves the same APIs as the fixtures', () => {
    expect(apis.map((a) => a.name).sort()).toEqual([...new Set(fixtures.map((f) => f.api))].sort());
  });
  it.each(fixtures.map(label))('%s', async (_name, fixture) => {
    const [mine, prism] = await Promise.all([
      send(sandboxBase(fixture.api), fixture, credentials[fixture.api]!),
      send(mockBase(fixture.api), fixture, mockCredentials[fixture.api]!),
    ]);
    expect({ sandbox: passedSandbox(mine), mock: passedMock(prism) }).toEqual({
      sandbox: fixture.kind === 'valid',
      mock: fixture.kind === 'valid',
    });
  });
});
