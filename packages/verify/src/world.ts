// `pushapi-verify world <dir>`: a recording of the proxy as a sandbox world (the apps, devices, aliases and tags
// it saw), so that a team can replay offline what it observed. The master secret is not in a recording: the
// world carries one made from the appid (a sandbox credential, the same at every start, never the real one).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { components } from '@pushapi/sandbox';
import { isObject } from './check/answer.js';
import { RECORDING_FILE, type RecordedExchange } from './proxy/recorder.js';
import { UsageError } from './verify.js';

type World = components['schemas']['World'];
type WorldDevice = NonNullable<components['schemas']['WorldApp']['devices']>[number];

interface SeenApp {
  appkey?: string;
  devices: Map<string, WorldDevice>;
}

const ok = (e: RecordedExchange) => isObject(e.response.body) && e.response.body.result === 'ok' && !e.refusedLocally;

function readRecording(dir: string): RecordedExchange[] {
  const file = path.join(dir, RECORDING_FILE);
  if (!fs.existsSync(file))
    throw new UsageError(`world: ${file} does not exist (record with pushapi-verify proxy --record ${dir})`);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, i) => {
      try {
        return JSON.parse(line) as RecordedExchange;
      } catch {
        throw new UsageError(`world: ${file} line ${i + 1} is not JSON`);
      }
    });
}

/** Applies what one exchange says about the app's devices. */
function learn(app: SeenApp, e: RecordedExchange): void {
  const body = isObject(e.request.body) ? e.request.body : {};
  const answer = isObject(e.response.body) ? e.response.body : {};
  const device = (cid: string) => app.devices.get(cid) ?? app.devices.set(cid, { cid }).get(cid)!;
  const cidParam = decodeURIComponent(e.request.path.split('/').pop() ?? '');
  switch (e.operationId) {
    case 'authSign':
      if (typeof body.appkey === 'string') app.appkey = body.appkey;
      break;
    case 'userStatus':
      if (answer.status === 'online' || answer.status === 'offline')
        device(cidParam).online = answer.status === 'online';
      break;
    case 'bindAlias':
      if (ok(e) && Array.isArray(body.alias_list))
        for (const p of body.alias_list.filter(isObject)) device(String(p.cid)).alias = String(p.alias);
      break;
    case 'queryAlias':
      if (ok(e) && typeof answer.alias === 'string' && answer.alias) device(cidParam).alias = answer.alias;
      break;
    case 'unbindAlias':
      if (ok(e) && typeof body.cid === 'string') delete device(body.cid).alias;
      break;
    case 'setTags':
      if (ok(e) && typeof body.cid === 'string' && Array.isArray(body.tag_list))
        device(body.cid).tags = body.tag_list.map(String);
      break;
    case 'getTags':
      if (ok(e) && typeof answer.tags === 'string')
        device(cidParam).tags = answer.tags.split(/[\s,;]+/).filter(Boolean);
      break;
    case 'pushSingle':
      if (ok(e) && typeof body.cid === 'string') device(body.cid);
      break;
  }
}

/** The sandbox's master secret of a recorded app: made from the appid, so a world starts with the same one each time. */
export function sandboxSecret(appid: string): string {
  return `sandbox-${createHash('sha256').update(`pushapi-verify world ${appid}`).digest('hex').slice(0, 24)}`;
}

/** The world of a recording folder. */
export function worldFromRecording(dir: string): World {
  const apps = new Map<string, SeenApp>();
  for (const e of readRecording(dir)) {
    if (e.api !== 'push-v1') continue;
    const appid = decodeURIComponent(e.request.path.split('/')[2] ?? '');
    if (!appid) continue;
    const app = apps.get(appid) ?? apps.set(appid, { devices: new Map() }).get(appid)!;
    learn(app, e);
  }
  return {
    apps: [...apps].map(([appid, app]) => ({
      appid,
      ...(app.appkey ? { appkey: app.appkey } : {}),
      mastersecret: sandboxSecret(appid),
      devices: [...app.devices.values()],
    })),
  };
}
