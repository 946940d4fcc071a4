// @ts-check
// The clients' smoke suite: the calls a new user makes first, through both published clients, against a
// running server (the sandbox). Plain ESM with no runtime-specific API, so the same file runs
// on Node, Bun, Deno and workerd, and in every consumer project (it is copied into each). The client
// modules are passed in, so each caller loads them its own way (import, require(), a bundler).

/**
 * The credentials the suite signs in with: the smoke target (the sandbox) is started with them as its default
 * app, and checks the signs made from them. The master secret and the auth code must never appear in anything
 * the clients report.
 */
export const CREDENTIALS = Object.freeze({
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'SMOKE_MASTER_SECRET_7f3a9c',
  userCode: 'YOUR_USER_CODE',
  authCode: 'SMOKE_AUTH_CODE_51e0b2',
});

/** The names of the checks, in order: a caller can tell a missing check from a passing one. */
export const CHECKS = [
  'push: sign in and push_single',
  'push: user_status reports an online device',
  'push: an invalid request is refused with a typed error, without the master secret',
  'dmp: config/tags lists tags',
  'dmp: tags/user with hashed device ids',
  'dmp: a refused call is a typed error, without the auth code',
  'close both clients',
];

/**
 * @param {boolean} condition
 * @param {string} message
 * @returns {asserts condition}
 */
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** @param {unknown} error */
function describeError(error) {
  if (!(error instanceof Error)) return String(error);
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const key of Object.keys(error)) fields[key] = /** @type {any} */ (error)[key];
  return `${error.name}: ${error.message} ${JSON.stringify(fields)}`;
}

/**
 * The error a call that must be refused rejects with; throws when it resolves.
 * @param {Promise<unknown>} call
 * @param {string} what
 * @returns {Promise<unknown>}
 */
async function refusal(call, what) {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error(`${what} was accepted`);
}

/**
 * The error is one of the clients' typed errors and does not contain the secret.
 * @param {unknown} error
 * @param {Function[]} classes
 * @param {string} secret
 */
function assertTypedError(error, classes, secret) {
  const names = classes.map((c) => c.name).join(' or ');
  assert(
    classes.some((c) => error instanceof c),
    `expected ${names}, got ${describeError(error)}`,
  );
  assert(!describeError(error).includes(secret), 'the error contains a secret');
}

/**
 * Runs every check and returns one result per check (never throws).
 * @param {{
 *   push: typeof import('@pushapi/push-v1-client'),
 *   dmp: typeof import('@pushapi/dmp-client'),
 *   pushBaseUrl: string,
 *   dmpBaseUrl: string,
 * }} options
 * @returns {Promise<{ name: string, ok: boolean, detail?: string }[]>}
 */
export async function runSmoke({ push, dmp, pushBaseUrl, dmpBaseUrl }) {
  /** @type {{ name: string, ok: boolean, detail?: string }[]} */
  const results = [];
  let index = 0;
  /** @param {() => Promise<void>} body */
  const check = async (body) => {
    const name = /** @type {string} */ (CHECKS[index++]);
    try {
      await body();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, detail: describeError(error) });
    }
  };

  const { appId, appKey, masterSecret, userCode, authCode } = CREDENTIALS;
  const pushClient = push.createPushClient({ baseUrl: pushBaseUrl, appId, appKey, masterSecret, retry: false });
  const dmpClient = dmp.createDmpClient({ baseUrl: dmpBaseUrl, userCode, authCode, retry: false });

  await check(async () => {
    const answer = await pushClient.POST('/push_single', {
      body: {
        message: { msgtype: 'notification', is_offline: true },
        notification: { style: { type: 0, text: 'Smoke test', title: 'Smoke', logo: 'icon.png' } },
        cid: 'magic-online',
      },
    });
    assert(answer.result === 'ok', `result is ${JSON.stringify(answer.result)}, expected "ok"`);
    assert(typeof answer.taskid === 'string' && answer.taskid.length > 0, `taskid is ${JSON.stringify(answer.taskid)}`);
  });

  await check(async () => {
    // magic-online: a cid every app of the sandbox has, online.
    const state = await pushClient.GET('/user_status/{cid}', { params: { path: { cid: 'magic-online' } } });
    assert(state.result === 'ok' && state.status === 'online', `user_status answered ${JSON.stringify(state)}`);
  });

  await check(async () => {
    // cid and alias together: the description allows exactly one of the two.
    const body = /** @type {any} */ ({
      message: { msgtype: 'notification', is_offline: true },
      notification: { style: { type: 0, text: 'Smoke test', title: 'Smoke', logo: 'icon.png' } },
      cid: 'magic-online',
      alias: 'ALIAS_EXAMPLE_0001',
    });
    const caught = await refusal(pushClient.POST('/push_single', { body }), 'a push with both cid and alias');
    assertTypedError(caught, [push.PushApiError, push.HttpError], CREDENTIALS.masterSecret);
  });

  await check(async () => {
    const { code, data: tags } = await dmpClient.GET('/config/tags');
    assert(code === '0', `code is ${JSON.stringify(code)}, expected "0"`);
    assert(Array.isArray(tags) && tags.length > 0, `config/tags answered ${JSON.stringify(tags)}`);
    for (const tag of tags)
      assert(typeof tag.tid === 'string' && typeof tag.tname === 'string', `not a tag: ${JSON.stringify(tag)}`);
  });

  await check(async () => {
    const body = dmp.userTagsBody({ imei: '860000000000001', mac: 'AA:BB:CC:DD:EE:0F' });
    // MD5 comes from @noble/hashes: the same value on every runtime.
    assert(body.imeiMD5 === dmp.md5Hex('860000000000001'), 'imeiMD5 is not the MD5 of the imei');
    assert(body.macMD5 === dmp.md5Hex('aabbccddee0f'), `macMD5 is ${body.macMD5}`);
    const { code, data: ids } = await dmpClient.POST('/tags/user', { body });
    assert(code === '0', `code is ${JSON.stringify(code)}, expected "0"`);
    assert(
      Array.isArray(ids) && ids.every((id) => typeof id === 'string'),
      `tags/user answered ${JSON.stringify(ids)}`,
    );
  });

  await check(async () => {
    // An MD5 field that is not 32 hex characters breaks the document's schema for /tags/user.
    const caught = await refusal(
      dmpClient.POST('/tags/user', { body: { imeiMD5: 'not-a-digest' } }),
      'an imeiMD5 that is not a digest',
    );
    assertTypedError(caught, [dmp.DmpApiError, dmp.HttpError], CREDENTIALS.authCode);
  });

  await check(async () => {
    await pushClient.close();
    await dmpClient.close();
  });
  return results;
}

/**
 * The base URLs of the server to call, from the environment of the run.
 * @param {Record<string, string | undefined>} env
 */
export function baseUrls(env) {
  const pushBaseUrl = env.PUSH_BASE_URL;
  const dmpBaseUrl = env.DMP_BASE_URL;
  if (!pushBaseUrl || !dmpBaseUrl)
    throw new Error('smoke: set PUSH_BASE_URL and DMP_BASE_URL to the base URLs of the server to call');
  return { pushBaseUrl, dmpBaseUrl };
}

/**
 * Checks what `@pushapi/openapi` gives a consumer: the bundled documents as JSON and as YAML, and the
 * request fixtures. Each consumer project loads them its own way and passes them in.
 * @param {{
 *   pushDocument: { openapi: string, paths: Record<string, unknown> },
 *   dmpDocument: { openapi: string, paths: Record<string, unknown> },
 *   pushYaml: string,
 *   fixtures: readonly { api: string, operationId: string, kind: 'valid' | 'invalid' }[],
 * }} loaded
 * @returns {{ name: string, ok: boolean, detail?: string }[]}
 */
export function checkDocuments({ pushDocument, dmpDocument, pushYaml, fixtures }) {
  /** @type {[string, () => void][]} */
  const checks = [
    [
      'openapi: JSON bundles of push v1 and DMP',
      () => {
        for (const doc of [pushDocument, dmpDocument])
          assert(/^3\.1\./.test(doc.openapi), `openapi is ${JSON.stringify(doc.openapi)}`);
        assert('/push_single' in pushDocument.paths, 'push v1 has no /push_single');
        assert('/tags/user' in dmpDocument.paths, 'DMP has no /tags/user');
      },
    ],
    [
      'openapi: YAML bundle of push v1',
      () => {
        assert(/^openapi: ['"]?3\.1\./m.test(pushYaml), 'no `openapi: 3.1.x` line');
        assert(pushYaml.includes('/push_single:'), 'no /push_single path');
      },
    ],
    [
      'openapi: request fixtures',
      () => {
        for (const kind of ['valid', 'invalid']) {
          assert(
            fixtures.some((f) => f.operationId === 'pushSingle' && f.kind === kind),
            `no ${kind} pushSingle fixture`,
          );
        }
      },
    ],
  ];
  return checks.map(([name, body]) => {
    try {
      body();
      return { name, ok: true };
    } catch (error) {
      return { name, ok: false, detail: describeError(error) };
    }
  });
}

/**
 * What every consumer project's smoke script does: the documents checks, then the clients' suite against
 * the server named by the environment; prints the report line and returns the exit code.
 * @param {Parameters<typeof checkDocuments>[0] & Omit<Parameters<typeof runSmoke>[0], 'pushBaseUrl' | 'dmpBaseUrl'> & {
 *   env: Record<string, string | undefined>,
 * }} options
 * @returns {Promise<number>}
 */
export async function consumerSmoke({ env, push, dmp, ...documents }) {
  const results = [...checkDocuments(documents), ...(await runSmoke({ push, dmp, ...baseUrls(env) }))];
  console.log(reportLine(results));
  return results.every((r) => r.ok) ? 0 : 1;
}

/**
 * One line a test harness reads back from any runtime's output.
 * @param {{ name: string, ok: boolean, detail?: string }[]} results
 */
export function reportLine(results) {
  return `SMOKE ${JSON.stringify(results)}`;
}
