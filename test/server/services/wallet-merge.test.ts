import crypto from 'node:crypto';
// Wallet recovery on a phone that already had an anonymous wallet: POST /api/customer/recover/:token
// with the phone's old credential merges that wallet into the recovered one (cards, stamps, claims)
// without letting a merge add a stamp that one customer could not have collected.
import * as walletMergeSql from '../../../server/repositories/wallet-merge';
import { replayStamps } from '../../../server/services/wallet-merge';
import { removeStampsFromCard, voidStampEvents } from '../../../server/repositories/relay';
import { bumpStoreCounter, storeCounterTotal } from '../../../server/repositories/store-counters';
import type { MergeEventRow } from '../../../server/repositories/wallet-merge';
import { buildTestApp, parseCsv, type TestApp } from '../helpers';
import { asCustomer, createStore, dynamicToken, newCustomer, newLinkKey, printableToken, saveConfirmedEmail, scan, setReward, type TestStore, withLinkKey } from '../factories';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let cafe: TestStore;
let bakery: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  cafe = await createStore(t, { company: 'Bean There Café' });
  bakery = await createStore(t, { company: 'Crumbs Bakery' });
  await setReward(t, cafe.id, { stamps: 10, item: 'Flat White' });
  await setReward(t, bakery.id, { stamps: 2, itemCustom: 'Croissant' });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await t.close();
});

/** A wallet with an e-mail (its first stamp at the café, now) and the token of a fresh sign-in link to it. */
async function walletWithEmail(email = 'ana@example.com'): Promise<{ oldPhone: string; email: string }> {
  const oldPhone = await newCustomer(t, cafe.id);
  await saveConfirmedEmail(t, oldPhone, email);
  return { oldPhone, email };
}

let addressCount = 0;
/** A new client address per recovery call: the per-address limits are not what these tests are about. */
function freshAddress(): string {
  addressCount += 1;
  return `198.51.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`;
}

/** The link key of the phone these links are opened on: a link asked for without a wallet was asked for there. */
const OPENING_PHONE_KEY = newLinkKey();

/**
 * A sign-in link, asked for on `askingPhone` when given (the link then merges that phone's wallet without asking),
 * else on the phone that opens it, before it had a wallet.
 */
async function signInLink(email: string, askingPhone?: string): Promise<string> {
  const before = t.mailer.sent.length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer/recover',
    headers: askingPhone === undefined ? withLinkKey(OPENING_PHONE_KEY) : asCustomer(askingPhone),
    payload: { email },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode).toBe(202);
  expect(t.mailer.sent.length).toBe(before + 1);
  const match = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '');
  if (!match) throw new Error('no sign-in link mailed');
  return match[1];
}

function useLink(token: string, phoneCredential?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer/recover/${token}`,
    headers: { ...withLinkKey(OPENING_PHONE_KEY), ...(phoneCredential ? asCustomer(phoneCredential) : {}) },
    remoteAddress: freshAddress(),
  });
}

async function wallet(credential: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  return { status: response.statusCode, cards: (response.json().cards ?? []) as Array<{ id: string; store: { vendorId: string }; stamps: number; canClaim: boolean; lastStampAt: number | null; stampsExpireAt: number | null }> };
}

const cardAt = (cards: Awaited<ReturnType<typeof wallet>>['cards'], store: TestStore) => cards.find((c) => c.store.vendorId === store.id);

async function stampOk(credential: string, token: string) {
  const response = await scan(t, token, { credential });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('POST /api/customer/recover/:token (merging the phone\'s anonymous wallet)', () => {
  it('moves a card of a store the recovered wallet has none for, and revokes the anonymous credential', async () => {
    const { oldPhone, email } = await walletWithEmail();
    const newPhone = await newCustomer(t, bakery.id);
    const link = await signInLink(email, newPhone);

    const response = await useLink(link, newPhone);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.merged).toEqual({ cards: 1, stamps: 1, skippedStamps: 0, redemptions: 0 });
    expect(body.profile).toEqual({ displayName: null, email });

    const merged = await wallet(body.credential);
    expect(merged.cards.map((c) => [c.store.vendorId, c.stamps]).sort()).toEqual([[bakery.id, 1], [cafe.id, 1]].sort());
    // The other phone of the wallet sees the same cards; the anonymous credential no longer works.
    expect((await wallet(oldPhone)).cards).toHaveLength(2);
    expect((await wallet(newPhone)).status).toBe(401);
    expect(await t.db.kysely.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });

  it('adds the stamps of a card for the same store, and the merged card keeps the cooldown of its newest stamp', async () => {
    const { email } = await walletWithEmail(); // café stamp at 0 min
    t.clock.advance(15 * MINUTE);
    const newPhone = await newCustomer(t, cafe.id); // 15 min
    t.clock.advance(15 * MINUTE);
    await stampOk(newPhone, dynamicToken(t, cafe.id)); // 30 min
    const lastStampAt = t.clock.now();
    t.clock.advance(MINUTE);

    const response = await useLink(await signInLink(email, newPhone), newPhone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 2, skippedStamps: 0, redemptions: 0 });
    const credential = response.json().credential as string;
    const card = cardAt((await wallet(credential)).cards, cafe);
    expect(card).toMatchObject({ stamps: 3, lastStampAt });
    expect(await t.db.kysely.selectFrom('stamp_cards').select('id').execute()).toHaveLength(1);
    const events = await t.db.kysely.selectFrom('stamp_events').select(['card_id']).execute();
    expect(events).toEqual([{ card_id: card?.id }, { card_id: card?.id }, { card_id: card?.id }]);

    // 5 minutes after the newest merged stamp: still within the 10-minute cooldown.
    t.clock.advance(4 * MINUTE);
    const tooSoon = await scan(t, dynamicToken(t, cafe.id), { credential });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().code).toBe('cooldown');
  });

  it('does not let throw-away wallets farm stamps: one code counts once, and stamps inside the cooldown are left out', async () => {
    const { email } = await walletWithEmail();
    const owner = (await useLink(await signInLink(email))).json().credential as string;
    t.clock.advance(11 * MINUTE);
    const code = dynamicToken(t, cafe.id);
    await stampOk(owner, code); // the wallet's second café stamp, with `code`

    // Five "incognito" wallets scan the same code; five more scan fresh codes two minutes later.
    const sameCode: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const first = await scan(t, code);
      expect(first.statusCode).toBe(200);
      sameCode.push(first.json().credential as string);
    }
    t.clock.advance(2 * MINUTE);
    const freshCodes: string[] = [];
    for (let i = 0; i < 5; i += 1) freshCodes.push(await newCustomer(t, cafe.id));

    let total = { stamps: 0, skippedStamps: 0 };
    for (const phone of [...sameCode, ...freshCodes]) {
      t.clock.advance(MINUTE); // one sign-in mail a minute per wallet
      const merged = (await useLink(await signInLink(email, phone), phone)).json().merged;
      total = { stamps: total.stamps + merged.stamps, skippedStamps: total.skippedStamps + merged.skippedStamps };
    }
    expect(total).toEqual({ stamps: 0, skippedStamps: 10 });
    expect(cardAt((await wallet(owner)).cards, cafe)?.stamps).toBe(2);
    // The left-out stamps are gone, so the one-stamp-per-code rule still holds on the merged wallet.
    expect(await t.db.kysely.selectFrom('stamp_events').select('id').execute()).toHaveLength(2);
  });

  it('drops an already-voided duplicate without counting it off the card or the store a second time', async () => {
    const { email } = await walletWithEmail();
    const owner = (await useLink(await signInLink(email))).json().credential as string;
    t.clock.advance(11 * MINUTE);
    const code = dynamicToken(t, cafe.id);
    await stampOk(owner, code);
    // An anonymous wallet scans the same code; the store voids that stamp (as POST …/alerts/{code}/void does).
    const phone = (await scan(t, code)).json().credential as string;
    const voided = await t.db.kysely
      .selectFrom('stamp_events')
      .innerJoin('customer_credentials as cred', 'cred.customer_id', 'stamp_events.customer_id')
      .select(['stamp_events.id', 'stamp_events.card_id', 'stamp_events.created_at'])
      .where('cred.credential_hash', '=', crypto.createHash('sha256').update(phone).digest('hex'))
      .executeTakeFirstOrThrow();
    await voidStampEvents(t.db.kysely, [voided.id], t.clock.now());
    await removeStampsFromCard(t.db.kysely, voided.card_id, 1, t.clock.now());
    await bumpStoreCounter(t.db.kysely, cafe.id, 'stamps', Number(voided.created_at), -1);
    const live = async () => (await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', cafe.id).where('voided_at', 'is', null).execute()).length;
    expect(await storeCounterTotal(t.db.kysely, cafe.id, 'stamps')).toBe(await live());

    t.clock.advance(MINUTE);
    const merged = (await useLink(await signInLink(email, phone), phone)).json().merged;
    expect(merged).toMatchObject({ stamps: 0, skippedStamps: 0 });
    expect(await storeCounterTotal(t.db.kysely, cafe.id, 'stamps')).toBe(await live());
    expect(cardAt((await wallet(owner)).cards, cafe)?.stamps).toBe(2);
    // The voided duplicate itself is dropped with the merge (the same code twice on one card cannot be kept).
    expect(await t.db.kysely.selectFrom('stamp_events').select('id').where('id', '=', voided.id).execute()).toEqual([]);
  });

  it("leaves out an anonymous stamp that would crowd the recovered card's next stamp", async () => {
    const { email } = await walletWithEmail();
    const owner = (await useLink(await signInLink(email))).json().credential as string;
    t.clock.advance(20 * MINUTE);
    const newPhone = await newCustomer(t, bakery.id); // bakery at 20 min on the new phone
    t.clock.advance(5 * MINUTE);
    await stampOk(owner, dynamicToken(t, bakery.id)); // bakery at 25 min on the old phone

    t.clock.advance(MINUTE);
    const merged = (await useLink(await signInLink(email, newPhone), newPhone)).json().merged;
    expect(merged).toEqual({ cards: 1, stamps: 0, skippedStamps: 1, redemptions: 0 });
    expect(cardAt((await wallet(owner)).cards, bakery)?.stamps).toBe(1);
  });

  it('keeps the claims of the anonymous wallet in the merged card\'s history; spent stamps stay spent', async () => {
    const { oldPhone, email } = await walletWithEmail();
    t.clock.advance(MINUTE);
    await stampOk(oldPhone, dynamicToken(t, bakery.id)); // the wallet's bakery card: 1 of 2

    t.clock.advance(20 * MINUTE);
    const newPhone = await newCustomer(t, bakery.id);
    t.clock.advance(20 * MINUTE);
    const full = await stampOk(newPhone, dynamicToken(t, bakery.id));
    const anonymousCardId = full.json().card.id as string;
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${anonymousCardId}/claim`, headers: asCustomer(newPhone) });
    expect(claim.statusCode).toBe(200);
    t.clock.advance(20 * MINUTE);
    await stampOk(newPhone, dynamicToken(t, bakery.id)); // 1 left after the claim

    t.clock.advance(MINUTE);
    const response = await useLink(await signInLink(email, newPhone), newPhone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 1, skippedStamps: 0, redemptions: 1 });
    const card = cardAt((await wallet(oldPhone)).cards, bakery);
    expect(card).toMatchObject({ stamps: 2, canClaim: true });
    const detail = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${card?.id}`, headers: asCustomer(oldPhone) });
    expect(detail.json().redemptions).toEqual([expect.objectContaining({ cardId: card?.id, rewardLabel: 'Croissant', stampsRequired: 2 })]);
  });

  it('counts the spent stamps a merge drops as duplicates as withdrawn: the card still adds up from its rows', async () => {
    const { oldPhone, email } = await walletWithEmail();
    t.clock.advance(MINUTE);
    const shared = dynamicToken(t, bakery.id);
    await stampOk(oldPhone, shared); // the wallet's bakery card: 1 of 2
    // The new phone scans the same code (a duplicate of the wallet's stamp), later another, and claims.
    const newPhone = (await scan(t, shared, { remoteAddress: freshAddress() })).json().credential as string;
    t.clock.advance(20 * MINUTE);
    const full = await stampOk(newPhone, dynamicToken(t, bakery.id));
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${full.json().card.id}/claim`, headers: asCustomer(newPhone) });
    expect(claim.statusCode).toBe(200);

    t.clock.advance(MINUTE);
    const response = await useLink(await signInLink(email, newPhone), newPhone);
    // The duplicate is dropped, but the claim had already spent it: nothing comes off the card.
    expect(response.json().merged).toEqual({ cards: 1, stamps: 0, skippedStamps: 1, redemptions: 1 });
    const card = cardAt((await wallet(oldPhone)).cards, bakery);
    expect(card).toMatchObject({ stamps: 1 });
    const row = await t.db.kysely.selectFrom('stamp_cards').select(['stamps', 'claimed_stamps_withdrawn']).where('id', '=', card?.id ?? '').executeTakeFirstOrThrow();
    const live = await t.db.kysely.selectFrom('stamp_events').select('id').where('card_id', '=', card?.id ?? '').where('voided_at', 'is', null).execute();
    const held = await t.db.kysely.selectFrom('redemptions').select('stamps_required').where('card_id', '=', card?.id ?? '').where('status', 'in', ['pending', 'given']).execute();
    expect({ live: live.length, held: held.reduce((sum, r) => sum + Number(r.stamps_required), 0), withdrawn: Number(row.claimed_stamps_withdrawn) }).toEqual({ live: 2, held: 2, withdrawn: 1 });
    // stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn
    expect(Number(row.stamps)).toBe(live.length - 2 + Number(row.claimed_stamps_withdrawn));
  });

  it('applies the longer flyer cooldown to merged flyer stamps', async () => {
    const { email } = await walletWithEmail();
    const owner = (await useLink(await signInLink(email))).json().credential as string;
    await stampOk(owner, printableToken(t, bakery.id)); // bakery flyer stamp at 0 min
    t.clock.advance(60 * MINUTE);
    const newPhone = await newCustomer(t, cafe.id); // café counter code at 60 min: an hour is plenty
    t.clock.advance(MINUTE);
    // A bakery flyer stamp at 61 min on the other wallet: inside the flyer's 4-hour wait.
    await stampOk(newPhone, printableToken(t, bakery.id));

    t.clock.advance(MINUTE);
    const merged = (await useLink(await signInLink(email, newPhone), newPhone)).json().merged;
    expect(merged).toEqual({ cards: 2, stamps: 1, skippedStamps: 1, redemptions: 0 });
    const cards = (await wallet(owner)).cards;
    expect(cardAt(cards, cafe)?.stamps).toBe(2);
    expect(cardAt(cards, bakery)?.stamps).toBe(1);
  });

  it('never merges a wallet that has its own e-mail: the phone just switches wallets', async () => {
    const { email } = await walletWithEmail('ana@example.com');
    const other = await newCustomer(t, bakery.id);
    await saveConfirmedEmail(t, other, 'bo@example.com');

    const response = await useLink(await signInLink(email, other), other);
    expect(response.statusCode).toBe(200);
    expect(response.json().merged).toBeNull();
    expect((await wallet(response.json().credential)).cards.map((c) => c.store.vendorId)).toEqual([cafe.id]);
    expect((await wallet(other)).cards.map((c) => c.store.vendorId)).toEqual([bakery.id]);
  });

  it('merges nothing for the recovered wallet\'s own credential or an unknown one, and still recovers', async () => {
    const { oldPhone, email } = await walletWithEmail();
    const own = await useLink(await signInLink(email, oldPhone), oldPhone);
    expect(own.statusCode).toBe(200);
    expect(own.json().merged).toBeNull();
    expect((await wallet(oldPhone)).status).toBe(200);

    t.clock.advance(MINUTE);
    const unknown = await useLink(await signInLink(email), 'A'.repeat(43));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().merged).toBeNull();
    t.clock.advance(MINUTE);
    const malformed = await useLink(await signInLink(email), 'not a credential');
    expect(malformed.statusCode).toBe(200);
  });

  it('merges nothing when the link is not valid (410): the anonymous wallet and its credential stay', async () => {
    const { email } = await walletWithEmail();
    const link = await signInLink(email);
    expect((await useLink(link)).statusCode).toBe(200);
    const newPhone = await newCustomer(t, bakery.id);
    const reused = await useLink(link, newPhone);
    expect(reused.statusCode).toBe(410);
    expect((await wallet(newPhone)).cards).toHaveLength(1);
  });

  it('is one transaction: a failure part-way leaves the link unused and both wallets as they were', async () => {
    const { oldPhone, email } = await walletWithEmail();
    t.clock.advance(15 * MINUTE);
    const newPhone = await newCustomer(t, cafe.id);
    const link = await signInLink(email, newPhone);
    jest.spyOn(walletMergeSql, 'addMergedStamps').mockRejectedValueOnce(new Error('disk full'));

    const failed = await useLink(link, newPhone);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(cardAt((await wallet(newPhone)).cards, cafe)?.stamps).toBe(1);
    expect(cardAt((await wallet(oldPhone)).cards, cafe)?.stamps).toBe(1);
    expect(await t.db.kysely.selectFrom('stamp_events').select('id').execute()).toHaveLength(2);

    const retried = await useLink(link, newPhone);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().merged).toEqual({ cards: 1, stamps: 1, skippedStamps: 0, redemptions: 0 });
    expect(cardAt((await wallet(oldPhone)).cards, cafe)?.stamps).toBe(2);
  });
});

describe('merging cards of a store whose stamps expire (30 days after the last visit)', () => {
  /** A session issued now: these tests move the clock past a session's lifetime. */
  const cafeAuth = () => ({ authorization: `Bearer ${t.deps.sessions.issue(cafe.id)}` });
  const activity = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/activity/${cafe.id}?page=1&pageSize=50`, headers: cafeAuth() })).json().items as Array<{ type: string; customer: string; stamps?: number; date: number }>;
  const exportRows = async (from: number, to: number) => {
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const csv = await t.app.inject({ method: 'GET', url: `/api/activity/${cafe.id}/export.csv?from=${day(from)}&to=${day(to)}&utcOffset=0`, headers: cafeAuth() });
    expect(csv.statusCode).toBe(200);
    // Date and event of every row: the customer column changes with the merge (one customer now).
    return parseCsv(csv.body).slice(1).map((row) => `${row[0]} ${row[1]}`);
  };

  beforeEach(async () => {
    const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/${cafe.id}/settings`, headers: cafe.auth, payload: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: 30 } });
    expect(saved.statusCode).toBe(200);
  });

  it("keeps the phone's card's expired stamps in the merged card's history: the activity, its figures and the export stay whole", async () => {
    const start = t.clock.now();
    const phone = await newCustomer(t, cafe.id);
    t.clock.advance(15 * MINUTE);
    await stampOk(phone, dynamicToken(t, cafe.id));
    t.clock.advance(31 * DAY);
    // The phone opens its wallet: its 2 stamps expire, an expiry in the store's activity.
    expect(cardAt((await wallet(phone)).cards, cafe)?.stamps).toBe(0);
    t.clock.advance(DAY);
    const { email } = await walletWithEmail();
    t.clock.advance(MINUTE);
    const before = await activity();
    const exportedBefore = await exportRows(start, t.clock.now());

    const response = await useLink(await signInLink(email, phone), phone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 0, skippedStamps: 0, redemptions: 0 });
    const card = cardAt((await wallet(response.json().credential as string)).cards, cafe);
    expect(card).toMatchObject({ stamps: 1 });
    const expiries = await t.db.kysely.selectFrom('stamp_expiries').select(['card_id', 'stamps']).execute();
    expect(expiries).toEqual([{ card_id: card?.id, stamps: 2 }]);
    // The same lines, all of one customer now; the card's count after each stamp still takes the expiry off.
    const after = await activity();
    expect(after.map((item) => [item.type, item.date, item.stamps])).toEqual(before.map((item) => [item.type, item.date, item.stamps]));
    expect(new Set(after.map((item) => item.customer.split(',')[0])).size).toBe(1);
    expect(await exportRows(start, t.clock.now())).toEqual(exportedBefore);
  });

  it("moves a card of another store with its expiries, now the recovered customer's", async () => {
    const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/${bakery.id}/settings`, headers: bakery.auth, payload: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: 30 } });
    expect(saved.statusCode).toBe(200);
    const phone = await newCustomer(t, bakery.id);
    t.clock.advance(31 * DAY);
    expect(cardAt((await wallet(phone)).cards, bakery)?.stamps).toBe(0);
    const { email } = await walletWithEmail();
    const into = await t.db.kysely.selectFrom('stamp_cards').select('customer_id').where('vendor_id', '=', cafe.id).executeTakeFirstOrThrow();

    const response = await useLink(await signInLink(email, phone), phone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 0, skippedStamps: 0, redemptions: 0 });
    const card = cardAt((await wallet(response.json().credential as string)).cards, bakery);
    expect(await t.db.kysely.selectFrom('stamp_expiries').select(['card_id', 'customer_id', 'stamps']).execute()).toEqual([{ card_id: card?.id, customer_id: into.customer_id, stamps: 1 }]);
  });

  it('ends stamps past their date that no read took off yet, instead of letting them live on in the merged card', async () => {
    const phone = await newCustomer(t, cafe.id);
    t.clock.advance(15 * MINUTE);
    await stampOk(phone, dynamicToken(t, cafe.id));
    t.clock.advance(31 * DAY);
    // Nobody has read the phone's card since: its 2 stamps are past their date but still on the row.
    const { email } = await walletWithEmail();
    const recoveredStampAt = t.clock.now();
    t.clock.advance(MINUTE);

    const response = await useLink(await signInLink(email, phone), phone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 0, skippedStamps: 0, redemptions: 0 });
    const card = cardAt((await wallet(response.json().credential as string)).cards, cafe);
    expect(card).toMatchObject({ stamps: 1, stampsExpireAt: recoveredStampAt + 30 * DAY });
    expect(await t.db.kysely.selectFrom('stamp_expiries').select(['card_id', 'stamps', 'created_at']).execute()).toEqual([{ card_id: card?.id, stamps: 2, created_at: t.clock.now() }]);
    expect((await activity()).filter((item) => item.type === 'expiry')).toMatchObject([{ stamps: 2 }]);
  });

  it("ends the recovered card's stamps past their date too; the phone's stamps come along and keep their date", async () => {
    const { email } = await walletWithEmail(); // its café stamp, never read again
    t.clock.advance(20 * DAY);
    const phone = await newCustomer(t, cafe.id);
    t.clock.advance(15 * MINUTE);
    await stampOk(phone, dynamicToken(t, cafe.id));
    const phoneStampAt = t.clock.now();
    t.clock.advance(11 * DAY);

    const response = await useLink(await signInLink(email, phone), phone);
    expect(response.json().merged).toEqual({ cards: 1, stamps: 2, skippedStamps: 0, redemptions: 0 });
    const credential = response.json().credential as string;
    expect(cardAt((await wallet(credential)).cards, cafe)).toMatchObject({ stamps: 2, stampsExpireAt: phoneStampAt + 30 * DAY });
    expect(await t.db.kysely.selectFrom('stamp_expiries').select('stamps').execute()).toEqual([{ stamps: 1 }]);
    // On their own date, and not a day later, they expire.
    t.clock.set(phoneStampAt + 30 * DAY - 1);
    expect(cardAt((await wallet(credential)).cards, cafe)?.stamps).toBe(2);
    t.clock.set(phoneStampAt + 30 * DAY);
    expect(cardAt((await wallet(credential)).cards, cafe)?.stamps).toBe(0);
  });
});

describe('replayStamps (the merge rule)', () => {
  const cooldown = (kind: 'dynamic' | 'printable') => (kind === 'printable' ? 240 : 10) * MINUTE;
  let n = 0;
  const ev = (minute: number, token = `code-${(n += 1)}`, kind: 'dynamic' | 'printable' = 'dynamic'): MergeEventRow => ({ id: `e${n}-${minute}`, token_id: token, kind, created_at: minute * MINUTE });

  it('keeps stamps that respect the cooldown on both sides and drops the same code twice', () => {
    const existing = [ev(0, 'a'), ev(30, 'b')];
    const { kept, skipped } = replayStamps(existing, [ev(15, 'c'), ev(15, 'a'), ev(45, 'd'), ev(50, 'e'), ev(25, 'f')], cooldown);
    expect(kept.map((e) => e.token_id)).toEqual(['c', 'd']);
    expect(skipped.map((e) => e.token_id).sort()).toEqual(['a', 'e', 'f']);
  });

  it('checks incoming stamps against each other too', () => {
    const { kept } = replayStamps([], [ev(0), ev(5), ev(10), ev(12), ev(20)], cooldown);
    expect(kept.map((e) => e.created_at / MINUTE)).toEqual([0, 10, 20]);
  });
});
