// DMP under an app's own base, /apps/<appid>/dmp/…: the same operations as /dmp/…, with the appid in the path so
// that a load balancer in front of several sandboxes can route a DMP call by its app like every other call of it
// (the DMP interface itself names no app). The call must then concern that app: a party or token of another app
// is refused, and an app this process does not have is named (its process may have restarted without --data).
import { MOUNTS } from '../shared/config.js';
import { Refusal } from '../shared/refusal.js';
import type { AppState } from '../state/store.js';

/** Where an app's DMP base starts: `/apps/<appid>` + the DMP mount. */
export const APP_BASE = '/apps';

const SCOPED = new RegExp(`^${APP_BASE}/([^/]+)(${MOUNTS.dmp}(?:/.*)?)$`);

/** The appid and the path under /dmp of a call made under /apps/<appid>/dmp/, or undefined for any other path. */
export function appScopedPath(pathname: string): { appid: string; pathname: string } | undefined {
  const [, segment, under] = SCOPED.exec(pathname) ?? [];
  if (segment === undefined || under === undefined) return undefined;
  let appid: string;
  try {
    appid = decodeURIComponent(segment);
  } catch {
    throw new Refusal('bad-path', `path segment "${segment.slice(0, 100)}" is not valid percent-encoding`, 400);
  }
  return { appid, pathname: under };
}

/** Refuses a call under /apps/<appid>/dmp/ whose app is not that one (or does not exist here). */
export function checkAppBase(appid: string | undefined, app: AppState | undefined, exists: boolean): void {
  if (appid === undefined) return;
  if (!exists)
    throw new Refusal(
      'not-found',
      `no app with appid "${appid.slice(0, 100)}" in this sandbox (DMP base ${APP_BASE}/<appid>${MOUNTS.dmp}); a sandbox without --data loses its apps when it restarts`,
      404,
    );
  if (app && app.record.appid !== appid) {
    throw new Refusal(
      'unauthorized',
      `these credentials belong to another app than "${appid.slice(0, 100)}", whose DMP base this is`,
      401,
    );
  }
}
