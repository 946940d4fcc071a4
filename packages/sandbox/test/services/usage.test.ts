// The usage ledger (behaviour/usage.ts, GET /control/apps/{appid}/usage): the ledger of a known sequence of calls,
// exactly; its bounds; kept across a reset and a restart with --data, removed with the app; a team reads only its
// own apps' ledgers; and nothing of a message's content or of a credential ever reaches it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, describe, expect, it } from 'vitest';
import { countCall, USAGE_BOUNDS, usageView } from '../../src/behaviour/usage.js';
import type { OperationShape, ShapeNode } from '../../src/behaviour/usage-shape.js';
import type { OperationSpec } from '../../src/start/documents.js';
import { startSandbox } from '../../src/index.js';
import { Store } from '../../src/state/store.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const style = (text: string) => ({ type: 0 as const, text, title: 'Order update', logo: 'icon.png' });

describe('the ledger of a known sequence of calls', () => {
  it('counts each operation, field, documented value and outcome, exactly', async () => {
    const sandbox = await startSandbox();
    try {
      const app = await sandbox.app({ appid: 'ledger-known' });
      const push = createPushClient({ ...app.pushOptions, retry: false });
      const message = { msgtype: 'notification' as const, is_offline: true };
      await push.POST('/push_single', { body: { message, notification: { style: style('a') }, cid: 'magic-online' } });
      await push.POST('/push_single', { body: { message, notification: { style: style('b') }, cid: 'magic-online' } });
      const refused = await push
        .POST('/push_single', { body: { message, notification: { style: style('c') }, cid: 'nobody' } })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      const requestid = (n: number) => ({ where: 'request.body.requestid', calls: n }); // the client adds one
      expect(await app.usage()).toEqual({
        appid: 'ledger-known',
        team: null,
        truncated: false,
        operations: [
          {
            api: 'push-v1',
            operationId: 'authSign',
            name: 'auth_sign',
            calls: 1,
            request: ['', '.sign', '.timestamp', '.appkey'].map((f) => ({ where: `request.body${f}`, calls: 1 })),
            response: [
              { where: 'response.200.body', calls: 1 },
              { where: 'response.200.body.result', calls: 1, values: [{ value: 'ok', calls: 1 }] },
              { where: 'response.200.body.auth_token', calls: 1 },
            ],
            outcomes: [{ status: 200, result: 'ok', calls: 1 }],
          },
          {
            api: 'push-v1',
            operationId: 'pushSingle',
            name: 'push_single',
            calls: 3,
            request: [
              { where: 'request.body', calls: 3 },
              { where: 'request.body.message', calls: 3 },
              { where: 'request.body.message.msgtype', calls: 3, values: [{ value: 'notification', calls: 3 }] },
              { where: 'request.body.message.is_offline', calls: 3 },
              { where: 'request.body.notification', calls: 3 },
              { where: 'request.body.notification.style', calls: 3 },
              { where: 'request.body.notification.style.type', calls: 3, values: [{ value: 0, calls: 3 }] },
              ...['text', 'title', 'logo'].map((f) => ({ where: `request.body.notification.style.${f}`, calls: 3 })),
              { where: 'request.body.cid', calls: 3 },
              requestid(3),
            ],
            response: [
              { where: 'response.200.body', calls: 3 },
              { where: 'response.200.body.result', calls: 3, values: [{ value: 'ok', calls: 2 }] },
              { where: 'response.200.body.taskid', calls: 2 },
              { where: 'response.200.body.status', calls: 2, values: [{ value: 'successed_online', calls: 2 }] },
              { where: 'response.200.body.desc', calls: 1 },
            ],
            outcomes: [
              { status: 200, result: 'ok', calls: 2 },
              { status: 200, result: 'no_user', calls: 1 },
            ],
          },
        ],
      });
    } finally {
      await sandbox.stop();
    }
  });
});

describe('bounds', () => {
  /** A tree of `fields` leaf places under request.body, each with documented values 0..values-1. */
  function wideShape(fields: number, values: number): OperationShape {
    const leaf = (i: number): ShapeNode => ({
      where: `request.body.f${i}`,
      props: undefined,
      rest: undefined,
      items: undefined,
      tuple: undefined,
      values: new Set(Array.from({ length: values }, (_, v) => v)),
    });
    const props = new Map(Array.from({ length: fields }, (_, i) => [`f${i}`, leaf(i)]));
    const body: ShapeNode = { ...leaf(0), where: 'request.body', props, values: undefined };
    return { params: [], body, responses: new Map() };
  }
  const op = { api: 'push-v1', operationId: 'wide', name: 'wide' } as OperationSpec & { api: 'push-v1' };
  const call = (shape: OperationShape, body: unknown, status = 200, result: string | null = 'ok') => ({
    op,
    shape,
    param: () => undefined,
    body,
    status,
    result,
    answer: undefined,
  });

  it(`keeps at most ${USAGE_BOUNDS.fieldsPerOperation} places an operation and says it left some out`, () => {
    const store = new Store();
    const n = USAGE_BOUNDS.fieldsPerOperation + 10;
    const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 'x']));
    countCall(store, 'wide-app', call(wideShape(n, 0), body));
    const ledger = usageView(store, 'wide-app', undefined);
    expect(ledger.operations[0]!.request).toHaveLength(USAGE_BOUNDS.fieldsPerOperation);
    expect(ledger.truncated).toBe(true);
  });

  it(`keeps at most ${USAGE_BOUNDS.valuesPerField} values a place and ${USAGE_BOUNDS.outcomesPerOperation} outcomes an operation`, () => {
    const store = new Store();
    const shape = wideShape(1, 40);
    for (let v = 0; v < 40; v++) countCall(store, 'wide-app', call(shape, { f0: v }, 200, `result-${v}`));
    const [op0] = usageView(store, 'wide-app', undefined).operations;
    expect(op0!.request.find((f) => f.where === 'request.body.f0')!.values).toHaveLength(USAGE_BOUNDS.valuesPerField);
    expect(op0!.outcomes).toHaveLength(USAGE_BOUNDS.outcomesPerOperation);
    expect(op0!.calls).toBe(40);
  });

  it(`walks at most ${USAGE_BOUNDS.itemsWalked} items of an array, counting a place once a call`, () => {
    const store = new Store();
    const leaf: ShapeNode = { ...wideShape(0, 0).body!, where: 'request.body[]', props: undefined };
    const body: ShapeNode = { ...leaf, where: 'request.body', items: leaf };
    const seen: unknown[] = [];
    const items = new Proxy(
      Array.from({ length: 1000 }, (_, i) => i),
      {
        get: (target, key) => (
          typeof key === 'string' && /^\d+$/.test(key) && seen.push(key), Reflect.get(target, key)
        ),
      },
    );
    countCall(store, 'wide-app', call({ params: [], body, responses: new Map() }, items));
    expect(seen).toHaveLength(USAGE_BOUNDS.itemsWalked);
    expect(usageView(store, 'wide-app', undefined).operations[0]!.request).toEqual([
      { where: 'request.body', calls: 1 },
      { where: 'request.body[]', calls: 1 },
    ]);
  });
});

describe('kept with the app', () => {
  it('survives a reset and a restart with --data; goes with the app', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-'));
    folders.push(dataDir);
    let sandbox = await startSandbox({ dataDir });
    const app = await sandbox.app({ appid: 'ledger-kept' });
    const push = createPushClient({ ...app.pushOptions, retry: false });
    await push.POST('/push_single', {
      body: {
        message: { msgtype: 'notification', is_offline: true },
        notification: { style: style('a') },
        cid: 'magic-online',
      },
    });
    await app.reset();
    const before = await app.usage();
    expect(before.operations.map((o) => [o.name, o.calls])).toEqual([
      ['auth_sign', 1],
      ['push_single', 1],
    ]);
    await sandbox.stop(); // writes the ledgers changed since the last second
    sandbox = await startSandbox({ dataDir });
    const reopened = await sandbox.openApp('ledger-kept');
    expect(await reopened.usage()).toEqual(before);
    await sandbox.control.DELETE('/apps/{appid}', { params: { path: { appid: 'ledger-kept' } } });
    await sandbox.stop();
    sandbox = await startSandbox({ dataDir });
    await sandbox.app({ appid: 'ledger-kept' });
    const fresh = await sandbox.control.GET('/apps/{appid}/usage', { params: { path: { appid: 'ledger-kept' } } });
    expect(fresh.data!.operations).toEqual([]);
    await sandbox.stop();
  });
});

describe('team scoping and secrets', () => {
  const ADMIN = 'admin-token-of-the-operator-0001';
  const WEB = 'web-team-token-that-is-long-enough';
  const API = 'api-team-token-that-is-long-enough';
  const SECRET = 'planted-secret-7f3a9c2e';

  it("answers a team its own apps' ledgers, 403 for another team's, and keeps no content or credential", async () => {
    const sandbox = await startSandbox({
      controlToken: ADMIN,
      appTokens: [
        { prefix: 'ci-web-', token: WEB },
        { prefix: 'ci-api-', token: API },
      ],
    });
    try {
      const app = await sandbox.app({
        appid: 'ci-web-1',
        appkey: `${SECRET}-appkey`,
        mastersecret: `${SECRET}-mastersecret`,
      });
      await app.addDevice({ cid: `${SECRET}-cid`, online: true });
      const push = createPushClient({ ...app.pushOptions, retry: false });
      const message = { msgtype: 'notification' as const, is_offline: true };
      const content = { style: { ...style(`${SECRET}-text`), title: `${SECRET}-title` } };
      const body = { message, notification: content, cid: `${SECRET}-cid`, requestid: `${SECRET}-rq` };
      await push.POST('/push_single', { body });
      await push.POST('/bind_alias', { body: { alias_list: [{ cid: `${SECRET}-cid`, alias: `${SECRET}-alias` }] } });
      const get = (token: string) =>
        sandbox.fetch(`${sandbox.controlUrl}/apps/ci-web-1/usage`, { headers: { authorization: `Bearer ${token}` } });
      const own = await get(WEB);
      expect(own.status).toBe(200);
      const text = await own.text();
      expect(JSON.parse(text)).toMatchObject({ appid: 'ci-web-1', team: 'ci-web-' });
      expect(JSON.parse(text).operations.map((o: { name: string }) => o.name)).toEqual([
        'auth_sign',
        'push_single',
        'bind_alias',
      ]);
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/auth_token":"|[0-9a-f]{64}/); // no token, no sign
      expect((await get(API)).status).toBe(403);
      expect((await get(ADMIN)).status).toBe(200);
    } finally {
      await sandbox.stop();
    }
  });
});
