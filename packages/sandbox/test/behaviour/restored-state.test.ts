// A restore shares the snapshot's devices, messages and tasks until their first change (state/kinds.ts `shared`):
// every way they change must work on restored ones, and change the app, never the snapshot. A change that wrote
// around the unit of work would meet a frozen record and answer 500; one that changed the snapshot would show at the
// next restore; one that went on with the shared record after its copy took its place would answer what it was.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/index.js';
import { control, newApp, numbered, pushClient, transmission, type TestApp } from '../support/env.js';

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

  it('its messages: a click answers clicked, one waiting arrives, a notify_id replaces one received, the content budget cuts them; the snapshot gives back what it saved', async () => {
    const app = await newApp({ clock: { time: '2030-01-01T00:00:00Z' } });
    const push = pushClient(app);
    await app.addDevice({ cid: 'phone-w', online: false });
    // 17 finished pushes of 0.9 MB: within the budget of 16 MiB, which three more exceed.
    const big = (n: number) => `${n}:`.padEnd(900 * 1024, 'x');
    const pushBig = (n: number) =>
      push.POST('/push_single', { body: { ...transmission(big(n)), cid: 'magic-online' } });
    for (let n = 0; n < 17; n++) await pushBig(n);
    await push.POST('/push_single', { body: { ...numbered('waiting', 5), cid: 'phone-w' } });
    const earlier = await push.POST('/push_single', { body: { ...numbered('earlier', 7), cid: 'magic-online' } });
    await app.snapshot('messages');
    await app.restore('messages');
    const saved = await Promise.all(['phone-w', 'magic-online'].map((cid) => app.inbox(cid)));
    const earlierId = saved[1]!.messages.find((m) => m.taskid === earlier.taskid)!.id;
    for (let round = 0; round < 2; round++) {
      // A click on a restored message no change has touched yet answers it clicked.
      const untouched = saved[1]!.messages.find((m) => m.msgtype === 'transmission')!.id;
      expect(await app.click('magic-online', untouched)).toMatchObject({ id: untouched, clicked: true });
      // The waiting one arrives: received in place, and not taken for an earlier notification of its own notify_id.
      await app.updateDevice('phone-w', { online: true });
      expect((await app.inbox('phone-w')).messages).toMatchObject([{ state: 'delivered', replacedBy: null }]);
      // A newer notify_id 7 marks the restored one as replaced; a click on it answers it clicked.
      const newer = await push.POST('/push_single', { body: { ...numbered('newer', 7), cid: 'magic-online' } });
      const inbox = (await app.inbox('magic-online')).messages;
      const newerId = inbox.find((m) => m.taskid === newer.taskid)!.id;
      expect(inbox.find((m) => m.id === earlierId)!.replacedBy).toBe(newerId);
      expect(await app.click('magic-online', earlierId)).toMatchObject({ id: earlierId, clicked: true });
      // Over the budget: the oldest restored messages' texts are cut, once each; every message is still there.
      for (let n = 17; n < 20; n++) await pushBig(n);
      const after = (await app.inbox('magic-online')).messages;
      const cut = after.filter((m) =>
        String(m.template.transmission_content).endsWith('[cut: the app reached its content budget]'),
      );
      expect(cut.length).toBeGreaterThan(0);
      expect(cut[0]!.template.transmission_content).toBe(
        `${big(0).slice(0, 256)} [cut: the app reached its content budget]`,
      );
      expect(after).toHaveLength(saved[1]!.messages.length + 4);
      const { data } = await control.GET('/apps/{appid}', { params: { path: { appid: app.appid } } });
      expect(data!.counts.contentBytes).toBeLessThanOrEqual(LIMITS.contentBudgetBytes);

      await app.restore('messages');
      expect(await Promise.all(['phone-w', 'magic-online'].map((cid) => app.inbox(cid)))).toEqual(saved);
    }
  });
});
