// Type tests: run by `tsc --noEmit` in the test script. Each @ts-expect-error must meet an error,
// or tsc fails ("Unused '@ts-expect-error' directive"); the valid calls must compile as they are.
import createClient from 'openapi-fetch';
import { createPushClient, type components, type paths, type PushApiError, type Result } from '../src/index.js';

const push = createPushClient({
  baseUrl: 'https://push.example.test',
  appId: 'APP_ID',
  appKey: 'APP_KEY',
  masterSecret: 'MASTER_SECRET',
});
const style = { type: 0, text: 'Hello', title: 'Title', logo: 'icon.png' } as const;

export async function validCalls() {
  const single = await push.POST('/push_single', {
    body: { message: { msgtype: 'notification', is_offline: true }, notification: { style }, cid: 'CID_1' },
  });
  // A successful call resolves with the ok shape: taskid is there, without `!`, `??` or a cast.
  const taskid: string = single.taskid;
  // status stays optional (an answer repeated for a reused requestid may lack it), but is the closed set when there.
  const delivery: 'successed_offline' | 'successed_online' | 'successed_ignore' | undefined = single.status;
  const status = await push.GET('/user_status/{cid}', { params: { path: { cid: 'CID_1' } } });
  const result: 'ok' | 'no_user' = status.result;
  // user_status also resolves with its no_user answer (an answer, not a failure): status is known once result is ok.
  // @ts-expect-error status is not there when result is no_user
  const unknownOnline: 'online' | 'offline' = status.status;
  const online: 'online' | 'offline' | undefined = status.result === 'ok' ? status.status : undefined;
  await push.POST('/push_single', {
    body: {
      message: { msgtype: 'transmission' },
      transmission: { transmission_content: 'x' },
      alias: 'A',
      requestid: 'req-0000000001',
    },
  });
  await push.POST('/push_single_batch', {
    body: { msg_list: [{ message: { msgtype: 'link' }, link: { url: 'https://example.test', style }, cid: 'CID_1' }] },
  });
  await push.DELETE('/user_blk_list', { body: { cid: ['CID_1'] } });
  await push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: 'RASA_0101_00' } } });
  await push.GET('/query_bi_tags');
  await push.POST('/push_app', {
    body: {
      message: { msgtype: 'transmission' },
      transmission: { transmission_content: 'x' },
      condition: [{ key: 'region', values: ['Shanghai'], opt_type: 0 }],
      task_name: 'spring-campaign',
    },
  });
  const saved = await push.POST('/save_list_body', {
    body: { message: { msgtype: 'link' }, link: { url: 'https://example.test', style } },
  });
  // push_list takes cid or alias; with both, the service uses cid (so both are allowed here).
  await push.POST('/push_list', { body: { cid: ['CID_1'], alias: ['A'], taskid: saved.taskid, need_detail: true } });
  await push.POST('/push_result', { body: { taskIdList: ['RASS_0101_00'] } });
  return [taskid, delivery, result, unknownOnline, online];
}

export async function wrongCalls() {
  await push.POST('/push_single', {
    // @ts-expect-error the template property (link) does not match message.msgtype (notification)
    body: { message: { msgtype: 'notification' }, link: { url: 'https://example.test', style }, cid: 'CID_1' },
  });
  await push.POST('/push_single', {
    // @ts-expect-error two templates in one request
    body: {
      message: { msgtype: 'notification' },
      notification: { style },
      link: { url: 'https://example.test', style },
      cid: 'CID_1',
    },
  });
  await push.POST('/push_single', {
    // @ts-expect-error cid and alias together (one of the two)
    body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1', alias: 'A' },
  });
  await push.POST('/push_app', {
    body: {
      message: { msgtype: 'transmission' },
      transmission: { transmission_content: 'x' },
      // @ts-expect-error opt_type is 0, 1 or 2
      condition: [{ key: 'region', values: ['Shanghai'], opt_type: 3 }],
    },
  });
  // @ts-expect-error unknown operation
  await push.POST('/push_everything', { body: {} });
  // @ts-expect-error user_status is a GET, not a POST
  await push.POST('/user_status/{cid}', { params: { path: { cid: 'CID_1' } } });
  await push.POST('/push_single', {
    // @ts-expect-error wrong field type: is_offline is a boolean
    body: { message: { msgtype: 'notification', is_offline: 'yes' }, notification: { style }, cid: 'CID_1' },
  });
  // @ts-expect-error missing path parameter
  await push.GET('/user_status/{cid}');
  // @ts-expect-error push_single needs a body
  await push.POST('/push_single');
  await push.POST('/push_single', {
    // @ts-expect-error requestid, when given, is a string
    body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1', requestid: 1 },
  });
}

// The document's own types (and a plain openapi-fetch client on them, as frontend teams use them) require a requestid;
// only the client's calls relax it, because the client fills it in.
export async function strictDocumentTypes() {
  const raw = createClient<paths>({ baseUrl: 'https://push.example.test/v1/APP_ID' });
  await raw.POST('/push_single', {
    // @ts-expect-error missing requestid
    body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1' },
  });
  await raw.POST('/push_single', {
    body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1', requestid: 'req-0000000001' },
  });
}

// Single-field schemas are plain property types, and the init takes per-call headers and options.
export async function plainTypes() {
  const isRing: boolean | undefined = null as unknown as components['schemas']['StyleSystem']['is_ring'];
  // @ts-expect-error is_ring is a boolean, not a named schema type that would accept a string
  const notBoolean: components['schemas']['StyleSystem']['is_ring'] = 'yes';
  await push.GET('/query_bi_tags', {
    headers: { 'x-trace': 'abc' },
    timeoutMs: 1000,
    retry: false,
    signal: AbortSignal.timeout(5000),
  });
  // @ts-expect-error unknown call option
  await push.GET('/query_bi_tags', { timeout: 1000 });
  return [isRing, notBoolean];
}

// The success data is the ok shape: `result` is the literal ok, the failure shape (with desc) is not part of it.
export async function okShapes() {
  const signIn = await push.POST('/auth_sign', { body: { sign: 'S', timestamp: '1', appkey: 'APP_KEY' } });
  const token: string = signIn.auth_token;
  const ok: 'ok' = signIn.result;
  const app = await push.POST('/push_app', {
    body: { message: { msgtype: 'transmission' }, transmission: { transmission_content: 'x' } },
  });
  const appTask: string = app.taskid;
  const tags = await push.GET('/query_bi_tags');
  const biTags: string[] = tags.tags;
  const closed = await push.POST('/auth_close');
  // @ts-expect-error the failure shape is not what a successful call resolves with
  const failure: { result: string; desc: string } = closed;
  // @ts-expect-error a successful push_single carries no failure's desc as a required string
  const desc: string = (
    await push.POST('/push_single', {
      body: { message: { msgtype: 'transmission' }, transmission: { transmission_content: 'x' }, cid: 'C' },
    })
  ).desc;
  return [token, ok, appTask, biTags, failure, desc];
}

export function openResult(error: PushApiError) {
  const known: Result = 'not_auth';
  const unknown: Result = 'some_future_value';
  // @ts-expect-error result is a string union, not a number
  const wrong: Result = 42;
  return [known, unknown, wrong, error.result === 'too_frequent'];
}
