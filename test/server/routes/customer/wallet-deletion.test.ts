// Deleting a wallet: cards, name, e-mail and device credentials go; the store keeps anonymous counts.
import type { CustomerListItem } from '../../../../src/api/contract/customers';
import type { TestApp } from '../../helpers';
import { asCustomer, buildHandoverTestApp, pendingClaim, rewardStore, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildHandoverTestApp();
  store = await rewardStore(t);
});

afterEach(async () => {
  await t.close();
});

/** The store's Customers page, as its owner sees it. */
function list(query = '', auth: Record<string, string> = store.auth, vendorId = store.id) {
  return t.app.inject({ method: 'GET', url: `/api/customers/${vendorId}${query}`, headers: auth });
}

describe('DELETE /api/customer/me', () => {
  it('erases cards, name and e-mail; the device is signed out; the vendor keeps anonymous counts', async () => {
    const who = await pendingClaim(t, store.id);
    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(who.credential), payload: { displayName: 'Zoe Privacy' } });
    expect((await list()).json().items.map((c: CustomerListItem) => c.name)).toEqual(['Zoe Privacy']);

    const response = await t.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: asCustomer(who.credential) });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(who.credential) })).statusCode).toBe(401);
    const customer = await t.db.kysely.selectFrom('customers').selectAll().executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ display_name: null, email: null, email_normalized: null, deleted_at: t.clock.now() });
    expect(await t.db.kysely.selectFrom('customer_credentials').selectAll().execute()).toEqual([]);
    expect((await list()).json().items).toEqual([]);

    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth })).json();
    expect(dashboard.totalRedemptions).toBe(1);
    expect(dashboard.claims).toEqual({ pending: 0, given: 0, expired: 1 });
    const activity = (await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}`, headers: store.auth })).json();
    expect(activity.total).toBe(4);
    expect(JSON.stringify(activity)).not.toContain('Zoe');
  });

  it('answers 401 without a credential', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/me' })).statusCode).toBe(401);
  });
});
