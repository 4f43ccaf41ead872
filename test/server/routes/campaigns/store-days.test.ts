// Campaign figures count visits per day on the store's calendar: its days start at midnight in its time
// zone (23 or 25 hours long on the days the clocks change), so a customer stamped at 23:30 and again at
// 00:30 shop time came on two days. A store without a time zone counts UTC days.
import type { CampaignAudience, CampaignInput, CampaignResults } from '../../../../src/api/contract/campaigns';
import { resetTestApp, buildTestApp, type TestApp } from '../../helpers';
import type { CardResponse } from '../../../../src/api/contract/customer';
import { addCard, asCustomer, campaignInput, createStore, customerIdOfCredential, DAY, HOUR, launchCampaign, MINUTE, newCustomer, onlyCardOf, setReward, setStoreTimeZone, stampAt, type TestCard, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Night Owl Coffee' });
});

const at = (iso: string) => Date.parse(iso);

async function audience(): Promise<CampaignAudience> {
  const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/audience`, headers: store.auth });
  expect(response.statusCode).toBe(200);
  return response.json<CampaignAudience>();
}

/** Every other night, five times in the last 30 days: a stamp at 23:30 and one at 00:30 shop time (`lateEvening` is the last 23:30, in UTC). */
async function nightOwl(lateEvening: number, card?: TestCard): Promise<TestCard> {
  card ??= await addCard(t, store.id, 'Night Owl');
  for (let night = 0; night < 5; night += 1) {
    await stampAt(t, card, lateEvening - 2 * night * DAY);
    await stampAt(t, card, lateEvening - 2 * night * DAY + HOUR);
  }
  return card;
}

describe('GET /api/campaigns/:vendorId/audience: daily visitors (10+ days of the last 30)', () => {
  // The clock stands at 2026-11-22T10:00Z. 23:30 in Kolkata is 18:00 UTC, 00:30 is 19:00 UTC: one UTC day.
  it('in Asia/Kolkata, five nights of 23:30 and 00:30 are ten days', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    await nightOwl(at('2026-11-20T18:00:00Z'));
    expect(await audience()).toMatchObject({ daily: 1 });
  });

  // 23:30 in Los Angeles (winter) is 07:30 UTC the next day, 00:30 is 08:30 UTC: one UTC day.
  it('in America/Los_Angeles, five nights of 23:30 and 00:30 are ten days', async () => {
    await setStoreTimeZone(t, store.id, 'America/Los_Angeles');
    await nightOwl(at('2026-11-21T07:30:00Z'));
    expect(await audience()).toMatchObject({ daily: 1 });
  });

  it('a store without a time zone counts UTC days: the same stamps are five days', async () => {
    await setStoreTimeZone(t, store.id, null);
    await nightOwl(at('2026-11-20T18:00:00Z'));
    expect(await audience()).toMatchObject({ daily: 0, monthly: 1 });
  });
});

describe('GET /api/customer/cards/:id: an offer for daily visitors goes to the customers the form counted', () => {
  it('in Asia/Kolkata, a customer who came five nights at 23:30 and 00:30 (and today) sees it on their card', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    await setReward(t, store.id, { stamps: 20, item: 'Masala chai' });
    // The first scan, now: 15:30 on 22 November shop time.
    const credential = await newCustomer(t, store.id);
    const cardId = await onlyCardOf(t, credential);
    await nightOwl(at('2026-11-20T18:00:00Z'), { cardId, customerId: await customerIdOfCredential(t, credential), vendorId: store.id });
    expect(await audience()).toMatchObject({ daily: 1 });

    const id = await launchCampaign(t, store, campaignInput(t, { targetAudience: 'daily', promotionType: 'discount' }));
    t.clock.advance(MINUTE);
    const card = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) });
    expect(card.json<CardResponse>().offers?.map((offer) => offer.id)).toEqual([id]);
  });
});

describe('GET /api/campaigns/:vendorId/:id/results: return visits per store day', () => {
  async function launchAt(start: number, overrides: Partial<CampaignInput> = {}): Promise<string> {
    t.clock.set(start - MINUTE);
    return launchCampaign(t, store, campaignInput(t, {
      startDateTime: new Date(start).toISOString(),
      endDateTime: new Date(start + 14 * DAY).toISOString(),
      targetAudience: 'all',
      abTesting: false,
      ...overrides,
    }));
  }

  async function results(campaignId: string): Promise<CampaignResults> {
    const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/${campaignId}/results`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    return response.json<CampaignResults>();
  }

  it('in America/Los_Angeles, a visit at 23:30 and one at 00:30 are on two days, each day starting at local midnight', async () => {
    await setStoreTimeZone(t, store.id, 'America/Los_Angeles');
    const card = await addCard(t, store.id, 'Night Owl');
    // Launched at 02:01 on 22 November, shop time.
    const start = at('2026-11-22T10:01:00Z');
    const id = await launchAt(start);
    await stampAt(t, card, at('2026-11-23T07:30:00Z')); // 23:30 on the 22nd
    await stampAt(t, card, at('2026-11-23T08:30:00Z')); // 00:30 on the 23rd
    t.clock.set(at('2026-11-24T09:00:00Z')); // 01:00 on the 24th

    const body = await results(id);
    expect(body.days).toEqual([
      { at: start, date: '2026-11-22', messaged: 1 },
      { at: at('2026-11-23T08:00:00Z'), date: '2026-11-23', messaged: 1 },
      { at: at('2026-11-24T08:00:00Z'), date: '2026-11-24', messaged: 0 },
    ]);
    expect(body.fullDays).toBe(2);
  });

  it('in Asia/Kolkata, a visit at 23:30 and one at 00:30 are on two days', async () => {
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    const card = await addCard(t, store.id, 'Night Owl');
    const start = at('2026-11-22T10:01:00Z'); // 15:31 shop time
    const id = await launchAt(start);
    await stampAt(t, card, at('2026-11-22T18:00:00Z')); // 23:30 on the 22nd
    await stampAt(t, card, at('2026-11-22T19:00:00Z')); // 00:30 on the 23rd
    t.clock.set(at('2026-11-23T12:00:00Z'));

    const body = await results(id);
    expect(body.days).toEqual([
      { at: start, date: '2026-11-22', messaged: 1 },
      { at: at('2026-11-22T18:30:00Z'), date: '2026-11-23', messaged: 1 },
    ]);
    expect(body.fullDays).toBe(1);
  });

  it('the day the clocks go forward is one day of 23 hours (America/Los_Angeles, 14 March 2027)', async () => {
    const start = at('2027-03-13T18:01:00Z'); // 10:01 on the 13th, winter time
    t.clock.set(start - HOUR);
    store = await createStore(t, { company: 'Spring Forward Café' });
    await setStoreTimeZone(t, store.id, 'America/Los_Angeles');
    const card = await addCard(t, store.id, 'Night Owl');
    const id = await launchAt(start);
    await stampAt(t, card, at('2027-03-15T06:30:00Z')); // 23:30 on the 14th, summer time
    await stampAt(t, card, at('2027-03-15T07:30:00Z')); // 00:30 on the 15th
    t.clock.set(at('2027-03-15T19:00:00Z'));

    const body = await results(id);
    expect(body.days).toEqual([
      { at: start, date: '2027-03-13', messaged: 0 },
      { at: at('2027-03-14T08:00:00Z'), date: '2027-03-14', messaged: 1 },
      { at: at('2027-03-15T07:00:00Z'), date: '2027-03-15', messaged: 1 },
    ]);
    expect(body.fullDays).toBe(2);
  });
});
