// SQL for app_settings: server-wide values kept in the database (the generated HMAC secret).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function findSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Stores `value` unless the key has one already: the first writer wins, later ones change nothing. */
export async function insertSettingIfAbsent(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
