// Push v1 under /v1/<appid>/: the order of checks every operation goes through, and which behaviour answers
// each operation. Checks, in order: the appid (`no_appid`), the authtoken (`not_auth`), the request against the
// document (HTTP 422 naming each violation), a repeated requestid (the first answer again), the app's rate
// limits (`too_frequent`); then the behaviour. A refusal at any step changes nothing.
import { bindAlias, queryAlias, queryCid, unbindAlias, unbindAliasAll } from '../areas/aliases.js';
import { authClose, authSign, checkToken } from '../areas/auth.js';
import { processDue } from '../areas/due.js';
import { pushApp, pushList, pushSingle, pushSingleBatch, saveListBody, stopTask, type Body } from '../areas/pushes.js';
import { checkRate, countRate } from '../areas/rate-control.js';
import { rememberAnswer, rememberedAnswer } from '../areas/request-ids.js';
import { delScheduleTask, getScheduleTask, schedulePush } from '../areas/schedule.js';
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
} from '../areas/statistics.js';
import { changeBlacklist, getTags, setTags } from '../areas/tags.js';
import type { OperationSpec } from '../documents.js';
import { json, problem, type Reply } from '../http/reply.js';
import type { RateLimitedOperation } from '../state/model.js';
import type { AppState } from '../state/state.js';
import { validateRequest } from '../validation/request.js';
import type { SchemaSet } from '../validation/schemas.js';
import { appNow, Refusal, type World } from '../world.js';

interface PushCall {
  world: World;
  app: AppState;
  now: number;
  body: Body;
  params: Record<string, string>;
  token: string;
}

type Handler = (call: PushCall) => Record<string, unknown>;

/** The behaviour of each operation, by method and name (the first segment of its path). */
const HANDLERS: Record<string, Handler> = {
  'POST auth_sign': (c) => authSign(c.world, c.app, c.body, c.now),
  'POST auth_close': (c) => authClose(c.world, c.app, c.token),
  'POST bind_alias': (c) => bindAlias(c.world, c.app, c.body),
  'GET query_cid': (c) => queryCid(c.app, c.params.alias!),
  'GET query_alias': (c) => queryAlias(c.app, c.params.cid!),
  'POST unbind_alias': (c) => unbindAlias(c.world, c.app, c.body),
  'POST unbind_alias_all': (c) => unbindAliasAll(c.world, c.app, c.body),
  'POST set_tags': (c) => setTags(c.world, c.app, c.body),
  'GET get_tags': (c) => getTags(c.app, c.params.cid!),
  'POST user_blk_list': (c) => changeBlacklist(c.world, c.app, c.body, true),
  'DELETE user_blk_list': (c) => changeBlacklist(c.world, c.app, c.body, false),
  'GET user_status': (c) => userStatus(c.app, c.params.cid!),
  'POST push_result': (c) => pushResult(c.app, c.body),
  'GET query_app_user': (c) => queryAppUser(c.app, c.params.date!, c.now),
  'GET query_app_push': (c) => queryAppPush(c.app, c.params.date!),
  'POST set_badge': (c) => setBadge(c.world, c.app, c.body),
  'GET get_push_result_by_group_name': (c) => groupResult(c.app, c.params.groupName!),
  'GET get_last_24hours_online_User_statistics': (c) => onlineStatistics(c.app, c.now),
  'POST query_user_count': (c) => queryUserCount(c.app, c.body),
  'GET query_bi_tags': (c) => queryBiTags(c.app),
  'POST push_single': (c) => pushSingle(c.world, c.app, c.body, c.now),
  'POST save_list_body': (c) => saveListBody(c.world, c.app, c.body, c.now),
  'POST push_list': (c) => pushList(c.world, c.app, c.body, c.now),
  'POST push_app': (c) => (c.body.pushTime === undefined ? pushApp : schedulePush)(c.world, c.app, c.body, c.now),
  'DELETE stop_task': (c) => stopTask(c.world, c.app, c.params.taskid!),
  'POST push_single_batch': (c) => pushSingleBatch(c.world, c.app, c.body, c.now),
  'POST get_schedule_task': (c) => getScheduleTask(c.app, c.body),
  'POST del_schedule_task': (c) => delScheduleTask(c.world, c.app, c.body, c.now),
};

/** Operations whose body's requestid makes them idempotent (push_single_batch keeps one per item). */
const REQUEST_ID_OPERATIONS = new Set(['push_single', 'push_app']);

/** The limit a call counts against; push_app with pushTime is the scheduled push. */
function rateLimited(op: OperationSpec, body: Body): RateLimitedOperation | undefined {
  if (!op.rateControlled) return undefined;
  return op.name === 'push_app' && body.pushTime !== undefined ? 'scheduled_push' : (op.name as RateLimitedOperation);
}

export function handlePushV1(
  world: World,
  schemas: SchemaSet,
  op: OperationSpec,
  params: Record<string, string>,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Reply {
  const app = world.state.apps.get(params.appid!);
  if (!app) return json(200, { result: 'no_appid', desc: `no app with appid "${params.appid}" in this sandbox` });
  const now = appNow(world, app);
  processDue(world, app, now);
  try {
    const authtoken = typeof headers.authtoken === 'string' ? headers.authtoken : undefined;
    const token = op.secured ? checkToken(world, app, authtoken, now) : '';
    const violations = validateRequest(schemas, op, { params, query, body });
    if (violations.length > 0) return problem('push-v1', 422, 'invalid-request', 'Invalid request', 'the request breaks the push v1 document', violations);
    const call: PushCall = { world, app, now, body: (body ?? {}) as Body, params, token };
    const requestid = REQUEST_ID_OPERATIONS.has(op.name) ? String(call.body.requestid) : undefined;
    const earlier = requestid === undefined ? undefined : rememberedAnswer(app, requestid, now);
    if (earlier) return json(200, earlier);
    const limited = rateLimited(op, call.body);
    if (limited) checkRate(app, limited, now);
    const answer = HANDLERS[`${op.method} ${op.name}`]!(call);
    if (answer.result === 'ok') {
      if (limited) countRate(app, limited, now);
      if (requestid !== undefined) rememberAnswer(world, app, requestid, op.name, answer, now);
    }
    return json(200, answer);
  } catch (error) {
    if (error instanceof Refusal) return json(200, { result: error.result, desc: error.desc });
    throw error;
  }
}
