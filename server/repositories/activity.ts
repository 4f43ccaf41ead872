// SQL for the vendor's activity list and dashboard figures. Every query on the (large, append-only)
// stamp_events and redemptions tables is driven by an index: by (vendor_id, created_at) in time
// order with a LIMIT, or by (card_id, created_at) one card at a time — never a scan of all events.
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { ActivityType } from '../../src/api/contract/activity';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** A stamp event or redemption as the activity list reads it. */
export interface ActivityRow {
  id: string;
  type: ActivityType;
  vendor_id: string;
  card_id: string;
  customer_id: string;
  created_at: number;
  /** Redemptions only: the reward as it read when claimed. */
  reward_label: string | null;
  stamps_required: number | null;
  /** Stamps only: when the store voided it. */
  voided_at?: number | null;
  /** Stamps only (kept at write time): which visit it was, and the card's count right after it. */
  card_visit?: number | null;
  card_stamps_after?: number | null;
  /** Stamps: the card size it was given under (null before it was kept). */
  card_required?: number | null;
  void_reason?: string | null;
  voided_by?: string | null;
  /** Stamps only: the bonus-stamps campaign that gave this stamp as a bonus. */
  bonus_campaign_id?: string | null;
}

// NULLs typed explicitly: PostgreSQL resolves a bare NULL in a subquery to text, which then cannot be
// UNIONed with the integer column.
/** Where the previous page ended: rows strictly older than this (created_at, id) come next. */
export interface ActivityCursor {
  createdAt: number;
  id: string;
}

/**
 * Where a read starts and which way it walks the (vendor_id, created_at) indexes: from the newest event
 * back (`older`) or from the oldest forward (`newer`), from the ends or from a cursor row (excluded).
 */
export interface ActivitySeek {
  toward: 'older' | 'newer';
  from?: ActivityCursor;
}

function stampRows(db: Queryable, vendorId: string, limit: number, seek: ActivitySeek) {
  const direction = seek.toward === 'older' ? 'desc' : 'asc';
  return db
    .selectFrom('stamp_events')
    .select([
      'id',
      sql<ActivityType>`CAST('stamp' AS TEXT)`.as('type'),
      'vendor_id',
      'card_id',
      'customer_id',
      'created_at',
      sql<string | null>`CAST(NULL AS TEXT)`.as('reward_label'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('stamps_required'),
      'voided_at',
      sql<number | null>`card_visit`.as('card_visit'),
      sql<number | null>`card_stamps_after`.as('card_stamps_after'),
      sql<number | null>`card_required`.as('card_required'),
      sql<string | null>`void_reason`.as('void_reason'),
      sql<string | null>`voided_by`.as('voided_by'),
      sql<string | null>`bonus_campaign_id`.as('bonus_campaign_id'),
    ])
    .where('vendor_id', '=', vendorId)
    .$if(seek.from !== undefined, (q) => q.where(beyond(seek)))
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(limit);
}

/**
 * (created_at, id) < cursor (older) or > cursor (newer), spelled with a plain bound on created_at first so
 * that SQLite and PostgreSQL both start the (vendor_id, created_at) index range right at the cursor.
 */
function beyond(seek: ActivitySeek) {
  const cursor = seek.from as ActivityCursor;
  const [inclusive, strict] = seek.toward === 'older' ? (['<=', '<'] as const) : (['>=', '>'] as const);
  return (eb: ExpressionBuilder<Database, 'stamp_events' | 'redemptions' | 'stamp_expiries'>) =>
    eb.and([eb('created_at', inclusive, cursor.createdAt), eb.or([eb('created_at', strict, cursor.createdAt), eb('id', strict, cursor.id)])]);
}

function redemptionRows(db: Queryable, vendorId: string, limit: number, seek: ActivitySeek) {
  const direction = seek.toward === 'older' ? 'desc' : 'asc';
  return db
    .selectFrom('redemptions')
    .select([
      'id',
      sql<ActivityType>`CAST('redemption' AS TEXT)`.as('type'),
      'vendor_id',
      'card_id',
      'customer_id',
      'created_at',
      sql<string | null>`reward_label`.as('reward_label'),
      sql<number | null>`stamps_required`.as('stamps_required'),
      sql<number | null>`CAST(NULL AS BIGINT)`.as('voided_at'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('card_visit'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('card_stamps_after'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('card_required'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('void_reason'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('voided_by'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('bonus_campaign_id'),
    ])
    .where('vendor_id', '=', vendorId)
    .$if(seek.from !== undefined, (q) => q.where(beyond(seek)))
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(limit);
}

/** Expiries read as rows of the list: the stamps that ended in `card_stamps_after`, the card size in `card_required`. */
function expiryRows(db: Queryable, vendorId: string, limit: number, seek: ActivitySeek) {
  const direction = seek.toward === 'older' ? 'desc' : 'asc';
  return db
    .selectFrom('stamp_expiries')
    .select([
      'id',
      sql<ActivityType>`CAST('expiry' AS TEXT)`.as('type'),
      'vendor_id',
      'card_id',
      'customer_id',
      'created_at',
      sql<string | null>`CAST(NULL AS TEXT)`.as('reward_label'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('stamps_required'),
      sql<number | null>`CAST(NULL AS BIGINT)`.as('voided_at'),
      sql<number | null>`CAST(NULL AS INTEGER)`.as('card_visit'),
      sql<number | null>`stamps`.as('card_stamps_after'),
      sql<number | null>`required`.as('card_required'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('void_reason'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('voided_by'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('bonus_campaign_id'),
    ])
    .where('vendor_id', '=', vendorId)
    .$if(seek.from !== undefined, (q) => q.where(beyond(seek)))
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(limit);
}

/**
 * `limit` rows of the vendor's stamps and claims, `skip` rows along from where `seek` starts, returned
 * newest first. Each table gives at most skip + limit rows from its index starting at that place; the
 * UNION of those few is ordered and cut. So the cost depends on skip + limit, never on how deep the page
 * lies in the history. Ties on the millisecond are broken by id, so pages never overlap.
 */
export async function listActivityWindow(db: Queryable, vendorId: string, seek: ActivitySeek, skip: number, limit: number): Promise<ActivityRow[]> {
  const window = skip + limit;
  const direction = seek.toward === 'older' ? 'desc' : 'asc';
  const rows = await db
    .selectFrom(stampRows(db, vendorId, window, seek).as('s'))
    .selectAll()
    .unionAll(db.selectFrom(redemptionRows(db, vendorId, window, seek).as('r')).selectAll())
    .unionAll(db.selectFrom(expiryRows(db, vendorId, window, seek).as('x')).selectAll())
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(limit)
    .offset(skip)
    .execute();
  const newestFirst = seek.toward === 'older' ? rows : rows.reverse();
  return newestFirst.map(normalizeRow);
}

/** One page of the vendor's stamps and claims, newest first, `offset` rows from the newest (keep it small). */
export async function listActivityRows(db: Queryable, vendorId: string, limit: number, offset: number): Promise<ActivityRow[]> {
  return listActivityWindow(db, vendorId, { toward: 'older' }, offset, limit);
}

/** How many of the vendor's stamps were voided: few, read from a partial index of them alone. */
export async function countVoidedStamps(db: Queryable, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('stamp_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('vendor_id', '=', vendorId)
    .where('voided_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Stamp events plus redemptions of the vendor, counted up to `cap` each (the newest `cap` by index, so
 * the cost stays flat however large the history grows).
 */
export async function countActivityUpTo(db: Queryable, vendorId: string, cap: number): Promise<number> {
  const count = async (table: 'stamp_events' | 'redemptions') => {
    const row = await db
      .selectFrom(
        db.selectFrom(table).select('created_at').where('vendor_id', '=', vendorId).orderBy('created_at', 'desc').limit(cap).as('newest'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return (await count('stamp_events')) + (await count('redemptions'));
}

/** One stamp event or redemption by id (a live-feed notice names only the id). */
export async function findActivityRow(db: Queryable, type: ActivityType, id: string): Promise<ActivityRow | undefined> {
  if (type === 'expiry') return undefined;
  const row =
    type === 'stamp'
      ? await db
          .selectFrom('stamp_events')
          .select(['id', 'vendor_id', 'card_id', 'customer_id', 'created_at', 'voided_at', 'card_visit', 'card_stamps_after', 'card_required', 'void_reason', 'voided_by', 'bonus_campaign_id'])
          .where('id', '=', id)
          .executeTakeFirst()
      : await db
          .selectFrom('redemptions')
          .select(['id', 'vendor_id', 'card_id', 'customer_id', 'created_at', 'reward_label', 'stamps_required'])
          .where('id', '=', id)
          .executeTakeFirst();
  if (!row) return undefined;
  return normalizeRow({ reward_label: null, stamps_required: null, ...row, type });
}

/** Display names (null when the customer has none) of the given customers. */
export async function customerDisplayNames(db: Queryable, customerIds: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(customerIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('customers').select(['id', 'display_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

/** The per-store customer number of each of these cards; cards made before numbering have none. */
export async function customerNumbersOfCards(db: Queryable, cardIds: readonly string[]): Promise<Map<string, number | null>> {
  const unique = [...new Set(cardIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('stamp_cards').select(['id', 'customer_number']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.customer_number === null ? null : Number(r.customer_number)]));
}

/** The vendor's reward size, or undefined when none is set up. */
export async function rewardStamps(db: Queryable, vendorId: string): Promise<number | undefined> {
  const row = await db.selectFrom('rewards').select('stamps').where('vendor_id', '=', vendorId).executeTakeFirst();
  return row?.stamps;
}

/** The per-store customer number of each of these customers at the store; null for cards made before numbering. */
export async function customerNumbersAtStore(db: Queryable, vendorId: string, customerIds: readonly string[]): Promise<Map<string, number | null>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db.selectFrom('stamp_cards').select(['customer_id', 'customer_number']).where('vendor_id', '=', vendorId).where('customer_id', 'in', [...customerIds]).execute();
  return new Map(rows.map((r) => [r.customer_id, r.customer_number === null ? null : Number(r.customer_number)]));
}

function normalizeRow(row: ActivityRow): ActivityRow {
  // bigint columns arrive as numbers from both drivers (see db/index.ts); counts may not.
  return {
    ...row,
    created_at: Number(row.created_at),
    stamps_required: row.stamps_required === null ? null : Number(row.stamps_required),
    voided_at: row.voided_at === null || row.voided_at === undefined ? null : Number(row.voided_at),
    card_visit: row.card_visit === null || row.card_visit === undefined ? null : Number(row.card_visit),
    card_stamps_after: row.card_stamps_after === null || row.card_stamps_after === undefined ? null : Number(row.card_stamps_after),
    card_required: row.card_required === null || row.card_required === undefined ? null : Number(row.card_required),
  };
}
