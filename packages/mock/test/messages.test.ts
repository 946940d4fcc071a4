// The push client's message for a 422 of the mock, read with master secret `s` (the README: any secret works).
// The earlier clients blanked every `s` of it: "POST /pu[redacted]h_[redacted]ingle: HTTP 422, ... violation[redacted]".
import { createPushClient } from '@pushapi/push-v1-client';
import { expect, inject, it } from 'vitest';

it('a refused push reads as Prism wrote it, whatever the master secret', async () => {
  const push = createPushClient({
    baseUrl: inject('baseUrls')['push-v1']!,
    appId: 'YOUR_APP_ID',
    appKey: 'YOUR_APP_KEY',
    masterSecret: 's',
    retry: false,
  });
  const body = {
    message: { msgtype: 'notification', is_offline: true },
    notification: { style: { type: 0 } },
    cid: 'CID_EXAMPLE_0001',
  };
  const message = await push.POST('/push_single', { body: body as never }).then(
    () => expect.unreachable('the mock should refuse the push'),
    (error: Error) => error.message,
  );
  expect(message).toBe(
    "POST /push_single: HTTP 422, 73 violations, the first: body.notification.style: Request body property notification.style must have required property 'text'",
  );
});
