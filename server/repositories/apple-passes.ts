// SQL of Apple Wallet passes: one row per card, made on the first download.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface ApplePassRow {
  card_id: string;
  serial_number: string;
  auth_token_hash: string;
}

export async function findApplePass(db: Queryable, cardId: string): Promise<ApplePassRow | undefined> {
  return db.selectFrom('apple_passes').select(['card_id', 'serial_number', 'auth_token_hash']).where('card_id', '=', cardId).executeTakeFirst();
}

/** Inserts the pass unless the card has one already (two downloads at once), then answers the card's pass. */
export async function insertApplePassIfNew(db: Queryable, pass: ApplePassRow, now: number): Promise<ApplePassRow> {
  await db.insertInto('apple_passes').values({ ...pass, created_at: now }).onConflict((oc) => oc.column('card_id').doNothing()).execute();
  const row = await findApplePass(db, pass.card_id);
  if (!row) throw new Error(`apple pass of card ${pass.card_id} vanished`);
  return row;
}
