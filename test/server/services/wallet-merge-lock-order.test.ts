// A wallet merge (a phone recovers a wallet and brings its anonymous wallet along) while a reward of one of
// the two cards is claimed, handed over or expires at the counter. Every path takes its row locks in one
// order (the customers, then their cards, then the cards' claims and stamps), so on PostgreSQL the two
// never wait on each other in a circle: the one that comes second waits, then goes on or answers a clear
// refusal, and no transaction is given up as a deadlock victim (which would cost a second and a re-run).
// Each case stops one side just after the statement where it used to take its first lock (inside its
// transaction, nothing committed), runs the other until it waits for a row lock, then lets the first go on.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { claimCard } from '../../../server/services/claims';
import { completeRecovery, credentialHashOf, hashSecret } from '../../../server/services/customers';
import { confirmHandover, expireOverdueClaims } from '../../../server/services/handover';
import { deleteWallet } from '../../../server/services/wallet-deletion';
import { insertRecoveryToken } from '../../../server/repositories/customers';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { notingConflicts, pausingAfter, someoneWaitsForALock, statementOn } from '../interleaving';
import { createStore, dynamicToken, freshCustomerAddress, scan, setReward, type TestStore } from '../factories';

const REWARD_STAMPS = 3;
const CLAIM_EXPIRY_MS = 31 * 60 * 1000;

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Lock Order Coffee' });
  await setReward(t, store.id, { stamps: REWARD_STAMPS, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

interface Wallet {
  id: string;
  credential: string;
  cardId: string;
}

async function walletWithStamps(stamps: number): Promise<Wallet> {
  const address = freshCustomerAddress();
  let credential: string | undefined;
  let cardId = '';
  for (let i = 0; i < stamps; i += 1) {
    t.clock.advance(1000);
    const response = await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: address });
    if (response.statusCode !== 200) throw new Error(`scan answered ${response.statusCode}: ${response.body}`);
    credential ??= response.json().credential as string;
    cardId = response.json().card.id as string;
  }
  if (!credential) throw new Error('no credential');
  const row = await t.db.kysely.selectFrom('customer_credentials').select('customer_id').where('credential_hash', '=', credentialHashOf(credential) ?? '').executeTakeFirstOrThrow();
  return { id: row.customer_id, credential, cardId };
}

/** A fresh sign-in link to the wallet. */
async function recoveryTokenFor(customerId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertRecoveryToken(t.db.kysely, hashSecret(token), customerId, null, null, t.clock.now() + 86_400_000, t.clock.now());
  return token;
}

/** The recovered wallet (2 stamps) and the phone's anonymous wallet (`phoneStamps` stamps), with a sign-in link. */
async function twoWallets(phoneStamps: number): Promise<{ recovered: Wallet; phone: Wallet; recoveryToken: string }> {
  const recovered = await walletWithStamps(2);
  const phone = await walletWithStamps(phoneStamps);
  const recoveryToken = await recoveryTokenFor(recovered.id);
  t.clock.advance(1000);
  return { recovered, phone, recoveryToken };
}

type Outcome = { ok: true } | { ok: false; statusCode: number | undefined };
const outcomeOf = (work: Promise<unknown>): Promise<Outcome> =>
  work.then(
    () => ({ ok: true as const }),
    (error: { statusCode?: number }) => ({ ok: false as const, statusCode: error.statusCode }),
  );

/**
 * `first` stops after its first statement that `matches`; `second` runs until it ends or waits for a row
 * lock; then `first` goes on. Answers both outcomes and the transactions given up as deadlock victims.
 */
async function interleave(
  first: (db: Kysely<Database>) => Promise<unknown>,
  matches: Parameters<typeof pausingAfter>[1],
  second: (db: Kysely<Database>) => Promise<unknown>,
): Promise<{ first: Outcome; second: Outcome; conflicts: unknown[] }> {
  const conflicts: unknown[] = [];
  const paused = pausingAfter(t.db.kysely, matches);
  const firstDone = outcomeOf(first(notingConflicts(paused.handle, conflicts)));
  const stopped = await Promise.race([paused.atPause.then(() => true), firstDone.then(() => false)]);
  if (!stopped) throw new Error('the first operation never reached the statement to stop after');
  const secondDone = outcomeOf(second(notingConflicts(t.db.kysely, conflicts)));
  await Promise.race([secondDone, someoneWaitsForALock(t.db.kysely)]);
  paused.resume();
  const [firstOutcome, secondOutcome] = await Promise.all([firstDone, secondDone]);
  return { first: firstOutcome, second: secondOutcome, conflicts };
}

const depsOn = (db: Kysely<Database>) => ({ ...t.deps, db: { ...t.db, kysely: db } });

/** Every card of the store adds up from its rows (stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn). */
async function cardsThatDoNotAddUp(): Promise<string[]> {
  const cards = await t.db.kysely.selectFrom('stamp_cards').select(['id', 'stamps', 'claimed_stamps_withdrawn']).where('vendor_id', '=', store.id).execute();
  const broken: string[] = [];
  for (const card of cards) {
    const live = await t.db.kysely.selectFrom('stamp_events').select('id').where('card_id', '=', card.id).where('voided_at', 'is', null).execute();
    const held = await t.db.kysely.selectFrom('redemptions').select('stamps_required').where('card_id', '=', card.id).where('status', 'in', ['pending', 'given']).execute();
    const fromRows = live.length - held.reduce((sum, r) => sum + Number(r.stamps_required), 0) + Number(card.claimed_stamps_withdrawn);
    if (Number(card.stamps) !== fromRows) broken.push(`card ${card.id}: ${card.stamps} stamps, its rows say ${fromRows}`);
  }
  return broken;
}

(usingPostgres ? describe : describe.skip)('a merge and a claim, hand-over or claim expiry at the same moment (PostgreSQL)', () => {
  it("a claim that has taken the phone's card's stamps and the merge: the merge waits, then takes the claim along; nobody is a deadlock victim", async () => {
    const { recovered, phone, recoveryToken } = await twoWallets(REWARD_STAMPS);
    const result = await interleave(
      (db) => claimCard(depsOn(db), phone.id, phone.cardId),
      statementOn('UpdateQueryNode', 'stamp_cards'),
      (db) => completeRecovery(depsOn(db), recoveryToken, phone.credential, true),
    );
    expect(result).toEqual({ first: { ok: true }, second: { ok: true }, conflicts: [] });
    const claims = await t.db.kysely.selectFrom('redemptions').select(['customer_id', 'card_id', 'status']).where('vendor_id', '=', store.id).execute();
    expect(claims).toEqual([{ customer_id: recovered.id, card_id: recovered.cardId, status: 'pending' }]);
    expect(await cardsThatDoNotAddUp()).toEqual([]);
  });

  it('the merge holding both wallets and a claim of the phone\'s card: the claim waits, then answers 404 (the wallet is gone); nobody is a deadlock victim', async () => {
    const { phone, recoveryToken } = await twoWallets(REWARD_STAMPS);
    const result = await interleave(
      (db) => completeRecovery(depsOn(db), recoveryToken, phone.credential, true),
      statementOn('SelectQueryNode', 'stamp_cards'),
      (db) => claimCard(depsOn(db), phone.id, phone.cardId),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.first).toEqual({ ok: true });
    expect(result.second).toEqual({ ok: false, statusCode: 404 });
    expect(await t.db.kysely.selectFrom('redemptions').select('id').where('vendor_id', '=', store.id).execute()).toEqual([]);
    expect(await cardsThatDoNotAddUp()).toEqual([]);
  });

  it.each([
    ['the hand-over', (db: Kysely<Database>, claimId: string) => confirmHandover(depsOn(db), store.id, claimId, 'feed')],
    ['the expiry', (db: Kysely<Database>, claimId: string) => expireOverdueClaims({ ...depsOn(db), now: () => t.clock.now() + CLAIM_EXPIRY_MS }, { id: claimId })],
  ])("%s of the phone's claim that has marked the claim, and the merge: nobody is a deadlock victim, every card adds up", async (_name, settle) => {
    const { phone, recoveryToken } = await twoWallets(REWARD_STAMPS);
    const claimed = await claimCard(t.deps, phone.id, phone.cardId);
    t.clock.advance(1000);
    const result = await interleave(
      (db) => settle(db, claimed.redemption.id),
      statementOn('UpdateQueryNode', 'redemptions'),
      (db) => completeRecovery(depsOn(db), recoveryToken, phone.credential, true),
    );
    expect(result).toEqual({ first: { ok: true }, second: { ok: true }, conflicts: [] });
    expect(await cardsThatDoNotAddUp()).toEqual([]);
  });

  it('the same phone wallet merged from two sign-in links at once (a second tab): the second waits, merges nothing and still signs in', async () => {
    const { recovered, phone, recoveryToken } = await twoWallets(REWARD_STAMPS);
    const secondLink = await recoveryTokenFor(recovered.id);
    const result = await interleave(
      (db) => completeRecovery(depsOn(db), recoveryToken, phone.credential, true),
      statementOn('SelectQueryNode', 'customers'),
      (db) => completeRecovery(depsOn(db), secondLink, phone.credential, true),
    );
    expect(result).toEqual({ first: { ok: true }, second: { ok: true }, conflicts: [] });
    const cards = await t.db.kysely.selectFrom('stamp_cards').select(['customer_id', 'stamps']).where('vendor_id', '=', store.id).execute();
    expect(cards).toEqual([{ customer_id: recovered.id, stamps: 2 + REWARD_STAMPS }]);
    expect(await cardsThatDoNotAddUp()).toEqual([]);
  });

  it.each([
    ['the merge first, then the deletion of the recovered wallet', true],
    ['the deletion of the recovered wallet first, then the merge', false],
  ])('%s: nobody is a deadlock victim, and the deleted wallet keeps no stamp (a link of a wallet deleted first answers 410)', async (_name, mergeFirst) => {
    const { recovered, phone, recoveryToken } = await twoWallets(REWARD_STAMPS);
    const merge = (db: Kysely<Database>) => completeRecovery(depsOn(db), recoveryToken, phone.credential, true);
    const deletion = (db: Kysely<Database>) => deleteWallet(depsOn(db), recovered.id);
    const result = mergeFirst
      ? await interleave(merge, statementOn('SelectQueryNode', 'stamp_cards'), deletion)
      : await interleave(deletion, statementOn('UpdateQueryNode', 'customers'), merge);
    expect(result.conflicts).toEqual([]);
    // Deleted first, the wallet's sign-in links went with it: the link answers 410.
    expect([result.first, result.second]).toEqual([{ ok: true }, mergeFirst ? { ok: true } : { ok: false, statusCode: 410 }]);
    const cards = await t.db.kysely.selectFrom('stamp_cards').select(['customer_id', 'stamps']).where('vendor_id', '=', store.id).execute();
    // Merged first, the phone's stamps went with the recovered wallet; deleted first, nothing was merged.
    expect(cards).toEqual(mergeFirst ? [{ customer_id: recovered.id, stamps: 0 }] : expect.arrayContaining([{ customer_id: recovered.id, stamps: 0 }, { customer_id: phone.id, stamps: REWARD_STAMPS }]));
  });
});
