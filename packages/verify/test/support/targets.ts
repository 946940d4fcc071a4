// Targets for the tests: an app of a sandbox with two test devices in it.
import type { Sandbox } from '@pushapi/sandbox';
import type { VerifyOptions } from '../../src/index.js';

/** The run's "now": a fixed instant, so that dates and pushTime never depend on the wall clock. */
export const NOW = Date.parse('2030-03-04T05:06:07Z');
export const CIDS = ['team-phone-1', 'team-phone-2'];

/** A fresh sandbox app holding the team's devices, its clock frozen at NOW, as a verify target. */
export async function sandboxTarget(sandbox: Sandbox): Promise<VerifyOptions> {
  const app = await sandbox.app();
  await app.setClock({ time: NOW });
  await app.addDevices([
    { cid: CIDS[0]!, online: true, alias: 'team-alias' },
    { cid: CIDS[1]!, online: false, tags: ['staff'] },
  ]);
  return {
    baseUrl: sandbox.url,
    appid: app.appid,
    appkey: app.appkey,
    masterSecret: app.mastersecret,
    cids: CIDS,
    dmp: { url: app.dmpOptions.baseUrl, userCode: app.userCode, authCode: app.authCode },
  };
}
