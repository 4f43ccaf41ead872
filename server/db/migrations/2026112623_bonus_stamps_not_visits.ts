// Frozen in time: a bonus stamp (a bonus-stamps campaign's extra stamp, given with a visit's stamp) is no
// visit. Cards that got bonus stamps before this counted each one as a visit: their stamps' visit numbers,
// their lifetime visits and their latest visit times are worked out again without them.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

/** As RECENT_VISITS_KEPT in repositories/recent-visits.ts at the time of writing (frozen here on purpose). */
const KEPT = 8;
const COLUMNS = Array.from({ length: KEPT }, (_, i) => `recent_visit_${i + 1}`);

const CARDS_WITH_BONUS = sql`(SELECT card_id FROM stamp_events WHERE bonus_campaign_id IS NOT NULL)`;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // Each stamp's visit number: the card's stamps up to it (by time, then id), voided or not, bonus ones left out.
    await sql`UPDATE stamp_events SET card_visit = (
        SELECT COUNT(*) FROM stamp_events s
        WHERE s.card_id = stamp_events.card_id AND s.bonus_campaign_id IS NULL
          AND (s.created_at < stamp_events.created_at OR (s.created_at = stamp_events.created_at AND s.id <= stamp_events.id)))
      WHERE card_id IN ${CARDS_WITH_BONUS}`.execute(db);
    // Lifetime visits: each bonus stamp still on the card had added one (a voided one took its one back).
    const liveBonus = sql`(SELECT COUNT(*) FROM stamp_events b WHERE b.card_id = stamp_cards.id AND b.bonus_campaign_id IS NOT NULL AND b.voided_at IS NULL)`;
    await sql`UPDATE stamp_cards SET visits = CASE WHEN visits >= ${liveBonus} THEN visits - ${liveBonus} ELSE 0 END
      WHERE id IN ${CARDS_WITH_BONUS}`.execute(db);
    // The latest visit times, read again from the stamps not voided that were visits.
    await sql`UPDATE stamp_cards SET ${sql.join(COLUMNS.map((c) => sql`${sql.id(c)} = NULL`))} WHERE id IN ${CARDS_WITH_BONUS}`.execute(db);
    await sql`UPDATE stamp_cards SET ${sql.join(COLUMNS.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
      FROM (
        SELECT card_id, ${sql.join(COLUMNS.map((c, i) => sql`MAX(CASE WHEN rn = ${sql.lit(i + 1)} THEN created_at END) AS ${sql.id(c)}`))}
        FROM (
          SELECT card_id, created_at, ROW_NUMBER() OVER (PARTITION BY card_id ORDER BY created_at DESC) AS rn
          FROM stamp_events WHERE voided_at IS NULL AND bonus_campaign_id IS NULL AND card_id IN ${CARDS_WITH_BONUS}
        ) ranked
        WHERE rn <= ${sql.lit(KEPT)}
        GROUP BY card_id
      ) r
      WHERE stamp_cards.id = r.card_id`.execute(db);
  };
}

/** Nothing to undo: the counts without bonus stamps are what the code before this should have kept too. */
export function down() {
  return async (_db: AnyDb): Promise<void> => {};
}
