// SQL for customers, their device credentials (stored as hashes) and wallet-recovery tokens.
import type { Kysely, Transaction } from 'kysely';
import type { Customer, Database } from '../db/schema';
import { reusableQuery } from '../db/reusable-query';
import type { Dialect } from '../db/migrations/dialect-types';

type Queryable = Kysely<Database> | Transaction<Database>;

export async function insertCustomer(db: Queryable, id: string, now: number): Promise<void> {
  await insertCustomerQuery(db, id, now);
}

// Compiled once: every new customer's first scan runs these two.
const insertCustomerQuery = reusableQuery<[id: string, now: number], unknown>(2, (db, id, now) =>
  db.insertInto('customers').values({ id, display_name: null, email: null, email_normalized: null, created_at: now, updated_at: now }),
);
const insertCredentialQuery = reusableQuery<[credentialHash: string, customerId: string, now: number], unknown>(3, (db, credentialHash, customerId, now) =>
  db.insertInto('customer_credentials').values({ credential_hash: credentialHash, customer_id: customerId, created_at: now }),
);

export async function findCustomerById(db: Queryable, id: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the customer's wallet is still there and not deleted, read inside the caller's write
 * transaction. On PostgreSQL the row is held until that transaction ends: a wallet deletion or merge
 * that changed the row meanwhile is waited for, and what it committed is what this answers.
 */
export async function walletStillInUse(db: Queryable, customerId: string, dialect: Dialect): Promise<boolean> {
  const query = db.selectFrom('customers').select('deleted_at').where('id', '=', customerId);
  const row = await (dialect === 'postgres' ? query.forShare() : query).executeTakeFirst();
  return row !== undefined && row.deleted_at === null;
}

/** `emailNormalized` is the lower-cased address (the unique column). */
export async function findCustomerByEmail(db: Queryable, emailNormalized: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

/** The customer a device credential belongs to, looked up by the credential's hash. */
export async function findCustomerIdByCredentialHash(db: Queryable, credentialHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('customer_credentials')
    .select('customer_id')
    .where('credential_hash', '=', credentialHash)
    .executeTakeFirst();
  return row?.customer_id;
}

export async function insertCredential(db: Queryable, credentialHash: string, customerId: string, now: number): Promise<void> {
  await insertCredentialQuery(db, credentialHash, customerId, now);
}

export interface CustomerProfileUpdate {
  display_name?: string | null;
  email?: string | null;
  email_normalized?: string | null;
}

export async function updateCustomerProfile(db: Queryable, id: string, update: CustomerProfileUpdate, now: number): Promise<void> {
  await db.updateTable('customers').set({ ...update, updated_at: now }).where('id', '=', id).execute();
}

export interface EmailConfirmation {
  tokenHash: string;
  customerId: string;
  email: string;
  emailNormalized: string;
  expiresAt: number;
}

export async function insertEmailConfirmation(db: Queryable, confirmation: EmailConfirmation, now: number): Promise<void> {
  await db
    .insertInto('customer_email_confirmations')
    .values({
      token_hash: confirmation.tokenHash,
      customer_id: confirmation.customerId,
      email: confirmation.email,
      email_normalized: confirmation.emailNormalized,
      expires_at: confirmation.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** Ends the customer's unused confirmation links: only a link for the address they want now may attach one. */
export async function withdrawEmailConfirmations(db: Queryable, customerId: string, now: number): Promise<void> {
  await db.updateTable('customer_email_confirmations').set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
}

/** Ends the customer's unused sign-in links: they were mailed to an address the wallet no longer has. */
export async function withdrawRecoveryTokens(db: Queryable, customerId: string, now: number): Promise<void> {
  await db.updateTable('customer_recovery_tokens').set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
}

/** When the newest confirmation link for this customer was made (to space out the mails), or undefined. */
export function latestEmailConfirmationAt(db: Queryable, customerId: string): Promise<number | undefined> {
  return latestMailedLinkAt(db, 'customer_email_confirmations', customerId);
}

/** When the newest link of this kind was made for this customer, or undefined. */
async function latestMailedLinkAt(db: Queryable, table: 'customer_email_confirmations' | 'customer_recovery_tokens', customerId: string): Promise<number | undefined> {
  const row = await db.selectFrom(table).select('created_at').where('customer_id', '=', customerId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}

/** Uses an unused, unexpired confirmation link once (one conditional UPDATE) and answers what it confirms. */
export async function consumeEmailConfirmation(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<{ customerId: string; email: string; emailNormalized: string } | undefined> {
  const row = await db
    .updateTable('customer_email_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['customer_id', 'email', 'email_normalized'])
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, email: row.email, emailNormalized: row.email_normalized } : undefined;
}

export async function insertRecoveryToken(
  db: Queryable,
  tokenHash: string,
  customerId: string,
  requestedBy: string | null,
  requestedByKey: string | null,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('customer_recovery_tokens')
    .values({ token_hash: tokenHash, customer_id: customerId, requested_by: requestedBy, requested_by_key: requestedByKey, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
}

/** Removes a sign-in link whose mail never went out: nobody holds it, and it must not space out the next mail. */
export async function deleteRecoveryToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.deleteFrom('customer_recovery_tokens').where('token_hash', '=', tokenHash).where('used_at', 'is', null).execute();
}

/** When the newest recovery link for this customer was made (to space out the mails), or undefined. */
export function latestRecoveryTokenAt(db: Queryable, customerId: string): Promise<number | undefined> {
  return latestMailedLinkAt(db, 'customer_recovery_tokens', customerId);
}

/** The wallet a sign-in link (unused, not expired) opens and the wallet and key that asked for it, without using it. */
export async function recoveryTokenParties(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<{ owner: string; requestedBy: string | null; requestedByKey: string | null } | undefined> {
  const row = await db
    .selectFrom('customer_recovery_tokens')
    .select(['customer_id', 'requested_by', 'requested_by_key'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row === undefined ? undefined : { owner: row.customer_id, requestedBy: row.requested_by, requestedByKey: row.requested_by_key };
}

/** How many cards a wallet holds, when it has no e-mail (a wallet with one is never merged): 0 otherwise. */
export async function anonymousWalletCardCount(db: Queryable, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('stamp_cards')
    .innerJoin('customers', 'customers.id', 'stamp_cards.customer_id')
    .select((eb) => eb.fn.countAll<number | string>().as('cards'))
    .where('stamp_cards.customer_id', '=', customerId)
    .where('customers.email', 'is', null)
    .where('customers.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.cards ?? 0);
}

/**
 * Marks an unused, unexpired recovery token used and answers its customer — one conditional UPDATE,
 * so two devices opening the same link at once cannot both get in.
 */
export async function consumeRecoveryToken(db: Queryable, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('customer_recovery_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id;
}
