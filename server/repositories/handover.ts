// SQL for the hand-over: a pending claim becomes given or expired through conditional UPDATEs
// whose affected-row count says who won, so two counters confirming at once (or a confirmation racing
// the expiry sweep) settle it exactly once, on SQLite and PostgreSQL alike.
import type { Kysely, Transaction } from 'kysely';
import type { ClaimCounts } from '../../src/api/contract/activity';
import type { Database, HandoverScreen, Redemption } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export async function findRedemption(db: Queryable, id: string): Promise<Redemption | undefined> {
  return db.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The store's pending claim showing this code, if any (codes are unique among a store's pending claims). */
export async function findPendingByCode(db: Queryable, vendorId: string, code: string): Promise<Redemption | undefined> {
  return db.selectFrom('redemptions').selectAll().where('vendor_id', '=', vendorId).where('status', '=', 'pending').where('code', '=', code).executeTakeFirst();
}

/** Whether any pending claim of the store shows this code (a new claim draws another). */
export async function pendingCodeTaken(db: Queryable, vendorId: string, code: string): Promise<boolean> {
  return (await findPendingByCode(db, vendorId, code)) !== undefined;
}

/**
 * PostgreSQL: holds the card a claim is on (FOR UPDATE) until the transaction ends, before the claim's own
 * row is written. Every path that writes a card's claims or stamps holds the card first (a wallet merge
 * holds both wallets' cards, in id order, before it moves their claims), so none waits for a card while
 * holding a claim the other waits for. A merge that committed meanwhile may have moved the claim to
 * another card: the card is read again once held, until it is the one held.
 */
export async function lockCardOfClaim(db: Queryable, id: string): Promise<void> {
  let cardId = (await db.selectFrom('redemptions').select('card_id').where('id', '=', id).executeTakeFirst())?.card_id;
  while (cardId !== undefined) {
    await db.selectFrom('stamp_cards').select('id').where('id', '=', cardId).forUpdate().execute();
    const now = (await db.selectFrom('redemptions').select('card_id').where('id', '=', id).executeTakeFirst())?.card_id;
    if (now === cardId) return;
    cardId = now;
  }
}

/**
 * pending → given, only while it is still pending and not past its deadline; true for the one caller that
 * made the change. The card's count of rewards given moves in the same transaction (callers pass one).
 */
export async function markGiven(db: Queryable, vendorId: string, id: string, screen: HandoverScreen, now: number, by?: { deviceId: string | null; personId: string | null; name: string }): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: 'given', given_at: now, given_via: screen, ...(by ? { given_by_device_id: by.deviceId, given_by_person_id: by.personId, given_by: by.name } : {}) })
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('stamp_cards')
    .set((eb) => ({ rewards_given: eb('rewards_given', '+', 1) }))
    .where('id', '=', db.selectFrom('redemptions').select('card_id').where('id', '=', id))
    .execute();
  return true;
}

/** pending → expired, and the claim's stamps back on its card; true for the one caller that made the change. */
export async function markExpired(db: Queryable, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: 'expired', expired_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const claim = await db.selectFrom('redemptions').select(['card_id', 'stamps_required']).where('id', '=', id).executeTakeFirstOrThrow();
  await db
    .updateTable('stamp_cards')
    .set((eb) => ({ stamps: eb('stamps', '+', claim.stamps_required), updated_at: now }))
    .where('id', '=', claim.card_id)
    .execute();
  return true;
}

export interface OverdueClaim {
  id: string;
  vendor_id: string;
  card_id: string;
}

export type ClaimScope = { vendorId: string } | { customerId: string } | { id: string } | Record<string, never>;

/** Pending claims past their deadline (oldest deadline first), in one store, one wallet, one claim, or anywhere. */
export async function overdueClaims(db: Queryable, scope: ClaimScope, now: number, limit: number): Promise<OverdueClaim[]> {
  let query = db.selectFrom('redemptions').select(['id', 'vendor_id', 'card_id']).where('status', '=', 'pending').where('expires_at', '<=', now);
  if ('vendorId' in scope) query = query.where('vendor_id', '=', scope.vendorId);
  if ('customerId' in scope) query = query.where('customer_id', '=', scope.customerId);
  if ('id' in scope) query = query.where('id', '=', scope.id);
  return query.orderBy('expires_at').limit(limit).execute();
}

/** The store's claims by status (the dashboard's outstanding rewards), from the counts triggers keep. */
export async function claimCounts(db: Queryable, vendorId: string): Promise<ClaimCounts> {
  const rows = await db.selectFrom('store_claim_counts').select(['status', 'claims as count']).where('vendor_id', '=', vendorId).execute();
  const counts: ClaimCounts = { pending: 0, given: 0, expired: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof ClaimCounts] = Number(row.count);
  return counts;
}

/** The store's pending claims, oldest first (the counter serves them in order). */
export async function pendingClaims(db: Queryable, vendorId: string, limit: number): Promise<Redemption[]> {
  return db.selectFrom('redemptions').selectAll().where('vendor_id', '=', vendorId).where('status', '=', 'pending').orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** The newest claim of each card, for the cards whose newest claim expired unconfirmed (the card's notice). */
export async function returnedClaims(db: Queryable, cardIds: readonly string[]): Promise<Map<string, Redemption>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('redemptions as r')
    .selectAll('r')
    .where('r.card_id', 'in', [...cardIds])
    .where('r.status', '=', 'expired')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('redemptions as newer')
            .select('newer.id')
            .whereRef('newer.card_id', '=', 'r.card_id')
            .where((w) => w.or([w('newer.created_at', '>', w.ref('r.created_at')), w.and([w('newer.created_at', '=', w.ref('r.created_at')), w('newer.id', '>', w.ref('r.id'))])])),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.card_id, row]));
}

export interface ClaimState {
  status: Redemption['status'];
  code: string | null;
  given_at: number | null;
  expires_at: number | null;
  /** Who handed it over: the name recorded, and the counter screen's name now (null: not on a screen). */
  given_by: string | null;
  given_on: string | null;
}

/** Status, code and times of these claims (activity lines show them beside the claim). */
export async function claimStates(db: Queryable, ids: readonly string[]): Promise<Map<string, ClaimState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('redemptions as r')
    .leftJoin('counter_devices as d', 'd.id', 'r.given_by_device_id')
    .select(['r.id', 'r.status', 'r.code', 'r.given_at', 'r.expires_at', 'r.given_by', 'r.given_by_device_id', 'd.name as device_name'])
    .where('r.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, {
    status: row.status, code: row.code, given_at: row.given_at === null ? null : Number(row.given_at), expires_at: row.expires_at === null ? null : Number(row.expires_at),
    given_by: row.given_by_device_id === null ? row.given_by : null,
    given_on: row.given_by_device_id === null ? null : row.device_name ?? row.given_by,
  }]));
}
