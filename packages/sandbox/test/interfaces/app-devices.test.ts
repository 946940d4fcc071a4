// An app created with its devices (aliases, tags) in one call: `sandbox.app({ devices })`, one control request,
// each device as a registration makes it; a creation refused for any reason creates nothing, not even the app.
import { createPushClient } from '@pushapi/push-v1-client';
import { expect, it } from 'vitest';
import { CIDS_PER_ALIAS } from '../../src/behaviour/aliases.js';
import { ControlError, createControlClient } from '../../src/shared/control-client.js';
import { createSandboxApp } from '../../src/client/control-client.js';
import { notification } from '../support/env.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();

it('sandbox.app({ devices }) makes the app and its devices in one control request, aliases and tags included', async () => {
  const requests: string[] = [];
  const control = createControlClient({
    baseUrl: sandbox.current.url,
    fetch: (request) => (requests.push(`${request.method} ${new URL(request.url).pathname}`), fetch(request)),
  });
  const app = await createSandboxApp(control, sandbox.current.url, {
    devices: [
      { cid: 'alice-phone', online: true, alias: 'alice', tags: ['vip'] },
      { cid: 'alice-tablet', online: true, alias: 'alice' },
      { cid: 'bob-phone', online: false, alias: 'bob', region: 'Beijing' },
    ],
  });
  expect(requests).toEqual([`PUT /control/apps/${app.appid}`]);
  expect(await app.device('bob-phone')).toMatchObject({
    cid: 'bob-phone',
    online: false,
    alias: 'bob',
    region: 'Beijing',
  });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  const toAlice = await push.POST('/push_single', { body: { ...notification('for alice'), alias: 'alice' } });
  const toVip = await push.POST('/push_app', {
    body: { ...notification('for the vips'), condition: [{ key: 'tag', values: ['vip'], opt_type: 0 }] },
  });
  // One read for every device's messages of a task.
  expect((await app.messages({ taskid: toAlice.taskid! })).messages.map((m) => m.cid).sort()).toEqual([
    'alice-phone',
    'alice-tablet',
  ]);
  expect((await app.messages({ taskid: toVip.taskid! })).messages.map((m) => m.cid)).toEqual(['alice-phone']);
});

it('the helper of a connected sandbox takes them too, and POST /control/apps as well', async () => {
  const app = await sandbox.current.app({ devices: [{ cid: 'one', alias: 'solo' }] });
  expect(await app.device('one')).toMatchObject({ alias: 'solo' });
  const created = await raw(`${sandbox.current.url}/control/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ devices: [{ cid: 'posted', tags: ['a'] }] }),
  });
  expect(created.status).toBe(201);
  const posted = await sandbox.current.openApp(created.body.appid as string);
  expect(await posted.device('posted')).toMatchObject({ tags: ['a'] });
});

it('a refused creation creates nothing: a magic cid, a cid twice, a full alias, an invalid device, an appid taken', async () => {
  const taken = await sandbox.current.app();
  const before = sandbox.current.snapshot();
  const tooMany = Array.from({ length: CIDS_PER_ALIAS + 1 }, (_, i) => ({ cid: `c-${i}`, alias: 'crowd' }));
  const refusals: [unknown, number, RegExp][] = [
    [
      { appid: 'r-magic', devices: [{ cid: 'fine' }, { cid: 'magic-online' }] },
      409,
      /devices: "magic-online" is a magic cid/,
    ],
    [
      { appid: 'r-twice', devices: [{ cid: 'twice' }, { cid: 'twice' }] },
      409,
      /devices: cid "twice" is in its devices more than once/,
    ],
    [{ appid: 'r-crowd', devices: tooMany }, 409, new RegExp(`alias "crowd" has ${CIDS_PER_ALIAS + 1} devices`)],
    [
      { appid: 'r-invalid', devices: [{ cid: 'fine' }, { cid: 'bad', online: 'yes' }] },
      422,
      /location:\[body,devices,1,online\]/,
    ],
    [{ appid: taken.appid, devices: [{ cid: 'fresh' }] }, 409, /exists already/],
  ];
  for (const [body, status, message] of refusals) {
    const appid = (body as { appid: string }).appid;
    const error = await sandbox.current.app(body as never).catch((e: unknown) => e);
    expect(error, appid).toBeInstanceOf(ControlError);
    expect((error as ControlError).status, appid).toBe(status);
    const { detail, ...rest } = (error as ControlError).problem ?? {};
    expect(`${detail} ${JSON.stringify(rest).replaceAll('"', '')}`, appid).toMatch(message);
  }
  expect(sandbox.current.snapshot()).toEqual(before);
  await expect(sandbox.current.openApp('r-magic')).rejects.toMatchObject({ status: 404 });
});
