// GET /api/customer/cards/:cardId/store: the store section of a customer's card — the owner's public
// profile and menu, for a card in the customer's own wallet only.
import type { TestApp } from '../helpers';
import { asCustomer, buildCustomerTestApp, createMenuItem, createStore, createVendor, dynamicToken, newCustomer, scan, setReward } from '../factories';
import { STORE_DETAILS_READS_PER_ADDRESS } from '../../../server/routes/customer';

let t: TestApp;

beforeEach(async () => {
  t = await buildCustomerTestApp({ stampCooldownMinutes: 0 });
});
afterEach(() => t.close());

/** A store with a full profile and menu, and a customer holding a card there: the card's id and credential. */
async function customerWithCard() {
  const vendor = await createVendor(t, { company: 'Bean There Café', address: '12 Harbour Road, Porto', open_hours: 'Mon–Sat 7:00–18:00', website: 'beanthere.example' });
  await createMenuItem(t, vendor.id, 'Flat White', 420);
  await createMenuItem(t, vendor.id, 'Tap Water', null);
  await setReward(t, vendor.id, { stamps: 5, itemCustom: 'A free coffee' });
  const credential = await newCustomer(t, vendor.id);
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cardId: string = wallet.json().cards[0].id;
  return { vendor, credential, cardId };
}

const storeOf = (cardId: string, headers: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/store`, headers, remoteAddress });

describe('GET /api/customer/cards/:cardId/store', () => {
  it("answers the owner's public profile and menu (prices in dollars, null without one), and nothing else", async () => {
    const { credential, cardId } = await customerWithCard();
    const response = await storeOf(cardId, asCustomer(credential));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      company: 'Bean There Café',
      logo: null,
      cover: null,
      address: '12 Harbour Road, Porto',
      openHours: 'Mon–Sat 7:00–18:00',
      website: 'beanthere.example',
      currency: 'USD',
      menu: [
        { name: 'Flat White', price: 4.2 },
        { name: 'Tap Water', price: null },
      ],
    });
    // No ids of the store, its items or its owner, and no e-mail.
    expect(response.body).not.toMatch(/vendor|_id|email|@/i);
  });

  it("answers the store's own currency with its menu, and the customer's card names it too", async () => {
    const { vendor, credential, cardId } = await customerWithCard();
    await t.db.kysely.updateTable('vendors').set({ currency: 'EUR' }).where('id', '=', vendor.id).execute();

    const details = (await storeOf(cardId, asCustomer(credential))).json();
    expect(details).toMatchObject({ currency: 'EUR', menu: [{ name: 'Flat White', price: 4.2 }, { name: 'Tap Water', price: null }] });
    const card = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) });
    expect(card.json().card.store.currency).toBe('EUR');
    const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
    expect(wallet.json().cards[0].store.currency).toBe('EUR');
  });

  it('answers 404 for a card in another wallet, and 401 without a credential', async () => {
    const { cardId } = await customerWithCard();
    const other = await createStore(t, { company: 'Other Roasters' });
    await setReward(t, other.id, { stamps: 5, itemCustom: 'Espresso' });
    const stranger = await newCustomer(t, other.id);

    const notTheirs = await storeOf(cardId, asCustomer(stranger));
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: 'This stamp card is not in your wallet.' });
    expect((await storeOf(cardId, {})).statusCode).toBe(401);
  });

  it('shows what the owner changes at once (nothing is kept from before)', async () => {
    const { vendor, credential, cardId } = await customerWithCard();
    await t.db.kysely.updateTable('vendors').set({ open_hours: 'Every day 8–20' }).where('id', '=', vendor.id).execute();
    t.clock.advance(1000);
    await scan(t, dynamicToken(t, vendor.id), { credential });
    expect((await storeOf(cardId, asCustomer(credential))).json().openHours).toBe('Every day 8–20');
  });

  it(`is rate-limited per address: ${STORE_DETAILS_READS_PER_ADDRESS} a minute, then 429`, async () => {
    const { credential, cardId } = await customerWithCard();
    const address = '203.0.113.77';
    for (let i = 0; i < STORE_DETAILS_READS_PER_ADDRESS; i += 1) {
      expect((await storeOf(cardId, asCustomer(credential), address)).statusCode).toBe(200);
    }
    expect((await storeOf(cardId, asCustomer(credential), address)).statusCode).toBe(429);
  });
});
