// SQL for stamp cards (one per customer per store) and the store-and-reward facts a card is shown with.
// Stamping and claiming change `stamps` only through conditional UPDATEs whose affected-row count
// says whether the change happened, so they stay correct under concurrency on SQLite and PostgreSQL.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';
import { newVisitOfDay, recentVisitShift } from './recent-visits';

type Queryable = Kysely<Database> | Transaction<Database>;

/** A store as the customer side shows it, with its reward (null columns when none is set up). */
export interface StoreRow {
  vendor_id: string;
  company: string;
  logo_image_id: string | null;
  /** The store's ISO 4217 currency code. */
  currency: string;
  reward_stamps: number | null;
  reward_expiry: string | null;
  reward_item_custom: string | null;
  /** Name of the reward's menu item, when the reward names one. */
  reward_item_name: string | null;
  /** The store's saved reward settings (null columns when never saved: the defaults apply). */
  settings_stamp_mode: string | null;
  settings_max_per_transaction: number | null;
  settings_auto_redeem: number | null;
  settings_expiry_days: number | null;
}

export interface CardRow extends StoreRow {
  id: string;
  customer_id: string;
  stamps: number;
  last_stamp_at: number | null;
  updated_at: number;
  /** Stamps the store voided, counted since the card's last stamp before the void. */
  removed_stamps: number;
  removed_at: number | null;
}

const STORE_COLUMNS = [
  'vendors.id as vendor_id',
  'vendors.company as company',
  'vendors.logo_image_id as logo_image_id',
  'vendors.currency as currency',
  'rewards.stamps as reward_stamps',
  'rewards.expiry as reward_expiry',
  'rewards.item_custom as reward_item_custom',
  'menu_items.name as reward_item_name',
  'reward_settings.stamp_mode as settings_stamp_mode',
  'reward_settings.max_per_transaction as settings_max_per_transaction',
  'reward_settings.auto_redeem as settings_auto_redeem',
  'reward_settings.expiry_days as settings_expiry_days',
] as const;

/** vendors ⟕ rewards ⟕ menu_items: the store and its reward, if any. */
export async function findStore(db: Queryable, vendorId: string): Promise<StoreRow | undefined> {
  return db
    .selectFrom('vendors')
    .leftJoin('rewards', 'rewards.vendor_id', 'vendors.id')
    .leftJoin('menu_items', 'menu_items.id', 'rewards.item_id')
    .leftJoin('reward_settings', 'reward_settings.vendor_id', 'vendors.id')
    .select(STORE_COLUMNS)
    .where('vendors.id', '=', vendorId)
    .executeTakeFirst();
}

function cardQuery(db: Queryable) {
  return db
    .selectFrom('stamp_cards')
    .innerJoin('vendors', 'vendors.id', 'stamp_cards.vendor_id')
    .leftJoin('rewards', 'rewards.vendor_id', 'vendors.id')
    .leftJoin('menu_items', 'menu_items.id', 'rewards.item_id')
    .leftJoin('reward_settings', 'reward_settings.vendor_id', 'vendors.id')
    .select(STORE_COLUMNS)
    .select(['stamp_cards.id as id', 'stamp_cards.customer_id as customer_id', 'stamp_cards.stamps as stamps', 'stamp_cards.last_stamp_at as last_stamp_at', 'stamp_cards.updated_at as updated_at', 'stamp_cards.removed_stamps as removed_stamps', 'stamp_cards.removed_at as removed_at']);
}

/** One of the customer's cards (another customer's card id answers undefined). */
export async function findCard(db: Queryable, customerId: string, cardId: string): Promise<CardRow | undefined> {
  const [row] = await cardByIdQuery(db, cardId, customerId);
  return row;
}

// Compiled once: a claim reads its card before and after, and the claim screen polls.
const cardByIdQuery = reusableQuery<[cardId: string, customerId: string], CardRow>(2, (db, cardId, customerId) =>
  cardQuery(db).where('stamp_cards.id', '=', cardId).where('stamp_cards.customer_id', '=', customerId),
);

export async function findCardForStore(db: Queryable, customerId: string, vendorId: string): Promise<CardRow | undefined> {
  return cardQuery(db).where('stamp_cards.customer_id', '=', customerId).where('stamp_cards.vendor_id', '=', vendorId).executeTakeFirst();
}

/** Everything a scan reads before deciding (one indexed read instead of four). */
export interface ScanContextRow extends StoreRow {
  printable_qr_version: number;
  /** The customer the credential names (null: no credential sent, or an unknown one). */
  known_customer_id: string | null;
  /** Their card at this store, when they have one (null columns otherwise). */
  card_id: string | null;
  card_stamps: number | null;
  card_last_stamp_at: number | null;
  card_updated_at: number | null;
  card_removed_stamps: number | null;
  card_removed_at: number | null;
  /** The reward item's price in cents (null: a custom reward or an unpriced item). */
  reward_item_price_cents: number | null;
  /** The store's bonus-stamps campaign running now (the first launched, when several run). */
  bonus_campaign_id: string | null;
  /** The store's IANA time zone (null: none set), which cuts the relay pace's days. */
  store_time_zone: string | null;
}

/**
 * The store (with its reward and flyer version), the customer a credential hash names, and their card at
 * this store, by primary keys and unique indexes in one statement; undefined when the store does not exist.
 */
export async function findScanContext(db: Queryable, vendorId: string, credentialHash: string | undefined, now: number): Promise<ScanContextRow | undefined> {
  // No credential: a hash that cannot match (credential hashes are 64 hex digits).
  const [row] = await scanContextQuery(db, vendorId, credentialHash ?? '', now);
  return row;
}

const scanContextQuery = reusableQuery<[vendorId: string, credentialHash: string, now: number], ScanContextRow>(3, (db, vendorId, credentialHash, now) =>
  db
    .selectFrom('vendors')
    .leftJoin('rewards', 'rewards.vendor_id', 'vendors.id')
    .leftJoin('menu_items', 'menu_items.id', 'rewards.item_id')
    .leftJoin('reward_settings', 'reward_settings.vendor_id', 'vendors.id')
    .leftJoin('customer_credentials as cred', (join) => join.on('cred.credential_hash', '=', credentialHash))
    .leftJoin('stamp_cards as card', (join) => join.onRef('card.customer_id', '=', 'cred.customer_id').onRef('card.vendor_id', '=', 'vendors.id'))
    .select(STORE_COLUMNS)
    .select([
      'vendors.printable_qr_version as printable_qr_version',
      'cred.customer_id as known_customer_id',
      'card.id as card_id',
      'card.stamps as card_stamps',
      'card.last_stamp_at as card_last_stamp_at',
      'card.updated_at as card_updated_at',
      'card.removed_stamps as card_removed_stamps',
      'card.removed_at as card_removed_at',
      'menu_items.price_cents as reward_item_price_cents',
      'vendors.time_zone as store_time_zone',
    ])
    // In the same statement, so a store with no campaign running pays no extra round trip.
    // (by the campaigns_by_vendor index: a store has a handful of campaigns).
    .select((eb) =>
      eb
        .selectFrom('campaigns as bonus')
        .select('bonus.id')
        .whereRef('bonus.vendor_id', '=', 'vendors.id')
        .where('bonus.promotion_type', '=', 'bonus-stamps')
        .where('bonus.start_at', '<=', now)
        .where('bonus.end_at', '>', now)
        .where('bonus.ended_at', 'is', null)
        .where('bonus.paused_at', 'is', null)
        .orderBy('bonus.created_at')
        .orderBy('bonus.id')
        .limit(1)
        .as('bonus_campaign_id'),
    )
    .where('vendors.id', '=', vendorId),
);

/** The store part of a scan context. */
export function storeOfScanContext(row: ScanContextRow): StoreRow {
  return {
    vendor_id: row.vendor_id,
    company: row.company,
    logo_image_id: row.logo_image_id,
    currency: row.currency,
    reward_stamps: row.reward_stamps,
    reward_expiry: row.reward_expiry,
    reward_item_custom: row.reward_item_custom,
    reward_item_name: row.reward_item_name,
    settings_stamp_mode: row.settings_stamp_mode,
    settings_max_per_transaction: row.settings_max_per_transaction,
    settings_auto_redeem: row.settings_auto_redeem,
    settings_expiry_days: row.settings_expiry_days,
  };
}

/** The card part of a scan context, as findCardForStore answers it (undefined without a card). */
export function cardOfScanContext(row: ScanContextRow): CardRow | undefined {
  if (row.card_id === null || row.known_customer_id === null) return undefined;
  return {
    ...storeOfScanContext(row),
    id: row.card_id,
    customer_id: row.known_customer_id,
    stamps: Number(row.card_stamps ?? 0),
    last_stamp_at: row.card_last_stamp_at === null ? null : Number(row.card_last_stamp_at),
    updated_at: Number(row.card_updated_at ?? 0),
    removed_stamps: Number(row.card_removed_stamps ?? 0),
    removed_at: row.card_removed_at === null ? null : Number(row.card_removed_at),
  };
}

/** The customer's cards, most recently used first. */
export async function listCards(db: Queryable, customerId: string): Promise<CardRow[]> {
  return cardQuery(db).where('stamp_cards.customer_id', '=', customerId).orderBy('stamp_cards.updated_at', 'desc').orderBy('stamp_cards.id').execute();
}

/**
 * The id of the customer's card for this store, creating an empty one when there is none (`created`), not
 * numbered yet: numberNewCard gives it the store's next customer number at the end of the transaction.
 * INSERT … ON CONFLICT DO NOTHING: two first scans at once end with one card.
 */
export async function ensureCardId(db: Queryable, customerId: string, vendorId: string, newId: string, now: number): Promise<{ id: string; created: boolean }> {
  const existing = await cardIdFor(db, customerId, vendorId);
  if (existing) return { id: existing, created: false };
  await insertCardQuery(db, newId, customerId, vendorId, null, now);
  const row = await cardIdFor(db, customerId, vendorId);
  if (!row) throw new Error(`no card for store ${vendorId} after creating one`);
  return { id: row, created: row === newId };
}

/**
 * Gives a card created in this transaction the store's next customer number, from the vendor's counter.
 * The counter's UPDATE holds the vendor row until the transaction ends, so concurrent first scans at one
 * store number one after another: the caller runs it last, so that each holds the row only for its commit
 * and the others' stamps go in meanwhile.
 */
export async function numberNewCard(db: Queryable, vendorId: string, cardId: string): Promise<void> {
  const [counter] = await nextCustomerNumberQuery(db, vendorId);
  if (counter) await customerNumberQuery(db, cardId, Number(counter.customer_count));
}

// The statements of a scan's transaction are compiled once.
const nextCustomerNumberQuery = reusableQuery<[vendorId: string], { customer_count: number }>(1, (db, vendorId) =>
  db
    .updateTable('vendors')
    .set((eb) => ({ customer_count: eb('customer_count', '+', 1) }))
    .where('id', '=', vendorId)
    .returning('customer_count'),
);

const customerNumberQuery = reusableQuery<[cardId: string, customerNumber: number], unknown>(2, (db, cardId, customerNumber) =>
  db.updateTable('stamp_cards').set({ customer_number: customerNumber }).where('id', '=', cardId),
);

const insertCardQuery = reusableQuery<[id: string, customerId: string, vendorId: string, customerNumber: number | null, now: number], unknown>(5, (db, id, customerId, vendorId, customerNumber, now) =>
  db
    .insertInto('stamp_cards')
    .values({ id, customer_id: customerId, vendor_id: vendorId, customer_number: customerNumber, stamps: 0, last_stamp_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'vendor_id']).doNothing()),
);

const cardIdQuery = reusableQuery<[customerId: string, vendorId: string], { id: string }>(2, (db, customerId, vendorId) =>
  db.selectFrom('stamp_cards').select('id').where('customer_id', '=', customerId).where('vendor_id', '=', vendorId),
);

async function cardIdFor(db: Queryable, customerId: string, vendorId: string): Promise<string | undefined> {
  const [row] = await cardIdQuery(db, customerId, vendorId);
  return row?.id;
}

/** The card's own columns as a stamp leaves them (CardRow without the store's). */
export type StampedCard = Omit<CardRow, keyof StoreRow>;

/**
 * Adds `count` stamps unless the card was stamped after `notStampedSince` (the cooldown), in one
 * conditional UPDATE that also counts the visit: the card's first stamp of the store day that began at
 * `dayStart` adds one to its visits and a place to its latest visits (recent-visits.ts); a later stamp
 * that day is the same visit. Answers the card as the stamp left it and its visits (the stamp's visit
 * number), or undefined when the cooldown refused the stamp.
 */
export async function addStampUnlessCoolingDown(db: Queryable, cardId: string, notStampedSince: number, now: number, count: number, dayStart: number): Promise<{ card: StampedCard; visits: number } | undefined> {
  const [row] = await addStampQuery(db, cardId, notStampedSince, now, count, dayStart);
  if (!row) return undefined;
  return {
    card: {
      id: row.id,
      customer_id: row.customer_id,
      stamps: Number(row.stamps),
      last_stamp_at: row.last_stamp_at === null ? null : Number(row.last_stamp_at),
      updated_at: Number(row.updated_at),
      removed_stamps: Number(row.removed_stamps),
      removed_at: row.removed_at === null ? null : Number(row.removed_at),
    },
    visits: Number(row.visits),
  };
}

const addStampQuery = reusableQuery<[cardId: string, notStampedSince: number, now: number, count: number, dayStart: number], StampedCard & { visits: number }>(5, (db, cardId, notStampedSince, now, count, dayStart) =>
  db
    .updateTable('stamp_cards')
    // A scan always gives at least one stamp that is no bonus stamp, so its day is a visit: a new one on
    // the card's first stamp of the store day (the right-hand sides read the row as it was).
    .set((eb) => ({ stamps: eb('stamps', '+', count), visits: eb('visits', '+', newVisitOfDay(dayStart)), last_stamp_at: now, updated_at: now, ...recentVisitShift(now, dayStart) }))
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('last_stamp_at', 'is', null), eb('last_stamp_at', '<=', notStampedSince)]))
    .returning(['id', 'customer_id', 'stamps', 'visits', 'last_stamp_at', 'updated_at', 'removed_stamps', 'removed_at']),
);

/**
 * Takes `required` stamps off the card when it holds at least that many, in one conditional UPDATE
 * (extra stamps stay on the card); true when taken. Two simultaneous claims of one full card: one wins.
 */
export async function takeStampsIfEnough(db: Queryable, customerId: string, cardId: string, required: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('stamp_cards')
    .set((eb) => ({ stamps: eb('stamps', '-', required), updated_at: now }))
    .where('id', '=', cardId)
    .where('customer_id', '=', customerId)
    .where('stamps', '>=', required)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * PostgreSQL: holds every card of these customers (SELECT … FOR UPDATE, in id order so two holders cannot
 * deadlock) until the transaction ends. A wallet merge and a wallet deletion take them right after the
 * customers' rows and before any claim or stamp of the cards: the order every writer of a card follows
 * (customer, card, then the card's claims and stamps), so a scan, claim or hand-over meanwhile waits and
 * then sees what the merge or deletion left. SQLite needs nothing: its write transactions run one at a time.
 */
export async function lockCardsOfCustomers(db: Queryable, customerIds: readonly string[]): Promise<void> {
  await db.selectFrom('stamp_cards').select('id').where('customer_id', 'in', [...customerIds]).orderBy('id').forUpdate().execute();
}
