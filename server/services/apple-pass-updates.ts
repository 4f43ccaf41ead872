// Keeping Apple Wallet passes current: every change to a card marks its pass changed and, in the same
// transaction, queues a push to each phone holding the pass; the push job (run after the commit, by
// whichever server holds it) tells APNs, and the phone then fetches the pass from the web service.
// A phone is pushed at most once per window however many of its cards change: a burst folds into the
// push already waiting, and the next push waits for the window to pass.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../deps';
import type { Database } from '../db/schema';
import type { ApnsClient } from '../infra/apns';
import { batchedLookup } from '../infra/batched-lookup';
import { enqueueJob, PermanentJobError, type JobHandler } from '../infra/jobs';
import { ServiceBusyError } from '../infra/retry-after';
import {
  cardIdsOfRedemptions,
  deleteApplePassDevice,
  deleteApplePassesOfCustomer,
  devicesHoldingCards,
  findApplePassDevices,
  markApplePassesChanged,
  setDeviceNextPushAt,
} from '../repositories/apple-passes';

export const APPLE_PASS_PUSH_JOB = 'apple-pass-push';
/** The least time between two pushes to one phone. */
export const APPLE_PUSH_WINDOW_MS = 3000;

interface ApplePushPayload {
  deviceLibraryId: string;
}

/**
 * Records that these cards changed (a stamp, a claim, a hand-over, stamps expiring or returned, a void,
 * a merge) and queues the pushes, inside the change's own transaction `trx`. Cards without a pass cost
 * one indexed update and one indexed read.
 */
export async function applePassesChanged(trx: Kysely<Database>, now: number, cardIds: readonly string[]): Promise<void> {
  if (cardIds.length === 0) return;
  await markApplePassesChanged(trx, cardIds, now);
  for (const device of await devicesHoldingCards(trx, cardIds)) {
    const runAt = Math.max(now, device.next_push_at);
    const payload: ApplePushPayload = { deviceLibraryId: device.device_library_id };
    const queued = await enqueueJob(trx, now, {
      kind: APPLE_PASS_PUSH_JOB,
      payload,
      idempotencyKey: `${APPLE_PASS_PUSH_JOB}:${device.device_library_id}:${crypto.randomUUID()}`,
      coalesceKey: `${APPLE_PASS_PUSH_JOB}:${device.device_library_id}`,
      delayMs: runAt - now,
    });
    // A push already waiting carries this change too; a new one holds the next push back a window.
    if (queued) await setDeviceNextPushAt(trx, device.device_library_id, runAt + APPLE_PUSH_WINDOW_MS);
  }
}

function payloadOf(payload: unknown): ApplePushPayload {
  const value = payload as Partial<ApplePushPayload> | null;
  if (!value || typeof value.deviceLibraryId !== 'string') throw new PermanentJobError('an Apple pass push without a device');
  return { deviceLibraryId: value.deviceLibraryId };
}

/**
 * The push job: one APNs push to the phone's current push token. APNs' 410 (and a token it calls bad)
 * forgets the phone; 429, 5xx, a timeout or a broken connection fail the job, which the queue runs
 * again with backoff (and not before APNs' Retry-After, when it gave one); any other refusal cannot get
 * better by trying again.
 */
export function applePassPushHandler(deps: Pick<AppDeps, 'db'>, apns: ApnsClient): JobHandler {
  // The pushes of one batch read their phones' push tokens in one query.
  const deviceOf = batchedLookup(async (deviceLibraryIds) => new Map((await findApplePassDevices(deps.db.kysely, deviceLibraryIds)).map((device) => [device.device_library_id, device])));
  return async (payload, context) => {
    const { deviceLibraryId } = payloadOf(payload);
    const device = await deviceOf(deviceLibraryId);
    // The phone removed the pass (or the wallet was deleted) since: nobody to tell.
    if (!device) return;
    const answer = await apns.push(device.push_token, context.signal);
    if (answer.status === 200) return;
    if (answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken')) {
      await deleteApplePassDevice(deps.db.kysely, deviceLibraryId, device.push_token);
      return;
    }
    const refusal = `APNs answered ${answer.status}${answer.reason ? ` (${answer.reason})` : ''}`;
    if (answer.retryAt !== undefined) throw new ServiceBusyError(refusal, answer.retryAt);
    if (answer.status === 429 || answer.status === 403 || answer.status >= 500) throw new Error(refusal);
    throw new PermanentJobError(refusal);
  };
}

/** A claim handed over or expired (its stamps back on the card): its card's pass changed. */
export async function applePassOfClaimChanged(trx: Kysely<Database>, now: number, redemptionId: string): Promise<void> {
  await applePassesChanged(trx, now, await cardIdsOfRedemptions(trx, [redemptionId]));
}

/** A deleted wallet: its passes stop answering and every phone's registration for them goes, in `trx`. */
export async function forgetApplePassesOf(trx: Kysely<Database>, customerId: string): Promise<void> {
  await deleteApplePassesOfCustomer(trx, customerId);
}
