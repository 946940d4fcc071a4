// The scenario: every push v1 and DMP operation, in an order where each step only touches the listed cids and
// what the scenario itself created, and where everything it set is removed again at the end.
import { isObject, outcomeOf, type ServiceAnswer } from '../check/answer.js';
import { dayCompact, dayDashed, DAY_MS, earlier, pushTime, writable, type Context } from './context.js';
import type { RuleOutcome, Step } from './step.js';

const body = (a: ServiceAnswer): Record<string, unknown> => (isObject(a.body) ? a.body : {});
const result = (a: ServiceAnswer) => outcomeOf(a).result;
const names = (ctx: Context) => {
  const run = ctx.options.run;
  return {
    alias1: `pushapi-verify-${run}-a`,
    alias2: `pushapi-verify-${run}-b`,
    alias3: `pushapi-verify-${run}-c`,
    tag: `pushapi-verify-${run}`,
    taskName: `pushapi-verify-${run}`,
    nobody: `pushapi-verify-${run}-nobody`,
  };
};
const requestId = (ctx: Context, n: number) => `pushapiverify${ctx.options.run}r${n}`.slice(0, 32);
// Every write goes to the listed cids whose earlier state was read (writable); the others are left alone.
const cids = (ctx: Context) => writable(ctx);
const first = (ctx: Context) => writable(ctx)[0]!;
const lastCid = (ctx: Context) => writable(ctx)[writable(ctx).length - 1]!;
const noWritable = (ctx: Context) =>
  writable(ctx).length ? undefined : 'no listed cid whose earlier alias and tags could be read';
const unreadable = (cid: string) => (ctx: Context) => {
  const reason = ctx.devices[cid]?.unreadable;
  return !ctx.dryRun && !writable(ctx).includes(cid)
    ? `its earlier state could not be read (${reason ?? 'not read'}): nothing is written to it`
    : undefined;
};
/** The cid's answer, in words, for a reason: `other_error "system busy"`, `tags as a JSON array`. */
const said = (a: ServiceAnswer) =>
  `${result(a) ?? `HTTP ${a.status}`}${outcomeOf(a).desc ? ` "${outcomeOf(a).desc}"` : ''}`;
/** A definite answer that the cid has no alias (a refusal that is not a transient or unknown failure). */
const noAliasAnswer = (a: ServiceAnswer) =>
  a.status === 200 &&
  typeof result(a) === 'string' &&
  result(a) !== 'ok' &&
  result(a) !== 'other_error' &&
  result(a) !== 'too_frequent';
const runAlias = (c: Context, alias: unknown) =>
  typeof alias === 'string' && alias.startsWith(`pushapi-verify-${c.options.run}-`);

/** A pass-through message: the app decides whether to show anything, so test devices are not disturbed. */
const message = (ctx: Context) => ({
  message: { appkey: ctx.target.appkey, is_offline: false, msgtype: 'transmission' },
  transmission: { transmission_type: false, transmission_content: `pushapi-verify ${ctx.options.run}` },
});

const refused =
  (rule: string, where = 'response.body.result') =>
  (_: Context, a: ServiceAnswer): RuleOutcome | undefined =>
    result(a) === 'ok' || (a.status === 200 && isObject(a.body) && typeof a.body.access_token === 'string')
      ? { rule, where, expected: 'a refusal (result other than ok)', actual: JSON.stringify(result(a) ?? a.status) }
      : undefined;

const taskPrefix =
  (prefix: string) =>
  (_: Context, a: ServiceAnswer): RuleOutcome | undefined => {
    const taskid = body(a).taskid;
    if (result(a) !== 'ok' || typeof taskid !== 'string' || taskid.startsWith(prefix)) return undefined;
    return {
      rule: `task ids of this kind start with ${prefix}`,
      where: 'response.body.taskid',
      expected: `${prefix}<mmdd>_<hex>`,
      actual: JSON.stringify(taskid),
    };
  };

const remember =
  (name: string, field = 'taskid') =>
  (ctx: Context, a: ServiceAnswer) => {
    const value = body(a)[field];
    if (typeof value === 'string') ctx.vars[name] = value;
  };

const perCid = (ctx: Context, make: (cid: string, i: number) => Step): Step[] => ctx.options.cids.map(make);

function signInSteps(): Step[] {
  return [
    {
      name: 'sign in',
      operationId: 'authSign',
      request: (ctx) => ({
        auth: 'none',
        body: { sign: earlier(ctx, 'sign'), timestamp: String(ctx.options.now), appkey: ctx.target.appkey },
      }),
      gives: ['token'],
      after: (c, a) => {
        remember('token', 'auth_token')(c, a);
        // Nothing else can work without a token: stop here rather than send 30 requests that fail alike.
        if (!c.vars.token)
          c.stopped = `the sign-in was refused (${said(a)}): check --master-secret and --appkey (a wrong secret answers sign_error); nothing else was sent`;
      },
    },
    {
      name: 'sign in with a wrong sign',
      operationId: 'authSign',
      refusal: true,
      request: (ctx) => ({
        auth: 'none',
        body: { sign: '0'.repeat(64), timestamp: String(ctx.options.now), appkey: ctx.target.appkey },
      }),
      rule: refused('a wrong sign is refused'),
    },
  ];
}

function captureSteps(ctx: Context): Step[] {
  return [
    ...perCid(ctx, (cid, i) => ({
      name: `status of cid ${i + 1}`,
      operationId: 'userStatus',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const b = body(a);
        c.devices[cid] = {
          ...c.devices[cid],
          known: result(a) === 'ok',
          ...(b.status === 'online' || b.status === 'offline' ? { status: b.status } : {}),
        };
      },
    })),
    {
      name: 'status of an unknown cid',
      operationId: 'userStatus',
      refusal: true,
      request: (c) => ({ auth: 'token', params: { cid: names(c).nobody } }),
      rule: (_, a) =>
        result(a) === 'no_user'
          ? undefined
          : {
              rule: 'user_status for an invalid user answers result no_user',
              where: 'response.body.result',
              expected: '"no_user"',
              actual: JSON.stringify(result(a)),
            },
    },
    ...perCid(ctx, (cid, i) => ({
      name: `alias of cid ${i + 1} before`,
      operationId: 'queryAlias',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const alias = body(a).alias;
        const device = (c.devices[cid] ??= { known: false });
        if (result(a) === 'ok' && typeof alias === 'string')
          Object.assign(device, { aliasRead: true, ...(alias ? { alias } : {}) });
        else if (noAliasAnswer(a)) device.aliasRead = true;
        else
          device.unreadable = `query_alias answered ${result(a) === 'ok' ? `alias as ${JSON.stringify(alias)}` : said(a)}`;
      },
    })),
    ...perCid(ctx, (cid, i) => ({
      name: `tags of cid ${i + 1} before`,
      operationId: 'getTags',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => {
        const tags = body(a).tags;
        const device = (c.devices[cid] ??= { known: false });
        // The description says only "tags String (the tag list)": read any separator. Anything else is unreadable.
        if (result(a) === 'ok' && typeof tags === 'string')
          Object.assign(device, { tagsRead: true, tags: tags.split(/[\s,;]+/).filter(Boolean) });
        else
          device.unreadable = [
            device.unreadable,
            `get_tags answered ${result(a) === 'ok' ? `tags as ${Array.isArray(tags) ? 'a JSON array' : JSON.stringify(tags)}` : said(a)}`,
          ]
            .filter(Boolean)
            .join('; ');
      },
    })),
  ];
}

function aliasSteps(): Step[] {
  const bind = (name: string, alias: (c: Context) => string): Step => ({
    name,
    operationId: 'bindAlias',
    skip: noWritable,
    dirties: (c) => [`alias:${first(c)}`],
    request: (c) => ({ auth: 'token', body: { alias_list: [{ cid: first(c), alias: alias(c) }] } }),
  });
  /** query_alias of cid 1, once `follows` has run: it answers `alias`. */
  const aliasOfFirst = (name: string, follows: string, alias: (c: Context) => string, rule: string): Step => ({
    name,
    operationId: 'queryAlias',
    follows,
    skip: noWritable,
    request: (c) => ({ auth: 'token', params: { cid: first(c) } }),
    rule: (c, a) =>
      body(a).alias === alias(c)
        ? undefined
        : {
            rule,
            where: 'response.body.alias',
            expected: JSON.stringify(alias(c)),
            actual: JSON.stringify(body(a).alias),
          },
  });
  const alias1 = (c: Context) => names(c).alias1;
  const alias2 = (c: Context) => names(c).alias2;
  return [
    bind('bind an alias', alias1),
    aliasOfFirst('alias of cid 1 after binding', 'bind an alias', alias1, 'query_alias answers the alias just bound'),
    {
      name: 'cids of the alias',
      operationId: 'queryCid',
      follows: 'bind an alias',
      skip: noWritable,
      request: (c) => ({ auth: 'token', params: { alias: alias1(c) } }),
      rule: (c, a) => {
        const list = body(a).cid;
        return Array.isArray(list) && list.includes(first(c))
          ? undefined
          : {
              rule: 'query_cid lists the cid bound to the alias',
              where: 'response.body.cid',
              expected: `a list holding cid 1`,
              actual: JSON.stringify(list),
            };
      },
    },
    bind('rebind cid 1 to a second alias', alias2),
    aliasOfFirst(
      'alias of cid 1 after rebinding',
      'rebind cid 1 to a second alias',
      alias2,
      'a rebinding replaces the old alias',
    ),
    {
      name: 'cids of the replaced alias',
      operationId: 'queryCid',
      follows: 'rebind cid 1 to a second alias',
      refusal: true,
      skip: noWritable,
      request: (c) => ({ auth: 'token', params: { alias: alias1(c) } }),
      rule: (c, a) => {
        const list = body(a).cid;
        return Array.isArray(list) && list.includes(first(c))
          ? {
              rule: 'a rebinding unbinds the earlier alias',
              where: 'response.body.cid',
              expected: 'no cid 1',
              actual: JSON.stringify(list),
            }
          : undefined;
      },
    },
    {
      name: 'unbind the pair',
      operationId: 'unbindAlias',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { cid: first(c), alias: names(c).alias2 } }),
    },
    {
      name: 'unbind a pair that is not bound',
      operationId: 'unbindAlias',
      refusal: true,
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { cid: first(c), alias: names(c).alias2 } }),
    },
    bind('bind a third alias', (c) => names(c).alias3),
    {
      name: 'unbind every cid of the alias',
      operationId: 'unbindAliasAll',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { alias: names(c).alias3 } }),
    },
  ];
}

function tagSteps(ctx: Context): Step[] {
  const tags = (c: Context) => [names(c).tag, ...(c.options.allowAppPush ? [c.options.allowAppPush] : [])];
  return [
    ...perCid(ctx, (cid, i) => ({
      name: `set tags of cid ${i + 1}`,
      operationId: 'setTags',
      skip: unreadable(cid),
      dirties: () => [`tags:${cid}`],
      request: (c) => ({ auth: 'token', body: { cid, tag_list: tags(c) } }),
    })),
    {
      name: 'tags of cid 1 after setting',
      operationId: 'getTags',
      follows: 'set tags of cid 1',
      skip: noWritable,
      request: (c) => ({ auth: 'token', params: { cid: first(c) } }),
      rule: (c, a) =>
        String(body(a).tags ?? '').includes(names(c).tag)
          ? undefined
          : {
              rule: 'get_tags answers the tags just set',
              where: 'response.body.tags',
              expected: `a list holding ${names(c).tag}`,
              actual: JSON.stringify(body(a).tags),
            },
    },
    {
      name: 'count users with the tag',
      operationId: 'queryUserCount',
      request: (c) => ({ auth: 'token', body: { condition: [{ key: 'tag', values: [names(c).tag], opt_type: 0 }] } }),
    },
    { name: 'bi tags', operationId: 'queryBiTags', request: () => ({ auth: 'token' }) },
  ];
}

function blacklistSteps(): Step[] {
  return [
    {
      name: 'blacklist the last cid',
      operationId: 'postUserBlkList',
      skip: noWritable,
      dirties: (c) => [`blacklist:${lastCid(c)}`],
      request: (c) => ({ auth: 'token', body: { cid: [lastCid(c)] } }),
    },
    {
      name: 'push to the blacklisted cid',
      operationId: 'pushSingle',
      follows: 'blacklist the last cid',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { ...message(c), cid: lastCid(c), requestid: requestId(c, 1) } }),
      rule: (_, a) => {
        const status = body(a).status;
        return status === 'successed_online' || status === 'successed_offline'
          ? {
              rule: 'blacklisted cids get nothing',
              where: 'response.body.status',
              expected: 'not delivered',
              actual: JSON.stringify(status),
            }
          : undefined;
      },
    },
    {
      name: 'remove the last cid from the blacklist',
      operationId: 'deleteUserBlkList',
      skip: noWritable,
      cleans: (c, a) => (result(a) === 'ok' ? [`blacklist:${lastCid(c)}`] : []),
      request: (c) => ({ auth: 'token', body: { cid: [lastCid(c)] } }),
    },
  ];
}

function pushSteps(): Step[] {
  return [
    {
      name: 'push to cid 1',
      operationId: 'pushSingle',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { ...message(c), cid: first(c), requestid: requestId(c, 2) } }),
      gives: ['single task'],
      after: remember('single task'),
      rule: taskPrefix('RASS_'),
    },
    {
      name: 'push again with the same requestid',
      operationId: 'pushSingle',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { ...message(c), cid: first(c), requestid: requestId(c, 2) } }),
      rule: (c, a) => {
        const taskid = body(a).taskid;
        if (result(a) !== 'ok' || taskid === c.vars['single task']) return undefined;
        return {
          rule: 'a repeated requestid delivers once',
          where: 'response.body.taskid',
          expected: "the first call's task (nothing delivered again)",
          actual: JSON.stringify(taskid),
        };
      },
    },
    {
      name: 'save a list body',
      operationId: 'saveListBody',
      request: (c) => ({ auth: 'token', body: { ...message(c), task_name: names(c).taskName } }),
      gives: ['list task'],
      after: remember('list task'),
      rule: taskPrefix('RASL_'),
    },
    {
      name: 'push the list to the listed cids',
      operationId: 'pushList',
      skip: noWritable,
      needs: ['list task'],
      request: (c) => ({ auth: 'token', body: { cid: cids(c), taskid: earlier(c, 'list task'), need_detail: true } }),
      rule: (c, a) => {
        const details = body(a).cid_details;
        const strangers = isObject(details) ? Object.keys(details).filter((k) => !cids(c).includes(k)) : [];
        return strangers.length
          ? {
              rule: 'cid_details names only the cids pushed to',
              where: 'response.body.cid_details',
              expected: 'the listed cids',
              actual: JSON.stringify(strangers),
            }
          : undefined;
      },
    },
    {
      name: 'batch push to the listed cids',
      operationId: 'pushSingleBatch',
      skip: noWritable,
      request: (c) => ({
        auth: 'token',
        body: {
          msg_list: cids(c).map((cid, i) => ({ ...message(c), cid, requestid: requestId(c, 10 + i) })),
          need_detail: false,
        },
      }),
      rule: taskPrefix('RASS_'),
    },
    {
      name: 'results of the tasks',
      operationId: 'pushResult',
      needs: ['single task', 'list task'],
      request: (c) => ({ auth: 'token', body: { taskIdList: [earlier(c, 'single task'), earlier(c, 'list task')] } }),
    },
    {
      name: 'results of an unknown task',
      operationId: 'pushResult',
      refusal: true,
      request: (c) => ({ auth: 'token', body: { taskIdList: [`RASS_0101_${c.options.run}0000000000000000`] } }),
    },
    {
      name: 'results by task name',
      operationId: 'getPushResultByGroupName',
      request: (c) => ({ auth: 'token', params: { groupName: names(c).taskName } }),
    },
    {
      name: 'stop the list task',
      operationId: 'stopTask',
      needs: ['list task'],
      request: (c) => ({ auth: 'token', params: { taskid: earlier(c, 'list task') } }),
    },
  ];
}

function statisticsSteps(): Step[] {
  return [
    {
      name: 'users of yesterday',
      operationId: 'queryAppUser',
      request: (c) => ({ auth: 'token', params: { date: dayDashed(c, -1) } }),
    },
    {
      name: 'users of today',
      operationId: 'queryAppUser',
      refusal: true,
      clockBound: true,
      request: (c) => ({ auth: 'token', params: { date: dayDashed(c, 0) } }),
      rule: refused('query_app_user supports only days other than today'),
    },
    {
      name: 'pushes of yesterday',
      operationId: 'queryAppPush',
      request: (c) => ({ auth: 'token', params: { date: dayCompact(c, -1) } }),
    },
    {
      name: 'online users of the last 24 hours',
      operationId: 'getLast24hoursOnlineUserStatistics',
      request: () => ({ auth: 'token' }),
    },
    // The badge cannot be read back: set_badge 0 leaves the badge at 0 (the README and --help say so).
    {
      name: 'badge of the listed cids',
      operationId: 'setBadge',
      skip: noWritable,
      request: (c) => ({ auth: 'token', body: { badge: 0, cid_list: cids(c) } }),
    },
  ];
}

function appPushSteps(): Step[] {
  const noAppPush = (c: Context) => (c.options.allowAppPush ? undefined : 'no --allow-app-push');
  const condition = (c: Context) => [{ key: 'tag', values: [c.options.allowAppPush ?? ''], opt_type: 0 }];
  const noSchedule = (c: Context) =>
    noAppPush(c) ??
    (c.vars['scheduled task'] || c.dryRun
      ? undefined
      : `scheduled push not enabled for this app (push_app with pushTime answered ${c.vars['schedule refused'] ?? 'no task'})`);
  return [
    {
      name: 'app push to the tag',
      operationId: 'pushApp',
      skip: (c) => noAppPush(c) ?? noWritable(c),
      request: (c) => ({
        auth: 'token',
        body: { ...message(c), condition: condition(c), requestid: requestId(c, 3), task_name: names(c).taskName },
      }),
      rule: taskPrefix('RASA_'),
    },
    {
      name: 'scheduled app push to the tag',
      operationId: 'pushApp',
      skip: (c) => noAppPush(c) ?? noWritable(c),
      request: (c) => ({
        auth: 'token',
        body: { ...message(c), condition: condition(c), requestid: requestId(c, 4), pushTime: pushTime(c, DAY_MS) },
      }),
      dirties: () => ['task:scheduled'],
      after: (c, a) =>
        result(a) === 'ok' && typeof body(a).taskid === 'string'
          ? (c.vars['scheduled task'] = body(a).taskid as string)
          : (c.vars['schedule refused'] = said(a)),
    },
    {
      name: 'the scheduled task',
      operationId: 'getScheduleTask',
      skip: noSchedule,
      request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }),
    },
    {
      name: 'delete the scheduled task',
      operationId: 'delScheduleTask',
      skip: noSchedule,
      cleans: (_, a) => (result(a) === 'ok' ? ['task:scheduled'] : []),
      request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }),
    },
  ];
}

/**
 * Puts back what the run changed and did not undo itself (`Context.dirty`), each on its own, in a finally: the
 * tags read before, the alias read before (or the run's alias taken off again), the blacklist, a scheduled task.
 */
function restoreSteps(ctx: Context): Step[] {
  // A dry run has read nothing: it shows a placeholder where the tags read before go, as for the alias.
  const tagsBefore = (c: Context, cid: string): unknown =>
    c.dryRun ? '<the tags read before>' : (c.devices[cid]?.tags ?? []);
  const hadAlias = (c: Context, cid: string) => Boolean(c.devices[cid]?.alias);
  const ok = (keys: string[]) => (_: Context, a: ServiceAnswer) => (result(a) === 'ok' ? keys : []);
  return [
    ...ctx.options.cids.flatMap((cid, i): Step[] => [
      {
        name: `restore the tags of cid ${i + 1}`,
        operationId: 'setTags',
        phase: 'restore',
        restores: () => `tags:${cid}`,
        cleans: ok([`tags:${cid}`]),
        request: (c) => ({ auth: 'token', body: { cid, tag_list: tagsBefore(c, cid) } }),
      },
      {
        name: `restore the alias of cid ${i + 1} (if it had one)`,
        operationId: 'bindAlias',
        phase: 'restore',
        restores: () => `alias:${cid}`,
        cleans: ok([`alias:${cid}`]),
        skip: (c) => (hadAlias(c, cid) || c.dryRun ? undefined : 'cid had no alias before the run'),
        request: (c) => ({
          auth: 'token',
          body: { alias_list: [{ cid, alias: c.devices[cid]?.alias ?? '<the alias read before>' }] },
        }),
      },
      {
        // No alias before: whatever alias of this run is still bound is taken off; any other answer leaves it be.
        name: `alias of cid ${i + 1} at the end (if it had none)`,
        operationId: 'queryAlias',
        phase: 'restore',
        restores: () => `alias:${cid}`,
        skip: (c) => (hadAlias(c, cid) ? 'cid had an alias before the run (bound again above)' : undefined),
        request: () => ({ auth: 'token', params: { cid } }),
        cleans: (c, a) =>
          noAliasAnswer(a) || (result(a) === 'ok' && !runAlias(c, body(a).alias)) ? [`alias:${cid}`] : [],
        after: (c, a) =>
          runAlias(c, body(a).alias) ? (c.vars[`alias left on ${cid}`] = body(a).alias as string) : undefined,
      },
      {
        name: `unbind the run's alias from cid ${i + 1}`,
        operationId: 'unbindAlias',
        phase: 'restore',
        restores: () => `alias:${cid}`,
        needs: [`alias left on ${cid}`],
        cleans: ok([`alias:${cid}`]),
        request: (c) => ({ auth: 'token', body: { cid, alias: earlier(c, `alias left on ${cid}`) } }),
      },
      {
        name: `take cid ${i + 1} off the blacklist again`,
        operationId: 'deleteUserBlkList',
        phase: 'restore',
        restores: () => `blacklist:${cid}`,
        cleans: ok([`blacklist:${cid}`]),
        request: () => ({ auth: 'token', body: { cid: [cid] } }),
      },
    ]),
    {
      name: 'delete the scheduled task again',
      operationId: 'delScheduleTask',
      phase: 'restore',
      restores: () => 'task:scheduled',
      needs: ['scheduled task'],
      cleans: ok(['task:scheduled']),
      request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }),
    },
  ];
}

function tokenSteps(): Step[] {
  return [
    {
      name: 'the token in Authorization instead of authtoken',
      operationId: 'queryBiTags',
      refusal: true,
      phase: 'after',
      request: () => ({ auth: 'token-as-bearer' }),
      rule: refused('the token works with the authtoken header only'),
    },
    {
      name: 'sign out',
      operationId: 'authClose',
      phase: 'after',
      request: () => ({ auth: 'token' }),
      after: (c) => (c.vars['closed token'] = c.vars.token ?? ''),
    },
    {
      name: 'a token after auth_close',
      operationId: 'queryBiTags',
      follows: 'sign out',
      refusal: true,
      phase: 'after',
      request: () => ({ auth: 'closed-token' }),
      rule: refused('auth_close invalidates the token'),
    },
  ];
}

function dmpSteps(): Step[] {
  const noDmp = (c: Context) => (c.target.dmp ? undefined : 'no --dmp-url');
  const dmp = (step: Step): Step => ({ ...step, phase: 'after' });
  return [
    dmp({
      name: 'DMP sign in',
      operationId: 'getAccessToken',
      skip: noDmp,
      request: (c) => ({
        auth: 'none',
        query: {
          user_code: c.target.dmp?.userCode ?? '',
          sign1: earlier(c, 'sign1'),
          sign2: earlier(c, 'sign2'),
          timestamp: String(c.options.now),
        },
      }),
      gives: ['dmp token'],
      after: remember('dmp token', 'access_token'),
    }),
    dmp({
      name: 'DMP sign in with a wrong sign2',
      operationId: 'getAccessToken',
      refusal: true,
      skip: noDmp,
      request: (c) => ({
        auth: 'none',
        query: {
          user_code: c.target.dmp?.userCode ?? '',
          sign1: earlier(c, 'sign1'),
          sign2: '0'.repeat(32),
          timestamp: String(c.options.now),
        },
      }),
      rule: refused('a wrong sign2 is refused', 'response.body.access_token'),
    }),
    dmp({
      name: 'DMP tags of the device',
      operationId: 'getUserTags',
      needs: ['dmp token'],
      skip: (c) => noDmp(c) ?? (Object.keys(c.options.dmpIds).length ? undefined : 'no --dmp-id'),
      request: (c) => ({ auth: 'dmp-token', body: c.options.dmpIds }),
    }),
    dmp({
      name: 'DMP tags without a token',
      operationId: 'getUserTags',
      refusal: true,
      skip: noDmp,
      request: (c) => ({ auth: 'dmp-none', body: c.options.dmpIds }),
      rule: (_, a) =>
        a.status === 401
          ? undefined
          : {
              rule: 'a call without authorization answers 401',
              where: 'response.status',
              expected: '401',
              actual: String(a.status),
            },
    }),
    dmp({
      name: 'DMP tag catalogue',
      operationId: 'listTags',
      skip: noDmp,
      needs: ['dmp token'],
      request: () => ({ auth: 'dmp-token' }),
    }),
  ];
}

/** Every step, in order: the main part, the restore (run whatever happened) and what follows it. */
export function scenario(ctx: Context): Step[] {
  return [
    ...signInSteps(),
    ...captureSteps(ctx),
    ...aliasSteps(),
    ...tagSteps(ctx),
    ...blacklistSteps(),
    ...pushSteps(),
    ...statisticsSteps(),
    ...appPushSteps(),
    ...restoreSteps(ctx),
    ...tokenSteps(),
    ...dmpSteps(),
  ];
}
