// Type tests: run by `tsc --noEmit` in the test script. Each @ts-expect-error must meet an error.
import { createDmpClient, userTagsBody, type DmpApiError } from '../src/index.js';

const dmp = createDmpClient({ baseUrl: 'https://dmp.example.test', userCode: 'USER_CODE', authCode: 'AUTH_CODE' });

export async function validCalls() {
  const tags = await dmp.GET('/config/tags');
  const names: string[] = tags.data.map((t) => t.tname);
  const user = await dmp.POST('/tags/user', { body: userTagsBody({ imei: '860000000000001' }) });
  const ids: string[] = user.data;
  await dmp.POST('/tags/user', { body: { oaid: 'x', oaidMD5: '0123456789abcdef0123456789abcdef' } });
  const token = await dmp.GET('/accesser/auth', {
    params: { query: { user_code: 'u', sign1: 's', sign2: 's', timestamp: 1 } },
  });
  const accessToken: string = token.access_token;
  await dmp.GET('/config/tags', { headers: { 'x-trace': 'abc' }, timeoutMs: 1000, retry: { maxRetries: 1 } });
  return [names, ids, accessToken];
}

export async function wrongCalls() {
  // @ts-expect-error unknown operation
  await dmp.GET('/tags/all');
  // @ts-expect-error /tags/user is a POST
  await dmp.GET('/tags/user');
  // @ts-expect-error the token endpoint takes its query parameters
  await dmp.GET('/accesser/auth');
  // @ts-expect-error wrong field type
  await dmp.POST('/tags/user', { body: { imeiMD5: 123 } });
  // @ts-expect-error unknown field
  await dmp.POST('/tags/user', { body: { imei: '860000000000001' } });
  // @ts-expect-error /tags/user needs a body
  await dmp.POST('/tags/user');
  // @ts-expect-error userTagsBody takes raw ids, not hashed field names
  userTagsBody({ imeiMD5: 'x' });
}

export function errorFields(error: DmpApiError) {
  const status: number = error.status;
  const code: string | undefined = error.code;
  return [status, code];
}
