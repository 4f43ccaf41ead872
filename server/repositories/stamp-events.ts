// SQL for stamp events: append-only, one row per stamp given (dashboards read them by vendor and time).
import type { Kysely, Transaction } from 'kysely';
import type { Database, StampKind } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface NewStampEvent {
  id: string;
  cardId: string;
  customerId: string;
  vendorId: string;
  tokenId: string;
  kind: StampKind;
  /** The card size the stamp is given under (history keeps it after the size changes). */
  cardRequired: number;
  /** The counter screen whose code was scanned; null for a code a signed-in session showed, or the flyer. */
  deviceId?: string | null;
  /** The campaign that gave this stamp as a bonus (the second stamp of one visit). */
  bonusCampaignId?: string | null;
  /** What the bonus stamp cost its campaign, in cents (given back when the stamp is voided). */
  bonusCostCents?: number | null;
  /** The phone's key for this scan (on the scan's first stamp only). */
  scanAttempt?: string | null;
}

/**
 * Inserts the event. A second stamp of one customer with one dynamic token violates the partial unique
 * index (customer_id, token_id) and throws; see `isUniqueViolation`.
 */
export async function insertStampEvent(db: Queryable, event: NewStampEvent, now: number): Promise<void> {
  await insertStampEventQuery(db, event.id, event.cardId, event.customerId, event.vendorId, event.tokenId, event.kind, event.cardRequired, event.deviceId ?? null, event.bonusCampaignId ?? null, event.bonusCostCents ?? null, event.scanAttempt ?? null, now);
}

// Compiled once: every accepted scan runs it.
const insertStampEventQuery = reusableQuery<[id: string, cardId: string, customerId: string, vendorId: string, tokenId: string, kind: StampKind, cardRequired: number, deviceId: string | null, bonusCampaignId: string | null, bonusCostCents: number | null, scanAttempt: string | null, now: number], unknown>(
  12,
  (db, id, cardId, customerId, vendorId, tokenId, kind, cardRequired, deviceId, bonusCampaignId, bonusCostCents, scanAttempt, now) =>
    db.insertInto('stamp_events').values({ id, card_id: cardId, customer_id: customerId, vendor_id: vendorId, token_id: tokenId, kind, card_required: cardRequired, device_id: deviceId, bonus_campaign_id: bonusCampaignId, bonus_cost_cents: bonusCostCents, scan_attempt: scanAttempt, created_at: now }),
);

/** The stamps one scan attempt of a customer gave (its first stamp carries the attempt key). */
export interface AttemptStamps {
  cardId: string;
  vendorId: string;
  tokenId: string;
  createdAt: number;
  /** The scan's stamps, its bonus stamps among them. */
  stamps: number;
  bonus: number;
}

/** What the scan attempt `attempt` of this customer stamped, or undefined when none of theirs carries it. */
export async function findAttemptStamps(db: Queryable, customerId: string, attempt: string): Promise<AttemptStamps | undefined> {
  const first = await db
    .selectFrom('stamp_events')
    .select(['card_id', 'vendor_id', 'token_id', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('scan_attempt', '=', attempt)
    .executeTakeFirst();
  if (!first) return undefined;
  // The scan's other stamps share its card and its moment, and their token ids extend its own ("…#2", "…#bonus1").
  const rows = await db
    .selectFrom('stamp_events')
    .select(['token_id', 'bonus_campaign_id'])
    .where('card_id', '=', first.card_id)
    .where('created_at', '=', first.created_at)
    .execute();
  const ofScan = rows.filter((row) => row.token_id === first.token_id || row.token_id.startsWith(`${first.token_id}#`));
  return {
    cardId: first.card_id,
    vendorId: first.vendor_id,
    tokenId: first.token_id,
    createdAt: Number(first.created_at),
    stamps: ofScan.length,
    bonus: ofScan.filter((row) => row.bonus_campaign_id !== null).length,
  };
}

/** Whether the customer already has a stamp from this (dynamic) token: the partial unique index answers. */
export async function hasStampWithToken(db: Queryable, customerId: string, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('stamp_events')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('token_id', '=', tokenId)
    .where('kind', '=', 'dynamic')
    .executeTakeFirst();
  return row !== undefined;
}

/** A unique-constraint violation, as better-sqlite3 (SQLITE_CONSTRAINT_UNIQUE) and pg (23505) report it. */
/**
 * A row named a parent that is gone: e.g. a scan whose customer a wallet merge or a wallet deletion removed
 * between the scan's read and its transaction.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Why and by whom staff removed a (just voided) stamp. */
export async function setStampRemoval(db: Queryable, stampId: string, reason: string, by: string): Promise<void> {
  await db.updateTable('stamp_events').set({ void_reason: reason, voided_by: by }).where('id', '=', stampId).execute();
}

export interface BonusCandidate {
  baseId: string;
  baseTokenId: string;
  id: string;
  tokenId: string;
  card_id: string;
  created_at: number;
}

/** The live bonus stamps given in the same millisecond on the same card as these stamps (which are no bonus). */
export async function bonusStampsBeside(db: Queryable, stampIds: readonly string[]): Promise<BonusCandidate[]> {
  if (stampIds.length === 0) return [];
  const rows = await db
    .selectFrom('stamp_events as b')
    .innerJoin('stamp_events as e', (join) => join.onRef('e.card_id', '=', 'b.card_id').onRef('e.created_at', '=', 'b.created_at'))
    .select(['b.id as baseId', 'b.token_id as baseTokenId', 'e.id', 'e.token_id as tokenId', 'e.card_id', 'e.created_at'])
    .where('b.id', 'in', [...stampIds])
    .where('b.bonus_campaign_id', 'is', null)
    .where('e.bonus_campaign_id', 'is not', null)
    .where('e.voided_at', 'is', null)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}
