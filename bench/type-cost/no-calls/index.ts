// The type-cost baseline: the consumer of with-calls/index.ts with its ten calls removed
// (same imports, same client). Keep the two files identical apart from the calls.
import { createPushClient } from '@pushapi/push-v1-client';

export const push = createPushClient({
  baseUrl: 'http://127.0.0.1:4010',
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'YOUR_MASTER_SECRET',
});

export async function run(): Promise<void> {}
