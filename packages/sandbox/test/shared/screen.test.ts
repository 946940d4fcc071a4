// app.screen(cid): what each platform shows of each message, from the one phone model the inbox page draws and the
// MCP server writes (src/shared/phone-screen.ts), with the same words on every surface (PHONE_WORDS). The MCP
// server's side, in its own package: packages/sandbox-mcp/test/phone-text.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drawnTitle } from '../../page/src/drawn.js';
import { PHONE_WORDS, type PhoneScreen } from '../../src/index.js';
import { newApp, pushClient } from '../support/env.js';

const order = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { msgtype: 'notification' as const, is_offline: true },
  notification: { style: { type: 0 as const, title: 'Order 1', text, logo: 'icon.png', ...extra } },
});
const alert = { push_info: { aps: { alert: { title: 'Order 1 (iOS)', body: 'Shipped' }, autoBadge: '+1' } } };

describe('app.screen(cid)', () => {
  it('shows each platform its own view: the Android bar and lock screen, the iOS alert, a pass-through', async () => {
    const app = await newApp();
    await app.addDevices([
      { cid: 'pixel', online: true, phonetype: 'ANDROID' },
      { cid: 'iphone', online: true, phonetype: 'IOS' },
    ]);
    const push = pushClient(app);
    for (const cid of ['pixel', 'iphone']) {
      await push.POST('/push_single', { body: { ...order('Shipped'), ...alert, cid } });
      await push.POST('/push_single', { body: { ...order('Quiet', { channelLevel: 1 }), cid } });
      await push.POST('/push_single', {
        body: {
          message: { msgtype: 'transmission', is_offline: true },
          transmission: { transmission_content: '{"order":1}' },
          cid,
        },
      });
    }
    const pixel = await app.screen('pixel');
    expect(pixel).toMatchObject({ cid: 'pixel', platform: 'android', waiting: [] });
    const [shipped, quiet, pass] = pixel.messages;
    expect(shipped).toMatchObject({
      title: 'Order 1',
      android: { title: 'Order 1', text: 'Shipped', onBar: true, alerts: ['Rings', 'Vibrates'] },
      ios: null,
      app: null,
      replacedBy: null,
      tapped: false,
    });
    expect(shipped!.android!.lockScreen).toEqual({ shows: 'title and text as above', wakes: 'Wakes the screen' });
    expect(quiet!.android).toMatchObject({ title: 'Order 1', notes: [PHONE_WORDS.barLevel1] });
    expect(quiet!.android!.text).toBeUndefined();
    expect(quiet!.android!.lockScreen.shows).toBe(PHONE_WORDS.lockLevel1);
    expect(pass).toMatchObject({ title: PHONE_WORDS.deliveredToApp, android: null, app: '{"order":1}' });
    const iphone = await app.screen('iphone');
    expect(iphone.platform).toBe('ios');
    expect(iphone.messages.map((m) => m.title)).toEqual([
      'Order 1 (iOS)',
      PHONE_WORDS.notOnIos,
      PHONE_WORDS.deliveredToApp,
    ]);
    expect(iphone.messages[0]).toMatchObject({
      android: null,
      ios: { title: 'Order 1 (iOS)', body: 'Shipped', badge: '+1', sound: 'none' },
    });
    expect(iphone.messages[1]!.notes).toEqual([PHONE_WORDS.notOnIosWhy]);
  });

  it('cuts texts where the phone cuts them, says what replaced a message, and lists what waits for the device', async () => {
    const app = await newApp();
    const push = pushClient(app);
    const long = 'x'.repeat(300);
    await push.POST('/push_single', { body: { ...order(long, { notify_id: 5 }), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...order('newer', { notify_id: 5 }), cid: 'magic-online' } });
    await push.POST('/push_single', { body: { ...order('later'), cid: 'magic-offline' } });
    const online = await app.screen('magic-online');
    const [older, newer] = online.messages;
    expect(older!.android!.text).toBe(`${'x'.repeat(239)}…`);
    expect(older).toMatchObject({ replacedBy: newer!.id, android: { onBar: false } });
    expect(older!.replaced).toContain(`${newer!.id} has the same notify_id and channel`);
    const offline: PhoneScreen = await app.screen('magic-offline');
    expect(offline.messages).toEqual([]);
    expect(offline.waiting).toHaveLength(1);
    expect(offline.waiting[0]!.arrival).toMatch(/^Waiting for the device to come online since /);
  });
});

describe('the same words on every surface', () => {
  it('the page title is written from the screen', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'iphone', online: true, phonetype: 'IOS' });
    const push = pushClient(app);
    await push.POST('/push_single', { body: { ...order('Shipped', { channelLevel: 1 }), cid: 'iphone' } });
    const [message] = (await app.inbox('iphone')).messages;
    const [screen] = (await app.screen('iphone')).messages;
    expect(drawnTitle(message!, 'ios')).toBe(screen!.title);
    expect(screen!.title).toBe(PHONE_WORDS.notOnIos);
  });

  it('no surface writes these sentences itself: the page takes them from PHONE_WORDS', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = [
      ...fs.readdirSync(path.join(root, 'page/src/components')).map((f) => `page/src/components/${f}`),
      'page/src/drawn.ts',
    ];
    // The sentences (short labels such as "Background image" also name an image's alt text).
    const sentences = Object.values(PHONE_WORDS).filter((words) => words.length >= 25);
    const written = files.flatMap((file) => {
      const source = fs.readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ' ');
      return sentences.filter((words) => source.includes(words.slice(0, 30))).map((words) => `${file}: ${words}`);
    });
    expect(written).toEqual([]);
  });
});
