// The sign-ins a send took, as the console shows them: read from the recorded exchanges of the client's sign-in
// (POST /v1/<appid>/auth_sign, GET /dmp/accesser/auth). Each value sent is shown with how it was computed, the
// secret named, never written; the token of the answer is never shown.
import type { ApiName } from './catalogue.js';
import { answerJson, type Exchange } from './exchanges.js';

export interface SignInStep {
  /** `POST /v1/<appid>/auth_sign`, `GET /dmp/accesser/auth?…` (signs shown, they are not secrets). */
  request: string;
  computed: { name: string; value: string; how: string }[];
  status: number;
  /** `result` (push v1) or `code` (DMP), and desc. */
  outcome: string;
  ok: boolean;
}

const CLOCK = "the app's clock, in milliseconds";
/** What each sent value of a sign-in is, in the order the console shows them. */
const HOW: Record<ApiName, [name: string, how: string][]> = {
  'push-v1': [
    ['appkey', "the app's appkey"],
    ['timestamp', CLOCK],
    ['sign', 'sha256(appkey + timestamp + mastersecret), computed in this page by the push v1 client'],
  ],
  dmp: [
    ['user_code', "the app's DMP party"],
    ['timestamp', CLOCK],
    ['sign1', 'MD5(user_code + MD5(timestamp)), computed in this page by the DMP client'],
    ['sign2', 'MD5(user_code + auth_code + MD5(timestamp)), computed in this page by the DMP client'],
  ],
};

/** The path of each API's sign-in, as the URL ends. */
const SIGN_IN_PATH: Record<ApiName, RegExp> = { 'push-v1': /^\/v1\/[^/]+\/auth_sign$/, dmp: /^\/dmp\/accesser\/auth$/ };

export const isSignIn = (api: ApiName, exchange: Exchange) => SIGN_IN_PATH[api].test(new URL(exchange.url).pathname);

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** `result: desc` (push v1) or `code: desc` (DMP) of an answer. */
export function outcomeOf(body: unknown): string {
  const record = (body ?? {}) as Record<string, unknown>;
  return [text(record.result) || text(record.code), text(record.desc)].filter(Boolean).join(': ');
}

export function signInStep(api: ApiName, exchange: Exchange): SignInStep {
  const url = new URL(exchange.url);
  const sent: Record<string, unknown> =
    api === 'push-v1'
      ? ((answerJson({ text: exchange.requestText }) ?? {}) as Record<string, unknown>)
      : Object.fromEntries(url.searchParams);
  const answer = (answerJson(exchange) ?? {}) as Record<string, unknown>;
  const token = api === 'push-v1' ? answer.auth_token : answer.access_token;
  const ok = exchange.status >= 200 && exchange.status < 300 && typeof token === 'string';
  return {
    request: `${exchange.method} ${url.pathname}${url.search}`,
    computed: HOW[api].map(([name, how]) => ({ name, value: text(sent[name]), how })),
    status: exchange.status,
    outcome:
      api === 'dmp' && ok
        ? `access_token received (expires in ${text(answer.expires_in) || '?'} s)`
        : outcomeOf(answer),
    ok,
  };
}
