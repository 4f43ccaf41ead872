// SQL for the names shown with who did what: a person of the team, or the store's owner.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The person's name (the owner's is the store's vendor row: the owner's person id is the vendor id). */
export async function findPersonName(db: Queryable, vendorId: string, personId: string): Promise<string | undefined> {
  const person = await db.selectFrom('people').select('name').where('id', '=', personId).where('vendor_id', '=', vendorId).executeTakeFirst();
  if (person?.name) return person.name;
  const vendor = await db.selectFrom('vendors').select(['name', 'email']).where('id', '=', vendorId).executeTakeFirst();
  return personId === vendorId ? vendor?.name || vendor?.email : undefined;
}

export interface ActorColumns {
  personId: string | null;
  name: string;
}

/**
 * Who last changed the store's settings (its profile, reward or stamp budget). The name is part of the store's
 * profile answer, so the same write moves the store's version: a server that kept the answer reads it afresh.
 */
export async function recordStoreSettingsActor(db: Queryable, vendorId: string, actor: ActorColumns, now = Date.now()): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ settings_updated_by_person_id: actor.personId, settings_updated_by: actor.name, updated_at: nextStoreVersion(now) })
    .where('id', '=', vendorId)
    .execute();
}

/** Who last saved the store's reward settings (stamp mode, auto-redeem, expiry). */
export async function recordRewardSettingsActor(db: Queryable, vendorId: string, actor: ActorColumns): Promise<void> {
  await db.updateTable('reward_settings').set({ updated_by_person_id: actor.personId, updated_by: actor.name }).where('vendor_id', '=', vendorId).execute();
}

/** The name of whoever last saved the reward settings; null when nobody was recorded. */
export async function rewardSettingsActor(db: Queryable, vendorId: string): Promise<string | null> {
  const row = await db.selectFrom('reward_settings').select('updated_by').where('vendor_id', '=', vendorId).executeTakeFirst();
  return row?.updated_by ?? null;
}

/** The name of whoever last set the stamp budget's floors; null when nobody was recorded. */
export async function budgetChangeActor(db: Queryable, vendorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('relay_audit')
    .select('actor')
    .where('vendor_id', '=', vendorId)
    .where('action', '=', 'set-budget-floors')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actor ?? null;
}
