// @ts-check
// The server every smoke run calls: the consumer projects and the runtime matrix all start it here, and
// only here. Today it is the Prism mock of `@pushapi/mock`; to smoke-test against another server (the
// sandbox), change this one function and the package name below. A server that checks signatures must
// accept the suite's CREDENTIALS (smoke/suite.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package that serves the smoke runs. */
export const SMOKE_TARGET_PACKAGE = '@pushapi/mock';

/**
 * @typedef {object} SmokeTarget
 * @property {string} pushBaseUrl  base URL to give the push v1 client
 * @property {string} dmpBaseUrl   base URL to give the DMP client
 * @property {() => Promise<void>} stop
 */

/**
 * Starts the smoke target on free loopback ports.
 * @param {{ from: string }} options  `from`: the folder whose node_modules provides the server package,
 *   so a consumer project runs the server it installed from its tarball.
 * @returns {Promise<SmokeTarget>}
 */
export async function startSmokeTarget({ from }) {
  const entry = createRequire(path.join(from, 'package.json')).resolve(SMOKE_TARGET_PACKAGE);
  /** @type {typeof import('@pushapi/mock')} */
  const { startMocks } = await import(pathToFileURL(entry).href);
  const { servers, stop } = await startMocks({ port: 0 });
  const push = servers['push-v1'];
  const dmp = servers.dmp;
  if (!push || !dmp) throw new Error(`${SMOKE_TARGET_PACKAGE} started ${Object.keys(servers).join(', ')}, not push-v1 and dmp`);
  return { pushBaseUrl: push.baseUrl, dmpBaseUrl: dmp.baseUrl, stop };
}
