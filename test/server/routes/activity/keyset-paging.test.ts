// Keyset paging of the activity list (`?before=<nextCursor>`) and the store's running counts
// that the dashboard and the list's total read, kept by the real scan and claim.
import type { ActivityPage } from '../../../../src/api/contract/activity';
import { storeCounterTotal } from '../../../../server/repositories/store-counters';
import {
  asCustomer,
  createStore,
  dynamicToken,
  newCustomer,
  scan,
  setReward,
  type TestStore,
  addCard,
  claimAt,
  getActivity,
  getDashboard,
  HOUR,
  stampsFrom,
} from '../../factories';
import { buildTestApp, type TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as never });
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 5, item: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

describe('keyset paging of GET /api/activity/:vendorId', () => {
  it('walks every event exactly once, newest first, page after page through nextCursor', async () => {
    const start = t.clock.now() - 100 * HOUR;
    const card = await addCard(t, store.id, 'Ana Lima');
    // Two stamps share each millisecond: the id breaks the tie, so no row is lost or repeated.
    await stampsFrom(t, card, start, 12, 0);
    await stampsFrom(t, card, start + HOUR, 11, HOUR);
    await claimAt(t, card, start + 30 * HOUR, 5);

    const first: ActivityPage = (await getActivity(t, store.id, store.auth, '?pageSize=5')).json();
    const seen = [...first.items.map((i) => i.id)];
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const response = await getActivity(t, store.id, store.auth, `?pageSize=5&before=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(200);
      const page: ActivityPage = response.json();
      expect(page.total).toBe(24);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    const byOffset: ActivityPage = (await getActivity(t, store.id, store.auth, '?pageSize=24')).json();
    expect(seen).toEqual(byOffset.items.map((i) => i.id));
  });

  it('refuses a cursor that is not one', async () => {
    for (const bad of ['abc', '_x', '12', `${'9'.repeat(17)}_x`]) {
      const response = await getActivity(t, store.id, store.auth, `?before=${bad}`);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('running counts kept by the scan and the claim', () => {
  it('counts stamps and claims in the same transaction, and the dashboard reads them', async () => {
    const credential = await newCustomer(t, store.id);
    for (let i = 0; i < 4; i += 1) expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);
    expect(await storeCounterTotal(t.db.kysely, store.id, 'stamps')).toBe(5);
    // A refused scan (same code again) rolls its count back with it.
    const token = dynamicToken(t, store.id);
    await scan(t, token, { credential });
    expect((await scan(t, token, { credential })).statusCode).toBe(409);
    expect(await storeCounterTotal(t.db.kysely, store.id, 'stamps')).toBe(6);

    const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
    const cardId: string = wallet.json().cards[0].id;
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/claim`, headers: asCustomer(credential) });
    expect(claim.statusCode).toBe(200);
    expect(await storeCounterTotal(t.db.kysely, store.id, 'claims')).toBe(1);
    const dashboard = (await getDashboard(t, store.id, store.auth)).json();
    expect(dashboard.totalRedemptions).toBe(1);
    expect(dashboard.redemptionActivity.at(-1).count).toBe(1);
  });
});
