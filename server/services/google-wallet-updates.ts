// The card changes Google Wallet hears about: called inside the transaction of the change, each queues a
// job (an outbox row) that a runner sends to Google after the commit (services/google-wallet.ts).
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { enqueueJob } from '../infra/jobs';
import { deleteGoogleWalletObjects, googleWalletObjectsOfCards, googleWalletObjectsOfCustomer } from '../repositories/google-wallet-objects';

export const GOOGLE_WALLET_SYNC_JOB = 'google-wallet.sync-object';
export const GOOGLE_WALLET_VOID_JOB = 'google-wallet.void-object';
/** Changes of one card within this window go to Google as one PATCH (a burst of stamps is one update). */
export const GOOGLE_WALLET_COALESCE_MS = 2000;

/**
 * Called inside the transaction of any change to these cards (stamp, claim, hand-over, expiry, void,
 * merge): queues one PATCH per card that has a Google Wallet object, folded with the others of the window.
 * Cards get an object only on a server configured for Google Wallet, so the one indexed read is the
 * whole cost on a server without it.
 */
export async function enqueueGoogleWalletUpdates(trx: Transaction<Database>, now: number, cardIds: readonly string[]): Promise<void> {
  if (cardIds.length === 0) return;
  for (const row of await googleWalletObjectsOfCards(trx, cardIds)) {
    await enqueueJob(trx, now, {
      kind: GOOGLE_WALLET_SYNC_JOB,
      payload: { cardId: row.card_id },
      idempotencyKey: `${GOOGLE_WALLET_SYNC_JOB}:${row.card_id}:${crypto.randomUUID()}`,
      coalesceKey: `${GOOGLE_WALLET_SYNC_JOB}:${row.card_id}`,
      delayMs: GOOGLE_WALLET_COALESCE_MS,
    });
  }
}

/** Called inside the transaction that deletes a wallet (or drops cards): each Google object is voided, and forgotten here. */
export async function enqueueGoogleWalletVoids(trx: Transaction<Database>, now: number, scope: { customerId: string } | { cardIds: readonly string[] }): Promise<void> {
  const rows = 'customerId' in scope ? await googleWalletObjectsOfCustomer(trx, scope.customerId) : await googleWalletObjectsOfCards(trx, scope.cardIds);
  for (const row of rows) {
    await enqueueJob(trx, now, { kind: GOOGLE_WALLET_VOID_JOB, payload: { objectId: row.object_id, locale: row.locale }, idempotencyKey: `${GOOGLE_WALLET_VOID_JOB}:${row.object_id}` });
  }
  await deleteGoogleWalletObjects(trx, rows.map((row) => row.card_id));
}
