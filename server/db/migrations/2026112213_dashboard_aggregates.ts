// The dashboard and the activity list read kept figures instead of walking the event log.
//  - store_card_stamps / store_card_days: how many of a store's cards hold each stamp count (all time, and
//    by the UTC day the card last changed), for the average card and the full / nearly full figures.
//  - engaged_counts: each customer's not-voided stamps at a store since the store's engaged_windows
//    counted_from (the service keeps that near "90 days ago"), read top-down along an index.
//  - store_claim_counts: the store's claims by status (pending, given, expired).
//  - stamp_events.card_visit / card_stamps_after: which visit a stamp was and the card's count after it,
//    worked out when the stamp is written (repositories/stamp-figures.ts) instead of on every read.
// The card and event aggregates are kept by triggers, so every path that changes a card or an event
// (stamp, claim, hand-over expiry, void, wallet deletion or merge, a card deleted with its store) keeps
// them right in its own transaction. On PostgreSQL the card histogram's trigger is deferred to commit,
// where it takes its few row locks after the transaction's card locks (fewer lock-order waits).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

const DAY_MS = 86_400_000;
/** As dashboard ENGAGED_DAYS at the time of writing (frozen here on purpose). */
const ENGAGED_WINDOW_MS = 90 * DAY_MS;

const SQLITE_TRIGGERS = [
  // Cards by stamp count.
  `CREATE TRIGGER stamp_cards_histogram_insert AFTER INSERT ON stamp_cards BEGIN
    INSERT INTO store_card_stamps (vendor_id, stamps, cards) VALUES (NEW.vendor_id, NEW.stamps, 1)
      ON CONFLICT (vendor_id, stamps) DO UPDATE SET cards = cards + 1;
    INSERT INTO store_card_days (vendor_id, day, stamps, cards) VALUES (NEW.vendor_id, CAST(NEW.updated_at / ${DAY_MS} AS INTEGER), NEW.stamps, 1)
      ON CONFLICT (vendor_id, day, stamps) DO UPDATE SET cards = cards + 1;
  END`,
  `CREATE TRIGGER stamp_cards_histogram_delete AFTER DELETE ON stamp_cards BEGIN
    UPDATE store_card_stamps SET cards = cards - 1 WHERE vendor_id = OLD.vendor_id AND stamps = OLD.stamps;
    UPDATE store_card_days SET cards = cards - 1 WHERE vendor_id = OLD.vendor_id AND day = CAST(OLD.updated_at / ${DAY_MS} AS INTEGER) AND stamps = OLD.stamps;
  END`,
  `CREATE TRIGGER stamp_cards_histogram_update AFTER UPDATE OF vendor_id, stamps, updated_at ON stamp_cards BEGIN
    UPDATE store_card_stamps SET cards = cards - 1 WHERE vendor_id = OLD.vendor_id AND stamps = OLD.stamps;
    UPDATE store_card_days SET cards = cards - 1 WHERE vendor_id = OLD.vendor_id AND day = CAST(OLD.updated_at / ${DAY_MS} AS INTEGER) AND stamps = OLD.stamps;
    INSERT INTO store_card_stamps (vendor_id, stamps, cards) VALUES (NEW.vendor_id, NEW.stamps, 1)
      ON CONFLICT (vendor_id, stamps) DO UPDATE SET cards = cards + 1;
    INSERT INTO store_card_days (vendor_id, day, stamps, cards) VALUES (NEW.vendor_id, CAST(NEW.updated_at / ${DAY_MS} AS INTEGER), NEW.stamps, 1)
      ON CONFLICT (vendor_id, day, stamps) DO UPDATE SET cards = cards + 1;
  END`,
  // Claims by status.
  `CREATE TRIGGER redemptions_status_insert AFTER INSERT ON redemptions BEGIN
    INSERT INTO store_claim_counts (vendor_id, status, claims) VALUES (NEW.vendor_id, NEW.status, 1)
      ON CONFLICT (vendor_id, status) DO UPDATE SET claims = claims + 1;
  END`,
  `CREATE TRIGGER redemptions_status_delete AFTER DELETE ON redemptions BEGIN
    UPDATE store_claim_counts SET claims = claims - 1 WHERE vendor_id = OLD.vendor_id AND status = OLD.status;
  END`,
  `CREATE TRIGGER redemptions_status_update AFTER UPDATE OF vendor_id, status ON redemptions BEGIN
    UPDATE store_claim_counts SET claims = claims - 1 WHERE vendor_id = OLD.vendor_id AND status = OLD.status;
    INSERT INTO store_claim_counts (vendor_id, status, claims) VALUES (NEW.vendor_id, NEW.status, 1)
      ON CONFLICT (vendor_id, status) DO UPDATE SET claims = claims + 1;
  END`,
  // Engaged customers: a stamp counts while not voided and not older than the store's counted_from.
  `CREATE TRIGGER stamp_events_engaged_insert AFTER INSERT ON stamp_events
    WHEN NEW.voided_at IS NULL AND NEW.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = NEW.vendor_id), 0)
  BEGIN
    INSERT INTO engaged_counts (vendor_id, customer_id, stamps) VALUES (NEW.vendor_id, NEW.customer_id, 1)
      ON CONFLICT (vendor_id, customer_id) DO UPDATE SET stamps = stamps + 1;
  END`,
  `CREATE TRIGGER stamp_events_engaged_delete AFTER DELETE ON stamp_events
    WHEN OLD.voided_at IS NULL AND OLD.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = OLD.vendor_id), 0)
  BEGIN
    UPDATE engaged_counts SET stamps = stamps - 1 WHERE vendor_id = OLD.vendor_id AND customer_id = OLD.customer_id;
  END`,
  `CREATE TRIGGER stamp_events_engaged_update_old AFTER UPDATE OF voided_at, customer_id, vendor_id, created_at ON stamp_events
    WHEN OLD.voided_at IS NULL AND OLD.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = OLD.vendor_id), 0)
  BEGIN
    UPDATE engaged_counts SET stamps = stamps - 1 WHERE vendor_id = OLD.vendor_id AND customer_id = OLD.customer_id;
  END`,
  `CREATE TRIGGER stamp_events_engaged_update_new AFTER UPDATE OF voided_at, customer_id, vendor_id, created_at ON stamp_events
    WHEN NEW.voided_at IS NULL AND NEW.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = NEW.vendor_id), 0)
  BEGIN
    INSERT INTO engaged_counts (vendor_id, customer_id, stamps) VALUES (NEW.vendor_id, NEW.customer_id, 1)
      ON CONFLICT (vendor_id, customer_id) DO UPDATE SET stamps = stamps + 1;
  END`,
];

const POSTGRES_TRIGGERS = [
  // Row locks on the histogram are taken in ascending key order, so two single-card changes never wait
  // on each other in a cycle.
  `CREATE FUNCTION store_card_histogram_add(v TEXT, d BIGINT, s INTEGER, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO store_card_stamps (vendor_id, stamps, cards) VALUES (v, s, delta)
      ON CONFLICT (vendor_id, stamps) DO UPDATE SET cards = store_card_stamps.cards + delta;
    INSERT INTO store_card_days (vendor_id, day, stamps, cards) VALUES (v, d, s, delta)
      ON CONFLICT (vendor_id, day, stamps) DO UPDATE SET cards = store_card_days.cards + delta;
  END $$`,
  `CREATE FUNCTION stamp_cards_histogram() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM store_card_histogram_add(NEW.vendor_id, NEW.updated_at / ${DAY_MS}, NEW.stamps, 1);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM store_card_histogram_add(OLD.vendor_id, OLD.updated_at / ${DAY_MS}, OLD.stamps, -1);
    ELSIF (OLD.updated_at / ${DAY_MS}, OLD.stamps) <= (NEW.updated_at / ${DAY_MS}, NEW.stamps) THEN
      PERFORM store_card_histogram_add(OLD.vendor_id, OLD.updated_at / ${DAY_MS}, OLD.stamps, -1);
      PERFORM store_card_histogram_add(NEW.vendor_id, NEW.updated_at / ${DAY_MS}, NEW.stamps, 1);
    ELSE
      PERFORM store_card_histogram_add(NEW.vendor_id, NEW.updated_at / ${DAY_MS}, NEW.stamps, 1);
      PERFORM store_card_histogram_add(OLD.vendor_id, OLD.updated_at / ${DAY_MS}, OLD.stamps, -1);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE CONSTRAINT TRIGGER stamp_cards_histogram AFTER INSERT OR DELETE OR UPDATE OF vendor_id, stamps, updated_at ON stamp_cards
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stamp_cards_histogram()`,
  `CREATE FUNCTION redemptions_status() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE store_claim_counts SET claims = claims - 1 WHERE vendor_id = OLD.vendor_id AND status = OLD.status;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO store_claim_counts (vendor_id, status, claims) VALUES (NEW.vendor_id, NEW.status, 1)
        ON CONFLICT (vendor_id, status) DO UPDATE SET claims = store_claim_counts.claims + 1;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE CONSTRAINT TRIGGER redemptions_status AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status ON redemptions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION redemptions_status()`,
  `CREATE FUNCTION stamp_events_engaged() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.voided_at IS NULL
       AND OLD.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = OLD.vendor_id), 0) THEN
      UPDATE engaged_counts SET stamps = stamps - 1 WHERE vendor_id = OLD.vendor_id AND customer_id = OLD.customer_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.voided_at IS NULL
       AND NEW.created_at >= COALESCE((SELECT counted_from FROM engaged_windows WHERE vendor_id = NEW.vendor_id), 0) THEN
      INSERT INTO engaged_counts (vendor_id, customer_id, stamps) VALUES (NEW.vendor_id, NEW.customer_id, 1)
        ON CONFLICT (vendor_id, customer_id) DO UPDATE SET stamps = engaged_counts.stamps + 1;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER stamp_events_engaged AFTER INSERT OR DELETE OR UPDATE OF voided_at, customer_id, vendor_id, created_at ON stamp_events
    FOR EACH ROW EXECUTE FUNCTION stamp_events_engaged()`,
];

/**
 * Each stamp's visit number and the card's count after it, as the activity list used to work out on every
 * read: visits count every stamp of the card up to this one (by time, then id); the count takes voided
 * stamps out and every claim up to this millisecond off. One pass over each card's events and claims.
 */
function stampFiguresBackfill(dialect: Dialect) {
  const nullTime = dialect === 'postgres' ? sql`CAST(NULL AS BIGINT)` : sql`NULL`;
  return sql`UPDATE stamp_events SET card_visit = f.visit, card_stamps_after = f.after_stamp
    FROM (
      SELECT id, visit, after_stamp FROM (
        SELECT id, is_stamp,
          SUM(is_stamp) OVER w AS visit,
          SUM(CASE WHEN is_stamp = 0 THEN -stamps_required WHEN voided_at IS NULL THEN 1 ELSE 0 END) OVER w AS after_stamp
        FROM (
          SELECT id, card_id, created_at, 1 AS is_stamp, voided_at, 0 AS stamps_required FROM stamp_events
          UNION ALL
          SELECT id, card_id, created_at, 0 AS is_stamp, ${nullTime} AS voided_at, stamps_required FROM redemptions
        ) AS u
        WINDOW w AS (PARTITION BY card_id ORDER BY created_at, is_stamp, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
      ) AS x WHERE is_stamp = 1
    ) AS f
    WHERE stamp_events.id = f.id`;
}

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    const big = dialect === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .createTable('store_card_stamps')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('stamps', 'integer', (c) => c.notNull())
      .addColumn('cards', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('store_card_stamps_pk', ['vendor_id', 'stamps'])
      .execute();
    await db.schema
      .createTable('store_card_days')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('day', big, (c) => c.notNull())
      .addColumn('stamps', 'integer', (c) => c.notNull())
      .addColumn('cards', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('store_card_days_pk', ['vendor_id', 'day', 'stamps'])
      .execute();
    await db.schema
      .createTable('engaged_windows')
      .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
      .addColumn('counted_from', big, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('engaged_counts')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('stamps', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('engaged_counts_pk', ['vendor_id', 'customer_id'])
      .execute();
    await db.schema
      .createTable('store_claim_counts')
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('claims', big, (c) => c.notNull())
      .addPrimaryKeyConstraint('store_claim_counts_pk', ['vendor_id', 'status'])
      .execute();
    await sql`CREATE INDEX engaged_counts_top_idx ON engaged_counts (vendor_id, stamps DESC, customer_id)`.execute(db);
    await db.schema.alterTable('stamp_events').addColumn('card_visit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('stamp_events').addColumn('card_stamps_after', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    const day = dialect === 'postgres' ? sql`updated_at / ${sql.lit(DAY_MS)}` : sql`CAST(updated_at / ${sql.lit(DAY_MS)} AS INTEGER)`;
    await sql`INSERT INTO store_card_stamps (vendor_id, stamps, cards) SELECT vendor_id, stamps, COUNT(*) FROM stamp_cards GROUP BY vendor_id, stamps`.execute(db);
    await sql`INSERT INTO store_card_days (vendor_id, day, stamps, cards)
      SELECT vendor_id, ${day}, stamps, COUNT(*) FROM stamp_cards GROUP BY vendor_id, ${day}, stamps`.execute(db);
    await sql`INSERT INTO store_claim_counts (vendor_id, status, claims) SELECT vendor_id, status, COUNT(*) FROM redemptions GROUP BY vendor_id, status`.execute(db);
    const countedFrom = Date.now() - ENGAGED_WINDOW_MS;
    await sql`INSERT INTO engaged_windows (vendor_id, counted_from) SELECT id, ${sql.lit(countedFrom)} FROM vendors`.execute(db);
    await sql`INSERT INTO engaged_counts (vendor_id, customer_id, stamps)
      SELECT vendor_id, customer_id, COUNT(*) FROM stamp_events WHERE voided_at IS NULL AND created_at >= ${sql.lit(countedFrom)}
      GROUP BY vendor_id, customer_id`.execute(db);
    await stampFiguresBackfill(dialect).execute(db);
    for (const statement of dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
  };
}

export function down(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect === 'postgres') {
      await sql`DROP TRIGGER IF EXISTS stamp_events_engaged ON stamp_events`.execute(db);
      await sql`DROP TRIGGER IF EXISTS stamp_cards_histogram ON stamp_cards`.execute(db);
      await sql`DROP TRIGGER IF EXISTS redemptions_status ON redemptions`.execute(db);
      await sql`DROP FUNCTION IF EXISTS redemptions_status()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS stamp_events_engaged()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS stamp_cards_histogram()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS store_card_histogram_add(TEXT, BIGINT, INTEGER, INTEGER)`.execute(db);
    } else {
      for (const name of [
        'stamp_cards_histogram_insert', 'stamp_cards_histogram_delete', 'stamp_cards_histogram_update',
        'redemptions_status_insert', 'redemptions_status_delete', 'redemptions_status_update',
        'stamp_events_engaged_insert', 'stamp_events_engaged_delete', 'stamp_events_engaged_update_old', 'stamp_events_engaged_update_new',
      ]) await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
    }
    await db.schema.alterTable('stamp_events').dropColumn('card_stamps_after').execute();
    await db.schema.alterTable('stamp_events').dropColumn('card_visit').execute();
    for (const table of ['store_claim_counts', 'engaged_counts', 'engaged_windows', 'store_card_days', 'store_card_stamps']) await db.schema.dropTable(table).ifExists().execute();
  };
}
