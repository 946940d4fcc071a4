// read_inbox's text is the sandbox's screen model written as lines (src/phone-text.ts), with the sandbox's words
// (PHONE_WORDS of @pushapi/sandbox/client), never its own: the same sentences as the inbox page and app.screen(cid).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPushClient } from '@pushapi/push-v1-client';
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { PHONE_WORDS } from '@pushapi/sandbox/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phoneText } from '../src/phone-text.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

it("writes an iPhone's message without push_info with the screen's words, as app.screen(cid) gives them", async () => {
  const app = await sandbox.app();
  await app.addDevice({ cid: 'iphone', online: true, phonetype: 'IOS' });
  await createPushClient({ ...app.pushOptions }).POST('/push_single', {
    body: {
      message: { msgtype: 'notification', is_offline: true },
      notification: { style: { type: 0, title: 'Order 1', text: 'Shipped', logo: 'icon.png', channelLevel: 1 } },
      cid: 'iphone',
    },
  });
  const [message] = (await app.inbox('iphone')).messages;
  const [screen] = (await app.screen('iphone')).messages;
  expect(message).toBeDefined();
  expect(screen?.title).toBe(PHONE_WORDS.notOnIos);
  if (!message) return;
  const text = phoneText(message, { phonetype: 'IOS', utcOffsetMinutes: 480, now: message.sentAt });
  expect(text).toContain(PHONE_WORDS.notOnIosWhy);
});

it('writes none of the sentences of PHONE_WORDS itself', () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/phone-text.ts');
  const source = fs.readFileSync(file, 'utf8').replace(/\s+/g, ' ');
  const sentences = Object.values(PHONE_WORDS).filter((words) => words.length >= 25);
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences.filter((words) => source.includes(words.slice(0, 30)))).toEqual([]);
});
