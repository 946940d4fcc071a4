// Rate control: off by default; per-app limits on set_tags, save_list_body, push_list, push_app and scheduled
// push; a call beyond its limit is refused too_frequent and changes nothing.
import type { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { newApp, pushClient, transmission } from '../support/env.js';

const refusal = (error: unknown) => (error as PushApiError).result;

describe('rate control', () => {
  it('is off by default', async () => {
    const app = await newApp();
    const push = pushClient(app);
    for (let i = 0; i < 20; i++) await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: [`t${i}`] } });
    expect((await app.device('magic-online')).tags).toEqual(['t19']);
  });

  it('beyond the limit: too_frequent, the call changes nothing, and the window of the app clock frees it again', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    await app.setRateLimits({ set_tags: { max: 2, perMs: 60_000 } });
    const push = pushClient(app);
    await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['one'] } });
    await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['two'] } });
    const error = await push
      .POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['three'] } })
      .catch((e: unknown) => e);
    expect(refusal(error)).toBe('too_frequent');
    expect((await app.device('magic-online')).tags).toEqual(['two']);
    await app.advance(60_000);
    await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['four'] } });
    expect((await app.device('magic-online')).tags).toEqual(['four']);
  });

  it('counts push_app and scheduled push apart; a refused call does not count', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    await app.setRateLimits({ push_app: { max: 1, perMs: 60_000 }, scheduled_push: { max: 1, perMs: 60_000 } });
    const push = pushClient(app);
    await push.POST('/push_app', { body: transmission() });
    expect(refusal(await push.POST('/push_app', { body: transmission() }).catch((e: unknown) => e))).toBe(
      'too_frequent',
    );
    await push.POST('/push_app', { body: { ...transmission(), pushTime: '203001010900' } });
    expect(
      refusal(
        await push
          .POST('/push_app', { body: { ...transmission(), pushTime: '203001010900' } })
          .catch((e: unknown) => e),
      ),
    ).toBe('too_frequent');
    expect(await app.tasks()).toHaveLength(2);
  });
});
