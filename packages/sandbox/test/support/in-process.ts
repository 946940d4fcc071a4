// A sandbox of the test file's own, in this process, for tests that look at its state directly (snapshots),
// and raw requests to it: the credentials of its default app, and any body, header or path a client would not send.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_APP } from '../../src/shared/config.js';
import { startSandbox, type Sandbox } from '../../src/index.js';
import type { SandboxOptions } from '../../src/start/sandbox.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Starts a sandbox before the file's tests and stops it after them. */
export function ownSandbox(options: SandboxOptions = {}): { readonly current: Sandbox } {
  const holder = {} as { current: Sandbox };
  beforeAll(async () => {
    holder.current = await startSandbox(options);
  });
  afterAll(async () => {
    await holder.current?.stop();
  });
  return holder;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export async function raw(url: string, init: RequestInit = {}): Promise<RawAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** An authtoken of the sandbox's default app. */
export async function defaultAppToken(sandbox: Sandbox): Promise<string> {
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(`${DEFAULT_APP.appkey}${timestamp}${DEFAULT_APP.mastersecret}`)
    .digest('hex');
  const answer = await raw(`${sandbox.url}/v1/${DEFAULT_APP.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: DEFAULT_APP.appkey }),
  });
  return answer.body.auth_token as string;
}

/** A DMP access token of the default app's party. */
export async function defaultPartyToken(sandbox: Sandbox): Promise<string> {
  const timestamp = String(Date.now());
  const query = new URLSearchParams({
    user_code: DEFAULT_APP.userCode,
    sign1: md5(DEFAULT_APP.userCode + md5(timestamp)),
    sign2: md5(DEFAULT_APP.userCode + DEFAULT_APP.authCode + md5(timestamp)),
    timestamp,
  });
  return (await raw(`${sandbox.dmpBaseUrl}/accesser/auth?${query}`)).body.access_token as string;
}
