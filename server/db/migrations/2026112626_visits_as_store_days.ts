// Frozen in time: a visit is a store day (midnight to midnight in the store's time zone) with a stamp that
// is neither voided nor a bonus stamp, as the campaign audiences count them. Cards kept one visit per
// stamp until now (a per-item scan of 3 items was 3): each card's lifetime visits, its latest visit times
// (the latest stamp of each of its 8 latest visit days) and its stamps' visit numbers are worked out again
// from its stamps, in its store's time zone.
//
// A few hundred cards at a time, in card id order: each batch reads its cards' stamps along the card index
// and writes them back in a handful of short statements, so a store of 100,000 cards never holds the
// database (SQLite's one writer) or its rows for long; on PostgreSQL the migration's transaction holds
// only the rows it changed. Run again, it finds the same numbers.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

/** As RECENT_VISITS_KEPT in repositories/recent-visits.ts at the time of writing (frozen here on purpose). */
const KEPT = 8;
const COLUMNS = Array.from({ length: KEPT }, (_, i) => `recent_visit_${i + 1}`);
const CARDS_PER_BATCH = 500;
/** Stamp numbers written per statement (two bound values each). */
const ROWS_PER_STATEMENT = 1000;
const DAY_MS = 86_400_000;
/** Every zone's clock changes on a quarter hour of UTC: an offset found once holds for its quarter hour. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

interface Stamp {
  id: string;
  at: number;
  voided: boolean;
  bonus: boolean;
  visit: number;
}

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    const vendors = await db.selectFrom('vendors').select(['id', 'time_zone']).execute();
    for (const vendor of vendors) {
      const dayOf = storeDayOf(vendor.time_zone ?? null);
      let after = '';
      for (;;) {
        const cards = await db
          .selectFrom('stamp_cards')
          .select('id')
          .where('vendor_id', '=', vendor.id)
          .where('id', '>', after)
          .orderBy('id')
          .limit(CARDS_PER_BATCH)
          .execute();
        if (cards.length === 0) break;
        after = cards[cards.length - 1].id;
        await recountBatch(db, cards.map((c) => c.id as string), dayOf);
      }
    }
  };
}

async function recountBatch(db: AnyDb, cardIds: string[], dayOf: (at: number) => number): Promise<void> {
  const rows = await db
    .selectFrom('stamp_events')
    .select(['id', 'card_id', 'created_at', 'voided_at', 'bonus_campaign_id', 'card_visit'])
    .where('card_id', 'in', cardIds)
    .orderBy('card_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const stampsOf = new Map<string, Stamp[]>(cardIds.map((id) => [id, []]));
  for (const row of rows) {
    stampsOf.get(row.card_id)?.push({ id: row.id, at: Number(row.created_at), voided: row.voided_at !== null, bonus: row.bonus_campaign_id !== null, visit: Number(row.card_visit) });
  }
  const cardValues: unknown[][] = [];
  const renumbered: Array<[string, number]> = [];
  for (const [cardId, stamps] of stampsOf) {
    const latestOfDay = new Map<number, number>();
    let lastDay: number | undefined;
    let visits = 0;
    for (const stamp of stamps) {
      const day = dayOf(stamp.at);
      if (!stamp.voided && !stamp.bonus) {
        if (day !== lastDay) visits += 1;
        lastDay = day;
        latestOfDay.set(day, Math.max(latestOfDay.get(day) ?? stamp.at, stamp.at));
      }
      // A voided stamp on a day with no other stamp still names that day's place; a bonus stamp its visit's.
      const visit = visits + (!stamp.bonus && stamp.voided && day !== lastDay ? 1 : 0);
      if (visit !== stamp.visit) renumbered.push([stamp.id, visit]);
    }
    const recent = [...latestOfDay.entries()].sort(([a], [b]) => b - a).slice(0, KEPT).map(([, at]) => at);
    cardValues.push([cardId, visits, ...COLUMNS.map((_, i) => recent[i] ?? null)]);
  }
  if (cardValues.length > 0) {
    const values = sql.join(cardValues.map((row) => sql`(${sql.join(row)})`));
    await sql`UPDATE stamp_cards SET visits = CAST(v.column2 AS INTEGER),
        ${sql.join(COLUMNS.map((c, i) => sql`${sql.id(c)} = CAST(${sql.id('v', `column${i + 3}`)} AS BIGINT)`))}
      FROM (VALUES ${values}) AS v
      WHERE stamp_cards.id = v.column1`.execute(db);
  }
  for (let start = 0; start < renumbered.length; start += ROWS_PER_STATEMENT) {
    const values = sql.join(renumbered.slice(start, start + ROWS_PER_STATEMENT).map(([id, visit]) => sql`(${id}, ${visit})`));
    await sql`UPDATE stamp_events SET card_visit = CAST(v.column2 AS INTEGER) FROM (VALUES ${values}) AS v WHERE stamp_events.id = v.column1`.execute(db);
  }
}

/** The store day (days since 1 January 1970 on the store's calendar) of an instant; UTC for a zone this runtime does not know. */
function storeDayOf(timeZone: string | null): (at: number) => number {
  const formatter = formatterFor(timeZone);
  const offsets = new Map<number, number>();
  const offsetAt = (at: number): number => {
    const quarter = Math.floor(at / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = quarter * QUARTER_HOUR_MS;
      const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
      const parts = formatter.formatToParts(start);
      offset = Date.UTC(part(parts, 'year'), part(parts, 'month') - 1, part(parts, 'day'), part(parts, 'hour'), part(parts, 'minute'), part(parts, 'second')) - start;
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (at) => Math.floor((at + offsetAt(at)) / DAY_MS);
}

function formatterFor(timeZone: string | null): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
}

/** Nothing to undo: the code before this reads the same columns (it counted one visit per stamp from then on). */
export function down() {
  return async (_db: AnyDb): Promise<void> => {};
}
