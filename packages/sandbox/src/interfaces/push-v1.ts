// Push v1 under /v1/<appid>/: the order of checks every operation goes through, and which behaviour answers
// each operation. Checks, in order: the appid (`no_appid`), the authtoken (`not_auth`), the request against the
// document (HTTP 422 naming each violation), a repeated requestid (the first answer again), the app's rate
// limits (`too_frequent`); then the behaviour. A refusal at any step changes nothing.
import type { operations } from '@pushapi/push-v1-client';
import { bindAlias, queryAlias, queryCid, unbindAlias, unbindAliasAll } from '../behaviour/aliases.js';
import { authClose, authSign, checkToken } from '../behaviour/auth.js';
import type { PushBody, SentBody } from '../behaviour/bodies.js';
import { pushApp, pushList, pushSingle, pushSingleBatch, saveListBody, stopTask } from '../behaviour/pushes.js';
import { checkRate, countRate } from '../behaviour/rate-control.js';
import { answerOnce } from '../behaviour/request-ids.js';
import { delScheduleTask, getScheduleTask, schedulePush } from '../behaviour/schedule.js';
import {
  groupResult,
  onlineStatistics,
  pushResult,
  queryAppPush,
  queryAppUser,
  queryBiTags,
  queryUserCount,
  setBadge,
  userStatus,
} from '../behaviour/statistics.js';
import { appCheckContext } from '../behaviour/push-check-context.js';
import { changeBlacklist, getTags, setTags } from '../behaviour/tags.js';
import { CHECKED_PUSHES, pushWarnings } from '../shared/push-check.js';
import { serviceRefusal } from '../shared/refusal.js';
import type { RateLimitedOperation } from '../state/records.js';
import { json, refusalReply, type Reply } from './answer.js';
import { handlerOf, hasApp, header, type Api, type AppCall, type Call, type PathOf } from './call.js';

type Handlers = {
  [Op in keyof operations]: (
    c: AppCall<SentBody<operations[Op]>, Record<string, unknown>, PathOf<operations[Op]>>,
    kind: PushKind,
  ) => object;
};
type Handler = (c: AppCall, kind: PushKind) => Record<string, unknown>;

const token = (c: AppCall) => header(c.headers, 'authtoken') ?? '';

/** The behaviour of each operation, by operationId. */
const HANDLERS: Handlers = {
  authSign: (c) => authSign(c.unit, c.app, c.body, c.now),
  authClose: (c) => authClose(c.unit, c.app, token(c)),
  bindAlias: (c) => bindAlias(c.unit, c.app, c.body),
  queryCid: (c) => queryCid(c.app, c.params.alias),
  queryAlias: (c) => queryAlias(c.app, c.params.cid),
  unbindAlias: (c) => unbindAlias(c.unit, c.app, c.body),
  unbindAliasAll: (c) => unbindAliasAll(c.unit, c.app, c.body),
  setTags: (c) => setTags(c.unit, c.app, c.body),
  getTags: (c) => getTags(c.app, c.params.cid),
  postUserBlkList: (c) => changeBlacklist(c.unit, c.app, c.body, true),
  deleteUserBlkList: (c) => changeBlacklist(c.unit, c.app, c.body, false),
  userStatus: (c) => userStatus(c.app, c.params.cid),
  pushResult: (c) => pushResult(c.app, c.body),
  queryAppUser: (c) => queryAppUser(c.app, c.params.date, c.now),
  queryAppPush: (c) => queryAppPush(c.app, c.params.date),
  setBadge: (c) => setBadge(c.unit, c.app, c.body),
  getPushResultByGroupName: (c) => groupResult(c.app, c.params.groupName),
  getLast24hoursOnlineUserStatistics: (c) => onlineStatistics(c.app, c.now),
  queryUserCount: (c) => queryUserCount(c.app, c.body),
  queryBiTags: (c) => queryBiTags(c.app),
  pushSingle: (c) => pushSingle(c.unit, c.app, c.body, c.now),
  saveListBody: (c) => saveListBody(c.unit, c.app, c.body, c.now),
  pushList: (c) => pushList(c.unit, c.app, c.body, c.now),
  pushApp: (c, kind) =>
    kind === 'scheduled_push'
      ? // pushKind found its pushTime a string
        schedulePush(c.unit, c.app, c.body as PushBody<'pushApp'> & { pushTime: string }, c.now)
      : pushApp(c.unit, c.app, c.body, c.now),
  stopTask: (c) => stopTask(c.unit, c.app, c.params.taskid),
  pushSingleBatch: (c) => pushSingleBatch(c.unit, c.app, c.body, c.now),
  getScheduleTask: (c) => getScheduleTask(c.app, c.body),
  delScheduleTask: (c) => delScheduleTask(c.unit, c.app, c.body, c.now),
};

/** What a push_app is (the scheduled push when it carries pushTime), decided once: its limit and its handler follow. */
type PushKind = RateLimitedOperation | 'other';

function pushKind(c: AppCall): PushKind {
  if (!c.op.rateControlled) return 'other';
  const body = c.body as PushBody<'pushApp'>;
  return c.op.name === 'push_app' && typeof body.pushTime === 'string'
    ? 'scheduled_push'
    : (c.op.name as RateLimitedOperation);
}

/** The call admit() let through: admit refuses a call of no app (`no_appid`), so this only states it. */
function admitted(call: Call): AppCall {
  if (!hasApp(call))
    throw new Error(`push v1 ${call.op.name} reached its handler without an app: admit() lets none through`);
  return call;
}

/** A repeated requestid answers as the first time (request-ids.ts); then the rate limit; then the behaviour. */
function answerPush(call: Call, handler: Handler): Reply {
  const c = admitted(call);
  const kind = pushKind(c);
  const answer = answerOnce(c.unit, c.app, c.op.name, c.body, c.now, () => {
    if (kind !== 'other') checkRate(c.app, kind, c.now);
    const answer = handler(c, kind);
    if (kind !== 'other' && answer.result === 'ok') countRate(c.app, kind, c.now);
    return answer;
  });
  return withWarnings(c, answer);
}

/**
 * The answer, with the push check's warnings of an accepted push for the request log: against the app as it was
 * before the push (its other tasks' notify_ids, not those of the task the answer names).
 */
function withWarnings(c: AppCall, answer: Record<string, unknown>): Reply {
  const reply = json(200, answer);
  if (answer.result !== 'ok' || !CHECKED_PUSHES.has(c.op.operationId)) return reply;
  const taskid = typeof answer.taskid === 'string' ? answer.taskid : undefined;
  reply.warnings = pushWarnings(c.op.operationId, c.body, appCheckContext(c.app, c.now, taskid));
  return reply;
}

export const pushV1: Api = {
  name: 'push-v1',
  appOf: (services, _op, params) => services.store.apps.get(params.appid ?? ''),
  admit(c) {
    if (!c.app) throw serviceRefusal('no_appid', `no app with appid "${c.params.appid}" in this sandbox`);
    if (c.op.secured) checkToken(c.app, header(c.headers, 'authtoken'), c.now);
  },
  invalidStatus: 422,
  bind(op) {
    const handler = handlerOf<Handler>(HANDLERS, op.operationId);
    return handler && ((call) => answerPush(call, handler));
  },
  refuse: (refusal) => refusalReply('push-v1', refusal),
};
