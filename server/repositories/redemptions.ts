// SQL for redemptions: one row per reward claimed (dashboards read them by vendor and time). Rows are
// never deleted; only a pending claim's status moves on (repositories/handover.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database, Redemption } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface NewRedemption {
  id: string;
  cardId: string;
  customerId: string;
  vendorId: string;
  stampsRequired: number;
  rewardLabel: string;
  /** A claim waits at the counter with this code until `expiresAt`. */
  code: string;
  expiresAt: number;
}

export async function insertRedemption(db: Queryable, redemption: NewRedemption, now: number): Promise<void> {
  await db
    .insertInto('redemptions')
    .values({
      id: redemption.id,
      card_id: redemption.cardId,
      customer_id: redemption.customerId,
      vendor_id: redemption.vendorId,
      stamps_required: redemption.stampsRequired,
      reward_label: redemption.rewardLabel,
      created_at: now,
      status: 'pending',
      code: redemption.code,
      expires_at: redemption.expiresAt,
      given_at: null,
    })
    .execute();
}

/** The newest redemptions of one card, newest first. */
export async function listRedemptionsForCard(db: Queryable, cardId: string, limit: number): Promise<Redemption[]> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where('card_id', '=', cardId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
