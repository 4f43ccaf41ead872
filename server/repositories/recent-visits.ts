// Each card keeps its lifetime visits and the times of its RECENT_VISITS_KEPT latest visits (a visit: a store
// day with a stamp neither voided nor bonus; its time: the day's latest such stamp), so
// the Customers page tells a regular (≥ N visits in the last 30 days) by "the N-th latest visit is in the
// window" from the card alone, and finds a store's regulars by an index range (recent_visit_N) instead of
// counting every card's events. Kept in the same transaction as the event that changes them:
// with each stamp (`recentVisitShift` in the stamp's UPDATE), `recountCardVisits` (services/card-visits.ts) after a
// void or a wallet merge.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { storeDaySql, type UtcOffsetSpan } from './store-day-sql';

type Queryable = Kysely<Database> | Transaction<Database>;

/** How many latest visits a card keeps (the migration 2026112212 has its own frozen copy). */
export const RECENT_VISITS_KEPT = 8;

export type RecentVisitColumn = `recent_visit_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** The column holding the n-th latest visit (1 = the latest), n ≤ RECENT_VISITS_KEPT. */
export function recentVisitColumn(n: number): RecentVisitColumn {
  if (!Number.isInteger(n) || n < 1 || n > RECENT_VISITS_KEPT) throw new RangeError(`no column for visit ${n}`);
  return `recent_visit_${n}` as RecentVisitColumn;
}

const COLUMNS = Array.from({ length: RECENT_VISITS_KEPT }, (_, i) => recentVisitColumn(i + 1));

/**
 * The SET of a scan's stamp at `at` on a store day that began at `dayStart`: the first stamp of the day
 * is a new visit (every kept time moves one place back and `at` becomes the latest); a later stamp the
 * same day is the same visit, whose latest time becomes `at`. Each kept time is the latest stamp of its
 * day, so "the n-th latest visit is in the last 30 days" says what counting the days with a stamp in them
 * says. The right-hand sides read the row as it was. The scan's stamp UPDATE carries it (cards.ts).
 */
export function recentVisitShift(at: number | RawBuilder<number>, dayStart: number | RawBuilder<number>): Record<RecentVisitColumn, number | RawBuilder<number>> {
  const shifted: Partial<Record<RecentVisitColumn, number | RawBuilder<number>>> = { [COLUMNS[0]]: at };
  for (let i = 1; i < COLUMNS.length; i += 1) {
    shifted[COLUMNS[i]] = sql<number>`CASE WHEN ${sql.ref(COLUMNS[0])} >= ${dayStart} THEN ${sql.ref(COLUMNS[i])} ELSE ${sql.ref(COLUMNS[i - 1])} END`;
  }
  return shifted as Record<RecentVisitColumn, number | RawBuilder<number>>;
}

/** 1 when a stamp on the store day that began at `dayStart` is the card's first that day (a new visit), else 0 (the row as it was). */
export function newVisitOfDay(dayStart: number | RawBuilder<number>): RawBuilder<number> {
  return sql<number>`CASE WHEN ${sql.ref(COLUMNS[0])} IS NULL OR ${sql.ref(COLUMNS[0])} < ${dayStart} THEN 1 ELSE 0 END`;
}

/** A stamp of a card, as its visits are worked out from. */
export interface StampOfCard {
  id: string;
  createdAt: number;
  voided: boolean;
  bonus: boolean;
  /** The visit number the stamp holds now. */
  visitNumber: number | null;
}

/** A card's stamps (oldest first, by time then id) and its store's time zone, to work its visits out from. */
export async function stampsForVisitCount(db: Queryable, cardId: string): Promise<{ timeZone: string | null; stamps: StampOfCard[] }> {
  const store = await db
    .selectFrom('stamp_cards as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select('v.time_zone')
    .where('c.id', '=', cardId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('stamp_events')
    .select(['id', 'created_at', 'voided_at', 'bonus_campaign_id', 'card_visit'])
    .where('card_id', '=', cardId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    timeZone: store?.time_zone ?? null,
    stamps: rows.map((row) => ({
      id: row.id,
      createdAt: Number(row.created_at),
      voided: row.voided_at !== null,
      bonus: row.bonus_campaign_id !== null,
      visitNumber: row.card_visit === null ? null : Number(row.card_visit),
    })),
  };
}

/** Sets the card's visits and latest visit times, and the visit numbers of the stamps whose number changed. */
export async function writeCardVisits(
  db: Queryable,
  cardId: string,
  figures: { visits: number; recentVisits: readonly number[]; visitNumbers: ReadonlyMap<string, number> },
  stamps: readonly StampOfCard[],
): Promise<void> {
  const values: Record<string, number | null> = { visits: figures.visits };
  COLUMNS.forEach((column, i) => { values[column] = i < figures.recentVisits.length ? figures.recentVisits[i] : null; });
  await db.updateTable('stamp_cards').set(values).where('id', '=', cardId).execute();
  // Grouped by number: a removal changes the numbers of the later stamps by one, a few statements in all.
  const byNumber = new Map<number, string[]>();
  for (const stamp of stamps) {
    const visit = figures.visitNumbers.get(stamp.id);
    if (visit === undefined || visit === stamp.visitNumber) continue;
    byNumber.set(visit, [...(byNumber.get(visit) ?? []), stamp.id]);
  }
  for (const [visit, ids] of byNumber) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      await db.updateTable('stamp_events').set({ card_visit: visit }).where('id', 'in', ids.slice(start, start + IDS_PER_STATEMENT)).execute();
    }
  }
}

/** IDs per statement, well below SQLite's bound-parameter limit. */
const IDS_PER_STATEMENT = 500;

/**
 * Works out the lifetime visits and latest visit times of every card of the store from its stamp events in
 * one pass (bulk-seeded history: the bench, tests): the store days with a visit stamp per card (by the
 * store's clock `storeOffsets` over the history), newest first, the latest stamp of each of the first
 * RECENT_VISITS_KEPT set on its card.
 */
export async function refreshStoreVisits(db: Queryable, vendorId: string, storeOffsets: readonly UtcOffsetSpan[]): Promise<void> {
  await db.updateTable('stamp_cards').set({ visits: 0, ...Object.fromEntries(COLUMNS.map((c) => [c, null])) }).where('vendor_id', '=', vendorId).execute();
  const day = storeDaySql(sql.ref('created_at'), storeOffsets);
  await sql`UPDATE stamp_cards SET visits = r.visits, ${sql.join(COLUMNS.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
    FROM (
      SELECT card_id, COUNT(*) AS visits, ${sql.join(COLUMNS.map((c, i) => sql`MAX(CASE WHEN rn = ${sql.lit(i + 1)} THEN latest END) AS ${sql.id(c)}`))}
      FROM (
        SELECT card_id, latest, ROW_NUMBER() OVER (PARTITION BY card_id ORDER BY latest DESC) AS rn
        FROM (
          SELECT card_id, MAX(created_at) AS latest
          FROM stamp_events WHERE vendor_id = ${vendorId} AND voided_at IS NULL AND bonus_campaign_id IS NULL
          GROUP BY card_id, ${day}
        ) days
      ) ranked
      GROUP BY card_id
    ) r
    WHERE stamp_cards.id = r.card_id`.execute(db);
}
