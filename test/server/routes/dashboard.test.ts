// GET /api/dashboard/{vendorId}: every figure checked against a small hand-made history with known answers.
import type { DashboardResponse } from '../../../src/api/contract/activity';
import { createStore, setReward, type TestStore, addCard, claimAt, DAY, getDashboard, HOUR, setStoreTimeZone, stampAt, stampsFrom } from '../factories';
import { resetTestApp, buildTestApp, type TestApp } from '../helpers';
import { guestLabel } from '../../../server/services/activity';

let t: TestApp;
let store: TestStore;
/** The test clock: 2026-11-22T10:00:00Z. */
let now: number;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  now = t.clock.now();
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 5, item: 'Flat White' });
});

/**
 * Five customers of a 5-stamp Flat White card (now = Sun 22 Nov 2026, 10:00 UTC):
 * - Ana Lima: 5 stamps 10–6 days ago, claimed (16 Nov 11:00 UTC), then 2 more → card 2.
 * - an anonymous customer: 4 stamps three days ago → card 4 (one stamp away).
 * - Cara: 6 stamps 20–15 days ago, never claimed → card 6 (a full card the store owes).
 * - Dan Ortiz: 1 stamp 100 days ago → an inactive card.
 * - Eve: 10 stamps 45–36 days ago, claimed twice (20 Oct 12:00 and 25 Oct 09:00 UTC) → card 0.
 */
async function seedKnownHistory() {
  const ana = await addCard(t, store.id, 'Ana Lima', now - 11 * DAY);
  await stampsFrom(t, ana, now - 10 * DAY, 5, DAY);
  await claimAt(t, ana, now - 6 * DAY + HOUR, 5); // 16 Nov 11:00 UTC
  await stampAt(t, ana, now - 2 * DAY);
  await stampAt(t, ana, now - 1 * DAY);

  const guest = await addCard(t, store.id, null, now - 4 * DAY);
  await stampsFrom(t, guest, now - 3 * DAY, 4, HOUR);

  const cara = await addCard(t, store.id, 'Cara', now - 21 * DAY);
  await stampsFrom(t, cara, now - 20 * DAY, 6, DAY);

  const dan = await addCard(t, store.id, 'Dan Ortiz', now - 100 * DAY);
  await stampAt(t, dan, now - 100 * DAY);

  const eve = await addCard(t, store.id, 'Eve', now - 46 * DAY);
  await stampsFrom(t, eve, now - 45 * DAY, 10, DAY);
  await claimAt(t, eve, Date.parse('2026-10-20T12:00:00Z'), 5);
  await claimAt(t, eve, Date.parse('2026-10-25T09:00:00Z'), 5);
  return { ana, guest, cara, dan, eve };
}

describe('GET /api/dashboard/:vendorId', () => {
  it('answers 401 without a session and 403 for another vendor', async () => {
    expect((await getDashboard(t, store.id, {})).statusCode).toBe(401);
    const other = await createStore(t, { company: 'Other Café' });
    const response = await getDashboard(t, store.id, other.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('reports no activity (and all-zero figures) for a store nobody has scanned yet', async () => {
    const response = await getDashboard(t, store.id, store.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<DashboardResponse>();
    expect(body.hasActivity).toBe(false);
    expect(body.stampCard).toEqual({ averageStamps: 0, required: 5, activeCards: 0 });
    expect(body.totalRedemptions).toBe(0);
    expect(body.recent).toEqual([]);
    expect(body.engagedCustomers).toEqual([]);
    expect(body.outstanding).toEqual({ fullCards: 0, nearlyFull: 0 });
    expect(body.redemptionsPerWeek).toHaveLength(8);
    expect(body.redemptionActivity).toHaveLength(30);
    expect([...body.redemptionsPerWeek, ...body.redemptionActivity].every((bucket) => bucket.count === 0)).toBe(true);
  });

  it('computes every figure of a known history exactly', async () => {
    await seedKnownHistory();
    const response = await getDashboard(t, store.id, store.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json<DashboardResponse>();

    expect(body.hasActivity).toBe(true);
    // Active cards (≥ 1 stamp, used in the last 90 days): Ana 2, the guest 4, Cara 6 counted as 5 → 11 / 3.
    expect(body.stampCard).toEqual({ averageStamps: 3.7, required: 5, activeCards: 3 });
    expect(body.totalRedemptions).toBe(3);

    // Weeks end today: 16–22 Nov holds Ana's claim, 19–25 Oct both of Eve's.
    expect(body.redemptionsPerWeek).toEqual([
      { date: '2026-09-28', count: 0 },
      { date: '2026-10-05', count: 0 },
      { date: '2026-10-12', count: 0 },
      { date: '2026-10-19', count: 2 },
      { date: '2026-10-26', count: 0 },
      { date: '2026-11-02', count: 0 },
      { date: '2026-11-09', count: 0 },
      { date: '2026-11-16', count: 1 },
    ]);

    // 30 days, 24 Oct to today: Eve's 25 Oct claim and Ana's 16 Nov one (Eve's 20 Oct claim is older).
    expect(body.redemptionActivity).toHaveLength(30);
    expect(body.redemptionActivity[0].date).toBe('2026-10-24');
    expect(body.redemptionActivity[29].date).toBe('2026-11-22');
    expect(body.redemptionActivity.filter((day) => day.count > 0)).toEqual([
      { date: '2026-10-25', count: 1 },
      { date: '2026-11-16', count: 1 },
    ]);

    const guest = body.recent[2].customer;
    expect(guest).toMatch(/^Guest [0-9A-F]{4}$/);
    expect(body.recent).toEqual([
      { id: expect.any(String), type: 'stamp', customer: 'Ana Lima', date: now - DAY, reward: 'Flat White', stamps: 2, required: 5 },
      { id: expect.any(String), type: 'stamp', customer: 'Ana Lima', date: now - 2 * DAY, reward: 'Flat White', stamps: 1, required: 5 },
      { id: expect.any(String), type: 'stamp', customer: guest, date: now - 3 * DAY + 3 * HOUR, reward: 'Flat White', stamps: 4, required: 5 },
      { id: expect.any(String), type: 'stamp', customer: guest, date: now - 3 * DAY + 2 * HOUR, reward: 'Flat White', stamps: 3, required: 5 },
    ]);

    // Stamps in the last 90 days: Eve 10, Ana 7, Cara 6, the guest 4 (Dan's one stamp is older).
    expect(body.engagedCustomers.map(({ name, initials, stamps }) => ({ name, initials, stamps }))).toEqual([
      { name: 'Eve', initials: 'E', stamps: 10 },
      { name: 'Ana Lima', initials: 'AL', stamps: 7 },
      { name: 'Cara', initials: 'C', stamps: 6 },
      { name: guest, initials: `G${guest.slice(6, 7)}`, stamps: 4 },
    ]);
    // Keys are stable and opaque: no customer id leaves the server.
    expect(new Set(body.engagedCustomers.map((c) => c.key)).size).toBe(4);

    // Cara's 6 stamps are a reward owed; the guest's 4 are one stamp away.
    expect(body.outstanding).toEqual({ fullCards: 1, nearlyFull: 1 });
  });

  it("counts days and weeks in the vendor's time zone", async () => {
    await seedKnownHistory();
    // UTC−10: Eve's 25 Oct 09:00 UTC claim happened on 24 Oct, local time; today is still 22 Nov there.
    const body = (await getDashboard(t, store.id, store.auth, '?utcOffset=-600')).json<DashboardResponse>();
    expect(body.redemptionActivity[29].date).toBe('2026-11-22');
    expect(body.redemptionActivity.filter((day) => day.count > 0)).toEqual([
      { date: '2026-10-24', count: 1 },
      { date: '2026-11-16', count: 1 },
    ]);
    // UTC+13: it is already 22 Nov 23:00 — and Ana's 16 Nov claim was at midnight on 17 Nov.
    const ahead = (await getDashboard(t, store.id, store.auth, '?utcOffset=780')).json<DashboardResponse>();
    expect(ahead.redemptionActivity.filter((day) => day.count > 0).map((day) => day.date)).toEqual(['2026-10-25', '2026-11-17']);
  });

  describe("a store with a time zone: days cut at midnight there, whatever the browser's offset", () => {
    async function claimsAt(...instants: string[]) {
      const card = await addCard(t, store.id, 'Night Owl', Date.parse('2026-10-01T00:00:00Z'));
      for (const instant of instants) {
        await stampAt(t, card, Date.parse(instant) - 1000);
        await claimAt(t, card, Date.parse(instant), 1);
      }
    }
    const days = async () => (await getDashboard(t, store.id, store.auth, '?utcOffset=60')).json<DashboardResponse>().redemptionActivity.filter((day) => day.count > 0);

    it('in Asia/Kolkata, claims at 23:30 and 00:30 shop time fall on two days (one UTC day)', async () => {
      await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
      await claimsAt('2026-11-20T18:00:00Z', '2026-11-20T19:00:00Z');
      expect(await days()).toEqual([{ date: '2026-11-20', count: 1 }, { date: '2026-11-21', count: 1 }]);
    });

    it('in America/Los_Angeles, claims at 23:30 and 00:30 shop time fall on two days, and the 25-hour day of 1 November is one day', async () => {
      await setStoreTimeZone(t, store.id, 'America/Los_Angeles');
      // 00:30 summer time and 23:30 winter time on 1 November: 24 hours apart, one day.
      await claimsAt('2026-11-01T07:30:00Z', '2026-11-02T07:30:00Z', '2026-11-21T07:30:00Z', '2026-11-21T08:30:00Z');
      expect(await days()).toEqual([{ date: '2026-11-01', count: 2 }, { date: '2026-11-20', count: 1 }, { date: '2026-11-21', count: 1 }]);
    });
  });

  it('uses the default 10 punches when the store has no reward set up', async () => {
    const plain = await createStore(t, { company: 'No Reward Café' });
    const body = (await getDashboard(t, plain.id, plain.auth)).json<DashboardResponse>();
    expect(body.stampCard.required).toBe(10);
  });

  it.each(['?utcOffset=900', '?utcOffset=-721', '?utcOffset=east', '?utcOffset=1.5'])('refuses %s with 400', async (query) => {
    const response = await getDashboard(t, store.id, store.auth, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.stringContaining('utcOffset'));
  });

  it('labels anonymous customers the same way everywhere', () => {
    expect(guestLabel('a-customer')).toBe(guestLabel('a-customer'));
    expect(guestLabel('a-customer')).not.toBe(guestLabel('another-customer'));
  });
});

describe('GET /api/dashboard/:vendorId — Active Campaigns', () => {
  async function launch(title: string, startOffset: number, days: number): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${store.id}`,
      headers: store.auth,
      payload: {
        campaignTitle: title,
        campaignDescription: 'Come back soon.',
        targetAudience: 'all',
        startDateTime: new Date(now + startOffset).toISOString(),
        endDateTime: new Date(now + startOffset + days * DAY).toISOString(),
        promotionType: 'discount',
        itemsToPromote: ['Flat White'],
        notificationFrequency: 'once',
        abTesting: false,
        budget: 0,
      },
    });
    return response.json<{ id: string }>().id;
  }

  it("counts the store's campaigns running now: not the scheduled, paused or ended ones", async () => {
    const running = await launch('Tuesday treat', -HOUR, 7);
    const soonest = await launch('Weekend double', -HOUR, 2);
    await launch('Next month', 5 * DAY, 7);
    const paused = await launch('On hold', -HOUR, 7);
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}/${paused}/pause`, headers: store.auth });
    const body = (await getDashboard(t, store.id, store.auth)).json<DashboardResponse>();
    expect(body.activeCampaigns).toEqual({
      count: 2,
      customersReached: 0,
      campaigns: [
        { id: soonest, title: 'Weekend double', end: new Date(now - HOUR + 2 * DAY).toISOString() },
        { id: running, title: 'Tuesday treat', end: new Date(now - HOUR + 7 * DAY).toISOString() },
      ],
    });
  });
});
