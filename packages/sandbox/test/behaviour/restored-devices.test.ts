// A restore shares the snapshot's device records until their first change (state/kinds.ts `shared`): every way a
// device changes must work on a restored device, and change the app, never the snapshot. A change that wrote around
// the unit of work would meet a frozen record and answer 500; one that changed the snapshot would show at the next
// restore.
import { describe, expect, it } from 'vitest';
import { control, newApp, pushClient, transmission, type TestApp } from '../support/env.js';

const CIDS = ['phone-a', 'phone-b', 'phone-c', 'phone-d'];
const DAY = 24 * 60 * 60_000;

/** What the control API says of every device and its messages: what a restore must give back exactly. */
const devicesAndInboxes = async (app: TestApp) =>
  Promise.all(
    [...CIDS, 'magic-online'].map(async (cid) => ({
      device: await app.device(cid),
      inbox: (await app.inbox(cid)).messages,
    })),
  );

/**
 * The statistics of the snapshot's day (the devices active and online, the pushes), read the day after: the service
 * answers no day before it is over. Moves the app's clock on a day.
 */
async function dayStatistics(app: TestApp) {
  const push = pushClient(app);
  await app.advance(DAY);
  const users = await push.GET('/query_app_user/{date}', { params: { path: { date: '2030-01-01' } } });
  const pushes = await push.GET('/query_app_push/{date}', { params: { path: { date: '20300101' } } });
  return { users: users.data, pushes: pushes.data, gt: pushes.GT };
}

describe('a device a restore shares with its snapshot', () => {
  it('changes in every way a device changes, twice over, and the snapshot gives back what it saved each time', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushClient(app);
    await app.addDevices(CIDS.map((cid) => ({ cid, online: cid !== 'phone-d' })));
    await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-a', alias: 'saved-alias' }] } });
    await app.snapshot('devices');
    await app.restore('devices');
    const saved = await devicesAndInboxes(app);
    const savedDay = await dayStatistics(app);
    await app.restore('devices');
    for (let round = 0; round < 2; round++) {
      // The control API's fields, the blacklist among them; online to offline and back.
      await app.updateDevice('phone-a', { tags: ['t1'], region: 'r1', phonetype: 'ios', blacklisted: true });
      await app.updateDevice('phone-b', { online: false });
      await app.updateDevice('phone-b', { online: true });
      // The push API's: tags, aliases (bound and moved), badges.
      await push.POST('/set_tags', { body: { cid: 'phone-c', tag_list: ['t2', 't3'] } });
      await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'phone-c', alias: 'saved-alias' }] } });
      await push.POST('/unbind_alias', { body: { cid: 'phone-a', alias: 'saved-alias' } });
      await push.POST('/set_badge', { body: { badge: 2, cid_list: ['phone-b', 'phone-c'] } });
      // Delivery: a message waits on the offline device and arrives when it comes online; one is clicked and cleared.
      await push.POST('/push_single', { body: { ...transmission(), cid: 'phone-d' } });
      await app.updateDevice('phone-d', { online: true });
      const [arrived] = (await app.inbox('phone-d')).messages;
      await app.click('phone-d', arrived!.id);
      await app.clearInbox('phone-d');
      expect(await app.device('phone-b')).toMatchObject({ online: true, badge: 2 });
      // A device removed: the restore brings it back.
      const removed = await control.DELETE('/apps/{appid}/devices/{cid}', {
        params: { path: { appid: app.appid, cid: 'phone-b' } },
      });
      expect(removed.response.status).toBe(204);

      expect(await app.device('phone-a')).toMatchObject({ tags: ['t1'], region: 'r1', alias: null, blacklisted: true });
      expect(await app.device('phone-c')).toMatchObject({ tags: ['t2', 't3'], alias: 'saved-alias', badge: 2 });
      expect(await app.device('phone-d')).toMatchObject({ online: true });
      expect((await app.inbox('phone-d')).messages).toEqual([]);

      // The day's records changed with them (the devices active and online that day, the push).
      expect(await dayStatistics(app)).not.toEqual(savedDay);

      await app.restore('devices');
      expect(await devicesAndInboxes(app)).toEqual(saved);
      expect(await dayStatistics(app)).toEqual(savedDay);
      await app.restore('devices');
    }
  });
});
