// The curl samples of the reference, run: every push v1 and DMP sample (each named example of each operation) goes
// through bash and curl to a sandbox, with the shell variables the samples name set to the sandbox's address and to
// tokens signed in for its default app. Each request is valid against the document (no 422, no invalid_param) and
// answered HTTP 200; a push_single sample run twice pushes twice (a new requestid each run).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apis } from '../../scripts/apis.mjs';
import { withCodeSamples } from '../src/code-samples.mjs';
import { listOperations } from '../src/document.mjs';
import { DEFAULT_APP, startSandbox } from '@pushapi/sandbox';

// The sign-in operations are sent with the examples' placeholder signs (refused by design), auth_close would close
// the token the others use: they are checked against the document only.
const NOT_RUN = new Set(['authSign', 'getAccessToken', 'authClose']);
const md5 = (text) => createHash('md5').update(text).digest('hex');

let sandbox;
let env;

beforeAll(async () => {
  sandbox = await startSandbox();
  const timestamp = String(Date.now());
  const sign = createHash('sha256')
    .update(DEFAULT_APP.appkey + timestamp + DEFAULT_APP.mastersecret)
    .digest('hex');
  const push = await fetch(`${sandbox.url}/v1/${DEFAULT_APP.appid}/auth_sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign, timestamp, appkey: DEFAULT_APP.appkey }),
  }).then((r) => r.json());
  const query = new URLSearchParams({
    user_code: DEFAULT_APP.userCode,
    timestamp,
    sign1: md5(DEFAULT_APP.userCode + md5(timestamp)),
    sign2: md5(DEFAULT_APP.userCode + DEFAULT_APP.authCode + md5(timestamp)),
  });
  const dmp = await fetch(`${sandbox.dmpBaseUrl}/accesser/auth?${query}`).then((r) => r.json());
  env = {
    PATH: process.env.PATH,
    BASE_URL: sandbox.url,
    APPID: DEFAULT_APP.appid,
    AUTH_TOKEN: push.auth_token,
    DMP_URL: sandbox.dmpBaseUrl,
    ACCESS_TOKEN: dmp.access_token,
  };
  expect(env.AUTH_TOKEN).toBeTruthy();
  expect(env.ACCESS_TOKEN).toBeTruthy();
});

afterAll(async () => {
  await sandbox?.stop();
});

/** Runs a sample with bash; each curl prints its answer, then `HTTP <status>` on a line of its own. */
// Asynchronous: the sandbox answers from this same process.
async function run(source) {
  const script = `set -e\ncurl() { command curl -sS -w '\\nHTTP %{http_code}\\n' "$@"; }\n${source}\n`;
  const { stdout: out } = await promisify(execFile)('bash', ['-c', script], { env, encoding: 'utf8' });
  const answers = [];
  let body = [];
  for (const line of out.split('\n')) {
    const status = /^HTTP (\d{3})$/.exec(line);
    if (status) {
      answers.push({ status: Number(status[1]), body: body.join('\n') });
      body = [];
    } else body.push(line);
  }
  return answers;
}

const curlOf = (entry) => entry.operation['x-codeSamples'].find((s) => s.label === 'curl').source;

for (const api of apis.filter((a) => a.name === 'push-v1' || a.name === 'dmp')) {
  describe(`the curl samples of ${api.name}`, () => {
    const doc = withCodeSamples(JSON.parse(fs.readFileSync(api.bundle, 'utf8')), api);
    const entries = listOperations(doc).filter((e) => !NOT_RUN.has(e.operation.operationId));

    it.each(entries.map((e) => [e.operation.operationId, e]))(
      '%s runs against the sandbox and is valid',
      async (_, entry) => {
        const source = curlOf(entry);
        const answers = await run(source);
        expect(answers.length).toBe(source.split('\n').filter((l) => l.startsWith('curl ')).length);
        for (const answer of answers) {
          expect(answer.status, answer.body).toBe(200);
          expect(answer.body).not.toContain('invalid_param');
        }
      },
    );
  });
}

it('a push_single sample run twice pushes twice: each run has a new requestid', async () => {
  const pushApi = apis.find((a) => a.name === 'push-v1');
  const doc = withCodeSamples(JSON.parse(fs.readFileSync(pushApi.bundle, 'utf8')), pushApi);
  const entry = listOperations(doc).find((e) => e.operation.operationId === 'pushSingle');
  // The first example, aimed at a device of the sandbox's default app.
  const [first] = curlOf(entry).split('\n\n');
  const source = first
    .replace(/"cid": "[^"]*"/, '"cid": "magic-online"')
    .replace(/"appkey": "[^"]*"/, `"appkey": "${DEFAULT_APP.appkey}"`);
  const [one] = await run(source);
  const [two] = await run(source);
  const a = JSON.parse(one.body);
  const b = JSON.parse(two.body);
  expect(a.result).toBe('ok');
  expect(b.result).toBe('ok');
  expect(a.taskid).not.toBe(b.taskid);
});
