// SQL for deleting a store and the personal data it holds. The vendor row's foreign keys cascade to the
// store's people, invitations, counter screens, cards (and their wallet passes), stamps, claims, campaigns,
// menu, uploads and scans; what they do not reach is erased here by hand.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

const ID_SLICE = 500;

/** The customers holding a card of the store. */
export async function customersOfStore(db: Queryable, vendorId: string): Promise<string[]> {
  const rows = await db.selectFrom('stamp_cards').select('customer_id').distinct().where('vendor_id', '=', vendorId).execute();
  return rows.map((row) => row.customer_id);
}

/** The store's logo and banner images. */
export async function imagesOfStore(db: Queryable, vendorId: string): Promise<string[]> {
  const row = await db.selectFrom('vendors').select(['logo_image_id', 'banner_image_id']).where('id', '=', vendorId).executeTakeFirst();
  return [row?.logo_image_id, row?.banner_image_id].filter((id): id is string => typeof id === 'string');
}

/**
 * Deletes the store's claims, stamps and cards. Their triggers keep the dashboard's figures, which PostgreSQL
 * settles at commit: so this commits while the store row still exists, before the row itself goes.
 */
export async function deleteStoreCards(db: Queryable, vendorId: string): Promise<void> {
  await db.deleteFrom('redemptions').where('vendor_id', '=', vendorId).execute();
  await db.deleteFrom('stamp_events').where('vendor_id', '=', vendorId).execute();
  await db.deleteFrom('stamp_cards').where('vendor_id', '=', vendorId).execute();
}

/** Deletes the vendor row (cascading to everything keyed on it) and its ended-session rows. */
export async function deleteStoreRows(db: Queryable, vendorId: string): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('vendor_id', '=', vendorId).execute();
  await db.deleteFrom('vendors').where('id', '=', vendorId).execute();
}

/** Deletes the listed customers who hold no card any more (their devices, links and e-mail go with them). */
export async function deleteCustomersWithoutCards(db: Queryable, customerIds: string[]): Promise<void> {
  // In slices: a large store's list would pass the databases' limits on bound parameters.
  for (let start = 0; start < customerIds.length; start += ID_SLICE) {
    await db
      .deleteFrom('customers')
      .where('id', 'in', customerIds.slice(start, start + ID_SLICE))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('stamp_cards').select('stamp_cards.id').whereRef('stamp_cards.customer_id', '=', 'customers.id'))))
      .execute();
  }
}

/** Deletes the listed images that no store uses any more (images are shared by content). */
export async function deleteUnusedImages(db: Queryable, imageIds: string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .deleteFrom('images')
    .where('id', 'in', imageIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('vendors')
            .select('vendors.id')
            .where((inner) => inner.or([inner('vendors.logo_image_id', '=', inner.ref('images.id')), inner('vendors.banner_image_id', '=', inner.ref('images.id'))])),
        ),
      ),
    )
    .execute();
}
