// Type tests of the published declarations (checked by tsc, never run): real types, not `any`. An
// expected-error directive below fails the check if the line after it compiles.
import { startMocks } from '@pushapi/mock';
import { createPushClient, type paths } from '@pushapi/push-v1-client';
import { createDmpClient, DmpApiError } from '@pushapi/dmp-client';
import { fixtures } from '@pushapi/openapi/fixtures';
import { ControlError, startSandbox } from '@pushapi/sandbox';

export async function typeTests(): Promise<void> {
  const mocks = await startMocks({ port: 0 });
  const baseUrl: string | undefined = mocks.servers['push-v1']?.baseUrl;
  // @ts-expect-error the first port is a number
  await startMocks({ port: '4010' });
  await mocks.stop();

  const push = createPushClient({
    baseUrl: baseUrl ?? '',
    appId: 'YOUR_APP_ID',
    appKey: 'YOUR_APP_KEY',
    masterSecret: 'YOUR_MASTER_SECRET',
  });
  const answer = await push.GET('/user_status/{cid}', { params: { path: { cid: 'CID_EXAMPLE_0001' } } });
  const result: string = answer.result;
  // @ts-expect-error not a path of push v1
  await push.GET('/no_such_path');
  // tsc reports the mismatch at `body` (the overload that fails): the directive stands right before it.
  await push.POST('/push_single', {
    // @ts-expect-error the notification template does not go with msgtype transmission
    body: {
      message: { msgtype: 'transmission' },
      notification: { style: { type: 0, text: 't', title: 't', logo: 'l' } },
      cid: 'C',
    },
  });
  type PushSingleBody = paths['/push_single']['post']['requestBody']['content']['application/json'];
  const body: PushSingleBody['message']['msgtype'] = 'notification';

  const dmp = createDmpClient({ baseUrl: baseUrl ?? '', userCode: 'YOUR_USER_CODE', authCode: 'YOUR_AUTH_CODE' });
  // @ts-expect-error authCode is required
  createDmpClient({ baseUrl: '', userCode: 'YOUR_USER_CODE' });
  const error: unknown = new Error();
  if (error instanceof DmpApiError) console.log(error.status);
  const kinds: ('valid' | 'invalid')[] = fixtures.map((f) => f.kind);

  const sandbox = await startSandbox({ port: 0 });
  const app = await sandbox.app({ settings: { scheduledPush: false } });
  const pushOnSandbox = createPushClient(app.pushOptions);
  const inbox = await app.inbox('magic-online');
  const firstTask: string | undefined = inbox.messages[0]?.taskid;
  // @ts-expect-error a device's state has no field "color"
  await app.updateDevice('magic-online', { color: 'red' });
  const refused: unknown = new Error();
  if (refused instanceof ControlError) console.log(refused.status, refused.violations);
  await sandbox.stop();
  console.log(pushOnSandbox, firstTask);
  console.log(result, body, kinds, dmp);
}
