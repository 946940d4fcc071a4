// Signing in for the chosen app, as the services require, in this page: the credentials come from the control API
// of this same origin, the signs are computed here (SHA-256 with WebCrypto for push v1; MD5, which WebCrypto lacks,
// through the DMP client's helper), and only the signs go out. What the console shows of a step never holds the
// master secret, the auth code or a token.
import { dmpSigns } from '@pushapi/dmp-client';
import type { ApiName } from './catalogue.js';

export interface Credentials {
  appid: string;
  appkey: string;
  mastersecret: string;
  dmp: { userCode: string; authCode: string };
}

/** One sign-in, as the console shows it. */
export interface SignInStep {
  api: ApiName;
  /** `POST /v1/<appid>/auth_sign`, `GET /dmp/accesser/auth?…` (signs shown, they are not secrets). */
  request: string;
  /** How each sent value was computed, with the secret named, never written. */
  computed: { name: string; value: string; how: string }[];
  status: number;
  /** `result` (push v1) or `code` (DMP), and desc. */
  outcome: string;
  ok: boolean;
}

export interface SignedIn {
  /** The token (kept in memory by the console, sent in a header, never shown). */
  token: string | undefined;
  step: SignInStep;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('WebCrypto is not available on this page (open the sandbox at http://127.0.0.1 or http://localhost)');
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

const outcomeOf = (body: unknown): string => {
  const record = (body ?? {}) as Record<string, unknown>;
  const head = typeof record.result === 'string' ? record.result : typeof record.code === 'string' ? record.code : '';
  return [head, typeof record.desc === 'string' ? record.desc : ''].filter(Boolean).join(': ');
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** auth_sign: sign = sha256(appkey + timestamp + mastersecret), timestamp the app's clock in milliseconds. */
export async function pushSignIn(credentials: Credentials, appNow: number): Promise<SignedIn> {
  const timestamp = String(Math.round(appNow));
  const sign = await sha256Hex(credentials.appkey + timestamp + credentials.mastersecret);
  const path = `/v1/${encodeURIComponent(credentials.appid)}/auth_sign`;
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: credentials.appkey }),
  });
  const body = (await readJson(response)) as { result?: string; auth_token?: string } | undefined;
  const ok = response.ok && body?.result === 'ok' && typeof body.auth_token === 'string';
  return {
    token: ok ? body!.auth_token : undefined,
    step: {
      api: 'push-v1',
      request: `POST ${path}`,
      computed: [
        { name: 'appkey', value: credentials.appkey, how: "the app's appkey" },
        { name: 'timestamp', value: timestamp, how: "the app's clock, in milliseconds" },
        { name: 'sign', value: sign, how: 'sha256(appkey + timestamp + mastersecret), computed in this page' },
      ],
      status: response.status,
      outcome: outcomeOf(body),
      ok,
    },
  };
}

/** /accesser/auth: sign1 = MD5(user_code + MD5(timestamp)), sign2 = MD5(user_code + auth_code + MD5(timestamp)). */
export async function dmpSignIn(credentials: Credentials, appNow: number): Promise<SignedIn> {
  const timestamp = String(Math.round(appNow));
  const { userCode, authCode } = credentials.dmp;
  const { sign1, sign2 } = dmpSigns(userCode, authCode, timestamp);
  const query = new URLSearchParams({ user_code: userCode, sign1, sign2, timestamp });
  const path = `/dmp/accesser/auth?${query.toString()}`;
  const response = await fetch(path, { headers: { accept: 'application/vnd.dmp.v1+json' } });
  const body = (await readJson(response)) as { access_token?: string } | undefined;
  const ok = response.ok && typeof body?.access_token === 'string';
  return {
    token: ok ? body!.access_token : undefined,
    step: {
      api: 'dmp',
      request: `GET ${path}`,
      computed: [
        { name: 'user_code', value: userCode, how: "the app's DMP party" },
        { name: 'timestamp', value: timestamp, how: "the app's clock, in milliseconds" },
        { name: 'sign1', value: sign1, how: 'MD5(user_code + MD5(timestamp)), computed in this page' },
        { name: 'sign2', value: sign2, how: 'MD5(user_code + auth_code + MD5(timestamp)), computed in this page' },
      ],
      status: response.status,
      outcome: ok ? `access_token received (expires in ${String((body as { expires_in?: unknown }).expires_in ?? '?')} s)` : outcomeOf(body),
      ok,
    },
  };
}
