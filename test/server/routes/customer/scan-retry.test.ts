// POST /api/customer/scan retried after its answer was lost (the request reached the server, the phone never heard
// back): the phone sends the credential it made itself and the same attempt key, so the retry is the same scan —
// one customer, one stamp, the first attempt's answer — on either of two servers sharing the database.
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../../server/app';
import type { TestApp } from '../../helpers';
import { schemaCodeStore } from '../../schema-code';
import { buildCustomerTestApp, createStore, dynamicToken, freshCustomerAddress, printableToken, scan, setReward, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildCustomerTestApp();
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

/** What the customer pages make before a first scan: 32 random bytes, base64url. */
const phoneSecret = () => crypto.randomBytes(32).toString('base64url');

interface Phone {
  credential: string;
  address: string;
}

function newPhone(): Phone {
  return { credential: phoneSecret(), address: freshCustomerAddress() };
}

function scanAttempt(app: TestApp['app'], phone: Phone, token: string, attempt: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/customer/scan',
    payload: { token, attempt },
    headers: { 'x-customer-key': phone.credential },
    remoteAddress: phone.address,
  });
}

async function count(table: 'customers' | 'stamp_events' | 'stamp_cards'): Promise<number> {
  const row = await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function wallet(credential: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { 'x-customer-key': credential } });
  return response;
}

describe('a first scan retried after its answer was lost', () => {
  it('finds the customer the first attempt made: one customer, one card with one stamp, and the first answer again', async () => {
    const phone = newPhone();
    const token = dynamicToken(t, store.id);
    const attempt = phoneSecret();

    const lost = await scanAttempt(t.app, phone, token, attempt);
    expect(lost.statusCode).toBe(200);
    t.clock.advance(20_000);
    const retry = await scanAttempt(t.app, phone, token, attempt);

    expect(retry.statusCode).toBe(200);
    const first = lost.json();
    const again = retry.json();
    expect(again.card).toMatchObject({ id: first.card.id, stamps: 1 });
    expect(again.message).toBe(first.message);
    expect(again.stampedAt).toBe(first.stampedAt);
    // Said to be the first attempt's stamp, so the page can tell the customer it reached the shop before the drop.
    expect(again.repeated).toBe(true);
    expect(first.repeated).toBeUndefined();
    // The phone keeps the credential it made: no other one is handed out.
    expect(first.credential).toBeUndefined();
    expect(again.credential).toBeUndefined();
    expect({ customers: await count('customers'), cards: await count('stamp_cards'), stamps: await count('stamp_events') }).toEqual({ customers: 1, cards: 1, stamps: 1 });
    const cards = (await wallet(phone.credential)).json().cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: first.card.id, stamps: 1 });
  });

  it('two identical first-scan requests at once make one customer with one stamp, and both answer the stamp', async () => {
    const phone = newPhone();
    const token = dynamicToken(t, store.id);
    const attempt = phoneSecret();

    const answers = await Promise.all([scanAttempt(t.app, phone, token, attempt), scanAttempt(t.app, phone, token, attempt)]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.json().card.id)).size).toBe(1);
    expect(answers.map((a) => a.json().card.stamps)).toEqual([1, 1]);
    expect({ customers: await count('customers'), stamps: await count('stamp_events') }).toEqual({ customers: 1, stamps: 1 });
  });

  it('answers the same when the retry lands on the other server', async () => {
    // A second server: its own app (routes, rate limits, schema compilers) over the same database.
    const other = await buildApp(t.deps, { compileSchemasAtFirstUse: true, schemaCodeStore: schemaCodeStore() });
    try {
      await other.ready();
      const phone = newPhone();
      const token = dynamicToken(t, store.id);
      const attempt = phoneSecret();

      const lost = await scanAttempt(t.app, phone, token, attempt);
      const retry = await scanAttempt(other, phone, token, attempt);

      expect([lost.statusCode, retry.statusCode]).toEqual([200, 200]);
      expect(retry.json().card).toMatchObject({ id: lost.json().card.id, stamps: 1 });
      expect({ customers: await count('customers'), stamps: await count('stamp_events') }).toEqual({ customers: 1, stamps: 1 });
    } finally {
      await other.close();
    }
  });

  it('a retry with the flyer code (no single-use token) stamps nothing more, even with no cooldown', async () => {
    await t.close();
    t = await buildCustomerTestApp({ printableCooldownMinutes: 0 });
    store = await createStore(t, { company: 'Bean There Café' });
    await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
    const phone = newPhone();
    const token = printableToken(t, store.id);
    const attempt = phoneSecret();

    const lost = await scanAttempt(t.app, phone, token, attempt);
    const retry = await scanAttempt(t.app, phone, token, attempt);

    expect([lost.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().card).toMatchObject({ id: lost.json().card.id, stamps: 1 });
    expect(await count('stamp_events')).toBe(1);
  });

  it('a retry of a returning customer after the cooldown began is answered with its stamp, not refused', async () => {
    const phone = newPhone();
    await scanAttempt(t.app, phone, dynamicToken(t, store.id), phoneSecret());
    t.clock.advance(24 * 60 * 60 * 1000);
    const token = dynamicToken(t, store.id);
    const attempt = phoneSecret();

    const lost = await scanAttempt(t.app, phone, token, attempt);
    const retry = await scanAttempt(t.app, phone, token, attempt);

    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ card: { stamps: 2 }, message: lost.json().message });
    expect(await count('stamp_events')).toBe(2);
  });

  it('a retry sent after the counter code expired is still answered with the stamp its first attempt got', async () => {
    const phone = newPhone();
    const token = dynamicToken(t, store.id);
    const attempt = phoneSecret();

    const lost = await scanAttempt(t.app, phone, token, attempt);
    t.clock.advance(5 * 60 * 1000);
    const retry = await scanAttempt(t.app, phone, token, attempt);
    const rescanned = await scanAttempt(t.app, phone, token, phoneSecret());

    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ repeated: true, stampedAt: lost.json().stampedAt, card: { id: lost.json().card.id, stamps: 1 } });
    // Not a retry: the expired code is refused as before.
    expect(rescanned.statusCode).toBe(410);
    expect(rescanned.json().code).toBe('expired');
    expect(await count('stamp_events')).toBe(1);
  });

  it('the attempt key is bound to the phone: another phone sending it (and the token) gets a scan of its own', async () => {
    const phone = newPhone();
    const stranger = newPhone();
    const token = dynamicToken(t, store.id);
    const attempt = phoneSecret();

    const mine = await scanAttempt(t.app, phone, token, attempt);
    const theirs = await scanAttempt(t.app, stranger, token, attempt);

    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().card.id).not.toBe(mine.json().card.id);
    expect((await wallet(phone.credential)).json().cards[0].stamps).toBe(1);
    expect(await count('customers')).toBe(2);
  });

  it('a second scan of a used code that is not a retry (no attempt, or a new one) is still refused as already collected', async () => {
    const phone = newPhone();
    const token = dynamicToken(t, store.id);
    await scanAttempt(t.app, phone, token, phoneSecret());

    const rescanned = await scanAttempt(t.app, phone, token, phoneSecret());
    const plain = await scan(t, token, { credential: phone.credential, remoteAddress: phone.address });

    for (const answer of [rescanned, plain]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('already-collected');
    }
    expect(await count('stamp_events')).toBe(1);
  });

  it('a phone-made credential that names no wallet is answered 401 in the page’s language', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { 'x-customer-key': phoneSecret(), 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Ce téléphone n’a pas encore de carte de fidélité. Scannez le QR code d’un commerce pour en commencer une.');
  });
});
