// POST /api/customer/scan: a customer's phone opens PUBLIC_URL/s/<token> and collects one stamp.
import crypto from 'node:crypto';
import type { Config } from '../../../../server/config';
import type { TestApp } from '../../helpers';
import { NEW_CUSTOMERS_PER_ADDRESS, SCAN_ATTEMPTS_PER_ADDRESS } from '../../../../server/routes/customer';
import { asCustomer, buildCustomerTestApp, createStore, dynamicToken, newCustomer, printableToken, scan, setReward, type TestStore } from '../../factories';

const MINUTE = 60 * 1000;
let t: TestApp;
let store: TestStore;

async function build(config: Partial<Config> = {}) {
  t = await buildCustomerTestApp(config);
  store = await createStore(t, { company: 'Bean There Café', withLogo: true });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
}

async function countRows(table: 'customers' | 'stamp_events' | 'stamp_cards'): Promise<number> {
  const row = await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

afterEach(async () => {
  await t.close();
});

describe('POST /api/customer/scan', () => {
  describe('collecting stamps', () => {
    beforeEach(() => build());

    it('creates an anonymous customer on the first scan, hands out a credential once, and adds one stamp', async () => {
      const response = await scan(t, dynamicToken(t, store.id));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.store).toEqual({ vendorId: store.id, company: 'Bean There Café', logo: expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}$/), currency: 'USD' });
      expect(body.reward).toEqual({ text: 'Buy 10 Flat White, get 1 free', label: 'Flat White', stamps: 10, expiry: '2026-12-31', ended: false });
      expect(body.card).toMatchObject({ stamps: 1, required: 10, canClaim: false, store: { vendorId: store.id } });
      expect(body.message).toBe('Stamp collected! 9 more for your free Flat White');
      expect(body.stampedAt).toBe(t.clock.now());
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('stores only the SHA-256 of the credential: the raw credential is nowhere in the database', async () => {
      const credential = await newCustomer(t, store.id);
      const rows = await t.db.kysely.selectFrom('customer_credentials').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].credential_hash).toBe(crypto.createHash('sha256').update(credential).digest('hex'));
      const everything = JSON.stringify([
        rows,
        await t.db.kysely.selectFrom('customers').selectAll().execute(),
        await t.db.kysely.selectFrom('stamp_cards').selectAll().execute(),
        await t.db.kysely.selectFrom('stamp_events').selectAll().execute(),
      ]);
      expect(everything).not.toContain(credential);
    });

    it('adds later stamps to the same card and gives no new credential', async () => {
      const credential = await newCustomer(t, store.id);
      t.clock.advance(10 * MINUTE);
      const response = await scan(t, dynamicToken(t, store.id), { credential });
      expect(response.statusCode).toBe(200);
      expect(response.json().credential).toBeUndefined();
      expect(response.json().card.stamps).toBe(2);
      expect(await countRows('customers')).toBe(1);
      expect(await countRows('stamp_cards')).toBe(1);
      expect(await countRows('stamp_events')).toBe(2);
    });

    it("names a custom reward text when the vendor chose 'Other'", async () => {
      await setReward(t, store.id, { stamps: 5, itemCustom: 'Any pastry' });
      const response = await scan(t, dynamicToken(t, store.id));
      expect(response.json().reward.text).toBe('Buy 5 Any pastry, get 1 free');
    });

    it('says the card is full on the stamp that fills it', async () => {
      await setReward(t, store.id, { stamps: 2, item: 'Flat White' });
      const credential = await newCustomer(t, store.id);
      t.clock.advance(10 * MINUTE);
      const response = await scan(t, dynamicToken(t, store.id), { credential });
      expect(response.json().card).toMatchObject({ stamps: 2, required: 2, canClaim: true });
      expect(response.json().message).toBe('Your card is full — claim your free Flat White!');
    });

    it('treats a well-formed but unknown credential as a new customer', async () => {
      const response = await scan(t, dynamicToken(t, store.id), { credential: crypto.randomBytes(32).toString('base64url') });
      expect(response.statusCode).toBe(200);
      expect(response.json().credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });

  describe('fraud controls', () => {
    it('refuses a second stamp at the same store within the cooldown, naming the configured minutes', async () => {
      await build();
      const credential = await newCustomer(t, store.id);
      t.clock.advance(10 * MINUTE - 1000);
      const refused = await scan(t, dynamicToken(t, store.id), { credential });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'cooldown', error: 'You already collected a stamp here in the last 10 minutes' });
      // The refusal still shows the store and the card as it is.
      expect(refused.json().card.stamps).toBe(1);
      expect(refused.json().store.company).toBe('Bean There Café');

      t.clock.advance(1000);
      const accepted = await scan(t, dynamicToken(t, store.id), { credential });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().card.stamps).toBe(2);
    });

    it('uses STAMP_COOLDOWN_MINUTES in the message', async () => {
      await build({ stampCooldownMinutes: 15 });
      const credential = await newCustomer(t, store.id);
      const refused = await scan(t, dynamicToken(t, store.id), { credential });
      expect(refused.json().error).toBe('You already collected a stamp here in the last 15 minutes');
    });

    it('gives one stamp per customer per dynamic token, even without a cooldown', async () => {
      await build({ stampCooldownMinutes: 0 });
      const token = dynamicToken(t, store.id);
      const first = await scan(t, token);
      const credential = first.json().credential;
      const again = await scan(t, token, { credential });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already-collected', error: 'You already collected a stamp with this code' });
      expect(again.json().card.stamps).toBe(1);
      // Another customer may use the same token: one stamp per customer, not per token.
      expect((await scan(t, token)).statusCode).toBe(200);
      expect(await countRows('stamp_events')).toBe(2);
    });

    it('keeps the cooldown per store: a stamp at another store right after is fine', async () => {
      await build();
      const other = await createStore(t, { company: 'Other Roasters' });
      await setReward(t, other.id, { stamps: 8, itemCustom: 'Espresso' });
      const credential = await newCustomer(t, store.id);
      const response = await scan(t, dynamicToken(t, other.id), { credential });
      expect(response.statusCode).toBe(200);
      expect(response.json().card.stamps).toBe(1);
    });

    it('limits stamp attempts per address (429)', async () => {
      await build();
      for (let i = 0; i < SCAN_ATTEMPTS_PER_ADDRESS; i += 1) {
        expect((await scan(t, 'not-a-token', { remoteAddress: '203.0.113.7' })).statusCode).toBe(400);
      }
      const limited = await scan(t, dynamicToken(t, store.id), { remoteAddress: '203.0.113.7' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual(expect.any(String));
      // Another address is not affected.
      expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
    });

    it('limits new customers per address (429), while known customers from that address still collect', async () => {
      await build({ stampCooldownMinutes: 0 });
      const address = '198.51.100.20';
      const credential = await newCustomer(t, store.id, address);
      for (let i = 1; i < NEW_CUSTOMERS_PER_ADDRESS; i += 1) {
        expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: address })).statusCode).toBe(200);
      }
      const limited = await scan(t, dynamicToken(t, store.id), { remoteAddress: address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('Too many new stamp cards were started from this network. Please try again later.');
      expect(await countRows('customers')).toBe(NEW_CUSTOMERS_PER_ADDRESS);
      expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: address })).statusCode).toBe(200);
    });
  });

  describe('the printable flyer', () => {
    beforeEach(() => build());

    it('stamps, then waits the longer flyer cooldown (4 hours) before the next flyer stamp', async () => {
      const token = printableToken(t, store.id);
      const first = await scan(t, token);
      expect(first.statusCode).toBe(200);
      const credential = first.json().credential;

      t.clock.advance(4 * 60 * MINUTE - 1000);
      const refused = await scan(t, token, { credential });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'cooldown', error: 'You already collected a stamp here in the last 4 hours' });

      t.clock.advance(1000);
      const accepted = await scan(t, token, { credential });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().card.stamps).toBe(2);
    });

    it('lets the counter code stamp after the normal cooldown following a flyer stamp', async () => {
      const credential = (await scan(t, printableToken(t, store.id))).json().credential;
      t.clock.advance(10 * MINUTE);
      expect((await scan(t, dynamicToken(t, store.id), { credential })).statusCode).toBe(200);
    });

    it('refuses a flyer printed before the vendor renewed it', async () => {
      await t.db.kysely.updateTable('vendors').set({ printable_qr_version: 2 }).where('id', '=', store.id).execute();
      const old = await scan(t, printableToken(t, store.id, 1));
      expect(old.statusCode).toBe(410);
      expect(old.json()).toMatchObject({ code: 'revoked', error: 'This flyer is no longer valid — scan the code on the counter instead' });
      expect((await scan(t, printableToken(t, store.id, 2))).statusCode).toBe(200);
    });
  });

  describe('tokens that do not stamp', () => {
    beforeEach(() => build());

    it('refuses an expired code (older than 90 s) and creates nobody', async () => {
      const token = dynamicToken(t, store.id);
      t.clock.advance(91 * 1000);
      const response = await scan(t, token);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ code: 'expired', error: 'This code has expired — scan the code on the counter again' });
      expect(await countRows('customers')).toBe(0);
    });

    it('still accepts a code 89 s old (rotation plus grace)', async () => {
      const token = dynamicToken(t, store.id);
      t.clock.advance(89 * 1000);
      expect((await scan(t, token)).statusCode).toBe(200);
    });

    it('refuses forged and altered tokens as not valid', async () => {
      const token = dynamicToken(t, store.id);
      const altered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
      const vendorSession = store.auth.authorization.replace('Bearer ', '');
      for (const forged of [altered, 'hello', vendorSession, `${token}x`]) {
        const response = await scan(t, forged);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'malformed', error: 'This code is not a valid Stampwise code — scan the code on the counter again' });
      }
      expect(await countRows('stamp_events')).toBe(0);
    });

    it('refuses a validly signed token of a store that does not exist', async () => {
      const response = await scan(t, dynamicToken(t, crypto.randomUUID()));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'unknown-store', error: 'We could not find this store. It may have left Stampwise.' });
    });

    it('rejects a body without a token (400) and changes nothing', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/customer/scan', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/token/);
      expect(await countRows('customers')).toBe(0);
    });
  });

  describe('stores and rewards', () => {
    beforeEach(() => build());

    it("never stamps store B's card with store A's token", async () => {
      const storeB = await createStore(t, { company: 'Store B' });
      await setReward(t, storeB.id, { stamps: 6, itemCustom: 'Bagel' });
      const credential = await newCustomer(t, storeB.id);
      t.clock.advance(10 * MINUTE);

      const response = await scan(t, dynamicToken(t, store.id), { credential });
      expect(response.json().card.store.vendorId).toBe(store.id);
      const cards = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json().cards;
      const byStore = Object.fromEntries(cards.map((c: { store: { company: string }; stamps: number }) => [c.store.company, c.stamps]));
      expect(byStore).toEqual({ 'Bean There Café': 1, 'Store B': 1 });
    });

    it('refuses a store without a reward set up, and creates no customer', async () => {
      const bare = await createStore(t, { company: 'No Plan Yet' });
      const response = await scan(t, dynamicToken(t, bare.id));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'no-reward',
        error: 'No Plan Yet has not set up a reward yet, so there are no stamps to collect here for now',
        store: { company: 'No Plan Yet' },
      });
      expect(await countRows('customers')).toBe(0);
    });

    it('refuses a reward past its expiry date, naming the date', async () => {
      await setReward(t, store.id, { stamps: 10, item: 'Flat White', expiry: '2025-12-31' });
      const response = await scan(t, dynamicToken(t, store.id));
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'reward-ended', error: 'This reward ended on 31 Dec 2025', reward: { ended: true } });
      expect(await countRows('stamp_events')).toBe(0);
    });

    it('runs a reward to the end of its expiry date anywhere on Earth (UTC−12)', async () => {
      await setReward(t, store.id, { stamps: 10, item: 'Flat White', expiry: '2026-11-22' });
      t.clock.set(Date.parse('2026-11-23T11:59:00Z'));
      expect((await scan(t, dynamicToken(t, store.id))).statusCode).toBe(200);
      t.clock.set(Date.parse('2026-11-23T12:00:00Z'));
      const ended = await scan(t, dynamicToken(t, store.id));
      expect(ended.statusCode).toBe(410);
      expect(ended.json().error).toBe('This reward ended on 22 Nov 2026');
    });
  });
});
