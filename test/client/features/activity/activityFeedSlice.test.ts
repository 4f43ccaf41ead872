// The live feed's state machine: its transitions, what it ignores once closed, and the lines it reads out.
import { configureStore } from '@reduxjs/toolkit';
import { switchLanguage } from '../../../../src/i18n/texts';
import type { ActivityItem } from '../../../../src/api/contract/activity';
import {
  activityFeedSlice,
  feedClosed,
  feedConnected,
  feedDropped,
  feedLine,
  feedOpened,
  feedReleased,
  itemReceived,
  itemsVoided,
  retryDelayMs,
} from '../../../../src/features/activity/activityFeedSlice';

const makeStore = () => configureStore({ reducer: { activityFeed: activityFeedSlice.reducer } });
const stamp = (id: string, customer = 'Ana', stamps = 4): ActivityItem => ({ id, type: 'stamp', customer, date: 0, reward: 'Flat White', stamps, required: 10 });

describe('activityFeed slice', () => {
  it('connects, goes live, drops and counts the retries, and is live again (retries reset)', () => {
    const store = makeStore();
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    expect(store.getState().activityFeed).toEqual({ status: 'connecting', vendorId: 'v1', items: [], retries: 0, holders: 1, databaseDown: false });
    store.dispatch(feedConnected());
    expect(store.getState().activityFeed.status).toBe('live');
    store.dispatch(feedDropped());
    store.dispatch(feedDropped());
    expect(store.getState().activityFeed).toMatchObject({ status: 'reconnecting', retries: 2 });
    store.dispatch(feedConnected());
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', retries: 0 });
  });

  it('a second holder shares the connection; releases count down to 0 but do not close it', () => {
    const store = makeStore();
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    store.dispatch(feedConnected());
    store.dispatch(itemReceived(stamp('e1')));
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', holders: 2, items: [expect.objectContaining({ id: 'e1' })] });
    store.dispatch(feedReleased());
    store.dispatch(feedReleased());
    store.dispatch(feedReleased());
    expect(store.getState().activityFeed).toMatchObject({ status: 'live', holders: 0 });
  });

  it('keeps the newest lines first, each once, at most 8', () => {
    const store = makeStore();
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    for (let i = 1; i <= 10; i += 1) store.dispatch(itemReceived(stamp(`e${i}`)));
    store.dispatch(itemReceived(stamp('e10')));
    expect(store.getState().activityFeed.items.map((item) => item.id)).toEqual(['e10', 'e9', 'e8', 'e7', 'e6', 'e5', 'e4', 'e3']);
  });

  it('marks the stamps the store voided, and reads them as voided', () => {
    const store = makeStore();
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    store.dispatch(itemReceived(stamp('e1', 'Ana')));
    store.dispatch(itemReceived(stamp('e2', 'Bo')));
    store.dispatch(itemsVoided(['e1', 'unknown']));
    const [bo, ana] = store.getState().activityFeed.items;
    expect(ana.voided).toBe(true);
    expect(bo.voided).toBeUndefined();
    expect(feedLine(ana)).toBe('Stamp voided — Ana');
    expect(feedLine(bo)).toBe('Bo collected a stamp · 4/10');
  });

  it('marks a bonus stamp as bonus, not as one more stamp of a visit', () => {
    expect(feedLine({ ...stamp('e2', 'Customer #1', 3), bonus: true })).toBe('Customer #1 collected a bonus stamp · 3/10');
  });

  it('ignores everything once closed, and forgets the lines', () => {
    const store = makeStore();
    store.dispatch(feedOpened({ vendorId: 'v1' }));
    store.dispatch(itemReceived(stamp('e1')));
    store.dispatch(feedClosed());
    store.dispatch(feedConnected());
    store.dispatch(feedDropped());
    store.dispatch(itemReceived(stamp('e2')));
    expect(store.getState().activityFeed).toEqual({ status: 'closed', vendorId: null, items: [], retries: 0, holders: 0, databaseDown: false });
  });

  it('waits 1 s, 2 s, 4 s … and never more than 15 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });

  it('reads stamps and claims as the counter staff would say them', () => {
    expect(feedLine(stamp('e1', 'Ana', 4))).toBe('Ana collected a stamp · 4/10');
    expect(feedLine({ id: 'r1', type: 'redemption', customer: 'Ana', date: 0, reward: 'Flat White', required: 10 })).toBe('Reward claimed by Ana');
  });

  describe('a stamp on a full card says the reward is ready, never a count above the card', () => {
    afterAll(() => switchLanguage('en', 'app'));
    const full = { ...stamp('e1', 'Ana', 4), required: 3 };
    const filling = { ...stamp('e2', 'Ana', 2), required: 3 };
    it.each([
      ['en', 'Ana collected a stamp · reward ready', 'Ana collected a bonus stamp · reward ready', 'Ana collected a stamp · 2/3'],
      ['de', 'Ana hat einen Stempel bekommen · Prämie bereit', 'Ana hat einen Bonusstempel bekommen · Prämie bereit', 'Ana hat einen Stempel bekommen · 2/3'],
      ['es', 'Ana ha conseguido un sello · premio listo', 'Ana ha conseguido un sello extra · premio listo', 'Ana ha conseguido un sello · 2/3'],
      ['fr', 'Ana a reçu un tampon · récompense prête', 'Ana a reçu un tampon bonus · récompense prête', 'Ana a reçu un tampon · 2/3'],
      ['ar', 'حصل \u2068Ana\u2069 على ختم · المكافأة جاهزة', 'حصل \u2068Ana\u2069 على ختم إضافي · المكافأة جاهزة', 'حصل \u2068Ana\u2069 على ختم · 2/3'],
    ] as const)('in %s', async (locale, line, bonusLine, fillingLine) => {
      await switchLanguage(locale, 'app');
      expect(feedLine(full)).toBe(line);
      expect(feedLine({ ...full, bonus: true })).toBe(bonusLine);
      expect(feedLine({ ...full, stamps: 3 })).toBe(line);
      expect(feedLine(filling)).toBe(fillingLine);
    });
  });
});
