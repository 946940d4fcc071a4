// The same kind of tests with Jest: one sandbox per test file, started from the world file, in compat mode
// lenient for a community client that bends the description.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { createPushClient, pushSign } from '@pushapi/push-v1-client';
import { startSandbox, type Sandbox, type SandboxApp } from '@pushapi/sandbox';

let sandbox: Sandbox;
let shop: SandboxApp;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: fileURLToPath(new URL('../world.yaml', import.meta.url)), compat: 'lenient' });
  shop = await sandbox.openApp('shop');
});
afterAll(() => sandbox.stop());
// Every test starts from the world file again.
beforeEach(() => shop.restore('seed'));

it('a push to a region reaches the devices there, and only those', async () => {
  const push = createPushClient(shop.pushOptions);
  const { taskid } = await push.POST('/push_app', {
    body: {
      message: { msgtype: 'transmission', is_offline: false },
      transmission: { transmission_content: '{"sale":"zhejiang"}' },
      condition: [{ key: 'region', values: ['Zhejiang'], opt_type: 0 }],
    },
  });
  // Every device's message of the task, in one read.
  const { messages } = await shop.messages({ taskid });
  expect(messages.map((m) => m.cid)).toEqual(['alice-phone']);
});

it('a client that sends the timestamp as a number signs in, and the sandbox says which rule it bent', async () => {
  const timestamp = Date.now();
  const sign = await pushSign(shop.appkey, String(timestamp), shop.mastersecret);
  const response = await fetch(`${sandbox.url}/v1/shop/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: shop.appkey }),
  });
  expect(await response.json()).toMatchObject({ result: 'ok' });
  const { deviations } = await shop.deviations();
  expect(deviations).toEqual([
    expect.objectContaining({
      rule: 'json-type',
      count: 1,
      last: expect.objectContaining({ location: ['body', 'timestamp'] }),
    }),
  ]);
});

it('starts from the world again: no message, no deviation', async () => {
  expect((await shop.inbox('alice-phone')).messages).toHaveLength(0);
  expect((await shop.deviations()).deviations).toEqual([]);
});
