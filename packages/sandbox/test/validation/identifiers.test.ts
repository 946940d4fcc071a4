// Every identifier a caller chooses is bounded at the edge, on every way in (control API, push v1, DMP, worlds and
// seeds), with a refusal in the interface's own shape, and nothing of a refused request is kept. A path with a dot
// segment, an encoded slash or an empty segment is refused, not resolved to another route.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/index.js';
import { IDENTIFIER_BOUNDS } from '../../src/validation/identifiers.js';
import { defaultAppToken, raw } from '../support/in-process.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.stop());

const put = (path: string, body: unknown = {}) =>
  raw(`${sandbox.url}/control${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A request sent with its path exactly as written (fetch would resolve `..` before sending). */
function rawPath(method: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path, headers: { 'content-type': 'application/json', 'content-length': 2 } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => void (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('appids', () => {
  it('at the bound is accepted; one character more is refused, naming the bound, and nothing is made', async () => {
    const max = IDENTIFIER_BOUNDS.appid.maxChars;
    expect((await put(`/apps/${'a'.repeat(max)}`)).status).toBe(201);
    const refused = await put(`/apps/${'b'.repeat(max + 1)}`);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`at most ${max}`);
    expect((await raw(`${sandbox.url}/control/apps/${'b'.repeat(max + 1)}`)).status).not.toBe(200);
  });

  it('3,000 characters are refused, and the process answers every later call (no store key reached)', async () => {
    const refused = await put(`/apps/${'x'.repeat(3000)}`);
    expect(refused.status).toBe(422);
    expect(refused.text.length).toBeLessThan(4000); // the appid is not echoed whole
    expect((await put('/apps/after-a-long-one')).status).toBe(201);
    expect((await raw(`${sandbox.url}/control/apps/after-a-long-one`)).status).toBe(200);
  });

  it.each([
    ['a slash (encoded)', 'team%2Fapp'],
    ['NUL', 'team%00app'],
    ['CR LF', 'team%0D%0Aapp'],
    ['a right-to-left override', 'team%E2%80%AEapp'],
    ['a space', 'team%20app'],
  ])('with %s is refused and never listed', async (_, appid) => {
    const answer = await put(`/apps/${appid}`);
    expect([400, 422]).toContain(answer.status);
    const list = await raw(`${sandbox.url}/control/apps`);
    expect(list.text).not.toContain(decodeURIComponent(appid));
  });

  it('in POST /control/apps bodies too', async () => {
    const answer = await post('/control/apps', { appid: 'c'.repeat(1900) });
    expect(answer.status).toBe(422);
  });
});

describe('ids inside an app', () => {
  it('a cid at the bound is a device; one over it is refused on the control API and in push v1, in its shape', async () => {
    const max = IDENTIFIER_BOUNDS.cid.maxChars;
    expect((await post('/control/apps/sandbox-app/devices', { cid: 'd'.repeat(max) })).status).toBe(201);
    expect((await post('/control/apps/sandbox-app/devices', { cid: 'd'.repeat(max + 1) })).status).toBe(422);
    const token = await defaultAppToken(sandbox);
    const pushed = await post(
      '/v1/sandbox-app/push_single',
      {
        cid: 'e'.repeat(100_000),
        requestid: 'identifier-bound-01',
        message: { appkey: 'sandbox-appkey', is_offline: false, msgtype: 'notification' },
        notification: { style: { type: 0, text: 'x', title: 'y' } },
      },
      { authtoken: token },
    );
    expect(pushed.status).toBe(422);
    expect(pushed.body.result).toBe('invalid_param');
    expect(pushed.text).toContain('the sandbox accepts at most 128 for a cid');
  });

  it('a requestid, an alias and a tag over their bounds are refused in push v1; nothing changes', async () => {
    const token = await defaultAppToken(sandbox);
    const before = JSON.stringify(sandbox.snapshot());
    const alias = await post(
      '/v1/sandbox-app/bind_alias',
      { alias_list: [{ cid: 'magic-online', alias: 'a'.repeat(129) }] },
      { authtoken: token },
    );
    expect(alias.status).toBe(422);
    expect(alias.text).toContain('for an alias');
    const tags = await post(
      '/v1/sandbox-app/set_tags',
      { cid: 'magic-online', tags: `ok,${'t'.repeat(129)}` },
      { authtoken: token },
    );
    expect(tags.status).toBe(422);
    expect(tags.text).toContain('one of its tags');
    expect(JSON.stringify(sandbox.snapshot())).toBe(before);
  });

  it("a field named like one of Object's own (constructor, toString, valueOf) is no identifier: refused as the documents say, not a 500", async () => {
    const token = await defaultAppToken(sandbox);
    const before = JSON.stringify(sandbox.snapshot());
    for (const body of [
      { constructor: 'x' },
      { cid: 'magic-online', message: { toString: 'y' } },
      { cid: 'magic-online', hasOwnProperty: 'z', list: [{ valueOf: 'w' }] },
    ]) {
      const pushed = await post('/v1/sandbox-app/push_single?valueOf=x', body, { authtoken: token });
      expect(pushed.status, pushed.text).toBeLessThan(500);
      expect(pushed.body.result, pushed.text).not.toBe('ok');
    }
    expect(JSON.stringify(sandbox.snapshot())).toBe(before);
  });

  it('an identifier deep in a list is named by its whole path', async () => {
    const token = await defaultAppToken(sandbox);
    const alias = await post(
      '/v1/sandbox-app/bind_alias',
      {
        alias_list: [
          { cid: 'magic-online', alias: 'ok' },
          { cid: 'magic-online', alias: 'a'.repeat(129) },
        ],
      },
      { authtoken: token },
    );
    expect(alias.status).toBe(422);
    expect(alias.body.validation.map((v: { location: string[] }) => v.location)).toEqual([
      ['body', 'alias_list', '1', 'alias'],
    ]);
    expect(alias.body.desc).toMatch(/^body\.alias_list\.1\.alias: is 129 characters/);
  });

  it('a world whose appid or cid passes a bound is refused whole', async () => {
    const world = { apps: [{ appid: 'world-app', devices: [{ cid: 'w'.repeat(500) }] }] };
    const answer = await post('/control/world', world);
    expect(answer.status).toBe(422);
    expect((await raw(`${sandbox.url}/control/apps/world-app`)).status).toBe(404);
  });

  it('a seed file with a cid over the bound stops the start, naming the place', async () => {
    const seed = { apps: [{ appid: 'seed-app', devices: [{ cid: 's'.repeat(129) }] }] };
    await expect(startSandbox({ seed })).rejects.toThrow(/apps\/0\/devices\/0\/cid|apps.*devices.*cid/);
  });
});

describe('one path, one meaning', () => {
  it.each([
    ['PUT', '/control/apps/sandbox-app/../dot-stray'],
    ['POST', '/control/apps/../apps'],
    ['POST', '/control/apps/../snapshots'],
    ['PUT', '/control/apps/%2e%2e/dot-stray'],
    ['PUT', '/control/apps//dot-stray'],
    ['GET', '/control/apps/./sandbox-app'],
  ])('%s %s is refused (400) and changes nothing', async (method, path) => {
    const before = JSON.stringify(sandbox.snapshot());
    const answer = await rawPath(method, path);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('dot segment');
    expect(JSON.stringify(sandbox.snapshot())).toBe(before);
  });

  it('an encoded slash stays in its segment: in an appid, the appid bound refuses it', async () => {
    const answer = await rawPath('PUT', '/control/apps/team%2Fstray');
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('letters, digits');
  });

  it('a name with dots in it is not a dot segment', async () => {
    expect((await rawPath('GET', '/control/apps/sandbox-app')).status).toBe(200);
    expect((await rawPath('GET', '/control/apps/..sandbox-app')).status).toBe(422);
  });
});
