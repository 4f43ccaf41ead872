// Frozen in time: counter screens paired as devices, their one-use pairing codes, and who did what
// (the device whose code a stamp used; the device or person that handed a reward over, voided a stamp or
// changed the store's budget, reward or settings).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    await db.schema
      .createTable('counter_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // 1–63, unique among the store's devices that are not revoked: the key id a device's codes carry.
      .addColumn('key_number', 'integer', (c) => c.notNull())
      // SHA-256 of the device token's secret part: the database alone never yields a working token.
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('paired_by_person_id', 'text')
      .addColumn('paired_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await sql`CREATE UNIQUE INDEX counter_devices_live_key ON counter_devices (vendor_id, key_number) WHERE revoked_at IS NULL`.execute(db);
    await db.schema
      .createTable('counter_pairing_codes')
      // SHA-256 of the code: a leaked table gives no code that still pairs.
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('created_by_person_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('counter_pairing_codes_vendor').on('counter_pairing_codes').column('vendor_id').execute();
    // No foreign keys on the actor columns: the record outlives a device or a person leaving.
    await db.schema.alterTable('stamp_events').addColumn('device_id', 'text').execute();
    await db.schema.alterTable('stamp_events').addColumn('voided_by_device_id', 'text').execute();
    await db.schema.alterTable('stamp_events').addColumn('voided_by_person_id', 'text').execute();
    await db.schema.alterTable('redemptions').addColumn('given_by_device_id', 'text').execute();
    await db.schema.alterTable('redemptions').addColumn('given_by_person_id', 'text').execute();
    await db.schema.alterTable('redemptions').addColumn('given_by', 'text').execute();
    await db.schema.alterTable('relay_audit').addColumn('actor_person_id', 'text').execute();
    await db.schema.alterTable('relay_audit').addColumn('actor', 'text').execute();
    await db.schema.alterTable('reward_settings').addColumn('updated_by_person_id', 'text').execute();
    await db.schema.alterTable('reward_settings').addColumn('updated_by', 'text').execute();
    await db.schema.alterTable('vendors').addColumn('settings_updated_by_person_id', 'text').execute();
    await db.schema.alterTable('vendors').addColumn('settings_updated_by', 'text').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    for (const [table, column] of [
      ['vendors', 'settings_updated_by'],
      ['vendors', 'settings_updated_by_person_id'],
      ['reward_settings', 'updated_by'],
      ['reward_settings', 'updated_by_person_id'],
      ['relay_audit', 'actor'],
      ['relay_audit', 'actor_person_id'],
      ['redemptions', 'given_by'],
      ['redemptions', 'given_by_person_id'],
      ['redemptions', 'given_by_device_id'],
      ['stamp_events', 'voided_by_person_id'],
      ['stamp_events', 'voided_by_device_id'],
      ['stamp_events', 'device_id'],
    ] as const) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
    await db.schema.dropTable('counter_pairing_codes').ifExists().execute();
    await db.schema.dropTable('counter_devices').ifExists().execute();
  };
}
