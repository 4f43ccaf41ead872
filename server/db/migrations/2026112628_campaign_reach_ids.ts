// Frozen in time: the ids of the customers a campaign can reach, each set in an index of its own, so the
// plan's page reads (the audience of all card holders, the customers who take campaign e-mail, one range
// of ids at a time) read only ids from an index range. Without them each page read the customer rows of
// its range from the table, about one table page per customer (ids are random, rows are in the order
// customers came).
import { sql, type Kysely } from 'kysely';

// `any`: migrations are frozen in time and must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function up() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.createIndex('customers_not_deleted').on('customers').column('id').where(sql.ref('deleted_at'), 'is', null).execute();
    await db.schema
      .createIndex('customers_campaign_mail')
      .on('customers')
      .column('id')
      .where(sql<boolean>`email IS NOT NULL AND campaign_mail_opt_in = 1 AND deleted_at IS NULL`)
      .execute();
  };
}

export function down() {
  return async (db: AnyDb): Promise<void> => {
    await db.schema.dropIndex('customers_campaign_mail').execute();
    await db.schema.dropIndex('customers_not_deleted').execute();
  };
}
