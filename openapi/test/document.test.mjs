// The documents hold every operation of the description, with the marks the conventions ask for.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { deref } from '../lib/walk.mjs';
import { loadDocument, operations } from './documents.mjs';

const push = loadDocument('push-v1');
const dmp = loadDocument('dmp');
const list = (doc) =>
  operations(doc)
    .map((op) => `${op.method.toUpperCase()} ${op.path}`)
    .sort();

describe('push-v1', () => {
  it('has the 28 operations of the description', () => {
    const expected = [
      'POST /auth_sign',
      'POST /auth_close',
      'POST /bind_alias',
      'GET /query_cid/{alias}',
      'GET /query_alias/{cid}',
      'POST /unbind_alias',
      'POST /unbind_alias_all',
      'POST /set_tags',
      'GET /get_tags/{cid}',
      'POST /user_blk_list',
      'DELETE /user_blk_list',
      'GET /user_status/{cid}',
      'POST /push_result',
      'GET /query_app_user/{date}',
      'GET /query_app_push/{date}',
      'POST /set_badge',
      'GET /get_push_result_by_group_name/{groupName}',
      'GET /get_last_24hours_online_User_statistics',
      'POST /query_user_count',
      'GET /query_bi_tags',
      'POST /push_single',
      'POST /save_list_body',
      'POST /push_list',
      'POST /push_app',
      'DELETE /stop_task/{taskid}',
      'POST /push_single_batch',
      'POST /get_schedule_task',
      'POST /del_schedule_task',
    ].sort();
    expect(list(push)).toEqual(expected);
  });

  it('serves them under {base_url}/v1/{appid}', () => {
    expect(push.servers[0].url).toBe('{base_url}/v1/{appid}');
  });

  it('requires the authtoken header everywhere but auth_sign', () => {
    expect(push.components.securitySchemes.authtoken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'authtoken',
    });
    expect(push.security).toEqual([{ authtoken: [] }]);
    const open = operations(push)
      .filter((op) => op.operation.security?.length === 0)
      .map((op) => op.operationId);
    expect(open).toEqual(['authSign']);
  });

  it('marks every operation deprecated, and the API in its title', () => {
    expect(operations(push).filter((op) => op.operation.deprecated !== true)).toEqual([]);
    expect(push.info.title).toMatch(/deprecated/i);
    expect(push.info['x-deprecated']).toBe(true);
  });

  it('marks exactly the rate-controlled operations', () => {
    const marked = operations(push)
      .filter((op) => op.operation['x-rate-controlled'] === true)
      .map((op) => op.operationId)
      .sort();
    expect(marked).toEqual(['pushApp', 'pushList', 'saveListBody', 'setTags']);
  });

  it('tells the five templates apart by a msgtype const', () => {
    const variants = push.components.schemas.TemplatedMessage.oneOf.map((v) => v.$ref.split('/').pop());
    // The envelope is one component; each variant fixes its msgtype beside it.
    const msgtypeOf = (name) => {
      const [envelope, fixed] = push.components.schemas[name].properties.message.allOf;
      expect(envelope.$ref).toBe('#/components/schemas/Envelope');
      return fixed.properties.msgtype.const;
    };
    const consts = variants.map(msgtypeOf);
    expect(consts.sort()).toEqual(['link', 'notification', 'notypopload', 'startactivity', 'transmission']);
    for (const name of variants) expect(push.components.schemas[name].required).toContain(msgtypeOf(name));
    expect(push.components.schemas.Envelope.required).toEqual(['msgtype']);
  });

  it('answers every operation with an ok shape and the shared failure shape, labelled, told apart by result', () => {
    const schemas = push.components.schemas;
    for (const op of operations(push)) {
      const ref = deref(push, op.operation.responses['200']).content['application/json'].schema.$ref;
      const answer = schemas[ref.split('/').pop()];
      const branches = answer.oneOf ?? answer.anyOf;
      expect(branches, op.operationId).toBeDefined();
      // anyOf only where a data result (user_status's no_user) may also fit the failure shape.
      expect(answer.anyOf === undefined || op.operationId === 'userStatus', op.operationId).toBe(true);
      const [ok, ...rest] = branches;
      expect(ok.title, op.operationId).toBe('ok');
      expect(ok.required, op.operationId).toContain('result');
      expect(ok.description, op.operationId).toMatch(/Required on success/);
      expect(ok.properties.result.$ref).toBe('#/components/schemas/OkResult');
      expect(rest.at(-1).$ref, op.operationId).toBe('#/components/schemas/Failure');
      // Every field the ok shape requires is one it defines.
      for (const name of ok.required) expect(ok.properties, `${op.operationId} ${name}`).toHaveProperty(name);
    }
    expect(schemas.OkResult).toMatchObject({ type: 'string', const: 'ok', enum: ['ok'] });
    expect(schemas.Failure).toMatchObject({ title: 'failure', required: ['result', 'desc'] });
    expect(schemas.Failure.properties.result.not).toEqual({ const: 'ok' });
  });

  it('requires on success the fields the description lists (taskid, auth_token, user_status status)', () => {
    const okOf = (name) => (push.components.schemas[name].oneOf ?? push.components.schemas[name].anyOf)[0];
    expect(okOf('PushSingleResponse').required).toEqual(['result', 'taskid']);
    expect(okOf('AuthSignResponse').required).toEqual(['result', 'auth_token']);
    expect(okOf('UserStatusResponse').required).toEqual(['result', 'cid', 'status', 'lastlogin']);
    // Fields tied to an option stay optional.
    expect(okOf('PushListResponse').required).toEqual(['result', 'taskid']);
  });

  it('shows a failure answer for every operation, and too_frequent for each rate-controlled one', () => {
    for (const op of operations(push)) {
      const examples = Object.values(
        deref(push, op.operation.responses['200']).content['application/json'].examples,
      ).map((e) => deref(push, e).value);
      const failures = examples.filter((value) => value.result !== 'ok' && value.result !== 'no_user');
      expect(failures.length, op.operationId).toBeGreaterThan(0);
      for (const failure of failures) expect(typeof failure.desc, op.operationId).toBe('string');
      if (op.operation['x-rate-controlled'])
        expect(
          failures.map((f) => f.result),
          op.operationId,
        ).toContain('too_frequent');
    }
  });

  it('gives an example on scalar properties (a ratchet: at most the 2 left, whose meaning and form the description does not give: msgid of set_badge, speed of push_app)', () => {
    const SCALAR = new Set(['string', 'integer', 'number', 'boolean']);
    const missing = [];
    const visit = (node, where) => {
      if (!node || typeof node !== 'object') return;
      for (const [name, prop] of Object.entries(node.properties ?? {})) {
        const schema = prop?.$ref ? { ...deref(push, prop), ...prop } : prop;
        if (SCALAR.has(schema?.type) && schema.examples === undefined && schema.const === undefined)
          missing.push(`${where}.${name}`);
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    visit(push.components.schemas, '#/components/schemas');
    expect(missing.length, missing.join('\n')).toBeLessThanOrEqual(2);
    expect(missing.filter((where) => /Response/.test(where))).toEqual([]);
  });

  it('applies one rule to answer values: closed where the description lists the set, open where it says the set is not shown', () => {
    expect(push.info.description).toMatch(/\*\*Answer values: one rule\.\*\*/);
    const schemas = push.components.schemas;
    const ok = (name) => (schemas[name].oneOf ?? schemas[name].anyOf)[0];
    // Closed: the "Values that the interface reports" table lists them.
    expect(schemas.DeliveryStatus.enum).toEqual(['successed_offline', 'successed_online', 'successed_ignore']);
    expect(ok('PushListResponse').properties.cid_details.additionalProperties.enum).toEqual([
      'successed_offline',
      'successed_online',
      'successed_ignore',
      'no_user',
    ]);
    expect(ok('UserStatusResponse').properties.status.enum).toEqual(['online', 'offline']);
    // Open: the description says the full set is not shown.
    for (const open of [schemas.Result, schemas.ScheduleTaskDetail.properties.sendResult]) {
      expect(open.type).toBe('string');
      expect(open.enum).toBeUndefined();
      expect(open.examples.length).toBeGreaterThan(0);
    }
  });

  it('keeps result an open string', () => {
    expect(push.components.schemas.Result.type).toBe('string');
    expect(push.components.schemas.Result.enum).toBeUndefined();
    expect(push.components.schemas.Result['x-known-values']).toEqual(
      expect.arrayContaining(['ok', 'no_user', 'not_auth', 'too_frequent']),
    );
    // The meanings are written once (x-value-meanings); the bundle lists their values and shows them as a table.
    const meanings = push.components.schemas.Result['x-value-meanings'];
    expect(push.components.schemas.Result['x-known-values']).toEqual(Object.keys(meanings));
    for (const [value, meaning] of Object.entries(meanings))
      expect(push.components.schemas.Result.description).toContain(`| \`${value}\` | ${meaning} |`);
  });
});

describe('dmp', () => {
  it('has the 3 operations of the description', () => {
    expect(list(dmp)).toEqual(['GET /accesser/auth', 'GET /config/tags', 'POST /tags/user']);
  });

  it('uses bearer security except for the token request', () => {
    expect(dmp.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const open = operations(dmp)
      .filter((op) => op.operation.security?.length === 0)
      .map((op) => op.operationId);
    expect(open).toEqual(['getAccessToken']);
  });

  it('answers 200, 400, 401 and 403 where the description lists them', () => {
    for (const op of operations(dmp)) {
      const statuses = Object.keys(op.operation.responses).sort();
      expect(statuses).toEqual(op.operationId === 'getAccessToken' ? ['200'] : ['200', '400', '401', '403']);
    }
  });
});

describe.each([
  ['push-v1', push],
  ['dmp', dmp],
])('%s operations', (_, doc) => {
  it.each(operations(doc).map((op) => [op.operationId, op]))(
    '%s has summary, description, tags and a response example',
    (id, op) => {
      expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.operation.summary).toBeTruthy();
      expect(op.operation.description).toBeTruthy();
      expect(op.operation.tags?.length).toBeGreaterThan(0);
    },
  );
});

describe.each([
  ['push-v1', push],
  ['dmp', dmp],
])('%s info.version', (_, doc) => {
  it("is @pushapi/openapi's version, which each release moves", () => {
    const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(version);
  });
});
