// The shop of the layout tests and of the look script (look.ts): one app, seven devices (two iOS, two Android, three
// of no phone type, one offline), 18 pushes of every template and style over them, an iOS device's push carrying
// both an Android part and push_info, a notify_id pair (the older replaced on the bar) and an app push by tag:
// 22 messages' worth of tasks, 25 messages, 20-odd requests.
import type { createPushClient } from '@pushapi/push-v1-client';
import type { SandboxApp } from '../../src/index.js';
import { ALL_SAMPLES, STYLE_SAMPLES } from './messages.js';

type PushClient = ReturnType<typeof createPushClient>;

export const SHOP_DEVICES = [
  'anna-pixel',
  'ben-galaxy',
  'cleo-iphone',
  'dan-ipad',
  'eve-phone',
  'finn-tablet',
  'gus-away',
];
/** The iOS alert and the Android part of the push to the iPhone. */
export const IOS_PUSH = { alert: 'Your order shipped', androidTitle: 'Order update (Android part)' };
/** The notify_id pair sent to anna-pixel (Android), older first. */
export const REPLACED_PAIR = ['Old score 1-0', 'New score 2-0'] as const;

const phonetypeOf = (cid: string, index: number) =>
  /iphone|ipad/.test(cid) ? 'ios' : index % 3 === 0 ? 'android' : undefined;

export async function seedShop(app: SandboxApp, push: PushClient): Promise<void> {
  for (const [i, cid] of SHOP_DEVICES.entries()) {
    const phonetype = phonetypeOf(cid, i);
    await app.addDevice({
      cid,
      online: cid !== 'gus-away',
      tags: i % 2 ? ['vip'] : ['beta'],
      ...(phonetype ? { phonetype } : {}),
    });
  }
  const send = (body: object, cid: string) => push.POST('/push_single', { body: { ...body, cid } as never });
  const withKey = (body: (typeof ALL_SAMPLES)[number]['body']) => ({
    ...body,
    message: { ...body.message, appkey: app.appkey },
  });
  const envelope = { appkey: app.appkey, msgtype: 'notification', is_offline: true, offline_expire_time: 3_600_000 };
  for (let i = 0; i < 18; i++)
    await send(withKey(ALL_SAMPLES[i % ALL_SAMPLES.length]!.body), SHOP_DEVICES[i % SHOP_DEVICES.length]!);
  await send(
    {
      message: envelope,
      notification: { style: { type: 0, title: IOS_PUSH.androidTitle, text: 'Shipped', logo: 'shop.png' } },
      push_info: { aps: { alert: { title: IOS_PUSH.alert, body: 'Arrives Friday' } } },
    },
    'cleo-iphone',
  );
  for (const title of REPLACED_PAIR)
    await send(
      {
        message: envelope,
        notification: { style: { type: 0, title, text: 'notify_id 7', logo: 'shop.png', notify_id: 7 } },
      },
      'anna-pixel',
    );
  await push.POST('/push_app', {
    body: {
      ...withKey(STYLE_SAMPLES[3]!.body),
      condition: [{ key: 'tag', values: ['beta'], opt_type: 0 }],
      task_name: 'albums',
    } as never,
  });
}
