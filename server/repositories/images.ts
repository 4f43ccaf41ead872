// SQL for stored images (logos and covers), keyed by the SHA-256 of their bytes.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ImageTable } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export type StoredImage = Selectable<ImageTable>;

/** Content-addressed: the same bytes always have the same id, so a second upload is a no-op. */
export async function insertImageIfAbsent(db: Queryable, image: Insertable<ImageTable>): Promise<void> {
  await db
    .insertInto('images')
    .values(image)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findImage(db: Queryable, id: string): Promise<StoredImage | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Deletes the image unless a vendor still shows it (as logo or cover), so replaced logos do not
 * pile up. True when it was deleted.
 */
export async function deleteImageIfUnused(db: Queryable, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('images')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('vendors')
            .select('vendors.id')
            .where((v) => v.or([v('vendors.logo_image_id', '=', id), v('vendors.banner_image_id', '=', id)])),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
