// A consumer that must not compile (the template does not match message.msgtype): the bench's tests use it
// to check that a type error in a consumer is reported, not timed.
import { createPushClient } from '@pushapi/push-v1-client';

const push = createPushClient({
  baseUrl: 'http://127.0.0.1:4010',
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'YOUR_MASTER_SECRET',
});

export const wrong = () =>
  push.POST('/push_single', {
    body: {
      message: { msgtype: 'notification' },
      transmission: { transmission_content: 'order-42' },
      cid: 'CID_EXAMPLE_0001',
    },
  });
