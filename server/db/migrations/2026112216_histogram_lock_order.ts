// Frozen in time (PostgreSQL only): the card histogram's trigger takes its row locks
// in one global order — store_card_stamps rows by ascending (vendor, stamps), then store_card_days rows
// by ascending (vendor, day, stamps). Migration 2026112213 ordered a card's old and new rows by
// (day, stamps) together, so a void or claim on a card last changed on an earlier day (stamps going
// down, day going up) locked the store_card_stamps rows in descending order while a scan locked them in
// ascending order: two such commits could deadlock. (db/transactions.ts re-runs the loser; this removes
// the cycle for single-card changes.) SQLite has one writer at a time and is left as it was.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

const DAY_MS = 86_400_000;

const ORDERED_FUNCTIONS = [
  `CREATE FUNCTION store_card_stamps_add(v TEXT, s INTEGER, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO store_card_stamps (vendor_id, stamps, cards) VALUES (v, s, delta)
      ON CONFLICT (vendor_id, stamps) DO UPDATE SET cards = store_card_stamps.cards + delta;
  END $$`,
  `CREATE FUNCTION store_card_days_add(v TEXT, d BIGINT, s INTEGER, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO store_card_days (vendor_id, day, stamps, cards) VALUES (v, d, s, delta)
      ON CONFLICT (vendor_id, day, stamps) DO UPDATE SET cards = store_card_days.cards + delta;
  END $$`,
  `CREATE OR REPLACE FUNCTION stamp_cards_histogram() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    old_day BIGINT;
    new_day BIGINT;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM store_card_histogram_add(NEW.vendor_id, NEW.updated_at / ${DAY_MS}, NEW.stamps, 1);
      RETURN NULL;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM store_card_histogram_add(OLD.vendor_id, OLD.updated_at / ${DAY_MS}, OLD.stamps, -1);
      RETURN NULL;
    END IF;
    old_day := OLD.updated_at / ${DAY_MS};
    new_day := NEW.updated_at / ${DAY_MS};
    IF (OLD.vendor_id, OLD.stamps) <= (NEW.vendor_id, NEW.stamps) THEN
      PERFORM store_card_stamps_add(OLD.vendor_id, OLD.stamps, -1);
      PERFORM store_card_stamps_add(NEW.vendor_id, NEW.stamps, 1);
    ELSE
      PERFORM store_card_stamps_add(NEW.vendor_id, NEW.stamps, 1);
      PERFORM store_card_stamps_add(OLD.vendor_id, OLD.stamps, -1);
    END IF;
    IF (OLD.vendor_id, old_day, OLD.stamps) <= (NEW.vendor_id, new_day, NEW.stamps) THEN
      PERFORM store_card_days_add(OLD.vendor_id, old_day, OLD.stamps, -1);
      PERFORM store_card_days_add(NEW.vendor_id, new_day, NEW.stamps, 1);
    ELSE
      PERFORM store_card_days_add(NEW.vendor_id, new_day, NEW.stamps, 1);
      PERFORM store_card_days_add(OLD.vendor_id, old_day, OLD.stamps, -1);
    END IF;
    RETURN NULL;
  END $$`,
];

/** Migration 2026112213's body, for down(). */
const PREVIOUS_FUNCTION = `CREATE OR REPLACE FUNCTION stamp_cards_histogram() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END $$`;

export function up(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    for (const statement of ORDERED_FUNCTIONS) await sql.raw(statement).execute(db);
  };
}

export function down(dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    if (dialect !== 'postgres') return;
    await sql.raw(PREVIOUS_FUNCTION).execute(db);
    await sql`DROP FUNCTION IF EXISTS store_card_days_add(TEXT, BIGINT, INTEGER, INTEGER)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS store_card_stamps_add(TEXT, INTEGER, INTEGER)`.execute(db);
  };
}
