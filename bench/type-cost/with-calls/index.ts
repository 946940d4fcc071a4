// The type-cost subject: a small consumer making ten typed calls through the push client.
// no-calls/index.ts is this file with the calls removed.
import { createPushClient } from '@pushapi/push-v1-client';

export const push = createPushClient({
  baseUrl: 'http://127.0.0.1:4010',
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'YOUR_MASTER_SECRET',
});

export async function run(): Promise<void> {
  const cid = 'CID_EXAMPLE_0001';
  const single = await push.POST('/push_single', {
    body: {
      message: { appkey: 'YOUR_APP_KEY', is_offline: true, offline_expire_time: 3_600_000, msgtype: 'notification' },
      notification: {
        transmission_type: false,
        style: { type: 0, title: 'Order shipped', text: 'On its way', logo: 'icon.png' },
      },
      cid,
    },
  });
  const byAlias = await push.POST('/push_single', {
    body: {
      message: { msgtype: 'transmission' },
      transmission: { transmission_content: 'order-42' },
      alias: 'user-42',
    },
  });
  const status = await push.GET('/user_status/{cid}', { params: { path: { cid } } });
  const cids = await push.GET('/query_cid/{alias}', { params: { path: { alias: 'user-42' } } });
  const alias = await push.GET('/query_alias/{cid}', { params: { path: { cid } } });
  await push.POST('/bind_alias', { body: { alias_list: [{ cid, alias: 'user-42' }] } });
  await push.POST('/set_tags', { body: { cid, tag_list: ['vip', 'beta'] } });
  const tags = await push.GET('/get_tags/{cid}', { params: { path: { cid } } });
  await push.POST('/user_blk_list', { body: { cid: [cid] } });
  await push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: single.taskid ?? 'RASS_0101_TASK' } } });
  console.log(byAlias.result, status.result, cids.cid?.length, alias.alias, tags.tags);
}
