// The store's calendar day of a timestamp column, worked out by the database: `(at + offset) / 86400000`
// with the offset the store's clock had at that instant (one CASE branch per clock change in the range).
// Plain integer arithmetic, the same on SQLite and PostgreSQL; every number is a literal made here, so
// PostgreSQL sees one expression text wherever it is selected and grouped by.
import { sql, type RawBuilder } from 'kysely';

const DAY_MS = 86_400_000;

/** From `from` (epoch ms; -Infinity for the first) on, the store's clock is `offsetMs` ahead of UTC. */
export interface UtcOffsetSpan {
  from: number;
  offsetMs: number;
}

function whole(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`store day arithmetic takes whole milliseconds, got ${value}`);
  return sql.lit(value) as RawBuilder<number>;
}

/** The store day (days since 1 January 1970 on the store's calendar) of the epoch-ms `column`. */
export function storeDaySql(column: RawBuilder<unknown>, offsets: readonly UtcOffsetSpan[]): RawBuilder<number> {
  if (offsets.length === 0) throw new Error('storeDaySql needs at least one offset');
  let offset: RawBuilder<number> = whole(offsets[0].offsetMs);
  if (offsets.length > 1) {
    // Newest change first: the first branch whose start the instant has reached.
    const branches = offsets
      .slice(1)
      .reverse()
      .map((span) => sql`WHEN ${column} >= ${whole(span.from)} THEN ${whole(span.offsetMs)}`);
    offset = sql<number>`CASE ${sql.join(branches, sql` `)} ELSE ${whole(offsets[0].offsetMs)} END`;
  }
  return sql<number>`((${column} + ${offset}) / ${whole(DAY_MS)})`;
}
