// A store voids a flagged code while the customer whose card holds that code's stamp claims the card.
// The claim that got to the card first is kept (a void never takes a reward back) and the card does not
// go below zero; the void is dated after that claim, reports it as kept, and the card still adds up from
// its rows: stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn.
import { claimCard } from '../../../../server/services/claims';
import { voidCode } from '../../../../server/services/relay/review';
import { credentialHashOf } from '../../../../server/services/customers';
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers';
import { pausingAfter, runningBeforeFirstTransaction, someoneWaitsForALock, statementOn } from '../../interleaving';
import { createStore, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../../factories';

const REWARD_STAMPS = 3;

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Claim Corner Coffee' });
  await setReward(t, store.id, { stamps: REWARD_STAMPS, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

/** A customer with a full card: three stamps, a second apart, each from its own code; the first code flagged. */
async function fullCardWithAFlaggedStamp(): Promise<{ customerId: string; cardId: string; flaggedCode: string }> {
  const credential = await newCustomer(t, store.id, '203.0.113.1');
  t.clock.advance(1000);
  expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  t.clock.advance(1000);
  expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '192.0.2.9' })).statusCode).toBe(200);
  const customer = await t.db.kysely.selectFrom('customer_credentials').select('customer_id').where('credential_hash', '=', credentialHashOf(credential) ?? '').executeTakeFirstOrThrow();
  const [first] = await t.db.kysely.selectFrom('stamp_events').select(['code_key', 'card_id']).where('vendor_id', '=', store.id).orderBy('created_at').orderBy('id').execute();
  const flaggedCode = first.code_key ?? '';
  await t.db.kysely.updateTable('code_usage').set({ flagged_at: t.clock.now(), flag_reason: 'networks' }).where('code_key', '=', flaggedCode).execute();
  t.clock.advance(1000);
  return { customerId: customer.customer_id, cardId: first.card_id, flaggedCode };
}

/** The card's count and what its rows say it should be. */
async function cardFigures(cardId: string) {
  const card = await t.db.kysely.selectFrom('stamp_cards').select(['stamps', 'claimed_stamps_withdrawn']).where('id', '=', cardId).executeTakeFirstOrThrow();
  const live = await t.db.kysely.selectFrom('stamp_events').select('id').where('card_id', '=', cardId).where('voided_at', 'is', null).execute();
  const claims = await t.db.kysely.selectFrom('redemptions').select(['stamps_required', 'created_at']).where('card_id', '=', cardId).where('status', 'in', ['pending', 'given']).execute();
  const held = claims.reduce((sum, claim) => sum + Number(claim.stamps_required), 0);
  return { stamps: Number(card.stamps), fromRows: live.length - held + Number(card.claimed_stamps_withdrawn), claims: claims.map((c) => Number(c.created_at)) };
}

async function voidedAt(codeKey: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('stamp_events').select('voided_at').where('code_key', '=', codeKey).executeTakeFirstOrThrow();
  return Number(row.voided_at);
}

async function auditOfVoid(): Promise<{ claimsKept: number; cardsHeldAtZero: string[] }> {
  const [audit] = await t.db.kysely.selectFrom('relay_audit').select('detail').where('vendor_id', '=', store.id).where('action', '=', 'void-code').execute();
  return JSON.parse(audit.detail) as { claimsKept: number; cardsHeldAtZero: string[] };
}

describe('a void while the card it reaches is claimed', () => {
  it('a claim made after the void was asked for but before its transaction began: kept, dated before the void, the card at zero and adding up', async () => {
    const { customerId, cardId, flaggedCode } = await fullCardWithAFlaggedStamp();
    // The store presses Void; before the void's transaction begins, the customer's claim goes through a second later.
    const claimFirst = async () => {
      t.clock.advance(1000);
      await claimCard(t.deps, customerId, cardId);
    };
    const deps = { ...t.deps, db: { ...t.db, kysely: runningBeforeFirstTransaction(t.db.kysely, claimFirst) } };

    const answer = await voidCode(deps, store.id, flaggedCode, null);

    expect(answer).toEqual({ voidedStamps: 1, cards: 1, claimsKept: 1, flyerRenewed: false });
    const figures = await cardFigures(cardId);
    expect(figures.claims).toHaveLength(1);
    expect(figures.stamps).toBe(0);
    expect(figures.fromRows).toBe(0);
    expect(await voidedAt(flaggedCode)).toBeGreaterThanOrEqual(figures.claims[0]);
    expect(await auditOfVoid()).toMatchObject({ claimsKept: 1, cardsHeldAtZero: [cardId] });
  });

  (usingPostgres ? it : it.skip)('the claim holds the card, not yet committed, when the void reaches it (PostgreSQL): the void waits, then reports the kept claim and is dated after it', async () => {
    const { customerId, cardId, flaggedCode } = await fullCardWithAFlaggedStamp();
    // The void has begun and found the code's stamps; it stops there.
    const pausedVoid = pausingAfter(t.db.kysely, statementOn('SelectQueryNode', 'stamp_events', 'e'));
    const voiding = voidCode({ ...t.deps, db: { ...t.db, kysely: pausedVoid.handle } }, store.id, flaggedCode, null);
    await pausedVoid.atPause;
    // A second later the claim takes the card's stamps and stops before its commit.
    t.clock.advance(1000);
    const pausedClaim = pausingAfter(t.db.kysely, statementOn('UpdateQueryNode', 'stamp_cards'));
    const claiming = claimCard({ ...t.deps, db: { ...t.db, kysely: pausedClaim.handle } }, customerId, cardId);
    await pausedClaim.atPause;
    // The void goes on until it needs the card the claim holds.
    pausedVoid.resume();
    await someoneWaitsForALock(t.db.kysely);
    t.clock.advance(1000);
    pausedClaim.resume();

    await expect(claiming).resolves.toMatchObject({ redemption: { stampsRequired: REWARD_STAMPS } });
    expect(await voiding).toEqual({ voidedStamps: 1, cards: 1, claimsKept: 1, flyerRenewed: false });
    const figures = await cardFigures(cardId);
    expect(figures.stamps).toBe(0);
    expect(figures.fromRows).toBe(0);
    expect(await voidedAt(flaggedCode)).toBeGreaterThanOrEqual(figures.claims[0]);
    expect(await auditOfVoid()).toMatchObject({ claimsKept: 1, cardsHeldAtZero: [cardId] });
  });
});
