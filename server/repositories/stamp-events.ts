// SQL for stamp events: append-only, one row per stamp given (dashboards read them by vendor and time).
import type { Kysely, Transaction } from 'kysely';
import type { Database, StampKind } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface NewStampEvent {
  id: string;
  cardId: string;
  customerId: string;
  vendorId: string;
  tokenId: string;
  kind: StampKind;
}

/**
 * Inserts the event. A second stamp of one customer with one dynamic token violates the partial unique
 * index (customer_id, token_id) and throws; see `isUniqueViolation`.
 */
export async function insertStampEvent(db: Queryable, event: NewStampEvent, now: number): Promise<void> {
  await db
    .insertInto('stamp_events')
    .values({
      id: event.id,
      card_id: event.cardId,
      customer_id: event.customerId,
      vendor_id: event.vendorId,
      token_id: event.tokenId,
      kind: event.kind,
      created_at: now,
    })
    .execute();
}

/** A unique-constraint violation, as better-sqlite3 (SQLITE_CONSTRAINT_UNIQUE) and pg (23505) report it. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
