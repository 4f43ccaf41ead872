// The store's saved reward settings as customers and staff meet them: per-item stamps from a signed count,
// auto-redeem, stamps that expire after the last visit, staff removing a stamp with a reason, and history
// that keeps the card size each stamp was given under.
import { resetTestApp, type TestApp } from '../helpers';
import { asCustomer, buildCustomerTestApp, createStore, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../factories';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildCustomerTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White', expiry: '2030-12-31' });
});

const settingsUrl = () => `/api/rewards/${store.id}/settings`;
const saveSettings = (body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: settingsUrl(), headers: store.auth, payload: body });
const counterCode = (count?: number) =>
  t.app.inject({ method: 'GET', url: `/api/qrcode/generate/${store.id}${count === undefined ? '' : `?count=${count}`}`, headers: store.auth });
/** A session issued now: the expiry test moves the clock past a session's lifetime. */
const freshAuth = () => ({ authorization: `Bearer ${t.deps.sessions.issue(store.id)}` });
const activity = async () => (await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}?page=1&pageSize=50`, headers: freshAuth() })).json();

const PER_ITEM = { stampMode: 'per-item', maxPerTransaction: 3, autoRedeem: false, expiryDays: null };

describe('GET/PUT /api/rewards/:vendorId/settings', () => {
  it("answers the defaults that change nothing for customers until the owner saves, then what was saved", async () => {
    expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: store.auth })).json()).toEqual({ stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null, changedBy: null });
    expect((await saveSettings({ ...PER_ITEM, autoRedeem: true, expiryDays: 180 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: store.auth })).json()).toEqual({ ...PER_ITEM, autoRedeem: true, expiryDays: 180, changedBy: 'Test Owner' });
  });

  it('refuses a max per transaction above the card size, and another store\'s owner', async () => {
    expect((await saveSettings({ ...PER_ITEM, maxPerTransaction: 11 })).statusCode).toBe(400);
    const other = await createStore(t, { company: 'Other' });
    expect((await t.app.inject({ method: 'PUT', url: settingsUrl(), headers: other.auth, payload: PER_ITEM })).statusCode).toBe(403);
  });
});

describe('per-item stamp mode', () => {
  it('a code made for 2 items gives the phone 2 stamps, each listed and counted against the code budget', async () => {
    await saveSettings(PER_ITEM);
    const code = await counterCode(2);
    expect(code.statusCode).toBe(200);
    const response = await scan(t, code.json().token);
    expect(response.statusCode).toBe(200);
    expect(response.json().card).toMatchObject({ stamps: 2, required: 10 });
    expect(response.json().stampsGiven).toBe(2);
    expect(response.json().message).toBe('2 stamps collected! 8 more for your free Flat White');
    const items = (await activity()).items;
    expect(items.map((i: { stamps: number }) => i.stamps).sort()).toEqual([1, 2]);
    const usage = await t.db.kysely.selectFrom('code_usage').select('granted').executeTakeFirstOrThrow();
    expect(Number(usage.granted)).toBe(2);
  });

  it('refuses a code for more than the max, and a per-visit store gives 1 stamp whatever a code says', async () => {
    await saveSettings(PER_ITEM);
    expect((await counterCode(4)).statusCode).toBe(400);
    const token = t.deps.qrTokens.issueDynamic(store.id, 3).token;
    await saveSettings({ ...PER_ITEM, stampMode: 'per-visit' });
    expect((await scan(t, token)).json().card.stamps).toBe(1);
  });

  it('a customer cannot raise the count written in the code: any changed character is refused', async () => {
    await saveSettings(PER_ITEM);
    const token: string = (await counterCode(1)).json().token;
    // The count sits in the signed body; changing any character breaks the signature.
    for (const index of [8, 9, 10]) {
      const altered = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect((await scan(t, altered)).json().code).toBe('malformed');
    }
  });

  it('at the end of the card the extra stamps carry over to the next card after the claim', async () => {
    await saveSettings(PER_ITEM);
    const credential = await newCustomer(t, store.id);
    for (let visit = 0; visit < 3; visit += 1) {
      t.clock.advance(5 * 60 * MINUTE);
      await scan(t, t.deps.qrTokens.issueDynamic(store.id, 3).token, { credential });
    }
    // 1 + 3 + 3 + 3 = 10: full. One more scan of 3 → 13; the claim takes 10 and 3 stay.
    t.clock.advance(5 * 60 * MINUTE);
    const full = await scan(t, t.deps.qrTokens.issueDynamic(store.id, 3).token, { credential });
    expect(full.json().card).toMatchObject({ stamps: 13, canClaim: true });
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${full.json().card.id}/claim`, headers: asCustomer(credential) });
    expect(claim.json().card.stamps).toBe(3);
  });
});

describe('auto-redeem', () => {
  it('a card reaching full becomes a pending reward by itself, with the hand-over code for staff', async () => {
    await setReward(t, store.id, { stamps: 2, item: 'Flat White', expiry: '2030-12-31' });
    await saveSettings({ stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: true, expiryDays: null });
    const credential = await newCustomer(t, store.id);
    t.clock.advance(5 * 60 * MINUTE);
    const response = await scan(t, dynamicToken(t, store.id), { credential });
    const body = response.json();
    expect(body.redemption).toMatchObject({ status: 'pending', rewardLabel: 'Flat White', code: expect.any(String) });
    expect(body.card).toMatchObject({ stamps: 0, canClaim: false });
    expect(body.message).toBe('Your card is full — your free Flat White is ready: show this screen at the counter');
    const claim = (await activity()).items.find((i: { type: string }) => i.type === 'redemption');
    expect(claim).toMatchObject({ status: 'pending', code: body.redemption.code });
  });
});

describe('expiry in days', () => {
  it('the card says when its stamps expire; past it they count 0, shown as an expiry in the activity', async () => {
    await saveSettings({ stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: 30 });
    const credential = await newCustomer(t, store.id);
    const stampedAt = t.clock.now();
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json();
    expect(wallet.cards[0]).toMatchObject({ stamps: 1, stampsExpireAt: stampedAt + 30 * DAY });

    t.clock.advance(31 * DAY);
    const after = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json();
    expect(after.cards[0]).toMatchObject({ stamps: 0, stampsExpireAt: null });
    const items = (await activity()).items;
    expect(items[0]).toMatchObject({ type: 'expiry', stamps: 1, required: 10 });
    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: freshAuth() })).json();
    expect(dashboard.stampCard.activeCards).toBe(0);
    // The next visit starts the card again from 1.
    expect((await scan(t, dynamicToken(t, store.id), { credential })).json().card.stamps).toBe(1);
  });
});

describe('POST /api/activity/:vendorId/stamps/:stampId/remove', () => {
  it('takes the stamp off the card with the reason, who and when, listed, audited and in the export', async () => {
    const credential = await newCustomer(t, store.id);
    const [stamp] = (await activity()).items;
    const refused = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stamp.id}/remove`, headers: store.auth, payload: { reason: ' ' } });
    expect(refused.statusCode).toBe(400);
    const removed = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stamp.id}/remove`, headers: store.auth, payload: { reason: 'Scanned twice by mistake' } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ voided: true, removedReason: 'Scanned twice by mistake', removedBy: expect.stringContaining('@'), removedAt: t.clock.now() });
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json();
    expect(wallet.cards[0].stamps).toBe(0);
    expect((await activity()).items[0]).toMatchObject({ removedReason: 'Scanned twice by mistake' });
    const audit = await t.db.kysely.selectFrom('relay_audit').selectAll().where('action', '=', 'remove-stamp').execute();
    expect(JSON.parse(audit[0].detail)).toMatchObject({ stampId: stamp.id, reason: 'Scanned twice by mistake', cardsHeldAtZero: [] });
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const csv = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv?from=${day}&to=${day}`, headers: store.auth });
    expect(csv.body).toMatch(/stamp removed,[^\r\n]*removed by [^:]+@[^:]+: Scanned twice by mistake/);
    const again = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stamp.id}/remove`, headers: store.auth, payload: { reason: 'again' } });
    expect(again.statusCode).toBe(409);
    const other = await createStore(t, { company: 'Other' });
    const foreign = await t.app.inject({ method: 'POST', url: `/api/activity/${other.id}/stamps/${stamp.id}/remove`, headers: other.auth, payload: { reason: 'x' } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('history keeps the card size it was recorded with', () => {
  it('"stamp 2 of 10" stays "of 10" after the card size changes to 2', async () => {
    const credential = await newCustomer(t, store.id);
    t.clock.advance(5 * 60 * MINUTE);
    await scan(t, dynamicToken(t, store.id), { credential });
    await setReward(t, store.id, { stamps: 2, item: 'Flat White', expiry: '2030-12-31' });
    const items = (await activity()).items;
    expect(items.map((i: { stamps: number; required: number }) => `${i.stamps} of ${i.required}`)).toEqual(['2 of 10', '1 of 10']);
  });

  it('GET /api/rewards tells how many cards hold each number of stamps, for the resize warning', async () => {
    await newCustomer(t, store.id);
    const reward = (await t.app.inject({ method: 'GET', url: `/api/rewards/${store.id}`, headers: store.auth })).json();
    expect(reward.cardsByStamps).toEqual([{ stamps: 1, cards: 1 }]);
  });
});
