// The tag query service: each app's party signs in with sign1/sign2, its token expires after expires_in of the
// app clock, /tags/user finds a device by any of its raw or hashed ids, /config/tags lists the catalogue, and a
// party without permission gets 403.
import { DmpApiError, userTagsBody } from '@pushapi/dmp-client';
import { describe, expect, it } from 'vitest';
import { callsOf, dmpClient, newApp } from '../support/env.js';

const ids = {
  imei: '860000000000001',
  mac: '00:11:22:AA:BB:CC',
  imsi: '460000000000001',
  phone: '13800000000',
  idfa: '00000000-0000-0000-0000-0000000000ab',
  oaid: 'oaid-example-1',
  androidId: 'android-id-example-1',
};

describe('DMP', () => {
  it('/tags/user finds the device by each of its identifiers, raw or hashed, as the client builds them', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'tagged', dmpIds: ids, dmpTags: ['1001', '1003'] });
    const dmp = dmpClient(app);
    for (const [name, value] of Object.entries(ids)) {
      for (const hashedOnly of [false, true]) {
        const answer = await dmp.POST('/tags/user', { body: userTagsBody({ [name]: value }, { hashedOnly }) });
        expect(answer, `${name}${hashedOnly ? ' (hashed only)' : ''}`).toEqual({ code: '0', data: ['1001', '1003'] });
      }
    }
    // The MAC is matched without colons and in any case.
    expect(await dmp.POST('/tags/user', { body: userTagsBody({ mac: '001122aabbcc' }) })).toEqual({
      code: '0',
      data: ['1001', '1003'],
    });
  });

  it('/tags/user of a device nobody registered answers no tags', async () => {
    const app = await newApp();
    expect(await dmpClient(app).POST('/tags/user', { body: userTagsBody({ imei: '999' }) })).toEqual({
      code: '0',
      data: [],
    });
  });

  it("/config/tags lists the party's catalogue, as the control API sets it", async () => {
    const app = await newApp();
    await app.updateDmp({ tags: [{ tid: 'T1', tname: 'Gamers' }] });
    expect(await dmpClient(app).GET('/config/tags')).toEqual({ code: '0', data: [{ tid: 'T1', tname: 'Gamers' }] });
  });

  it('the access token expires after expires_in of the app clock (401); the client gets a new one by itself', async () => {
    // A frozen clock: on a running one, a busy machine's second between sign-in and the check would expire the token.
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    await app.updateDmp({ expiresIn: 60 });
    const dmp = dmpClient(app);
    await dmp.GET('/config/tags');
    await app.advance(59_000);
    await dmp.GET('/config/tags');
    expect(await callsOf(app, 'accesser/auth')).toBe(1);
    await app.advance(2_000);
    await dmp.GET('/config/tags');
    const requests = await app.requests();
    expect(requests.filter((r) => r.operation === 'accesser/auth')).toHaveLength(2);
    expect(requests.some((r) => r.operation === 'config/tags' && r.status === 401)).toBe(true);
  });

  it('a party without permission for an operation gets 403', async () => {
    const app = await newApp();
    await app.updateDmp({ permissions: { tagsUser: false } });
    const dmp = dmpClient(app);
    const error = await dmp.POST('/tags/user', { body: userTagsBody({ imei: ids.imei }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DmpApiError);
    expect((error as DmpApiError).status).toBe(403);
    expect(await dmp.GET('/config/tags')).toMatchObject({ code: '0' });
  });

  it("a party's token opens only its own app's devices", async () => {
    const a = await newApp();
    const b = await newApp();
    await b.addDevice({ cid: 'in-b', dmpIds: { imei: ids.imei }, dmpTags: ['1002'] });
    expect(await dmpClient(a).POST('/tags/user', { body: userTagsBody({ imei: ids.imei }) })).toEqual({
      code: '0',
      data: [],
    });
    expect(await dmpClient(b).POST('/tags/user', { body: userTagsBody({ imei: ids.imei }) })).toEqual({
      code: '0',
      data: ['1002'],
    });
  });
});
