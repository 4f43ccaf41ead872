// Frozen in time: Apple's pass web service. Devices register for a pass's updates with a push token;
// a pass records when its content last changed, which the device asks about after a push.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect-types';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up(_dialect: Dialect) {
  return async (db: AnyDb): Promise<void> => {
    // When the pass's content last changed (epoch ms): Last-Modified and passesUpdatedSince read it.
    await db.schema.alterTable('apple_passes').addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('apple_passes').set({ updated_at: sql`created_at` }).execute();
    // One row per phone (Apple's device library identifier) with its current push token, and when it may
    // next be pushed (a burst of changes gives one push per device per window).
    await db.schema
      .createTable('apple_pass_devices')
      .addColumn('device_library_id', 'text', (c) => c.primaryKey())
      .addColumn('push_token', 'text', (c) => c.notNull())
      .addColumn('next_push_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // Which passes each phone holds; a pass or phone that goes takes its registrations with it.
    await db.schema
      .createTable('apple_pass_registrations')
      .addColumn('device_library_id', 'text', (c) => c.notNull().references('apple_pass_devices.device_library_id').onDelete('cascade'))
      .addColumn('serial_number', 'text', (c) => c.notNull().references('apple_passes.serial_number').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('apple_pass_registrations_pk', ['device_library_id', 'serial_number'])
      .execute();
    await db.schema.createIndex('apple_pass_registrations_serial').on('apple_pass_registrations').column('serial_number').execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropTable('apple_pass_registrations').ifExists().execute();
    await db.schema.dropTable('apple_pass_devices').ifExists().execute();
    await db.schema.alterTable('apple_passes').dropColumn('updated_at').execute();
  };
}
