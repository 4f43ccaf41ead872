// SQL of Google Wallet objects: one row per card offered to Google Wallet, made on the first "Add to
// Google Wallet"; it is how a card change finds the object to update.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface GoogleWalletObjectRow {
  card_id: string;
  object_id: string;
}

export interface SavedGoogleWalletObject extends GoogleWalletObjectRow {
  /** The language the pass was last saved in; null: English. */
  locale: string | null;
}

export async function findGoogleWalletObject(db: Queryable, cardId: string): Promise<SavedGoogleWalletObject | undefined> {
  return db.selectFrom('google_wallet_objects').select(['card_id', 'object_id', 'locale']).where('card_id', '=', cardId).executeTakeFirst();
}

/**
 * Inserts the object unless the card has one already (two taps at once, or a later save), then answers the
 * card's object. The language is the latest save's: the pass follows the page language it was last saved from.
 */
export async function insertGoogleWalletObjectIfNew(db: Queryable, row: SavedGoogleWalletObject, now: number): Promise<SavedGoogleWalletObject> {
  await db
    .insertInto('google_wallet_objects')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('card_id').doUpdateSet({ locale: row.locale }))
    .execute();
  const stored = await findGoogleWalletObject(db, row.card_id);
  if (!stored) throw new Error(`google wallet object of card ${row.card_id} vanished`);
  return stored;
}

/** The objects of these cards (most cards have none: one indexed read on the stamp path). */
export async function googleWalletObjectsOfCards(db: Queryable, cardIds: readonly string[]): Promise<SavedGoogleWalletObject[]> {
  if (cardIds.length === 0) return [];
  return db.selectFrom('google_wallet_objects').select(['card_id', 'object_id', 'locale']).where('card_id', 'in', [...cardIds]).execute();
}

export async function googleWalletObjectsOfCustomer(db: Queryable, customerId: string): Promise<SavedGoogleWalletObject[]> {
  return db
    .selectFrom('google_wallet_objects')
    .innerJoin('stamp_cards', 'stamp_cards.id', 'google_wallet_objects.card_id')
    .select(['google_wallet_objects.card_id', 'google_wallet_objects.object_id', 'google_wallet_objects.locale'])
    .where('stamp_cards.customer_id', '=', customerId)
    .execute();
}

export async function deleteGoogleWalletObjects(db: Queryable, cardIds: readonly string[]): Promise<void> {
  if (cardIds.length === 0) return;
  await db.deleteFrom('google_wallet_objects').where('card_id', 'in', [...cardIds]).execute();
}

/** Whose card this is (a job knows only the card). */
export async function ownerOfCard(db: Queryable, cardId: string): Promise<string | undefined> {
  const row = await db.selectFrom('stamp_cards').select('customer_id').where('id', '=', cardId).executeTakeFirst();
  return row?.customer_id;
}
