// Aliases (one alias per cid, at most 10 cids per alias), tags per cid, and the blacklist that every push
// leaves out.
import type { PushApiError } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { newApp, notification, pushClient, transmission } from '../support/env.js';

const cid = (cid: string) => ({ params: { path: { cid } } });
const alias = (alias: string) => ({ params: { path: { alias } } });

describe('aliases', () => {
  it('bind, query both ways, unbind one, unbind all', async () => {
    const app = await newApp();
    await app.addDevice({ cid: 'c1' });
    await app.addDevice({ cid: 'c2' });
    const push = pushClient(app);
    await push.POST('/bind_alias', {
      body: {
        alias_list: [
          { cid: 'c1', alias: 'user-7' },
          { cid: 'c2', alias: 'user-7' },
        ],
      },
    });
    expect((await push.GET('/query_cid/{alias}', alias('user-7'))).cid?.sort()).toEqual(['c1', 'c2']);
    expect(await push.GET('/query_alias/{cid}', cid('c1'))).toEqual({ result: 'ok', alias: 'user-7' });
    await push.POST('/unbind_alias', { body: { cid: 'c1', alias: 'user-7' } });
    expect((await push.GET('/query_cid/{alias}', alias('user-7'))).cid).toEqual(['c2']);
    await push.POST('/unbind_alias_all', { body: { alias: 'user-7' } });
    expect(
      ((await push.GET('/query_cid/{alias}', alias('user-7')).catch((e: unknown) => e)) as PushApiError).result,
    ).toBe('alias_notbind');
    expect(((await push.GET('/query_alias/{cid}', cid('c2')).catch((e: unknown) => e)) as PushApiError).result).toBe(
      'alias_notbind',
    );
  });

  it('binding a bound cid to a new alias unbinds the earlier one', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'magic-online', alias: 'old' }] } });
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'magic-online', alias: 'new' }] } });
    expect(await push.GET('/query_alias/{cid}', cid('magic-online'))).toEqual({ result: 'ok', alias: 'new' });
    expect(((await push.GET('/query_cid/{alias}', alias('old')).catch((e: unknown) => e)) as PushApiError).result).toBe(
      'alias_notbind',
    );
  });

  it('at most 10 cids per alias: an 11th is refused (alias_error) and the whole request changes nothing', async () => {
    const app = await newApp();
    for (let i = 1; i <= 11; i++) await app.addDevice({ cid: `d${i}` });
    const push = pushClient(app);
    const ten = Array.from({ length: 10 }, (_, i) => ({ cid: `d${i + 1}`, alias: 'family' }));
    await push.POST('/bind_alias', { body: { alias_list: ten } });
    const error = await push
      .POST('/bind_alias', {
        body: {
          alias_list: [
            { cid: 'magic-online', alias: 'solo' },
            { cid: 'd11', alias: 'family' },
          ],
        },
      })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('alias_error');
    expect((error as PushApiError).desc).toContain('at most 10');
    expect((await push.GET('/query_cid/{alias}', alias('family'))).cid).toHaveLength(10);
    expect((await app.device('magic-online')).alias).toBeNull();
    // Moving one of the ten elsewhere makes room.
    await push.POST('/bind_alias', {
      body: {
        alias_list: [
          { cid: 'd1', alias: 'solo' },
          { cid: 'd11', alias: 'family' },
        ],
      },
    });
    expect((await push.GET('/query_cid/{alias}', alias('family'))).cid).toContain('d11');
  });

  it('binding a cid the app does not have: no_user', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .POST('/bind_alias', { body: { alias_list: [{ cid: 'nobody', alias: 'x' }] } })
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_user');
  });
});

describe('tags', () => {
  it('set_tags replaces the list; get_tags answers it as one space-separated string', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['sports', 'news'] } });
    await push.POST('/set_tags', { body: { cid: 'magic-online', tag_list: ['music', 'news'] } });
    expect(await push.GET('/get_tags/{cid}', cid('magic-online'))).toEqual({
      result: 'ok',
      cid: 'magic-online',
      tags: 'music news',
    });
    expect(await push.GET('/query_bi_tags')).toEqual({ result: 'ok', tags: ['music', 'news'] });
  });

  it('of a cid the app does not have: no_user', async () => {
    const app = await newApp();
    const error = await pushClient(app)
      .GET('/get_tags/{cid}', cid('nobody'))
      .catch((e: unknown) => e);
    expect((error as PushApiError).result).toBe('no_user');
  });
});

describe('the blacklist', () => {
  it('leaves a blacklisted cid out of push_single, push_list and push_app; removing it restores delivery', async () => {
    const app = await newApp();
    const push = pushClient(app);
    await push.POST('/user_blk_list', { body: { cid: ['magic-online'] } });
    expect((await app.device('magic-online')).blacklisted).toBe(true);
    expect((await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } })).status).toBe(
      'successed_ignore',
    );
    const { taskid } = await push.POST('/save_list_body', { body: transmission() });
    const list = await push.POST('/push_list', { body: { taskid: taskid!, cid: ['magic-online'], need_detail: true } });
    expect(list.cid_details).toEqual({ 'magic-online': 'successed_ignore' });
    const all = await push.POST('/push_app', { body: transmission() });
    expect((await app.task(all.taskid!)).stats.filtered).toBe(1);
    expect((await app.inbox('magic-online')).messages).toEqual([]);
    await push.DELETE('/user_blk_list', { body: { cid: ['magic-online'] } });
    expect((await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } })).status).toBe(
      'successed_online',
    );
    expect((await app.inbox('magic-online')).messages).toHaveLength(1);
  });
});
