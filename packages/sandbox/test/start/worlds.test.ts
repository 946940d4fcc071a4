// Seeded worlds and snapshots: a world file (YAML or JSON) makes apps, devices, aliases and DMP parties at start
// or in a running sandbox, whole or not at all; a snapshot of one app or of the whole sandbox brings it back,
// in memory and in a data folder, announced by one event.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPushClient } from '@pushapi/push-v1-client';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSandbox, ControlError, DEFAULT_APP, SeedError, startSandbox, type Sandbox } from '../../src/index.js';
import { runCli, startCli } from '../support/cli.js';

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-world-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const WORLD_YAML = `# A team's world, committed beside its tests.
apps:
  - appid: shop
    appkey: shop-key
    mastersecret: shop-secret
    userCode: shop-party
    authCode: shop-auth
    name: Shop
    settings: { compat: lenient, utcOffsetMinutes: 0 }
    clock: { time: '2030-01-01T00:00:00Z' }
    rateLimits: { push_app: { max: 5, perMs: 60000 } }
    dmp:
      tags: [{ tid: '2001', tname: Bargain hunters }]
    devices:
      - { cid: alice-phone, online: true, alias: alice, tags: [vip], region: Zhejiang, phonetype: ANDROID }
      - { cid: alice-tablet, alias: alice, phonetype: IOS, deviceToken: token-1 }
      - { cid: bob-phone, online: true, dmpIds: { imei: '860000000000001' }, dmpTags: ['2001'] }
  - appid: blog
`;

function worldFile(text = WORLD_YAML, name = 'world.yaml') {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, text);
  return file;
}

const signedIn = (sandbox: Sandbox) =>
  createPushClient({
    baseUrl: sandbox.url,
    appId: 'shop',
    appKey: 'shop-key',
    masterSecret: 'shop-secret',
    retry: false,
  });

const transmission = (requestid: string) => ({
  message: { msgtype: 'transmission' as const, is_offline: true },
  transmission: { transmission_content: 'hello' },
  requestid,
});

describe('a world file at start', () => {
  it('makes its apps, devices, aliases, settings, clock, limits and DMP party, and saves the snapshot "seed"', async () => {
    const sandbox = await startSandbox({ seed: worldFile() });
    try {
      const shop = await sandbox.openApp('shop');
      expect(shop.userCode).toBe('shop-party');
      const app = (await sandbox.control.GET('/apps/{appid}', { params: { path: { appid: 'shop' } } })).data!;
      expect(app).toMatchObject({
        name: 'Shop',
        settings: { compat: 'lenient', utcOffsetMinutes: 0 },
        clock: { iso: '2030-01-01T00:00:00.000Z', frozen: true },
        rateLimits: { push_app: { max: 5, perMs: 60000 } },
      });
      expect(app.dmp.tags).toEqual([{ tid: '2001', tname: 'Bargain hunters' }]);
      expect(await shop.device('alice-phone')).toMatchObject({
        online: true,
        alias: 'alice',
        tags: ['vip'],
        region: 'Zhejiang',
        phonetype: 'ANDROID',
      });
      expect(await shop.device('bob-phone')).toMatchObject({ dmpIds: { imei: '860000000000001' }, dmpTags: ['2001'] });
      // The magic cids come with every app, as with POST /apps.
      expect((await shop.device('magic-online')).magic).toBe('online');
      expect((await sandbox.openApp('blog')).appid).toBe('blog');

      // The alias is bound as bind_alias binds it: a push to it reaches both devices.
      const push = signedIn(sandbox);
      expect((await push.GET('/query_cid/{alias}', { params: { path: { alias: 'alice' } } })).cid?.sort()).toEqual([
        'alice-phone',
        'alice-tablet',
      ]);
      await push.POST('/push_single', { body: { ...transmission('w-1'), alias: 'alice' } });
      expect((await shop.inbox('alice-phone')).messages).toHaveLength(1);

      const snapshots = (await sandbox.control.GET('/snapshots')).data!.snapshots;
      expect(snapshots).toEqual([
        expect.objectContaining({
          name: 'seed',
          appid: null,
          apps: [DEFAULT_APP.appid, 'shop', 'blog'],
          devices: 3 + 6 + 3,
        }),
      ]);
      // Back to the seed: the message is gone, the world is as the file says.
      await sandbox.restoreSnapshot('seed');
      expect((await shop.inbox('alice-phone')).messages).toHaveLength(0);
      expect((await shop.device('alice-tablet')).alias).toBe('alice');

      // One app of the seed, from another process's view (connectSandbox): the other apps keep their changes.
      const elsewhere = connectSandbox({ url: sandbox.url });
      const blog = await elsewhere.openApp('blog');
      await blog.addDevice({ cid: 'blog-reader' });
      await shop.addDevice({ cid: 'shop-visitor' });
      expect(await shop.restore('seed')).toMatchObject({ name: 'seed', appid: null });
      await expect(shop.device('shop-visitor')).rejects.toMatchObject({ status: 404 });
      expect((await blog.device('blog-reader')).cid).toBe('blog-reader');
      const stranger = await elsewhere.app();
      const missing = (await stranger.restore('seed').catch((e: unknown) => e)) as ControlError;
      expect(missing.status).toBe(404);
      expect(missing.problem?.detail).toBe(
        `snapshot "seed" holds no app "${stranger.appid}"; it holds: ${DEFAULT_APP.appid}, shop, blog`,
      );
    } finally {
      await sandbox.stop();
    }
  });

  it('reads JSON too, and an object given to startSandbox', async () => {
    const json = worldFile(JSON.stringify({ apps: [{ appid: 'from-json', devices: [{ cid: 'one' }] }] }), 'world.json');
    const fromFile = await startSandbox({ seed: json });
    const fromObject = await startSandbox({ seed: { apps: [{ appid: 'from-object', devices: [{ cid: 'one' }] }] } });
    try {
      expect((await (await fromFile.openApp('from-json')).device('one')).cid).toBe('one');
      expect((await (await fromObject.openApp('from-object')).device('one')).cid).toBe('one');
    } finally {
      await Promise.all([fromFile.stop(), fromObject.stop()]);
    }
  });

  it('a world that breaks its schema stops the start, naming the place', async () => {
    const broken = worldFile(WORLD_YAML.replace('{ cid: bob-phone, ', '{ '));
    const error = await startSandbox({ seed: broken }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as Error).message).toBe(
      `seed ${broken}: breaks the World schema of the control document: apps.0.devices.2.cid: is required`,
    );
    const unknownKey = await startSandbox({ seed: { apps: [{ appid: 'x', colour: 'red' }] } as never }).catch(
      (e: unknown) => e,
    );
    expect((unknownKey as Error).message).toContain('apps.0.colour: is not allowed here');
  });

  it('a file that is not YAML, a missing file and a world that cannot be made are clear errors', async () => {
    const notYaml = worldFile('apps: [unclosed', 'bad.yaml');
    expect(((await startSandbox({ seed: notYaml }).catch((e: unknown) => e)) as Error).message).toMatch(
      new RegExp(`^seed ${notYaml}: is not YAML: `),
    );
    const missing = path.join(tempDir(), 'nowhere.json');
    expect(((await startSandbox({ seed: missing }).catch((e: unknown) => e)) as Error).message).toBe(
      `seed ${missing}: cannot be read (ENOENT)`,
    );
    const twice = { apps: [{ appid: 'a', devices: [{ cid: 'same' }, { cid: 'same' }] }] };
    expect(((await startSandbox({ seed: twice }).catch((e: unknown) => e)) as Error).message).toBe(
      'seed (the seed option): apps[0] (a): cid "same" is in its devices more than once',
    );
  });

  it('a world is bounded by what it costs: YAML aliases by what they expand to, a file by its bytes', async () => {
    const error = async (seed: string) => ((await startSandbox({ seed }).catch((e: unknown) => e)) as Error).message;
    // 99 aliases of one list of 1,011 devices: 25 KB written, 100,089 devices once expanded.
    const devices = Array.from({ length: 1011 }, (_, i) => `      - {cid: d${i}}`).join('\n');
    const apps = Array.from({ length: 99 }, (_, i) => `  - appid: app-${i + 1}\n    devices: *devices`).join('\n');
    const bomb = worldFile(`apps:\n  - appid: app-0\n    devices: &devices\n${devices}\n${apps}\n`);
    expect(fs.statSync(bomb).size).toBeLessThan(25_000);
    expect(await error(bomb)).toMatch(
      new RegExp(
        `^seed ${bomb}: its aliases expand to [\\d,]+ nodes where [\\d,]+ are written; aliases may add at most 100,000 `,
      ),
    );
    // Aliases that repeat a little still load.
    const shared = await startSandbox({
      seed: worldFile(
        'apps:\n  - appid: a\n    devices:\n      - { cid: one, tags: &tags [x, y] }\n      - { cid: two, tags: *tags }\n',
      ),
    });
    expect(
      (await shared.control.GET('/apps/{appid}/devices/{cid}', { params: { path: { appid: 'a', cid: 'two' } } })).data,
    ).toMatchObject({ tags: ['x', 'y'] });
    await shared.stop();
    // One byte over the limit (1 MiB of YAML, 4 MiB of JSON): refused by its size, before it is read.
    const bigYaml = worldFile(`{"apps":[{"appid":"a"}]}`.padEnd(1024 * 1024 + 1, ' '), 'big.yaml');
    expect(await error(bigYaml)).toBe(
      `seed ${bigYaml}: has 1,048,577 bytes; a YAML world has at most 1,048,576 (1 MiB): write it as JSON (up to 4 MiB), split it, or add the devices through the control API`,
    );
    const bigJson = worldFile(`{"apps":[{"appid":"a"}]}`.padEnd(4 * 1024 * 1024 + 1, ' '), 'big.json');
    expect(await error(bigJson)).toBe(
      `seed ${bigJson}: has 4,194,305 bytes; a JSON world has at most 4,194,304 (4 MiB): split it, or add the devices through the control API`,
    );
    // At the limit, it is read.
    const atLimit = await startSandbox({
      seed: worldFile(`{"apps":[{"appid":"at-limit"}]}`.padEnd(1024 * 1024, ' '), 'limit.yaml'),
    });
    expect((await atLimit.control.GET('/apps')).data!.apps.map((a) => a.appid)).toContain('at-limit');
    await atLimit.stop();
  });

  it('a JSON world with a key written twice in one object is refused, naming the place, as YAML refuses it', async () => {
    const error = async (seed: string) => ((await startSandbox({ seed }).catch((e: unknown) => e)) as Error).message;
    const app = JSON.stringify({ appid: 'first', devices: [{ cid: 'x' }] }).slice(1, -1);
    const twiceInApp = worldFile(
      `{\n  "apps": [\n    { "appid": "zero" },\n    {${app}, "appid": "second", "devices": [{"cid": "y"}]}\n  ]\n}\n`,
      'twice.json',
    );
    expect(await error(twiceInApp)).toBe(
      `seed ${twiceInApp}: has the key "appid" twice in one object, at apps[1] (line 4); JSON readers disagree on which one counts`,
    );
    const twiceInDevice = worldFile(
      '{"apps": [{"appid": "a", "devices": [{"cid": "x, \\"cid\\"", "tags": ["cid"], "cid": "y"}]}]}',
      'device.json',
    );
    expect(await error(twiceInDevice)).toContain(
      `has the key "cid" twice in one object, at apps[0].devices[0] (line 1)`,
    );
    const yaml = worldFile('apps:\n  - appid: first\n    appid: second\n');
    expect(await error(yaml)).toMatch(/Map keys must be unique/);
  });

  it('the command exits 2 with the message on a broken world, and says where it was seeded from', async () => {
    const broken = worldFile('apps: []');
    const { code, output } = await runCli(['--port', '0', '--seed', broken]);
    expect(code).toBe(2);
    expect(output).toContain(
      `seed ${broken}: breaks the World schema of the control document: apps: must NOT have fewer than 1 items`,
    );
  });
});

describe('the command', () => {
  it('--seed and --compat: the world is there, its apps read leniently, and the banner says both', async () => {
    const file = worldFile();
    const cli = await startCli(['--port', '0', '--seed', file, '--compat', 'lenient', '--quiet']);
    try {
      const banner = cli.lines.join('\n');
      expect(banner).toContain(`seeded from          ${file} (snapshot "seed")`);
      expect(banner).toContain('compat mode          lenient (deviations are accepted and recorded)');
      const remote = connectSandbox({ url: cli.url });
      expect((await (await remote.openApp('shop')).device('alice-phone')).alias).toBe('alice');
      // An app made without a compat setting takes the sandbox's.
      const made = await remote.control.GET('/apps/{appid}', {
        params: { path: { appid: (await remote.app()).appid } },
      });
      expect(made.data!.settings.compat).toBe('lenient');
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('an unknown compat mode exits 2 naming the modes', async () => {
    const { code, output } = await runCli(['--port', '0', '--compat', 'loose']);
    expect(code).toBe(2);
    expect(output).toContain('compat mode "loose" is not one of: strict, lenient');
  });
});

describe('a world loaded into a running sandbox', () => {
  it('replaces the apps it names and leaves the others; a world that cannot be made changes nothing', async () => {
    const sandbox = await startSandbox();
    try {
      const other = await sandbox.app({ appid: 'other' });
      await sandbox.loadWorld({ apps: [{ appid: 'shop', devices: [{ cid: 'old-phone' }] }] });
      const loaded = await sandbox.loadWorld({ apps: [{ appid: 'shop', devices: [{ cid: 'new-phone' }] }] });
      expect(loaded).toEqual({ apps: ['shop'], devices: 4, replaced: ['shop'] });
      const shop = await sandbox.openApp('shop');
      await expect(shop.device('old-phone')).rejects.toBeInstanceOf(ControlError);
      expect((await shop.device('new-phone')).cid).toBe('new-phone');
      expect((await other.device('magic-online')).cid).toBe('magic-online');

      const before = sandbox.snapshot();
      for (const world of [
        { apps: [{ appid: 'shop' }, { appid: 'shop' }] },
        { apps: [{ appid: 'fresh', devices: [{ cid: 'magic-online' }] }] },
        { apps: [{ appid: 'fresh', userCode: other.userCode }] },
        {
          apps: [{ appid: 'fresh', devices: Array.from({ length: 11 }, (_, i) => ({ cid: `c${i}`, alias: 'crowd' })) }],
        },
      ]) {
        const error = (await sandbox.loadWorld(world).catch((e: unknown) => e)) as ControlError;
        expect(error.status, JSON.stringify(world).slice(0, 80)).toBe(409);
      }
      expect(sandbox.snapshot()).toEqual(before);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('snapshots', () => {
  it('an app goes back to its snapshot: devices, inboxes, aliases, tasks, clock and settings', async () => {
    const sandbox = await startSandbox();
    try {
      const app = await sandbox.app({ clock: { time: '2030-01-01T00:00:00Z' } });
      await app.addDevice({ cid: 'kept', online: true });
      const neighbour = await sandbox.app();
      const saved = await app.snapshot();
      expect(saved).toMatchObject({ name: app.appid, appid: app.appid, apps: [app.appid], devices: 4 });
      const state = () =>
        (sandbox.snapshot() as { apps: { record: { appid: string } }[] }).apps.find(
          (a) => a.record.appid === app.appid,
        );
      const before = state();

      const push = createPushClient({ ...app.pushOptions, retry: false });
      await push.POST('/push_single', { body: { ...transmission('s-1'), cid: 'kept' } });
      await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'kept', alias: 'carol' }] } });
      await app.addDevice({ cid: 'added' });
      await app.advance(3_600_000);
      await app.update({ inboxLimit: 3 });
      await neighbour.addDevice({ cid: 'neighbour-device' });

      const restored = await app.restore();
      expect(restored.name).toBe(app.appid);
      expect(state()).toEqual(before);
      expect((await app.inbox('kept')).messages).toEqual([]);
      expect(await app.tasks()).toEqual([]);
      await expect(app.device('added')).rejects.toMatchObject({ status: 404 });
      expect((await app.clock()).iso).toBe('2030-01-01T00:00:00.000Z');
      // Other apps are not touched by an app's restore.
      expect((await neighbour.device('neighbour-device')).cid).toBe('neighbour-device');
      // The restored app works: a sign-in, a push, a message.
      await createPushClient({ ...app.pushOptions, retry: false }).POST('/push_single', {
        body: { ...transmission('s-2'), cid: 'kept' },
      });
      expect((await app.inbox('kept')).messages).toHaveLength(1);
    } finally {
      await sandbox.stop();
    }
  });

  it('a snapshot of the whole sandbox removes the apps made since; a restore is one event', async () => {
    const sandbox = await startSandbox();
    try {
      const first = await sandbox.app();
      await sandbox.saveSnapshot('start');
      const later = await sandbox.app();
      await first.addDevices(Array.from({ length: 50 }, (_, i) => ({ cid: `bulk-${i}` })));
      const { events: seen } = (await sandbox.control.GET('/events')).data!;
      const after = seen.at(-1)!.id;
      await sandbox.restoreSnapshot('start');
      const events = (await sandbox.control.GET('/events', { params: { query: { after } } })).data!.events;
      expect(events.map((e) => [e.type, e.appid])).toEqual([
        ['reset', null],
        ['request', null],
      ]);
      await expect(sandbox.openApp(later.appid)).rejects.toMatchObject({ status: 404 });
      await expect(first.device('bulk-0')).rejects.toMatchObject({ status: 404 });
    } finally {
      await sandbox.stop();
    }
  });

  it('a restore is stored in the data folder: a restart comes back to it', async () => {
    const dataDir = tempDir();
    const sandbox = await startSandbox({ dataDir });
    const app = await sandbox.app({ appid: 'durable' });
    await app.snapshot('clean');
    await app.addDevices([{ cid: 'temp-1' }, { cid: 'temp-2' }]);
    await app.update({ compat: 'lenient' });
    await app.restore('clean');
    const before = sandbox.snapshot();
    await sandbox.stop();
    const again = await startSandbox({ dataDir });
    try {
      expect(again.snapshot()).toEqual(before);
      const reopened = await again.openApp('durable');
      await expect(reopened.device('temp-1')).rejects.toMatchObject({ status: 404 });
    } finally {
      await again.stop();
    }
  });

  it('refusals name what is wrong and change nothing', async () => {
    const sandbox = await startSandbox();
    try {
      const app = await sandbox.app();
      const refused = async (call: Promise<unknown>) => (await call.catch((e: unknown) => e)) as ControlError;
      const before = sandbox.snapshot();
      const unknown = await refused(sandbox.restoreSnapshot('nothing-here'));
      expect(unknown.status).toBe(404);
      expect(unknown.problem?.detail).toBe('no snapshot named "nothing-here"');
      expect(
        (await refused(sandbox.control.POST('/snapshots', { body: { name: 'x', appid: 'no-such-app' } }))).status,
      ).toBe(404);
      const badName = await refused(sandbox.control.POST('/snapshots', { body: { name: 'no spaces/please' } }));
      expect(badName.status).toBe(422);
      expect(badName.problem?.validation?.[0]?.location).toEqual(['body', 'name']);
      expect(sandbox.snapshot()).toEqual(before);

      for (let i = 0; i < 64; i++) await app.snapshot(`s${i}`);
      const full = await refused(app.snapshot('one-more'));
      expect(full.status).toBe(409);
      expect(full.problem?.detail).toContain('at most 64 snapshots');
      // A name saved again replaces its snapshot, within the bound.
      expect((await app.snapshot('s0')).name).toBe('s0');
      await sandbox.control.DELETE('/snapshots/{name}', { params: { path: { name: 's1' } } });
      expect((await app.snapshot('one-more')).name).toBe('one-more');
      const names = (await sandbox.control.GET('/snapshots')).data!.snapshots.map((s) => s.name);
      expect(names.at(-2)).toBe('s0');
      expect(names).not.toContain('s1');
    } finally {
      await sandbox.stop();
    }
  });

  it('a restore that would take a DMP user_code held by another app is refused', async () => {
    const sandbox = await startSandbox();
    try {
      const app = await sandbox.app({ appid: 'holder', userCode: 'shared-party' });
      await app.snapshot();
      await sandbox.control.DELETE('/apps/{appid}', { params: { path: { appid: 'holder' } } });
      await sandbox.app({ appid: 'taker', userCode: 'shared-party' });
      const error = (await app.restore().catch((e: unknown) => e)) as ControlError;
      expect(error.status).toBe(409);
      expect(error.problem?.detail).toBe(
        'app taker now holds the DMP user_code of app holder in snapshot "holder"; delete or reset it first',
      );
    } finally {
      await sandbox.stop();
    }
  });
});

describe('the world file schema for editors', () => {
  it('the package exports the World schema as a JSON Schema file that accepts a world and names a typo', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const schema = JSON.parse(fs.readFileSync(new URL('../../world.schema.json', import.meta.url), 'utf8')) as object;
    const exported = (
      JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        exports: Record<string, string>;
      }
    ).exports['./world.schema.json'];
    // At the package root, so that `$schema: ./node_modules/@pushapi/sandbox/world.schema.json` is a file path too.
    expect(exported).toBe('./world.schema.json');
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const { parse } = await import('yaml');
    expect(
      validate({ $schema: './node_modules/@pushapi/sandbox/world.schema.json', ...parse(WORLD_YAML) }),
      JSON.stringify(validate.errors),
    ).toBe(true);
    expect(validate({ apps: [{ appid: 'shop', devices: [{ cid: 'a', onlin: true }] }] })).toBe(false);
  });
});
