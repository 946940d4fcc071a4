// The scenario: every push v1 and DMP operation, in an order where each step only touches the listed cids and
// what the scenario itself created, and where everything it set is removed again at the end.
import { isObject, outcomeOf, type Answer } from '../check/answer.js';
import { dayCompact, dayDashed, DAY_MS, earlier, pushTime, type Context } from './context.js';
import type { RuleOutcome, Step } from './step.js';

const body = (a: Answer): Record<string, unknown> => (isObject(a.body) ? a.body : {});
const result = (a: Answer) => outcomeOf(a).result;
const names = (ctx: Context) => {
  const run = ctx.options.run;
  return { alias1: `pushapi-verify-${run}-a`, alias2: `pushapi-verify-${run}-b`, alias3: `pushapi-verify-${run}-c`, tag: `pushapi-verify-${run}`, taskName: `pushapi-verify-${run}`, nobody: `pushapi-verify-${run}-nobody` };
};
const requestId = (ctx: Context, n: number) => `pushapiverify${ctx.options.run}r${n}`.slice(0, 32);
const cids = (ctx: Context) => ctx.options.cids;
const first = (ctx: Context) => ctx.options.cids[0]!;
const lastCid = (ctx: Context) => ctx.options.cids[ctx.options.cids.length - 1]!;

/** A pass-through message: the app decides whether to show anything, so test devices are not disturbed. */
const message = (ctx: Context) => ({
  message: { appkey: ctx.target.appkey, is_offline: false, msgtype: 'transmission' },
  transmission: { transmission_type: false, transmission_content: `pushapi-verify ${ctx.options.run}` },
});

const refused = (rule: string, where = 'response.body.result') => (_: Context, a: Answer): RuleOutcome | undefined =>
  result(a) === 'ok' || (a.status === 200 && isObject(a.body) && typeof a.body.access_token === 'string')
    ? { rule, where, expected: 'a refusal (result other than ok)', actual: JSON.stringify(result(a) ?? a.status) }
    : undefined;

const taskPrefix = (prefix: string) => (_: Context, a: Answer): RuleOutcome | undefined => {
  const taskid = body(a).taskid;
  if (result(a) !== 'ok' || typeof taskid !== 'string' || taskid.startsWith(prefix)) return undefined;
  return { rule: `task ids of this kind start with ${prefix}`, where: 'response.body.taskid', expected: `${prefix}<mmdd>_<hex>`, actual: JSON.stringify(taskid) };
};

const remember = (name: string, field = 'taskid') => (ctx: Context, a: Answer) => {
  const value = body(a)[field];
  if (typeof value === 'string') ctx.vars[name] = value;
};

const perCid = (ctx: Context, make: (cid: string, i: number) => Step): Step[] => cids(ctx).map(make);

function signInSteps(): Step[] {
  return [
    {
      name: 'sign in', operationId: 'authSign',
      request: (ctx) => ({ auth: 'none', body: { sign: earlier(ctx, 'sign'), timestamp: String(ctx.options.now), appkey: ctx.target.appkey } }),
      after: remember('token', 'auth_token'),
    },
    {
      name: 'sign in with a wrong sign', operationId: 'authSign', refusal: true,
      request: (ctx) => ({ auth: 'none', body: { sign: '0'.repeat(64), timestamp: String(ctx.options.now), appkey: ctx.target.appkey } }),
      rule: refused('a wrong sign is refused'),
    },
  ];
}

function captureSteps(ctx: Context): Step[] {
  return [
    ...perCid(ctx, (cid, i) => ({
      name: `status of cid ${i + 1}`, operationId: 'userStatus',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const b = body(a);
        c.devices[cid] = { ...c.devices[cid], known: result(a) === 'ok', ...(b.status === 'online' || b.status === 'offline' ? { status: b.status } : {}) };
      },
    })),
    {
      name: 'status of an unknown cid', operationId: 'userStatus', refusal: true,
      request: (c) => ({ auth: 'token', params: { cid: names(c).nobody } }),
      rule: (_, a) => (result(a) === 'no_user' ? undefined : { rule: 'user_status for an invalid user answers result no_user', where: 'response.body.result', expected: '"no_user"', actual: JSON.stringify(result(a)) }),
    },
    ...perCid(ctx, (cid, i) => ({
      name: `alias of cid ${i + 1} before`, operationId: 'queryAlias',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const alias = body(a).alias;
        if (result(a) === 'ok' && typeof alias === 'string' && alias) c.devices[cid] = { known: true, ...c.devices[cid], alias };
      },
    })),
    ...perCid(ctx, (cid, i) => ({
      name: `tags of cid ${i + 1} before`, operationId: 'getTags',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const tags = body(a).tags;
        // The description says only "tags String (the tag list)": read any separator.
        if (result(a) === 'ok' && typeof tags === 'string') c.devices[cid] = { known: true, ...c.devices[cid], tags: tags.split(/[\s,;]+/).filter(Boolean) };
      },
    })),
  ];
}

function aliasSteps(): Step[] {
  const bind = (name: string, alias: (c: Context) => string): Step => ({
    name, operationId: 'bindAlias', request: (c) => ({ auth: 'token', body: { alias_list: [{ cid: first(c), alias: alias(c) }] } }),
  });
  const aliasIs = (alias: (c: Context) => string, rule: string) => (c: Context, a: Answer): RuleOutcome | undefined =>
    body(a).alias === alias(c) ? undefined : { rule, where: 'response.body.alias', expected: JSON.stringify(alias(c)), actual: JSON.stringify(body(a).alias) };
  return [
    bind('bind an alias', (c) => names(c).alias1),
    { name: 'alias of cid 1 after binding', operationId: 'queryAlias', request: (c) => ({ auth: 'token', params: { cid: first(c) } }), rule: aliasIs((c) => names(c).alias1, 'query_alias answers the alias just bound') },
    {
      name: 'cids of the alias', operationId: 'queryCid', request: (c) => ({ auth: 'token', params: { alias: names(c).alias1 } }),
      rule: (c, a) => {
        const list = body(a).cid;
        return Array.isArray(list) && list.includes(first(c)) ? undefined : { rule: 'query_cid lists the cid bound to the alias', where: 'response.body.cid', expected: `a list holding cid 1`, actual: JSON.stringify(list) };
      },
    },
    bind('rebind cid 1 to a second alias', (c) => names(c).alias2),
    { name: 'alias of cid 1 after rebinding', operationId: 'queryAlias', request: (c) => ({ auth: 'token', params: { cid: first(c) } }), rule: aliasIs((c) => names(c).alias2, 'a rebinding replaces the old alias') },
    {
      name: 'cids of the replaced alias', operationId: 'queryCid', refusal: true, request: (c) => ({ auth: 'token', params: { alias: names(c).alias1 } }),
      rule: (c, a) => {
        const list = body(a).cid;
        return Array.isArray(list) && list.includes(first(c)) ? { rule: 'a rebinding unbinds the earlier alias', where: 'response.body.cid', expected: 'no cid 1', actual: JSON.stringify(list) } : undefined;
      },
    },
    { name: 'unbind the pair', operationId: 'unbindAlias', request: (c) => ({ auth: 'token', body: { cid: first(c), alias: names(c).alias2 } }) },
    { name: 'unbind a pair that is not bound', operationId: 'unbindAlias', refusal: true, request: (c) => ({ auth: 'token', body: { cid: first(c), alias: names(c).alias2 } }) },
    bind('bind a third alias', (c) => names(c).alias3),
    { name: 'unbind every cid of the alias', operationId: 'unbindAliasAll', request: (c) => ({ auth: 'token', body: { alias: names(c).alias3 } }) },
  ];
}

function tagSteps(ctx: Context): Step[] {
  const tags = (c: Context) => [names(c).tag, ...(c.options.allowAppPush ? [c.options.allowAppPush] : [])];
  return [
    ...perCid(ctx, (cid, i) => ({ name: `set tags of cid ${i + 1}`, operationId: 'setTags', request: (c) => ({ auth: 'token', body: { cid, tag_list: tags(c) } }) })),
    {
      name: 'tags of cid 1 after setting', operationId: 'getTags', request: (c) => ({ auth: 'token', params: { cid: first(c) } }),
      rule: (c, a) => (String(body(a).tags ?? '').includes(names(c).tag) ? undefined : { rule: 'get_tags answers the tags just set', where: 'response.body.tags', expected: `a list holding ${names(c).tag}`, actual: JSON.stringify(body(a).tags) }),
    },
    { name: 'count users with the tag', operationId: 'queryUserCount', request: (c) => ({ auth: 'token', body: { condition: [{ key: 'tag', values: [names(c).tag], opt_type: 0 }] } }) },
    { name: 'bi tags', operationId: 'queryBiTags', request: () => ({ auth: 'token' }) },
  ];
}

function blacklistSteps(): Step[] {
  return [
    { name: 'blacklist the last cid', operationId: 'postUserBlkList', request: (c) => ({ auth: 'token', body: { cid: [lastCid(c)] } }) },
    {
      name: 'push to the blacklisted cid', operationId: 'pushSingle', request: (c) => ({ auth: 'token', body: { ...message(c), cid: lastCid(c), requestid: requestId(c, 1) } }),
      rule: (_, a) => {
        const status = body(a).status;
        return status === 'successed_online' || status === 'successed_offline'
          ? { rule: 'blacklisted cids get nothing', where: 'response.body.status', expected: 'not delivered', actual: JSON.stringify(status) }
          : undefined;
      },
    },
    { name: 'remove the last cid from the blacklist', operationId: 'deleteUserBlkList', request: (c) => ({ auth: 'token', body: { cid: [lastCid(c)] } }) },
  ];
}

function pushSteps(): Step[] {
  return [
    { name: 'push to cid 1', operationId: 'pushSingle', request: (c) => ({ auth: 'token', body: { ...message(c), cid: first(c), requestid: requestId(c, 2) } }), after: remember('single task'), rule: taskPrefix('RASS_') },
    {
      name: 'push again with the same requestid', operationId: 'pushSingle', request: (c) => ({ auth: 'token', body: { ...message(c), cid: first(c), requestid: requestId(c, 2) } }),
      rule: (c, a) => {
        const taskid = body(a).taskid;
        if (result(a) !== 'ok' || taskid === c.vars['single task']) return undefined;
        return { rule: 'a repeated requestid delivers once', where: 'response.body.taskid', expected: 'the first call\'s task (nothing delivered again)', actual: JSON.stringify(taskid) };
      },
    },
    { name: 'save a list body', operationId: 'saveListBody', request: (c) => ({ auth: 'token', body: { ...message(c), task_name: names(c).taskName } }), after: remember('list task'), rule: taskPrefix('RASL_') },
    {
      name: 'push the list to the listed cids', operationId: 'pushList', request: (c) => ({ auth: 'token', body: { cid: cids(c), taskid: earlier(c, 'list task'), need_detail: true } }),
      rule: (c, a) => {
        const details = body(a).cid_details;
        const strangers = isObject(details) ? Object.keys(details).filter((k) => !cids(c).includes(k)) : [];
        return strangers.length ? { rule: 'cid_details names only the cids pushed to', where: 'response.body.cid_details', expected: 'the listed cids', actual: JSON.stringify(strangers) } : undefined;
      },
    },
    {
      name: 'batch push to the listed cids', operationId: 'pushSingleBatch',
      request: (c) => ({ auth: 'token', body: { msg_list: cids(c).map((cid, i) => ({ ...message(c), cid, requestid: requestId(c, 10 + i) })), need_detail: false } }),
      rule: taskPrefix('RASS_'),
    },
    { name: 'results of the tasks', operationId: 'pushResult', request: (c) => ({ auth: 'token', body: { taskIdList: [earlier(c, 'single task'), earlier(c, 'list task')] } }) },
    { name: 'results of an unknown task', operationId: 'pushResult', refusal: true, request: (c) => ({ auth: 'token', body: { taskIdList: [`RASS_0101_${c.options.run}0000000000000000`] } }) },
    { name: 'results by task name', operationId: 'getPushResultByGroupName', request: (c) => ({ auth: 'token', params: { groupName: names(c).taskName } }) },
    { name: 'stop the list task', operationId: 'stopTask', request: (c) => ({ auth: 'token', params: { taskid: earlier(c, 'list task') } }) },
  ];
}

function statisticsSteps(): Step[] {
  return [
    { name: 'users of yesterday', operationId: 'queryAppUser', request: (c) => ({ auth: 'token', params: { date: dayDashed(c, -1) } }) },
    { name: 'users of today', operationId: 'queryAppUser', refusal: true, request: (c) => ({ auth: 'token', params: { date: dayDashed(c, 0) } }), rule: refused('query_app_user supports only days other than today') },
    { name: 'pushes of yesterday', operationId: 'queryAppPush', request: (c) => ({ auth: 'token', params: { date: dayCompact(c, -1) } }) },
    { name: 'online users of the last 24 hours', operationId: 'getLast24hoursOnlineUserStatistics', request: () => ({ auth: 'token' }) },
    { name: 'badge of the listed cids', operationId: 'setBadge', request: (c) => ({ auth: 'token', body: { badge: 0, cid_list: cids(c) } }) },
  ];
}

function appPushSteps(): Step[] {
  const noAppPush = (c: Context) => (c.options.allowAppPush ? undefined : 'no --allow-app-push');
  const condition = (c: Context) => [{ key: 'tag', values: [c.options.allowAppPush ?? ''], opt_type: 0 }];
  const noSchedule = (c: Context) =>
    noAppPush(c) ?? (c.vars['scheduled task'] || c.dryRun ? undefined : `scheduled push not enabled for this app (push_app with pushTime answered ${c.vars['schedule refused'] ?? 'no task'})`);
  return [
    { name: 'app push to the tag', operationId: 'pushApp', skip: noAppPush, request: (c) => ({ auth: 'token', body: { ...message(c), condition: condition(c), requestid: requestId(c, 3), task_name: names(c).taskName } }), rule: taskPrefix('RASA_') },
    {
      name: 'scheduled app push to the tag', operationId: 'pushApp', skip: noAppPush,
      request: (c) => ({ auth: 'token', body: { ...message(c), condition: condition(c), requestid: requestId(c, 4), pushTime: pushTime(c, DAY_MS) } }),
      after: (c, a) => (result(a) === 'ok' && typeof body(a).taskid === 'string' ? (c.vars['scheduled task'] = body(a).taskid as string) : (c.vars['schedule refused'] = result(a) ?? `HTTP ${a.status}`)),
    },
    { name: 'the scheduled task', operationId: 'getScheduleTask', skip: noSchedule, request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }) },
    { name: 'delete the scheduled task', operationId: 'delScheduleTask', skip: noSchedule, request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }) },
  ];
}

/** Puts back the tags and aliases the listed cids had before the run. */
function cleanupSteps(ctx: Context): Step[] {
  return [
    ...perCid(ctx, (cid, i) => ({ name: `restore the tags of cid ${i + 1}`, operationId: 'setTags', request: (c) => ({ auth: 'token', body: { cid, tag_list: c.devices[cid]?.tags ?? [] } }) })),
    ...perCid(ctx, (cid, i) => ({
      name: `restore the alias of cid ${i + 1}`, operationId: 'bindAlias',
      skip: (c) => (c.devices[cid]?.alias || c.dryRun ? undefined : 'cid had no alias before the run'),
      request: (c) => ({ auth: 'token', body: { alias_list: [{ cid, alias: c.devices[cid]?.alias ?? '<alias before the run>' }] } }),
    })),
  ];
}

function tokenSteps(): Step[] {
  return [
    { name: 'the token in Authorization instead of authtoken', operationId: 'queryBiTags', refusal: true, request: () => ({ auth: 'token-as-bearer' }), rule: refused('the token works with the authtoken header only') },
    { name: 'sign out', operationId: 'authClose', request: () => ({ auth: 'token' }), after: (c) => (c.vars['closed token'] = c.vars.token ?? '') },
    { name: 'a token after auth_close', operationId: 'queryBiTags', refusal: true, request: () => ({ auth: 'closed-token' }), rule: refused('auth_close invalidates the token') },
  ];
}

function dmpSteps(): Step[] {
  const noDmp = (c: Context) => (c.target.dmp ? undefined : 'no --dmp-url');
  return [
    { name: 'DMP sign in', operationId: 'getAccessToken', skip: noDmp, request: (c) => ({ auth: 'none', query: { user_code: c.target.dmp?.userCode ?? '', sign1: earlier(c, 'sign1'), sign2: earlier(c, 'sign2'), timestamp: String(c.options.now) } }), after: remember('dmp token', 'access_token') },
    { name: 'DMP sign in with a wrong sign2', operationId: 'getAccessToken', refusal: true, skip: noDmp, request: (c) => ({ auth: 'none', query: { user_code: c.target.dmp?.userCode ?? '', sign1: earlier(c, 'sign1'), sign2: '0'.repeat(32), timestamp: String(c.options.now) } }), rule: refused('a wrong sign2 is refused', 'response.body.access_token') },
    { name: 'DMP tags of the device', operationId: 'getUserTags', skip: (c) => noDmp(c) ?? (Object.keys(c.options.dmpIds).length ? undefined : 'no --dmp-id'), request: (c) => ({ auth: 'dmp-token', body: c.options.dmpIds }) },
    {
      name: 'DMP tags without a token', operationId: 'getUserTags', refusal: true, skip: noDmp, request: (c) => ({ auth: 'dmp-none', body: c.options.dmpIds }),
      rule: (_, a) => (a.status === 401 ? undefined : { rule: 'a call without authorization answers 401', where: 'response.status', expected: '401', actual: String(a.status) }),
    },
    { name: 'DMP tag catalogue', operationId: 'listTags', skip: noDmp, request: () => ({ auth: 'dmp-token' }) },
  ];
}

/** Every step, in order. */
export function scenario(ctx: Context): Step[] {
  return [...signInSteps(), ...captureSteps(ctx), ...aliasSteps(), ...tagSteps(ctx), ...blacklistSteps(), ...pushSteps(), ...statisticsSteps(), ...appPushSteps(), ...cleanupSteps(ctx), ...tokenSteps(), ...dmpSteps()];
}
