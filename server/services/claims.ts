// The wallet's cards, and claiming a full card: a claim records a redemption and takes the reward's
// stamps off the card (extra stamps carry over) in one transaction, so one full card gives one reward.
import crypto from 'node:crypto';
import type { CardResponse, ClaimResponse, WalletResponse } from '../../src/api/types';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../http-errors';
import { findCard, listCards, takeStampsIfEnough } from '../repositories/cards';
import { insertRedemption, listRedemptionsForCard } from '../repositories/redemptions';
import { bumpStoreCounter } from '../repositories/store-counters';
import { rewardLabel, toCard, toRedemption } from './card-view';

export const CARD_NOT_FOUND_MESSAGE = 'This stamp card is not in your wallet.';
export const NO_REWARD_TO_CLAIM_MESSAGE = 'This store has no reward set up right now, so there is nothing to claim.';
/** How many past claims a card view lists. */
export const CARD_REDEMPTIONS_SHOWN = 5;

export function notFullMessage(stamps: number, required: number): string {
  const missing = required - stamps;
  return `This card is not full yet: ${missing} more stamp${missing === 1 ? '' : 's'} to go.`;
}

export async function listWallet(deps: Pick<AppDeps, 'db' | 'now'>, customerId: string): Promise<WalletResponse> {
  const now = deps.now();
  return { cards: (await listCards(deps.db.kysely, customerId)).map((row) => toCard(row, now)) };
}

export async function getCard(deps: Pick<AppDeps, 'db' | 'now'>, customerId: string, cardId: string): Promise<CardResponse> {
  const row = await findCard(deps.db.kysely, customerId, cardId);
  if (!row) throw notFound(CARD_NOT_FOUND_MESSAGE);
  const card = toCard(row, deps.now());
  const redemptions = await listRedemptionsForCard(deps.db.kysely, cardId, CARD_REDEMPTIONS_SHOWN);
  return { card, redemptions: redemptions.map((r) => toRedemption(r, card.store)) };
}

/**
 * 404 for a card that is not the customer's, 409 when the card holds fewer stamps than the reward
 * needs (also the loser of two simultaneous claims). A reward past its expiry date can still be
 * claimed: the stamps were earned while it ran.
 */
export async function claimCard(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus'>, customerId: string, cardId: string): Promise<ClaimResponse> {
  const db = deps.db.kysely;
  const now = deps.now();
  const before = await findCard(db, customerId, cardId);
  if (!before) throw notFound(CARD_NOT_FOUND_MESSAGE);
  if (before.reward_stamps === null) throw conflict(NO_REWARD_TO_CLAIM_MESSAGE);
  const required = before.reward_stamps;
  const label = rewardLabel(before);
  const redemptionId = crypto.randomUUID();

  const claimed = await db.transaction().execute(async (trx) => {
    if (!(await takeStampsIfEnough(trx, customerId, cardId, required, now))) return false;
    await insertRedemption(trx, { id: redemptionId, cardId, customerId, vendorId: before.vendor_id, stampsRequired: required, rewardLabel: label }, now);
    await bumpStoreCounter(trx, before.vendor_id, 'claims', now);
    return true;
  });
  const after = await findCard(db, customerId, cardId);
  if (!after) throw notFound(CARD_NOT_FOUND_MESSAGE);
  if (!claimed) throw conflict(notFullMessage(after.stamps, required));
  // Issue 7: the vendor's live counter feed (after the commit).
  deps.activityBus.publish({ type: 'redemption', vendorId: before.vendor_id, id: redemptionId });

  const card = toCard(after, now);
  return {
    redemption: toRedemption(
      { id: redemptionId, card_id: cardId, customer_id: customerId, vendor_id: before.vendor_id, stamps_required: required, reward_label: label, created_at: now },
      card.store,
    ),
    card,
  };
}
