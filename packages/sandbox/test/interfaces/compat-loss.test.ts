// Compat mode converts only what converts without loss: a number where text is due is read as text only when it is
// a safe integer. Past 2^53 JSON.parse has already dropped digits (9007199254740993 reads as 9007199254740992), so
// two different requestids would become one and the second push would be answered as a replay of the first.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { SandboxApp } from '../../src/client/control-client.js';
import { ownSandbox, raw } from '../support/in-process.js';

const sandbox = ownSandbox();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function lenientApp() {
  const app = await sandbox.current.app({ settings: { compat: 'lenient' } });
  const timestamp = String(Date.now());
  const signed = await raw(`${sandbox.current.url}/v1/${app.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sign: sha256(`${app.appkey}${timestamp}${app.mastersecret}`),
      timestamp,
      appkey: app.appkey,
    }),
  });
  return { app, token: signed.body.auth_token as string };
}

/** push_single to magic-online whose requestid is written as the JSON number `digits` (text, so no digit is lost here). */
const pushWithNumericRequestid = (app: SandboxApp, token: string, digits: string) =>
  raw(`${sandbox.current.url}/v1/${app.appid}/push_single`, {
    method: 'POST',
    headers: { authtoken: token, 'content-type': 'application/json' },
    body: `{"message":{"msgtype":"transmission","is_offline":true},"transmission":{"transmission_content":"id ${digits}"},"cid":"magic-online","requestid":${digits}}`,
  });

it('refuses requestids beyond 2^53 (9007199254740993 and 9007199254740992), naming the place and why; nothing is delivered or recorded', async () => {
  const { app, token } = await lenientApp();
  const before = sandbox.current.snapshot();
  for (const digits of ['9007199254740993', '9007199254740992']) {
    const answer = await pushWithNumericRequestid(app, token, digits);
    expect(answer.status).toBe(422);
    expect(answer.body.validation).toEqual([
      expect.objectContaining({
        location: ['body', 'requestid'],
        code: 'type',
        message: expect.stringContaining('is beyond 2^53, where a JSON number loses digits'),
      }),
    ]);
    expect(answer.body.validation[0].message).toContain('send it as a string');
  }
  expect(sandbox.current.snapshot()).toEqual(before);
  expect((await app.inbox('magic-online')).messages).toEqual([]);
  expect((await app.deviations()).deviations).toEqual([]);
});

it('refuses a requestid that is not an integer (its text is not kept); a safe integer still converts', async () => {
  const { app, token } = await lenientApp();
  const decimal = await pushWithNumericRequestid(app, token, '12345678901.50');
  expect(decimal.status).toBe(422);
  expect(decimal.body.validation[0]).toMatchObject({
    location: ['body', 'requestid'],
    message: expect.stringContaining('12345678901.5 is not an integer'),
  });
  const safe = await pushWithNumericRequestid(app, token, '9007199254740991');
  expect(safe.body).toMatchObject({ result: 'ok', status: 'successed_online' });
  const [entry] = (await app.requests()).filter((r) => r.operation === 'push_single' && r.status === 200);
  expect(entry!.deviations).toEqual([
    {
      rule: 'json-type',
      location: ['body', 'requestid'],
      detail: 'the number 9007199254740991 read as the string "9007199254740991"',
    },
  ]);
});
