// @ts-check
// The server every smoke run calls: the consumer projects and the runtime matrix all start it here, and
// only here. It is the sandbox of `@pushapi/sandbox`, started with the suite's CREDENTIALS as its default
// app, so sign-in, signs and refusals are checked for real (the mock checks only that a credential is there).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CREDENTIALS } from '../smoke/suite.mjs';

/** The package that serves the smoke runs. */
export const SMOKE_TARGET_PACKAGE = '@pushapi/sandbox';

/**
 * @typedef {object} SmokeTarget
 * @property {string} pushBaseUrl  base URL to give the push v1 client
 * @property {string} dmpBaseUrl   base URL to give the DMP client
 * @property {() => Promise<void>} stop
 */

/**
 * Starts the smoke target on a free loopback port.
 * @param {{ from: string }} options  `from`: the folder whose node_modules provides the server package,
 *   so a consumer project runs the server it installed from its tarball.
 * @returns {Promise<SmokeTarget>}
 */
export async function startSmokeTarget({ from }) {
  const entry = createRequire(path.join(from, 'package.json')).resolve(SMOKE_TARGET_PACKAGE);
  /** @type {typeof import('@pushapi/sandbox')} */
  const { startSandbox } = await import(pathToFileURL(entry).href);
  const { appId, appKey, masterSecret, userCode, authCode } = CREDENTIALS;
  const sandbox = await startSandbox({
    defaultApp: { appid: appId, appkey: appKey, mastersecret: masterSecret, userCode, authCode },
  });
  return { pushBaseUrl: sandbox.pushBaseUrl, dmpBaseUrl: sandbox.dmpBaseUrl, stop: () => sandbox.stop() };
}
