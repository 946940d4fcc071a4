// Every call of an app names the app in its path, so that a balancer can route on it: PUT /control/apps/{appid}
// creates an app (409 when it exists), and DMP is served under the app's own base /apps/<appid>/dmp/ as well as
// under /dmp/; the DMP client works unchanged with that base.
import { createDmpClient, DmpApiError } from '@pushapi/dmp-client';
import { describe, expect, it } from 'vitest';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
const json = { 'content-type': 'application/json' };

describe('PUT /control/apps/{appid}', () => {
  it('creates the app named in the path, answers 409 when it exists, and refuses a body naming another appid', async () => {
    const { controlUrl } = sandbox.current;
    const made = await raw(`${controlUrl}/apps/put-made`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ appkey: 'put-key' }),
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ appid: 'put-made', credentials: { appid: 'put-made', appkey: 'put-key' } });
    const again = await raw(`${controlUrl}/apps/put-made`, { method: 'PUT', headers: json });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/appid "put-made" exists already/);
    const other = await raw(`${controlUrl}/apps/put-other`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ appid: 'not-the-path' }),
    });
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/the body names appid "not-the-path", the path "put-other"/);
    expect((await raw(`${controlUrl}/apps/put-other`)).status).toBe(404); // refused: nothing made
  });

  it('sandbox.app({ appid }) makes its app with PUT; its DMP options use the app base', async () => {
    const app = await sandbox.current.app({ appid: 'put-by-helper' });
    const requests = await sandbox.current.control.GET('/requests', { params: { query: { appid: 'put-by-helper' } } });
    expect(requests.data!.requests.map((r) => `${r.method} ${r.operation}`)).toContain('PUT putApp');
    expect(app.dmpOptions.baseUrl).toBe(`${sandbox.current.url}/apps/put-by-helper/dmp`);
  });
});

describe('DMP under /apps/<appid>/dmp/', () => {
  it('the DMP client works unchanged with the app base; /dmp/ keeps working', async () => {
    const app = await sandbox.current.app({ appid: 'dmp-based' });
    const scoped = createDmpClient({ ...app.dmpOptions, retry: false });
    const tags = await scoped.GET('/config/tags');
    expect(tags.data.length).toBeGreaterThan(0);
    const plain = createDmpClient({ ...app.dmpOptions, baseUrl: sandbox.current.dmpBaseUrl, retry: false });
    expect(await plain.GET('/config/tags')).toEqual(tags);
    const logged = await sandbox.current.control.GET('/requests', { params: { query: { appid: 'dmp-based' } } });
    expect(logged.data!.requests.map((r) => r.path)).toContain('/apps/dmp-based/dmp/config/tags');
  });

  it("refuses another app's credentials under an app's base, and names an app this process does not have", async () => {
    const mine = await sandbox.current.app({ appid: 'dmp-mine' });
    const theirs = await sandbox.current.app({ appid: 'dmp-theirs' });
    const crossed = createDmpClient({ ...theirs.dmpOptions, baseUrl: mine.dmpOptions.baseUrl, retry: false });
    const refused = await crossed.GET('/config/tags').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DmpApiError);
    expect((refused as DmpApiError).status).toBe(401);
    const gone = await raw(`${sandbox.current.url}/apps/no-such-app/dmp/config/tags`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).toMatch(/no app with appid \\"no-such-app\\" in this sandbox/);
  });
});
