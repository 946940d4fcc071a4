// The sandbox's choices where the description is silent (packages/sandbox/README.md, "Where the description is
// silent"), by the operations and answer fields they decide. A parity difference there points at the choice.
export const SANDBOX_CHOICES_README = 'packages/sandbox/README.md#where-the-description-is-silent';

interface Choice {
  operations: string[];
  /** The answer field (dotted, under response.body) the choice decides; `*` for the whole answer. */
  fields: string[];
  /** Only on these steps of the scenario (the choice concerns that situation only). */
  steps?: string[];
  /** The question, as the README's table words it. */
  question: string;
}

export const CHOICES: Choice[] = [
  { operations: ['pushSingle'], fields: ['result'], question: 'push_single to a cid the app does not have' },
  {
    operations: ['pushSingle'],
    fields: ['status'],
    steps: ['push to the blacklisted cid'],
    question: 'a blacklisted target',
  },
  {
    operations: ['bindAlias', 'setTags', 'getTags', 'queryAlias'],
    fields: ['result'],
    question: 'bind_alias, set_tags, get_tags, query_alias of an unknown cid',
  },
  { operations: ['getTags'], fields: ['tags'], question: 'get_tags `tags`' },
  { operations: ['queryBiTags'], fields: ['tags'], steps: ['bi tags'], question: 'query_bi_tags' },
  { operations: ['pushApp'], fields: ['result'], question: 'push_app whose condition selects no device' },
  {
    operations: ['stopTask', 'getScheduleTask', 'delScheduleTask', 'pushResult', 'pushList'],
    fields: ['result'],
    question: 'unknown task (push_list, stop_task, get/del_schedule_task, push_result)',
  },
  {
    operations: ['getScheduleTask'],
    fields: ['taskDetail.sendResult', 'taskDetail.status'],
    question: 'sendResult / status of get_schedule_task',
  },
  { operations: ['queryAppUser'], fields: ['result'], question: 'query_app_user of today' },
  { operations: ['userStatus'], fields: ['lastlogin'], question: 'lastlogin' },
  { operations: ['getLast24hoursOnlineUserStatistics'], fields: ['onlineStatics'], question: 'online statistics keys' },
  { operations: ['pushResult'], fields: ['data'], question: 'push_result GT / APN' },
  { operations: ['authSign'], fields: ['result'], steps: ['sign in'], question: 'auth_sign timestamp skew' },
  { operations: ['getAccessToken'], fields: ['*'], question: 'DMP wrong user_code, sign1 or sign2' },
  { operations: ['getUserTags', 'listTags'], fields: ['code', 'desc'], question: 'DMP error bodies' },
  { operations: ['getUserTags'], fields: ['data'], question: '/tags/user of an unknown device' },
];

/** The choice that decides `where` (such as `response.body.taskDetail.sendResult`) of a step, if any. */
export function choiceFor(
  operationId: string,
  step: string,
  where: string,
): { readme: string; question: string } | undefined {
  const field = where.replace(/^response\.body\.?/, '');
  const choice = CHOICES.find(
    (c) =>
      c.operations.includes(operationId) &&
      (!c.steps || c.steps.includes(step)) &&
      c.fields.some((f) => f === '*' || field === f || field.startsWith(`${f}.`)),
  );
  return choice && { readme: SANDBOX_CHOICES_README, question: choice.question };
}
