// The dashboard and the activity list read kept figures (card histograms and engaged counts kept
// by triggers, each stamp's visit number and card count kept on its row). Through every path that changes
// a card or a stamp — stamp, claim, hand-over expiry returning stamps, relay void, wallet deletion, wallet
// merge, a new reward size, time passing — each kept figure must equal what walking the history gives,
// and the dashboard must show the history's answer.
import type { DashboardResponse } from '../../../src/api/contract/activity';
import type { RelayConfig } from '../../../server/config';
import { expireOverdueClaims } from '../../../server/services/handover';
import { opaqueKey } from '../../../server/services/activity';
import { ACTIVE_CARD_DAYS, ENGAGED_DAYS, ENGAGED_WINDOW_LAG_MS } from '../../../server/services/dashboard';
import type { TestApp } from '../helpers';
import { seedActivity } from '../../../bench/seed-activity';
import {
  asCustomer,
  buildCustomerTestApp,
  createStore,
  dynamicToken,
  freshCustomerAddress,
  saveConfirmedEmail,
  scan,
  setReward,
  type TestStore,
  DAY,
  getDashboard,
} from '../factories';

const MINUTE = 60 * 1000;
const relay: RelayConfig = { codeBudgetFloor: 10, flyerBudgetFloor: 25, paceFactor: 2, networksPerCode: 4, deviceStores: 3, deviceWindowMinutes: 10 };

let t: TestApp;
let store: TestStore;
let required = 3;

beforeEach(async () => {
  t = await buildCustomerTestApp({ stampCooldownMinutes: 0, claimExpiryMinutes: 30, relay });
  store = await createStore(t, { company: 'Kept Café' });
  required = 3;
  await setReward(t, store.id, { stamps: required, item: 'Flat White', expiry: '2030-12-31' });
});

afterEach(async () => {
  await t.close();
});

interface Card { id: string; customer_id: string; stamps: number; updated_at: number }
interface Stamp { id: string; card_id: string; customer_id: string; created_at: number; voided_at: number | null; card_visit: number; card_stamps_after: number }
interface Claim { card_id: string; created_at: number; stamps_required: number }

async function history(vendorId: string) {
  const db = t.db.kysely;
  const cards = (await db.selectFrom('stamp_cards').select(['id', 'customer_id', 'stamps', 'updated_at']).where('vendor_id', '=', vendorId).execute()).map(
    (c): Card => ({ ...c, stamps: Number(c.stamps), updated_at: Number(c.updated_at) }),
  );
  const stamps = (
    await db.selectFrom('stamp_events').select(['id', 'card_id', 'customer_id', 'created_at', 'voided_at', 'card_visit', 'card_stamps_after']).where('vendor_id', '=', vendorId).execute()
  ).map((s): Stamp => ({ ...s, created_at: Number(s.created_at), voided_at: s.voided_at === null ? null : Number(s.voided_at), card_visit: Number(s.card_visit), card_stamps_after: Number(s.card_stamps_after) }));
  const claims = (await db.selectFrom('redemptions').select(['card_id', 'created_at', 'stamps_required']).where('vendor_id', '=', vendorId).execute()).map(
    (r): Claim => ({ ...r, created_at: Number(r.created_at), stamps_required: Number(r.stamps_required) }),
  );
  return { cards, stamps, claims };
}

function tally<K>(keys: K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Every kept figure of the store against its history, and the dashboard against the history's answer. */
async function expectKeptFiguresRight(vendorId = store.id): Promise<DashboardResponse> {
  // A fresh session: the test's clock moves on by months.
  const auth = { authorization: `Bearer ${t.deps.sessions.issue(vendorId)}` };
  const { cards, stamps, claims } = await history(vendorId);
  const now = t.clock.now();
  const db = t.db.kysely;

  // Card histograms.
  const byStamps = await db.selectFrom('store_card_stamps').select(['stamps', 'cards']).where('vendor_id', '=', vendorId).where('cards', '<>', 0).execute();
  expect(new Map(byStamps.map((r) => [Number(r.stamps), Number(r.cards)]))).toEqual(tally(cards.map((c) => c.stamps)));
  const byDay = await db.selectFrom('store_card_days').select(['day', 'stamps', 'cards']).where('vendor_id', '=', vendorId).where('cards', '<>', 0).execute();
  expect(new Map(byDay.map((r) => [`${Number(r.day)}/${Number(r.stamps)}`, Number(r.cards)]))).toEqual(tally(cards.map((c) => `${Math.floor(c.updated_at / DAY)}/${c.stamps}`)));

  // Engaged counts: not-voided stamps since the store's counted_from.
  const window = await db.selectFrom('engaged_windows').select('counted_from').where('vendor_id', '=', vendorId).executeTakeFirst();
  const countedFrom = Number(window?.counted_from ?? 0);
  const engaged = await db.selectFrom('engaged_counts').select(['customer_id', 'stamps']).where('vendor_id', '=', vendorId).where('stamps', '<>', 0).execute();
  expect(new Map(engaged.map((r) => [r.customer_id, Number(r.stamps)]))).toEqual(
    tally(stamps.filter((s) => s.voided_at === null && s.created_at >= countedFrom).map((s) => s.customer_id)),
  );

  // Claims by status.
  const statuses = (await db.selectFrom('redemptions').select('status').where('vendor_id', '=', vendorId).execute()).map((r) => r.status as string);
  const byStatus = await db.selectFrom('store_claim_counts').select(['status', 'claims']).where('vendor_id', '=', vendorId).where('claims', '<>', 0).execute();
  expect(new Map(byStatus.map((r) => [r.status, Number(r.claims)]))).toEqual(tally(statuses));

  // Each stamp's visit number (the store days, UTC here, with a stamp not voided up to this one's, its own
  // day counted even when voided) and the card's count after it.
  const before = (a: Stamp, b: Stamp) => a.created_at < b.created_at || (a.created_at === b.created_at && a.id <= b.id);
  for (const stamp of stamps) {
    const upToThis = stamps.filter((s) => s.card_id === stamp.card_id && before(s, stamp));
    const claimed = claims.filter((r) => r.card_id === stamp.card_id && r.created_at <= stamp.created_at).reduce((sum, r) => sum + r.stamps_required, 0);
    const visitDays = new Set(upToThis.filter((s) => s.voided_at === null || s.id === stamp.id).map((s) => Math.floor(s.created_at / DAY)));
    expect({ id: stamp.id, visit: stamp.card_visit, after: stamp.card_stamps_after }).toEqual({
      id: stamp.id,
      visit: visitDays.size,
      after: upToThis.filter((s) => s.voided_at === null).length - claimed,
    });
  }

  // The dashboard shows what the history says.
  const response = await getDashboard(t, vendorId, auth);
  expect(response.statusCode).toBe(200);
  const dashboard = response.json<DashboardResponse>();
  const claimsNow = tally(statuses);
  expect(dashboard.claims).toEqual({ pending: claimsNow.get('pending') ?? 0, given: claimsNow.get('given') ?? 0, expired: claimsNow.get('expired') ?? 0 });
  const active = cards.filter((c) => c.updated_at >= now - ACTIVE_CARD_DAYS * DAY && c.stamps >= 1);
  const average = active.length === 0 ? 0 : active.reduce((sum, c) => sum + Math.min(c.stamps, required), 0) / active.length;
  expect(dashboard.stampCard).toEqual({ averageStamps: Math.round(average * 10) / 10, required, activeCards: active.length });
  expect(dashboard.outstanding).toEqual({
    fullCards: cards.filter((c) => c.stamps >= required).length,
    nearlyFull: cards.filter((c) => c.stamps === required - 1 && c.stamps > 0).length,
  });
  const top = [...tally(stamps.filter((s) => s.voided_at === null && s.created_at >= now - ENGAGED_DAYS * DAY).map((s) => s.customer_id))]
    .sort(([a, an], [b, bn]) => bn - an || (a < b ? -1 : 1))
    .slice(0, 4);
  expect(dashboard.engagedCustomers.map((c) => [c.key, c.stamps])).toEqual(top.map(([customerId, n]) => [opaqueKey(customerId), n]));
  return dashboard;
}

interface Customer { credential: string; cardId: string; address: string }

async function stamp(who: Partial<Customer> = {}, token = dynamicToken(t, store.id)): Promise<Customer> {
  t.clock.advance(1000);
  const address = who.address ?? freshCustomerAddress();
  const response = await scan(t, token, { credential: who.credential, remoteAddress: address });
  expect(response.statusCode).toBe(200);
  return { credential: who.credential ?? response.json().credential, cardId: response.json().card.id, address };
}

async function stamps(count: number, who: Partial<Customer> = {}): Promise<Customer> {
  let current = who;
  for (let i = 0; i < count; i += 1) current = await stamp(current);
  return current as Customer;
}

async function claim(who: Customer): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${who.cardId}/claim`, headers: asCustomer(who.credential), remoteAddress: freshCustomerAddress() });
  expect(response.statusCode).toBe(200);
  return response.json().redemption.id;
}

describe('kept dashboard and activity figures', () => {
  it('stay right through stamps, claims, a claim expiring, a new reward size and time passing', async () => {
    const ana = await stamps(3);
    const ben = await stamps(2);
    await stamps(1);
    await expectKeptFiguresRight();

    const anaClaim = await claim(ana);
    expect((await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/claims/${anaClaim}`, headers: store.auth, payload: { screen: 'feed' } })).statusCode).toBe(200);
    const benClaimed = await stamps(1, ben);
    await claim(benClaimed);
    await stamp(ana);
    await expectKeptFiguresRight();

    // Nobody hands Ben's reward over: it expires and the stamps go back on his card.
    t.clock.advance(31 * MINUTE);
    expect(await expireOverdueClaims(t.deps)).toBeGreaterThanOrEqual(1);
    await stamp(ben);
    await expectKeptFiguresRight();

    // A bigger reward: the same cards, other full / nearly full / average figures.
    required = 5;
    await setReward(t, store.id, { stamps: required, item: 'Flat White', expiry: '2030-12-31' });
    await expectKeptFiguresRight();

    // Two months on, Ana comes back; then the first stamps leave the 90 days (the window moves on).
    t.clock.advance(60 * DAY);
    await stamps(2, ana);
    await expectKeptFiguresRight();
    t.clock.advance(35 * DAY);
    await expectKeptFiguresRight();
    await stamp(ben);
    const window = await t.db.kysely.selectFrom('engaged_windows').select('counted_from').where('vendor_id', '=', store.id).executeTakeFirstOrThrow();
    expect(t.clock.now() - ENGAGED_DAYS * DAY - Number(window.counted_from)).toBeLessThan(ENGAGED_WINDOW_LAG_MS);
    const dashboard = await expectKeptFiguresRight();
    expect(dashboard.engagedCustomers.map((c) => c.stamps)).toEqual([2, 1]);
    // And well past every stamp, nobody is engaged any more.
    t.clock.advance(200 * DAY);
    expect((await expectKeptFiguresRight()).engagedCustomers).toEqual([]);
  });

  it('stay right when the store voids a relayed code and when a customer deletes their wallet', async () => {
    const regular = await stamps(2);
    const token = dynamicToken(t, store.id);
    for (let i = 0; i < 6; i += 1) await stamp({ address: `10.${i + 1}.0.1` }, token);
    await stamp(regular, token);
    await stamp(regular);
    await expectKeptFiguresRight();

    const voided = await t.app.inject({ method: 'POST', url: `/api/qrcode/${store.id}/alerts/void`, headers: store.auth, payload: { code: token } });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().voidedStamps).toBe(7);
    await expectKeptFiguresRight();

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(regular.credential), remoteAddress: freshCustomerAddress() });
    expect(deleted.statusCode).toBe(200);
    await expectKeptFiguresRight();
  });

  it('stay right when a recovered wallet takes in the phone\'s anonymous one', async () => {
    const owner = await stamps(2);
    await saveConfirmedEmail(t, owner.credential, 'ana@example.com');
    const phone = await stamps(2);
    const asked = await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email: 'ana@example.com' }, headers: asCustomer(phone.credential), remoteAddress: freshCustomerAddress() });
    expect(asked.statusCode).toBe(202);
    const link = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '');
    if (!link) throw new Error('no sign-in link mailed');
    const merged = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${link[1]}`, headers: asCustomer(phone.credential), remoteAddress: freshCustomerAddress() });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().merged).toMatchObject({ cards: 1 });
    await expectKeptFiguresRight();
  });

  it('are the same for a store bulk-written and then recounted (the bench and scale data)', async () => {
    const other = await createStore(t, { company: 'Seeded Café' });
    await seedActivity(t.db, other.id, { events: 3_000, customers: 40, now: t.clock.now(), spanDays: 200, stampsRequired: required });
    await setReward(t, other.id, { stamps: required, item: 'Flat White' });
    await expectKeptFiguresRight(other.id);
  });
});
