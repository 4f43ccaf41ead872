// The wallet (GET /api/customer/cards, GET /api/customer/cards/:cardId) and claiming a full card.
import { resetTestApp, type TestApp } from '../../helpers';
import { asCustomer, buildCustomerTestApp, createStore, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  // No cooldown: these tests fill cards quickly; the cooldown has its own tests.
  t = await buildCustomerTestApp({ stampCooldownMinutes: 0 });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 3, item: 'Flat White' });
});

/** Collects `count` stamps at the store (fresh token each time) and answers the card id. */
async function collect(credential: string, vendorId: string, count: number): Promise<string> {
  let cardId = '';
  for (let i = 0; i < count; i += 1) {
    t.clock.advance(1000);
    const response = await scan(t, dynamicToken(t, vendorId), { credential });
    expect(response.statusCode).toBe(200);
    cardId = response.json().card.id;
  }
  return cardId;
}

function claim(credential: string, cardId: string) {
  return t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/claim`, headers: asCustomer(credential) });
}

describe('GET /api/customer/cards', () => {
  it("lists the customer's cards across stores with progress, most recently used first", async () => {
    const other = await createStore(t, { company: 'Other Roasters' });
    await setReward(t, other.id, { stamps: 8, itemCustom: 'Espresso' });
    const credential = await newCustomer(t, store.id);
    await collect(credential, other.id, 2);

    const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
    expect(response.statusCode).toBe(200);
    expect(response.json().cards.map((c: { store: { company: string }; stamps: number; required: number }) => [c.store.company, c.stamps, c.required])).toEqual([
      ['Other Roasters', 2, 8],
      ['Bean There Café', 1, 3],
    ]);
  });

  it('answers 401 without a credential, or with one the server does not know', async () => {
    for (const headers of [{}, asCustomer('A'.repeat(43)), asCustomer('not a credential')]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("This phone has no stamp cards yet. Scan a store's QR code to start one.");
    }
  });

  it("does not accept the vendor's bearer token as a customer", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: store.auth });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/customer/cards/:cardId', () => {
  it('answers the card with its latest claims', async () => {
    const credential = await newCustomer(t, store.id);
    const cardId = await collect(credential, store.id, 2);
    await claim(credential, cardId);
    const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) });
    expect(response.statusCode).toBe(200);
    expect(response.json().card).toMatchObject({ id: cardId, stamps: 0, required: 3 });
    expect(response.json().redemptions).toEqual([expect.objectContaining({ rewardLabel: 'Flat White', stampsRequired: 3 })]);
  });

  it("answers 404 for another customer's card", async () => {
    const owner = await newCustomer(t, store.id);
    const cardId = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(owner) })).json().cards[0].id;
    const stranger = await newCustomer(t, store.id);
    const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(stranger) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('This stamp card is not in your wallet.');
  });
});

describe('POST /api/customer/cards/:cardId/claim', () => {
  it('records a redemption, starts the card again and keeps extra stamps', async () => {
    const credential = await newCustomer(t, store.id);
    const cardId = await collect(credential, store.id, 3); // 4 stamps, 3 required
    const response = await claim(credential, cardId);
    expect(response.statusCode).toBe(200);
    expect(response.json().redemption).toEqual({
      id: expect.any(String),
      cardId,
      store: { vendorId: store.id, company: 'Bean There Café', logo: null, currency: 'USD' },
      rewardLabel: 'Flat White',
      stampsRequired: 3,
      claimedAt: t.clock.now(),
      // The claim waits at the counter with a code until staff hand it over (30 minutes by default).
      status: 'pending',
      code: expect.stringMatching(/^[ACDEFGHJKMNPQRTUVWXY3479]{5}$/),
      expiresAt: t.clock.now() + 30 * 60 * 1000,
      givenAt: null,
    });
    expect(response.json().card).toMatchObject({ stamps: 1, required: 3, canClaim: false });

    const rows = await t.db.kysely.selectFrom('redemptions').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ card_id: cardId, vendor_id: store.id, stamps_required: 3, reward_label: 'Flat White' })]);
  });

  it('refuses an incomplete card with 409 and changes nothing', async () => {
    const credential = await newCustomer(t, store.id);
    const cardId = await collect(credential, store.id, 1); // 2 of 3
    const response = await claim(credential, cardId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This card is not full yet: 1 more stamp to go.');
    const card = (await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) })).json();
    expect(card.card.stamps).toBe(2);
    expect(card.redemptions).toEqual([]);
  });

  it('claims once per full card: a second claim right after is refused', async () => {
    const credential = await newCustomer(t, store.id);
    const cardId = await collect(credential, store.id, 2);
    expect((await claim(credential, cardId)).statusCode).toBe(200);
    const again = await claim(credential, cardId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This card is not full yet: 3 more stamps to go.');
  });

  it("refuses another customer's card (404) and an unknown customer (401)", async () => {
    const owner = await newCustomer(t, store.id);
    const cardId = await collect(owner, store.id, 2);
    const stranger = await newCustomer(t, store.id);
    expect((await claim(stranger, cardId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/customer/cards/${cardId}/claim` })).statusCode).toBe(401);
    const stillFull = (await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(owner) })).json();
    expect(stillFull.card.canClaim).toBe(true);
  });

  it('lets a full card be claimed after the reward ended (the stamps were earned while it ran)', async () => {
    const credential = await newCustomer(t, store.id);
    const cardId = await collect(credential, store.id, 2);
    await setReward(t, store.id, { stamps: 3, item: 'Flat White', expiry: '2025-12-31' });
    expect((await claim(credential, cardId)).statusCode).toBe(200);
  });
});
