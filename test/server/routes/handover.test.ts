// A claim waits at the counter with a code; the counter hands it over exactly once; the phone
// sees it; claims nobody hands over expire and give their stamps back — on SQLite and PostgreSQL.
import type { ActivityNotice } from '../../../server/infra/activity-bus';
import { expireOverdueClaims } from '../../../server/services/handover';
import { resetTestApp, type TestApp } from '../helpers';
import {
  asCustomer,
  type TestStore,
  buildHandoverTestApp,
  claim,
  claimStatus,
  customerWithStamps,
  handOver,
  handOverByCode,
  MINUTE,
  pendingClaim,
  REWARD_STAMPS,
  rewardStore,
} from '../factories';

let t: TestApp;
let store: TestStore;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildHandoverTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await rewardStore(t);
});

async function cardOf(credential: string, cardId: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) })).json();
}

describe('POST /api/customer/cards/:cardId/claim', () => {
  it('creates a pending claim with a fresh 5-character code of unambiguous characters', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { code, credential, claimId } = await pendingClaim(t, store.id);
      expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY3479]{5}$/);
      codes.add(code);
      const status = (await claimStatus(t, credential, claimId)).json();
      expect(status).toMatchObject({ id: claimId, status: 'pending', code, givenAt: null, expiresAt: t.clock.now() + 30 * MINUTE });
    }
    expect(codes.size).toBe(5);
  });
});

describe('POST /api/handover/:vendorId/claims/:claimId', () => {
  it('marks the claim given (time and screen) and the phone reads it at its next poll', async () => {
    const { claimId, credential, cardId } = await pendingClaim(t, store.id);
    t.clock.advance(2 * MINUTE);
    const response = await handOver(t, store, claimId, 'counter');
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ id: claimId, type: 'redemption', status: 'given', givenAt: t.clock.now(), code: null, reward: 'Flat White' });
    const row = await t.db.kysely.selectFrom('redemptions').selectAll().where('id', '=', claimId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'given', given_at: t.clock.now(), given_via: 'counter' });

    const status = (await claimStatus(t, credential, claimId)).json();
    expect(status).toMatchObject({ status: 'given', givenAt: t.clock.now(), code: null, expiresAt: null, rewardLabel: 'Flat White' });
    const card = await t.db.kysely.selectFrom('stamp_cards').select(['rewards_given', 'visits']).where('id', '=', cardId).executeTakeFirstOrThrow();
    // Its stamps were all collected on one day: one visit.
    expect(card).toEqual({ rewards_given: 1, visits: 1 });
  });

  it('confirms once: a second confirmation answers 409 and changes nothing', async () => {
    const { claimId } = await pendingClaim(t, store.id);
    expect((await handOver(t, store, claimId)).statusCode).toBe(200);
    const givenAt = t.clock.now();
    t.clock.advance(MINUTE);
    const again = await handOver(t, store, claimId, 'counter');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This reward was already handed over.');
    const row = await t.db.kysely.selectFrom('redemptions').select(['given_at', 'given_via']).where('id', '=', claimId).executeTakeFirstOrThrow();
    expect(row).toEqual({ given_at: givenAt, given_via: 'feed' });
  });

  it('two screens confirming at the same moment: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { claimId, code } = await pendingClaim(t, store.id);
      const answers = await Promise.all([
        handOver(t, store, claimId, 'feed'),
        handOver(t, store, claimId, 'counter'),
        handOverByCode(t, store, code, 'counter'),
        handOver(t, store, claimId, 'feed'),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The losers hear "already handed over" (or, for the code, that no claim waits with it any more).
      expect(statuses.every((s) => s === 200 || s === 409 || s === 404)).toBe(true);
    }
    const cards = await t.db.kysely.selectFrom('stamp_cards').select((eb) => eb.fn.sum<number>('rewards_given').as('n')).where('vendor_id', '=', store.id).executeTakeFirstOrThrow();
    expect(Number(cards.n)).toBe(3);
  });

  it('tells every open feed: the claim is announced again when handed over', async () => {
    const { claimId } = await pendingClaim(t, store.id);
    let off = () => undefined as void;
    // LISTEN/NOTIFY on PostgreSQL delivers a moment later: wait for the notice itself (jest's timeout guards it).
    const heard = new Promise<ActivityNotice>((resolve) => {
      off = t.deps.activityBus.subscribe(store.id, (notice) => {
        if (notice.id === claimId) resolve(notice);
      });
    });
    await t.deps.activityBus.ready();
    expect((await handOver(t, store, claimId)).statusCode).toBe(200);
    expect(await heard).toEqual({ type: 'redemption', vendorId: store.id, id: claimId });
    off();
  });

  it('answers 401 without a session, 403 for another vendor\'s store, and 404 for a claim of another store', async () => {
    const { claimId } = await pendingClaim(t, store.id);
    const other = await rewardStore(t, 'Other Café');
    expect((await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/claims/${claimId}`, payload: { screen: 'feed' } })).statusCode).toBe(401);
    expect((await handOver(t, other, claimId, 'feed', store.id)).statusCode).toBe(403);
    const foreign = await handOver(t, other, claimId);
    expect(foreign.statusCode).toBe(404);
    expect((await handOver(t, other, 'no-such-claim')).statusCode).toBe(404);
    const row = await t.db.kysely.selectFrom('redemptions').select('status').where('id', '=', claimId).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('refuses a screen it does not know (400)', async () => {
    const { claimId } = await pendingClaim(t, store.id);
    expect((await handOver(t, store, claimId, 'kiosk')).statusCode).toBe(400);
  });
});

describe('POST /api/handover/:vendorId/code', () => {
  it('finds the pending claim by the typed code (case, spaces and dashes ignored)', async () => {
    const { claimId, code } = await pendingClaim(t, store.id);
    const typed = `${code.slice(0, 2).toLowerCase()} -${code.slice(2)}`;
    const response = await handOverByCode(t, store, typed);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ id: claimId, status: 'given' });
  });

  it('answers 404 for a code no pending claim of this store shows — including another store\'s code', async () => {
    const other = await rewardStore(t, 'Other Café');
    const { code, claimId } = await pendingClaim(t, other.id);
    const response = await handOverByCode(t, store, code);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(`No reward is waiting with the code ${code}. Check the code on the customer's screen.`);
    expect((await t.db.kysely.selectFrom('redemptions').select('status').where('id', '=', claimId).executeTakeFirstOrThrow()).status).toBe('pending');
    expect((await t.app.inject({ method: 'POST', url: `/api/handover/${other.id}/code`, headers: store.auth, payload: { code, screen: 'feed' } })).statusCode).toBe(403);
  });
});

describe('GET /api/handover/:vendorId/pending', () => {
  it('lists the claims waiting, oldest first, with their codes; owner-only', async () => {
    const first = await pendingClaim(t, store.id);
    const second = await pendingClaim(t, store.id);
    const given = await pendingClaim(t, store.id);
    await handOver(t, store, given.claimId);
    const response = await t.app.inject({ method: 'GET', url: `/api/handover/${store.id}/pending`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((i: { id: string; code: string }) => [i.id, i.code])).toEqual([[first.claimId, first.code], [second.claimId, second.code]]);
    const other = await rewardStore(t, 'Other Café');
    expect((await t.app.inject({ method: 'GET', url: `/api/handover/${store.id}/pending`, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/handover/${store.id}/pending` })).statusCode).toBe(401);
  });
});

describe('claim expiry', () => {
  it('expires an unconfirmed claim after 30 minutes: the stamps go back and the card says so', async () => {
    const who = await customerWithStamps(t, store.id, REWARD_STAMPS + 1);
    const claimed = await claim(t, who);
    const claimId = claimed.json().redemption.id as string;
    expect(claimed.json().card.stamps).toBe(1);

    t.clock.advance(30 * MINUTE - 1);
    expect((await claimStatus(t, who.credential, claimId)).json().status).toBe('pending');
    t.clock.advance(1);
    const status = (await claimStatus(t, who.credential, claimId)).json();
    expect(status).toMatchObject({ status: 'expired', code: null, givenAt: null });
    const { card } = await cardOf(who.credential, who.cardId);
    expect(card).toMatchObject({ stamps: REWARD_STAMPS + 1, canClaim: true, returnedClaim: { rewardLabel: 'Flat White', stamps: REWARD_STAMPS, expiredAt: t.clock.now() } });

    const late = await handOver(t, store, claimId);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('This claim expired before it was handed over; its stamps went back to the card.');
  });

  it('a hand-over just before the deadline wins; the sweep after it changes nothing', async () => {
    const { claimId, credential, cardId } = await pendingClaim(t, store.id);
    t.clock.advance(30 * MINUTE - 1);
    expect((await handOver(t, store, claimId)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect(await expireOverdueClaims(t.deps)).toBe(0);
    expect((await claimStatus(t, credential, claimId)).json().status).toBe('given');
    expect((await cardOf(credential, cardId)).card).toMatchObject({ stamps: 0, returnedClaim: null });
  });

  it('the background sweep expires claims nobody looks at, once', async () => {
    const a = await pendingClaim(t, store.id);
    const b = await pendingClaim(t, store.id);
    t.clock.advance(31 * MINUTE);
    const [first, second] = await Promise.all([expireOverdueClaims(t.deps), expireOverdueClaims(t.deps)]);
    expect(first + second).toBe(2);
    const cards = await t.db.kysely.selectFrom('stamp_cards').select(['id', 'stamps']).where('id', 'in', [a.cardId, b.cardId]).execute();
    expect(cards.map((c) => c.stamps)).toEqual([REWARD_STAMPS, REWARD_STAMPS]);
  });

  it('follows CLAIM_EXPIRY_MINUTES', async () => {
    // Another configuration: an app of its own.
    const own = await buildHandoverTestApp({ claimExpiryMinutes: 5 });
    try {
      const ownStore = await rewardStore(own);
      const { claimId, credential } = await pendingClaim(own, ownStore.id);
      expect((await claimStatus(own, credential, claimId)).json().expiresAt).toBe(own.clock.now() + 5 * MINUTE);
      own.clock.advance(5 * MINUTE);
      expect((await claimStatus(own, credential, claimId)).json().status).toBe('expired');
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/customer/claims/:claimId', () => {
  it("answers 404 for another customer's claim and 401 without a credential", async () => {
    const { claimId } = await pendingClaim(t, store.id);
    const stranger = await customerWithStamps(t, store.id, 1);
    const response = await claimStatus(t, stranger.credential, claimId);
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/customer/claims/${claimId}` })).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/:vendorId claims', () => {
  it('counts pending, given and expired claims separately', async () => {
    const given = await pendingClaim(t, store.id);
    await handOver(t, store, given.claimId);
    await pendingClaim(t, store.id);
    t.clock.advance(31 * MINUTE);
    await pendingClaim(t, store.id);
    await pendingClaim(t, store.id);
    const response = await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().claims).toEqual({ pending: 2, given: 1, expired: 1 });
  });
});
