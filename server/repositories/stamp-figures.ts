// What the activity list shows for each stamp — which visit it was, and the card's count right
// after it — kept on the stamp_events row instead of worked out from the card's history on every read.
// Written with the stamp, and worked out again for the stamps a later change reaches back to: a claim
// in the same millisecond, a void, a wallet merge (the card's history changes). The definitions:
//   card_visit        = the card's visits up to and including this stamp's store day (a visit: a store day
//                       with a stamp neither voided nor bonus), the stamp's own day counted even once it is
//                       voided; a scan writes the card's visits as its stamp's UPDATE left them, and a void or
//                       a merge works them out again (services/card-visits.ts);
//   card_stamps_after = the card's stamps up to and including this one (by time, then id) not voided, minus
//                       every claim and expiry of the card up to this millisecond.
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

/** IDs per statement, well below SQLite's bound-parameter limit. */
const IDS_PER_STATEMENT = 500;

const UP_TO_THIS = sql`s.card_id = stamp_events.card_id
    AND (s.created_at < stamp_events.created_at OR (s.created_at = stamp_events.created_at AND s.id <= stamp_events.id))`;
const CARD_STAMPS_AFTER = sql<number>`(SELECT COUNT(*) FROM stamp_events s WHERE ${UP_TO_THIS} AND s.voided_at IS NULL)
        - (SELECT COALESCE(SUM(r.stamps_required), 0) FROM redemptions r WHERE r.card_id = stamp_events.card_id AND r.created_at <= stamp_events.created_at)
        - (SELECT COALESCE(SUM(x.stamps), 0) FROM stamp_expiries x WHERE x.card_id = stamp_events.card_id AND x.created_at <= stamp_events.created_at)`;

async function recompute(db: Queryable, where: Expression<SqlBool>): Promise<void> {
  await sql`UPDATE stamp_events SET card_stamps_after = ${CARD_STAMPS_AFTER} WHERE ${where}`.execute(db);
}

// One card from one instant: what every accepted claim asks, compiled once.
const refreshCardQuery = reusableQuery<[cardId: string, from: number], unknown>(2, (db, cardId, from) =>
  db.updateTable('stamp_events').set({ card_stamps_after: CARD_STAMPS_AFTER }).where('card_id', '=', cardId).where('created_at', '>=', from),
);

// A scan's stamps (those of the card made at `now`): their visit, as the stamp's UPDATE counted it, and the count after each.
const scanFiguresQuery = reusableQuery<[visit: number, cardId: string, now: number], unknown>(3, (db, visit, cardId, now) =>
  db.updateTable('stamp_events').set({ card_visit: visit, card_stamps_after: CARD_STAMPS_AFTER }).where('card_id', '=', cardId).where('created_at', '>=', now),
);

/** The figures of a scan's stamps on the card at `now`: which visit it was (`visit`, the card's visits after it) and the card's count after each. */
export async function writeScanFigures(db: Queryable, cardId: string, now: number, visit: number): Promise<void> {
  await scanFiguresQuery(db, visit, cardId, now);
}

/**
 * Works the card counts out again for the stamps of these cards made at or after `from` (all of them when
 * omitted): after a claim, a void or a merge changed what those stamps' figures count (a void or a merge
 * also renumbers the visits: services/card-visits.ts).
 */
export async function refreshStampFigures(db: Queryable, cardIds: readonly string[], from?: number): Promise<void> {
  const unique = [...new Set(cardIds)];
  if (unique.length === 1 && from !== undefined) {
    await refreshCardQuery(db, unique[0], from);
    return;
  }
  for (let start = 0; start < unique.length; start += IDS_PER_STATEMENT) {
    const ids = unique.slice(start, start + IDS_PER_STATEMENT);
    const inCards = sql<SqlBool>`card_id IN (${sql.join(ids)})`;
    await recompute(db, from === undefined ? inCards : sql<SqlBool>`${inCards} AND created_at >= ${from}`);
  }
}

/**
 * Works out every stamp figure of the store in one pass over each card's events and claims (window sums;
 * for bulk-written test and bench data without voided stamps), the visits by the store's clock `storeOffsets`.
 */
export async function recountStampFiguresOfStore(db: Queryable, vendorId: string, dialect: 'sqlite' | 'postgres', storeOffsets: readonly UtcOffsetSpan[]): Promise<void> {
  const nullTime = dialect === 'postgres' ? sql`CAST(NULL AS BIGINT)` : sql`NULL`;
  await sql`UPDATE stamp_events SET card_stamps_after = f.after_stamp
    FROM (
      SELECT id, after_stamp FROM (
        SELECT id, is_stamp,
          SUM(CASE WHEN is_stamp = 0 THEN -stamps_required WHEN voided_at IS NULL THEN 1 ELSE 0 END) OVER w AS after_stamp
        FROM (
          SELECT id, card_id, created_at, 1 AS is_stamp, voided_at, 0 AS stamps_required FROM stamp_events WHERE vendor_id = ${vendorId}
          UNION ALL
          SELECT id, card_id, created_at, 0 AS is_stamp, ${nullTime} AS voided_at, stamps_required FROM redemptions WHERE vendor_id = ${vendorId}
          UNION ALL
          SELECT id, card_id, created_at, 0 AS is_stamp, ${nullTime} AS voided_at, stamps AS stamps_required FROM stamp_expiries WHERE vendor_id = ${vendorId}
        ) AS u
        WINDOW w AS (PARTITION BY card_id ORDER BY created_at, is_stamp, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
      ) AS x WHERE is_stamp = 1
    ) AS f
    WHERE stamp_events.id = f.id`.execute(db);
  // The visit: the rank of the stamp's store day among the card's days with a stamp that is no bonus one.
  const day = storeDaySql(sql.ref('created_at'), storeOffsets);
  await sql`UPDATE stamp_events SET card_visit = f.visit
    FROM (
      SELECT id, DENSE_RANK() OVER (PARTITION BY card_id ORDER BY ${day}) AS visit
      FROM stamp_events WHERE vendor_id = ${vendorId} AND bonus_campaign_id IS NULL
    ) AS f
    WHERE stamp_events.id = f.id`.execute(db);
}
