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
import { rememberAnswer, rememberedAnswer } from '../behaviour/request-ids.js';
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
import { handlerOf, hasApp, header, type Api, type AppCall, type Call } from './call.js';

type Handlers = { [Op in keyof operations]: (c: AppCall<SentBody<operations[Op]>>) => object };

const token = (c: AppCall) => header(c.headers, 'authtoken') ?? '';

/** The behaviour of each operation, by operationId. */
const HANDLERS: Handlers = {
  authSign: (c) => authSign(c.unit, c.app, c.body, c.now),
  authClose: (c) => authClose(c.unit, c.app, token(c)),
  bindAlias: (c) => bindAlias(c.unit, c.app, c.body),
  queryCid: (c) => queryCid(c.app, c.params.alias!),
  queryAlias: (c) => queryAlias(c.app, c.params.cid!),
  unbindAlias: (c) => unbindAlias(c.unit, c.app, c.body),
  unbindAliasAll: (c) => unbindAliasAll(c.unit, c.app, c.body),
  setTags: (c) => setTags(c.unit, c.app, c.body),
  getTags: (c) => getTags(c.app, c.params.cid!),
  postUserBlkList: (c) => changeBlacklist(c.unit, c.app, c.body, true),
  deleteUserBlkList: (c) => changeBlacklist(c.unit, c.app, c.body, false),
  userStatus: (c) => userStatus(c.app, c.params.cid!),
  pushResult: (c) => pushResult(c.app, c.body),
  queryAppUser: (c) => queryAppUser(c.app, c.params.date!, c.now),
  queryAppPush: (c) => queryAppPush(c.app, c.params.date!),
  setBadge: (c) => setBadge(c.unit, c.app, c.body),
  getPushResultByGroupName: (c) => groupResult(c.app, c.params.groupName!),
  getLast24hoursOnlineUserStatistics: (c) => onlineStatistics(c.app, c.now),
  queryUserCount: (c) => queryUserCount(c.app, c.body),
  queryBiTags: (c) => queryBiTags(c.app),
  pushSingle: (c) => pushSingle(c.unit, c.app, c.body, c.now),
  saveListBody: (c) => saveListBody(c.unit, c.app, c.body, c.now),
  pushList: (c) => pushList(c.unit, c.app, c.body, c.now),
  pushApp: (c) =>
    isScheduled(c.body) ? schedulePush(c.unit, c.app, c.body, c.now) : pushApp(c.unit, c.app, c.body, c.now),
  stopTask: (c) => stopTask(c.unit, c.app, c.params.taskid!),
  pushSingleBatch: (c) => pushSingleBatch(c.unit, c.app, c.body, c.now),
  getScheduleTask: (c) => getScheduleTask(c.app, c.body),
  delScheduleTask: (c) => delScheduleTask(c.unit, c.app, c.body, c.now),
};

const isScheduled = (body: PushBody<'pushApp'>): body is PushBody<'pushApp'> & { pushTime: string } =>
  typeof body.pushTime === 'string';

/** Operations whose body's requestid makes them idempotent (push_single_batch keeps one per item). */
const REQUEST_ID_OPERATIONS = new Set(['push_single', 'push_app']);

/** The limit a call counts against; push_app with pushTime is the scheduled push. */
function rateLimited(c: AppCall): RateLimitedOperation | undefined {
  if (!c.op.rateControlled) return undefined;
  return c.op.name === 'push_app' && isScheduled(c.body as PushBody<'pushApp'>)
    ? 'scheduled_push'
    : (c.op.name as RateLimitedOperation);
}

/** A repeated requestid answers as the first time; then the rate limit; then the behaviour, counted when it is ok. */
function answerPush(call: Call, handler: (c: AppCall) => Record<string, unknown>): Reply {
  if (!hasApp(call)) throw serviceRefusal('no_appid', `no app with appid "${call.params.appid}" in this sandbox`);
  const c = call;
  const requestid = REQUEST_ID_OPERATIONS.has(c.op.name) ? (c.body as { requestid: string }).requestid : undefined;
  const earlier = requestid === undefined ? undefined : rememberedAnswer(c.app, requestid, c.now);
  if (earlier) return withWarnings(c, earlier);
  const limited = rateLimited(c);
  if (limited) checkRate(c.app, limited, c.now);
  const answer = handler(c);
  if (answer.result === 'ok') {
    if (limited) countRate(c.app, limited, c.now);
    if (requestid !== undefined) rememberAnswer(c.unit, c.app, requestid, c.op.name, answer, c.now);
  }
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
  appOf: (services, _op, params) => services.store.apps.get(params.appid!),
  admit(c) {
    if (!c.app) throw serviceRefusal('no_appid', `no app with appid "${c.params.appid}" in this sandbox`);
    if (c.op.secured) checkToken(c.app, header(c.headers, 'authtoken'), c.now);
  },
  invalidStatus: 422,
  bind(op) {
    const handler = handlerOf<(c: AppCall) => Record<string, unknown>>(HANDLERS, op.operationId);
    return handler && ((call) => answerPush(call, handler));
  },
  refuse: (refusal) => refusalReply('push-v1', refusal),
};
