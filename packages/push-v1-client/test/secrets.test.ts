// No error shows a secret (master secret, token), whole or in part (any 16 characters of one), in any of its
// representations: message, stack, JSON, String(), util.inspect with hidden fields at any depth, its causes.
import { inspect } from 'node:util';
import { expect, it } from 'vitest';
import { HttpError, NetworkError, PushApiError, TimeoutError } from '../src/index.js';
import { APP_ID, fakeServiceEachTest, MASTER_SECRET } from './fake-service.js';

const fake = fakeServiceEachTest({ retry: false });
const { client } = fake;
const pushBody = {
  message: { msgtype: 'transmission' as const },
  transmission: { transmission_content: 'x' },
  cid: 'C',
};

function renderings(error: unknown): string[] {
  const e = error as Error;
  return [
    e.message,
    String(e.stack),
    JSON.stringify(e),
    String(e),
    inspect(e, { depth: Infinity, showHidden: true }),
    inspect(e.cause, { depth: Infinity, showHidden: true }),
  ];
}

/** Fails on the secret itself and on any run of 16 of its characters. */
function expectClean(error: unknown, secrets: string[]) {
  expect(error).toBeInstanceOf(Error);
  for (const text of renderings(error)) {
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      for (let i = 0; i + 16 <= secret.length; i++)
        expect(text, `a fragment of a secret: ${secret.slice(i, i + 16)}`).not.toContain(secret.slice(i, i + 16));
    }
  }
}

it('PushApiError: even when the fake.service echoes the token and the secret in desc', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const token = fake.service.issued[0]!;
  fake.service.script('push_single', () => ({
    json: { result: 'invalid_param', desc: `bad token ${token} / ${MASTER_SECRET}` },
  }));
  const error = await push.POST('/push_single', { body: pushBody }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PushApiError);
  expect((error as PushApiError).desc).toBe('bad token [redacted] / [redacted]');
  expectClean(error, [token, MASTER_SECRET]);
});

it('PushApiError of a refused sign-in', async () => {
  fake.service.script('auth_sign', () => ({ json: { result: 'sign_error', desc: `expected ${MASTER_SECRET}` } }));
  const error = await client()
    .GET('/query_bi_tags')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PushApiError);
  expectClean(error, [MASTER_SECRET]);
});

it('a short master secret echoed in desc is redacted too', async () => {
  const push = client({ masterSecret: 'k9Z' });
  fake.service.script('auth_sign', () => ({ json: { result: 'sign_error', desc: 'secret k9Z does not match' } }));
  const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
  expect((error as PushApiError).desc).toBe('secret [redacted] does not match');
  expectClean(error, ['k9Z']);
});

it('fragments of the token: an answer that echoes part of it, and a body that is not JSON', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const token = fake.service.issued[0]!;
  // Not JSON: a parser's message would quote the text around the error, a fragment of the token included.
  fake.service.script('get_tags', () => ({ text: `{"result": ok, "echo": "${token.slice(2, 12)}"}` }));
  const notJson = await push.GET('/get_tags/{cid}', { params: { path: { cid: 'C' } } }).catch((e: unknown) => e);
  expect(notJson).toBeInstanceOf(HttpError);
  expect((notJson as Error).message).toBe('GET /get_tags/{cid}: HTTP 200: answer is not a JSON object');
  expectClean(notJson, [token, MASTER_SECRET]);
  // JSON whose desc holds 16 characters of the token and of the secret.
  fake.service.script('get_tags', () => ({
    json: { result: 'other_error', desc: `near ${token.slice(1, 17)} and ${MASTER_SECRET.slice(3, 19)}` },
  }));
  const partial = await push.GET('/get_tags/{cid}', { params: { path: { cid: 'C' } } }).catch((e: unknown) => e);
  expect((partial as PushApiError).desc).toBe('near [redacted] and [redacted]');
  expectClean(partial, [token, MASTER_SECRET]);
});

it('HttpError, its violations and its URL', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const token = fake.service.issued[0]!;
  fake.service.script('get_tags', () => ({
    status: 422,
    json: {
      title: 'Invalid request',
      validation: [
        { location: ['path', token], severity: 'Error', code: 'pattern', message: `must not be ${MASTER_SECRET}` },
      ],
    },
  }));
  const error = await push.GET('/get_tags/{cid}', { params: { path: { cid: token } } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).url).toBe(`${fake.service.baseUrl}/v1/${APP_ID}/get_tags/[redacted]`);
  expect((error as HttpError).violations).toEqual([
    { location: ['path', '[redacted]'], severity: 'Error', code: 'pattern', message: 'must not be [redacted]' },
  ]);
  expectClean(error, [token, MASTER_SECRET]);
});

it('TimeoutError', async () => {
  // Signed in under the default timeout; only the call under test has a short one, and its answer never comes.
  const push = client();
  await push.GET('/query_bi_tags');
  fake.service.script('query_bi_tags', () => ({ hold: true }));
  const error = await push.GET('/query_bi_tags', { timeoutMs: 30 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect(error).toMatchObject({ operation: 'GET /query_bi_tags', timeoutMs: 30 });
  expectClean(error, [fake.service.issued[0]!, MASTER_SECRET]);
});

/** A call through a custom fetch that signs in for real, then fails with `failure(request, token)`. */
async function failingCall(failure: (request: Request, token: string) => unknown) {
  let token = '';
  const push = client({
    fetch: async (request) => {
      if (request.url.endsWith('/auth_sign')) return globalThis.fetch(request);
      token = request.headers.get('authtoken') ?? '';
      throw failure(request, token);
    },
  });
  const error = await push.GET('/query_bi_tags').catch((e: unknown) => e);
  expect(token).not.toBe('');
  return { error, token };
}

it('NetworkError, when the fetch implementation puts the token and secret into its messages and causes', async () => {
  const { error, token } = await failingCall(
    (_request, token) =>
      new TypeError(`socket closed while sending authtoken=${token} secret=${MASTER_SECRET}`, {
        cause: Object.assign(new Error(`inner ${token.slice(0, 16)}`), { code: 'ECONNRESET' }),
      }),
  );
  expect(error).toBeInstanceOf(NetworkError);
  expect(String((error as Error).cause)).toContain('[redacted]');
  expect((error as NetworkError).code).toBe('ECONNRESET');
  expectClean(error, [token, MASTER_SECRET]);
});

it('NetworkError, when a custom fetch throws an error holding the Request (and so its headers)', async () => {
  const { error, token } = await failingCall((request, token) =>
    Object.assign(new Error('request failed'), {
      request,
      headers: { authtoken: request.headers.get('authtoken') },
      config: { token },
    }),
  );
  expect(error).toBeInstanceOf(NetworkError);
  expect(inspect(error, { depth: Infinity, showHidden: true })).toContain('request failed');
  expectClean(error, [token, MASTER_SECRET]);
});

it('a timed-out wait for a sign-in that holds the secret in its error names no secret either', async () => {
  fake.service.script('auth_sign', () => ({ hold: true })); // the sign-in never answers: only the time limit ends the call
  const error = await client()
    .GET('/query_bi_tags', { timeoutMs: 30 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expectClean(error, [MASTER_SECRET]);
});

it('the client object itself prints no secret', async () => {
  const push = client();
  await push.GET('/query_bi_tags');
  const text = inspect(push, { depth: Infinity, showHidden: true }) + JSON.stringify(push);
  expect(text).not.toContain(MASTER_SECRET);
  expect(text).not.toContain(fake.service.issued[0]);
});
