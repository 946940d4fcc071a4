// Requests a client would not send: each gets a 4xx naming the problem, none a 5xx, and none changes the state.
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP, LIMITS } from '../../src/shared/config.js';
import { defaultAppToken, ownSandbox, raw, type RawAnswer } from '../support/in-process.js';

const sandbox = ownSandbox();
const push = (path: string) => `${sandbox.current.url}/v1/${DEFAULT_APP.appid}${path}`;

/** Sends, and checks that the state is the same afterwards. */
async function unchanged(send: () => Promise<RawAnswer>): Promise<RawAnswer> {
  const before = sandbox.current.snapshot();
  const answer = await send();
  expect(answer.status).toBeLessThan(500);
  expect(sandbox.current.snapshot()).toEqual(before);
  return answer;
}

/** A POST of the default app; `contentType` null sends none (with a Blob body, fetch adds none either). */
async function post(path: string, body: string | Blob, contentType: string | null = 'application/json') {
  const token = await defaultAppToken(sandbox.current);
  return unchanged(() =>
    raw(push(path), {
      method: 'POST',
      headers: { authtoken: token, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    }),
  );
}

describe('bodies', () => {
  it('malformed JSON: 400 saying so, with result invalid_param for push v1', async () => {
    const answer = await post('/set_tags', '{"cid": "magic-online", ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      title: 'Malformed body',
      result: 'invalid_param',
      desc: expect.stringContaining('not valid JSON'),
    });
  });

  it('no content type, or another one: 415 naming it', async () => {
    const body = JSON.stringify({ cid: 'magic-online', tag_list: ['x'] });
    expect((await post('/set_tags', new Blob([body]), null)).body.detail).toContain('no Content-Type');
    const wrong = await post('/set_tags', body, 'text/plain');
    expect(wrong.status).toBe(415);
    expect(wrong.body.detail).toContain('text/plain');
    expect((await post('/set_tags', body, 'application/json; charset=latin1')).status).toBe(415);
  });

  it(`a body over ${LIMITS.maxBodyBytes} bytes: 413, and the connection is closed`, async () => {
    const answer = await post(
      '/set_tags',
      JSON.stringify({ cid: 'magic-online', tag_list: ['x'.repeat(LIMITS.maxBodyBytes)] }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toContain(`at most ${LIMITS.maxBodyBytes}`);
    expect(answer.headers.get('connection')).toBe('close');
  });

  it(`nesting deeper than ${LIMITS.maxDepth} levels: 400 naming where`, async () => {
    const deep = `{"cid":"magic-online","tag_list":${'['.repeat(40)}${']'.repeat(40)}}`;
    const answer = await post('/set_tags', deep);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^body\.tag_list(\.0)+ is nested deeper than 32 levels$/);
  });

  it(`an array of more than ${LIMITS.maxArrayItems} items: 413 naming it`, async () => {
    const cids = Array.from({ length: LIMITS.maxArrayItems + 1 }, (_, i) => `c${i}`);
    const answer = await post('/push_list', JSON.stringify({ taskid: 'RASL_0101_x', cid: cids }));
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toBe(
      `body.cid has ${LIMITS.maxArrayItems + 1} items; the sandbox accepts at most ${LIMITS.maxArrayItems}`,
    );
  });

  it('invalid UTF-8: 400 with the offset of the bad byte', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"cid":"magic-'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","tag_list":[]}'),
    ]);
    const answer = await post('/set_tags', new Blob([bytes]));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('the body is not valid UTF-8 (at byte 14)');
  });

  it('a number where the document says string: 422 naming the field', async () => {
    const answer = await post('/set_tags', JSON.stringify({ cid: 42, tag_list: ['x'] }));
    expect(answer.status).toBe(422);
    expect(answer.body.validation[0]).toEqual({
      location: ['body', 'cid'],
      severity: 'Error',
      code: 'type',
      message: 'must be a string',
    });
  });
});

describe('paths and methods', () => {
  it('an unknown operation: 404 naming the nearest ones', async () => {
    const answer = await unchanged(() => raw(push('/push_singel'), { method: 'POST' }));
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toContain('nearest: POST /v1/{appid}/push_single');
    const dmp = await unchanged(() => raw(`${sandbox.current.dmpBaseUrl}/tags/users`, { method: 'POST' }));
    expect(dmp.body.desc).toContain('POST /dmp/tags/user');
    const control = await unchanged(() => raw(`${sandbox.current.controlUrl}/app`));
    expect(control.body.detail).toContain('/control/apps');
  });

  it('a path of no interface: 404 listing what the sandbox serves', async () => {
    const answer = await unchanged(() => raw(`${sandbox.current.url}/v2/app/push_single`, { method: 'POST' }));
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toContain('/v1/{appid}/, /dmp/, /control/');
  });

  it('a method the path does not have: 405 with Allow', async () => {
    const answer = await unchanged(() =>
      raw(push('/get_tags/magic-online'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
    expect(answer.body.detail).toBe(
      `POST is not allowed on /v1/${DEFAULT_APP.appid}/get_tags/magic-online; allowed: GET`,
    );
  });

  it('broken percent-encoding: 400 naming the segment', async () => {
    const answer = await unchanged(() => raw(push('/user_status/%E0%A4%A')));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('%E0%A4%A');
  });

  it('a path parameter may hold any character, percent-encoded', async () => {
    const token = await defaultAppToken(sandbox.current);
    const answer = await raw(push(`/user_status/${encodeURIComponent('a/b c?')}`), { headers: { authtoken: token } });
    expect(answer.body).toMatchObject({ result: 'no_user', cid: 'a/b c?' });
  });
});
