// Devices registered in bulk: each as one registration would make it, all or none.
import { createPushClient } from '@pushapi/push-v1-client';
import { expect, it } from 'vitest';
import { ControlError } from '../../src/shared/control-client.js';
import { notification } from '../support/env.js';
import { ownSandbox } from '../support/in-process.js';

const sandbox = ownSandbox();

it('registers every device of the list with its fields, and a push_app reaches them', async () => {
  const app = await sandbox.current.app();
  const devices = Array.from({ length: 2000 }, (_, i) => ({
    cid: `bulk-${i}`,
    online: i % 2 === 0,
    tags: [i % 2 === 0 ? 'even' : 'odd'],
    region: 'Zhejiang',
  }));
  expect(await app.addDevices(devices)).toEqual({ created: 2000, devices: 2003 });
  expect(await app.device('bulk-1')).toMatchObject({
    cid: 'bulk-1',
    online: false,
    tags: ['odd'],
    region: 'Zhejiang',
    active: true,
  });
  const push = createPushClient({ ...app.pushOptions, retry: false });
  const answer = await push.POST('/push_app', {
    body: { ...notification('to the even ones'), condition: [{ key: 'tag', values: ['even'], opt_type: 0 }] },
  });
  expect((await app.task(answer.taskid!)).stats).toMatchObject({ targets: 1000, received: 1000 });
  expect((await app.inbox('bulk-0')).messages).toHaveLength(1);
});

it('is all or nothing: a cid taken already, or twice in the list, adds no device', async () => {
  const app = await sandbox.current.app();
  await app.addDevice({ cid: 'taken' });
  const before = sandbox.current.snapshot();
  const taken = app.addDevices([{ cid: 'fresh-1' }, { cid: 'taken' }]);
  await expect(taken).rejects.toBeInstanceOf(ControlError);
  await expect(taken).rejects.toMatchObject({ status: 409 });
  await expect(app.addDevices([{ cid: 'twice' }, { cid: 'twice' }])).rejects.toThrow(
    /"twice" is in the list more than once/,
  );
  expect(sandbox.current.snapshot()).toEqual(before);
});

it('refuses more than 10,000 devices, and a device the document refuses, naming it', async () => {
  const app = await sandbox.current.app();
  const before = sandbox.current.snapshot();
  await expect(app.addDevices(Array.from({ length: 10_001 }, (_, i) => ({ cid: `d${i}` })))).rejects.toMatchObject({
    status: 413,
  });
  const bad = app.addDevices([{ cid: 'ok' }, { cid: '' }]);
  await expect(bad).rejects.toMatchObject({ status: 422 });
  await expect(bad).rejects.toThrow(/body\.devices\.1\.cid/);
  expect(sandbox.current.snapshot()).toEqual(before);
});
