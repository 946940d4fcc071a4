// The scenario: every push v1 and DMP operation, in an order where each step only touches the listed cids and
// what the scenario itself created, and where everything it set is removed again at the end.
import { isObject, outcomeOf, type ServiceAnswer } from '../check/answer.js';
import { dayCompact, dayDashed, DAY_MS, earlier, pushTime, readable, type Context, type Unread } from './context.js';
import { noAliasAnswer, readAlias, readCount, readTags, type StateRead } from './reads.js';
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
// A push changes nothing the run restores: it goes to the listed cids whatever could be read. A write that changes
// a state the restore puts back (dirties) is sent only once that state was read (the runner checks unreadBlock).
const cids = (ctx: Context) => ctx.options.cids;
const first = (ctx: Context) => ctx.options.cids[0]!;
const lastCid = (ctx: Context) => ctx.options.cids[ctx.options.cids.length - 1]!;
/** The cid the alias steps bind: the first listed one whose earlier alias was read (else cid 1, which is then skipped). */
const aliasCid = (ctx: Context) => readable(ctx, 'alias')[0] ?? first(ctx);
/** The cid's answer, in words, for a reason: `other_error "system busy"`. */
const said = (a: ServiceAnswer) =>
  `${result(a) ?? `HTTP ${a.status}`}${outcomeOf(a).desc ? ` "${outcomeOf(a).desc}"` : ''}`;
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
      after: (c, a) => rememberRead(c, `alias:${cid}`, readAlias(a)),
    })),
    ...perCid(ctx, (cid, i) => ({
      name: `tags of cid ${i + 1} before`,
      operationId: 'getTags',
      request: () => ({ auth: 'token', params: { cid } }),
      after: (c, a) => rememberRead(c, `tags:${cid}`, readTags(a)),
    })),
  ];
}

/** Keeps what a read of a cid's earlier state gave: the value, or why it could not be read (and what was seen). */
function rememberRead(ctx: Context, key: string, read: StateRead<string | string[]>): void {
  const [kind, cid] = key.split(/:(.*)/s) as ['alias' | 'tags', string];
  const device = (ctx.devices[cid] ??= { known: false });
  if (read.failure === undefined) {
    ctx.read.add(key);
    if (kind === 'tags') device.tags = read.value as string[];
    else if (read.value) device.alias = read.value as string;
    return;
  }
  // A state another run could not read stays unread here (the parity run mirrors the target's run).
  const unread: Unread = { reason: read.failure, ...(read.choice ? { choice: read.choice } : {}) };
  ctx.unread[key] ??= unread;
  if (read.seen !== undefined) device.seen = { ...device.seen, [kind]: read.seen };
}

const aliasState = (c: Context) => [`alias:${aliasCid(c)}`];
const alias1 = (c: Context) => names(c).alias1;
const alias2 = (c: Context) => names(c).alias2;

/** bind_alias of the alias cid: it changes the cid's alias (dirties), so it needs the alias read before. */
const bindStep = (name: string, alias: (c: Context) => string): Step => ({
  name,
  operationId: 'bindAlias',
  dirties: aliasState,
  request: (c) => ({ auth: 'token', body: { alias_list: [{ cid: aliasCid(c), alias: alias(c) }] } }),
});

/** query_alias of the bound cid, once `follows` has run: it answers `alias`. */
const aliasAfter = (name: string, follows: string, alias: (c: Context) => string, rule: string): Step => ({
  name,
  operationId: 'queryAlias',
  follows,
  request: (c) => ({ auth: 'token', params: { cid: aliasCid(c) } }),
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

/** query_cid of an alias: whether it lists the bound cid (`listed`) or not (a refusal made on purpose). */
const cidsOf = (name: string, follows: string, alias: (c: Context) => string, listed: boolean, rule: string): Step => ({
  name,
  operationId: 'queryCid',
  follows,
  ...(listed ? {} : { refusal: true }),
  request: (c) => ({ auth: 'token', params: { alias: alias(c) } }),
  rule: (c, a) => {
    const list = body(a).cid;
    if ((Array.isArray(list) && list.includes(aliasCid(c))) === listed) return undefined;
    const expected = `${listed ? 'a list holding' : 'no'} the bound cid ${aliasCid(c)}`;
    return { rule, where: 'response.body.cid', expected, actual: JSON.stringify(list) };
  },
});

/** unbind_alias of the second alias from the bound cid (the second time, a pair that is not bound). */
const unbindStep = (name: string, refusal: boolean): Step => ({
  name,
  operationId: 'unbindAlias',
  ...(refusal ? { refusal } : {}),
  dirties: aliasState,
  request: (c) => ({ auth: 'token', body: { cid: aliasCid(c), alias: alias2(c) } }),
});

/**
 * Bind, query, rebind, unbind on one cid: the first listed one whose earlier alias was read (the restore binds it
 * back). Each write names the alias state it changes (dirties): with no alias read, each is skipped saying so, and
 * the reads that follow a skipped write are skipped with it.
 */
function aliasSteps(): Step[] {
  return [
    bindStep('bind an alias', alias1),
    aliasAfter('alias after binding', 'bind an alias', alias1, 'query_alias answers the alias just bound'),
    cidsOf('cids of the alias', 'bind an alias', alias1, true, 'query_cid lists the cid bound to the alias'),
    bindStep('rebind to a second alias', alias2),
    aliasAfter('alias after rebinding', 'rebind to a second alias', alias2, 'a rebinding replaces the old alias'),
    cidsOf(
      'cids of the replaced alias',
      'rebind to a second alias',
      alias1,
      false,
      'a rebinding unbinds the earlier alias',
    ),
    unbindStep('unbind the pair', false),
    unbindStep('unbind a pair that is not bound', true),
    bindStep('bind a third alias', (c) => names(c).alias3),
    {
      name: 'unbind every cid of the alias',
      operationId: 'unbindAliasAll',
      follows: 'bind a third alias',
      dirties: aliasState,
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
      dirties: () => [`tags:${cid}`],
      request: (c) => ({ auth: 'token', body: { cid, tag_list: tags(c) } }),
      // push_app reaches the devices carrying the tag: it runs only when the tag is on a listed cid.
      gives: [`tags set on ${cid}`],
      after: (c, a) => (result(a) === 'ok' ? (c.vars[`tags set on ${cid}`] = cid) : undefined),
    })),
    {
      name: 'tags of cid 1 after setting',
      operationId: 'getTags',
      follows: 'set tags of cid 1',
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
    { name: 'bi tags', operationId: 'queryBiTags', appWide: true, request: () => ({ auth: 'token' }) },
  ];
}

function blacklistSteps(): Step[] {
  return [
    {
      name: 'blacklist the last cid',
      operationId: 'postUserBlkList',
      dirties: (c) => [`blacklist:${lastCid(c)}`],
      request: (c) => ({ auth: 'token', body: { cid: [lastCid(c)] } }),
    },
    {
      name: 'push to the blacklisted cid',
      operationId: 'pushSingle',
      follows: 'blacklist the last cid',
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
      request: (c) => ({ auth: 'token', body: { ...message(c), cid: first(c), requestid: requestId(c, 2) } }),
      gives: ['single task'],
      after: remember('single task'),
      rule: taskPrefix('RASS_'),
    },
    {
      name: 'push again with the same requestid',
      operationId: 'pushSingle',
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
      appWide: true,
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
      appWide: true,
      operationId: 'queryAppPush',
      request: (c) => ({ auth: 'token', params: { date: dayCompact(c, -1) } }),
    },
    {
      name: 'online users of the last 24 hours',
      appWide: true,
      operationId: 'getLast24hoursOnlineUserStatistics',
      request: () => ({ auth: 'token' }),
    },
    // The badge cannot be read back: set_badge 0 leaves the badge at 0 (the README and --help say so).
    {
      name: 'badge of the listed cids',
      operationId: 'setBadge',
      request: (c) => ({ auth: 'token', body: { badge: 0, cid_list: cids(c) } }),
    },
  ];
}

/** push_app reaches the devices carrying the tag: the listed cids set_tags put it on. On none, it is not sent. */
function noneTagged(c: Context): string | undefined {
  if (c.dryRun || cids(c).some((cid) => c.vars[`tags set on ${cid}`])) return undefined;
  // Per cid, the shortest cause: the tags it could not read, or what its set_tags answered.
  const why = cids(c).map((cid) =>
    c.unread[`tags:${cid}`]
      ? `the earlier tags of ${cid} could not be read`
      : (c.missing[`tags set on ${cid}`] ?? `set_tags did not tag ${cid}`),
  );
  return `needs the tag ${c.options.allowAppPush} on a listed cid, which set_tags put on none (${why.join('; ')})`;
}

/**
 * push_app is sent only when query_user_count of the allowed tag counts exactly the listed cids the run tagged:
 * more means other devices carry the tag (push_app would reach them), fewer that the service does not see the tag
 * as set. Undefined when the count is not known yet (the step's `needs` then says why).
 */
function audienceBeyondList(c: Context): string | undefined {
  const counted = c.vars['app push audience'];
  if (c.dryRun || counted === undefined) return undefined;
  const tagged = cids(c).filter((cid) => c.vars[`tags set on ${cid}`]).length;
  if (Number(counted) === tagged) return undefined;
  const reach = Number(counted) > tagged ? 'devices not listed' : 'other devices than those the run tagged';
  return `needs the tag ${c.options.allowAppPush} on exactly the ${tagged} listed cids the run tagged, and query_user_count counts ${counted}: push_app would reach ${reach}; not sent`;
}

function appPushSteps(): Step[] {
  const noAppPush = (c: Context) => (c.options.allowAppPush ? undefined : 'no --allow-app-push');
  const condition = (c: Context) => [{ key: 'tag', values: [c.options.allowAppPush ?? ''], opt_type: 0 }];
  // Not enabled only when the scheduled push answered without a task; not sent, or no answer: the step it follows
  // and the task it needs say why.
  const noSchedule = (c: Context) =>
    noAppPush(c) ??
    (c.vars['schedule refused'] === undefined
      ? undefined
      : `scheduled push not enabled for this app (push_app with pushTime answered ${c.vars['schedule refused']})`);
  const guarded = (c: Context) => noAppPush(c) ?? noneTagged(c) ?? audienceBeyondList(c);
  return [
    {
      // The service's tag condition alone decides who push_app reaches: count them first.
      name: 'count devices with the allowed tag',
      operationId: 'queryUserCount',
      skip: (c) => noAppPush(c) ?? noneTagged(c),
      request: (c) => ({ auth: 'token', body: { condition: condition(c) } }),
      gives: ['app push audience'],
      after: (c, a) => {
        const count = readCount(a);
        if (count.choice) c.choices.push({ step: 'count devices with the allowed tag', choice: count.choice });
        if (count.value !== undefined) c.vars['app push audience'] = String(count.value);
      },
    },
    {
      name: 'app push to the tag',
      operationId: 'pushApp',
      needs: ['app push audience'],
      skip: guarded,
      request: (c) => ({
        auth: 'token',
        body: { ...message(c), condition: condition(c), requestid: requestId(c, 3), task_name: names(c).taskName },
      }),
      rule: taskPrefix('RASA_'),
    },
    {
      name: 'scheduled app push to the tag',
      operationId: 'pushApp',
      needs: ['app push audience'],
      skip: guarded,
      request: (c) => ({
        auth: 'token',
        body: { ...message(c), condition: condition(c), requestid: requestId(c, 4), pushTime: pushTime(c, DAY_MS) },
      }),
      dirties: () => ['task:scheduled'],
      gives: ['scheduled task'],
      after: (c, a) =>
        result(a) === 'ok' && typeof body(a).taskid === 'string'
          ? (c.vars['scheduled task'] = body(a).taskid as string)
          : (c.vars['schedule refused'] = said(a)),
    },
    {
      name: 'the scheduled task',
      operationId: 'getScheduleTask',
      follows: 'scheduled app push to the tag',
      needs: ['scheduled task'],
      skip: noSchedule,
      request: (c) => ({ auth: 'token', body: { taskid: earlier(c, 'scheduled task') } }),
    },
    {
      name: 'delete the scheduled task',
      operationId: 'delScheduleTask',
      follows: 'scheduled app push to the tag',
      needs: ['scheduled task'],
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
