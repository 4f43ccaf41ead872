// SQL for a customer deleting their wallet: who they are is erased, what happened is kept.
// Stamp events and claims stay (the vendor's figures keep their anonymous counts) but no longer lead to a
// name, an e-mail or a device; the cards are emptied and hidden from the vendor's Customers page.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

/** The customer's claims still waiting to be handed over (their counters' feeds show a button for each). */
export async function pendingClaimsOf(db: Queryable, customerId: string): Promise<{ id: string; vendor_id: string }[]> {
  return db.selectFrom('redemptions').select(['id', 'vendor_id']).where('customer_id', '=', customerId).where('status', '=', 'pending').execute();
}

/**
 * The customer's row, erased and marked deleted: the deletion's first statement. A scan still running
 * holds this row (it checks the wallet before it takes its card), so it either commits before the cards
 * are emptied, or waits and finds the wallet deleted and stamps nothing.
 */
export async function markCustomerDeleted(db: Queryable, customerId: string, now: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ display_name: null, email: null, email_normalized: null, deleted_at: now, updated_at: now })
    .where('id', '=', customerId)
    .execute();
}

export async function eraseCustomer(db: Queryable, customerId: string, now: number): Promise<void> {
  // Pending claims end now: nobody can show their screen any more, and the stamps have nowhere to go back to.
  await db.updateTable('redemptions').set({ status: 'expired', expired_at: now }).where('customer_id', '=', customerId).where('status', '=', 'pending').execute();
  await db.updateTable('stamp_cards').set({ stamps: 0, updated_at: now }).where('customer_id', '=', customerId).execute();
  await db.deleteFrom('customer_credentials').where('customer_id', '=', customerId).execute();
  await db.deleteFrom('customer_recovery_tokens').where('customer_id', '=', customerId).execute();
  // Other wallets' links this phone asked for keep nothing that leads back to the erased wallet.
  await db.updateTable('customer_recovery_tokens').set({ requested_by: null }).where('requested_by', '=', customerId).execute();
  await db.deleteFrom('customer_email_confirmations').where('customer_id', '=', customerId).execute();
}
