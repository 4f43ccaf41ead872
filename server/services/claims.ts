// The wallet's cards, and claiming a full card: a claim records a redemption and takes the reward's
// stamps off the card (extra stamps carry over) in one transaction, so one full card gives one reward.
// The claim then waits at the counter (pending, with a short code) until staff hand it over;
// one not handed over in time expires and its stamps go back to the card.
import crypto from 'node:crypto';
import type { CardResponse, ClaimResponse, CustomerCard, RedemptionDto, WalletResponse } from '../../src/api/contract/customer';
import { customerOffers } from './campaign-offers';
import type { AppDeps } from '../deps';
import { textError } from '../http-errors';
import { findCard, listCards, takeStampsIfEnough, type CardRow } from '../repositories/cards';
import { walletStillInUse } from '../repositories/customers';
import { findRedemption, pendingCodeTaken, returnedClaims } from '../repositories/handover';
import { insertRedemption, listRedemptionsForCard } from '../repositories/redemptions';
import { refreshStampFigures } from '../repositories/stamp-figures';
import { isUniqueViolation } from '../repositories/stamp-events';
import { bumpStoreCounter } from '../repositories/store-counters';
import { rewardLabel, toCard, toRedemption, toStore } from './card-view';
import { newHandoverCode } from './handover-code';
import { expireOverdueClaims } from './handover';
import { inTransaction } from '../db/transactions';
import { expireOverdueCards } from './stamp-expiry';
import { enqueueGoogleWalletUpdates } from './google-wallet-updates';
import { applePassesChanged } from './apple-pass-updates';

const MINUTE_MS = 60 * 1000;
/** A fresh code is drawn this many times before a claim gives up (a clash needs ~10⁶ pending claims to be likely). */
const CODE_ATTEMPTS = 5;

/** The refusal for a card the customer's wallet does not hold (claims, passes and store details alike). */
export const cardNotInWallet = () => textError(404, 'claimRefusals.cardNotFound');

/** How many past claims a card view lists. */
export const CARD_REDEMPTIONS_SHOWN = 5;


type Deps = Pick<AppDeps, 'db' | 'now' | 'activityBus'>;

/** Cards with the notice of a claim that expired and gave its stamps back. */
async function toCards(deps: Pick<AppDeps, 'db' | 'now'>, rows: CardRow[]): Promise<CustomerCard[]> {
  const now = deps.now();
  const returned = await returnedClaims(deps.db.kysely, rows.map((row) => row.id));
  return rows.map((row) => {
    const claim = returned.get(row.id);
    return {
      ...toCard(row, now),
      returnedClaim: claim && claim.expired_at !== null ? { rewardLabel: claim.reward_label, stamps: claim.stamps_required, expiredAt: Number(claim.expired_at) } : null,
    };
  });
}

export async function listWallet(deps: Deps, customerId: string): Promise<WalletResponse> {
  await expireOverdueClaims(deps, { customerId });
  await expireOverdueCards(deps, { customerId });
  return { cards: await toCards(deps, await listCards(deps.db.kysely, customerId)) };
}

export async function getCard(deps: Deps, customerId: string, cardId: string): Promise<CardResponse> {
  await expireOverdueClaims(deps, { customerId });
  await expireOverdueCards(deps, { cardId });
  const row = await findCard(deps.db.kysely, customerId, cardId);
  if (!row) throw cardNotInWallet();
  const [card] = await toCards(deps, [row]);
  const redemptions = await listRedemptionsForCard(deps.db.kysely, cardId, CARD_REDEMPTIONS_SHOWN);
  const offers = await customerOffers(deps, row.vendor_id, customerId);
  return { card, redemptions: redemptions.map((r) => toRedemption(r, card.store)), ...(offers.length > 0 ? { offers } : {}) };
}

/** GET /api/customer/claims/{id}: one claim of the customer as it is now (the claim screen asks every second). */
export async function getClaim(deps: Deps, customerId: string, redemptionId: string): Promise<RedemptionDto> {
  await expireOverdueClaims(deps, { id: redemptionId });
  const claim = await findRedemption(deps.db.kysely, redemptionId);
  if (!claim || claim.customer_id !== customerId) throw textError(404, 'claimRefusals.claimNotYours');
  const card = await findCard(deps.db.kysely, customerId, claim.card_id);
  if (!card) throw textError(404, 'claimRefusals.claimNotYours');
  return toRedemption(claim, toStore(card));
}

/**
 * 404 for a card that is not the customer's, 409 when the card holds fewer stamps than the reward
 * needs (also the loser of two simultaneous claims). A reward past its expiry date can still be
 * claimed: the stamps were earned while it ran.
 */
export async function claimCard(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus' | 'config'>, customerId: string, cardId: string): Promise<ClaimResponse> {
  const db = deps.db.kysely;
  const now = deps.now();
  const before = await findCard(db, customerId, cardId);
  if (!before) throw cardNotInWallet();
  if (before.reward_stamps === null) throw textError(409, 'claimRefusals.noReward');
  const required = before.reward_stamps;
  const label = rewardLabel(before);
  const redemptionId = crypto.randomUUID();
  const expiresAt = now + deps.config.claimExpiryMinutes * MINUTE_MS;

  let code = '';
  let outcome: 'claimed' | 'not-full' | 'code-clash' | 'wallet-gone' = 'code-clash';
  for (let attempt = 1; outcome === 'code-clash'; attempt += 1) {
    if (attempt > CODE_ATTEMPTS) throw new Error('could not draw a free hand-over code');
    code = newHandoverCode();
    try {
      outcome = await inTransaction(db, async (trx) => {
        // The wallet's row before its card, in the order a wallet merge, a deletion and a scan take them
        // (PostgreSQL holds it until the commit): a merge or deletion under way is waited for, never met
        // halfway in a circle of locks, and a wallet it took away is refused.
        if (!(await walletStillInUse(trx, customerId, deps.db.dialect))) return 'wallet-gone';
        // Checked first so a clash rarely reaches the unique index (on PostgreSQL that aborts the transaction).
        if (await pendingCodeTaken(trx, before.vendor_id, code)) return 'code-clash';
        if (!(await takeStampsIfEnough(trx, customerId, cardId, required, now))) return 'not-full';
        await insertRedemption(trx, { id: redemptionId, cardId, customerId, vendorId: before.vendor_id, stampsRequired: required, rewardLabel: label, code, expiresAt }, now);
        await applePassesChanged(trx, now, [cardId]);
        await bumpStoreCounter(trx, before.vendor_id, 'claims', now);
        // A stamp of this same millisecond shows the card after the claim (usually none).
        await refreshStampFigures(trx, [cardId], now);
        await enqueueGoogleWalletUpdates(trx, now, [cardId]);
        return 'claimed';
      });
    } catch (error) {
      // Two claims of one store drew the same code at the same moment: the index refused one; it draws again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (outcome === 'wallet-gone') throw cardNotInWallet();
  const claimed = outcome === 'claimed';
  const after = await findCard(db, customerId, cardId);
  if (!after) throw cardNotInWallet();
  if (!claimed) throw textError(409, 'claimRefusals.notFull', { missing: required - after.stamps });
  // The vendor's live counter feed (after the commit).
  deps.activityBus.publish({ type: 'redemption', vendorId: before.vendor_id, id: redemptionId });

  const card = toCard(after, now);
  return {
    redemption: toRedemption(
      {
        id: redemptionId, card_id: cardId, customer_id: customerId, vendor_id: before.vendor_id, stamps_required: required, reward_label: label, created_at: now,
        status: 'pending', code, expires_at: expiresAt, given_at: null, given_via: null, expired_at: null, given_by_device_id: null, given_by_person_id: null, given_by: null,
      },
      card.store,
    ),
    card,
  };
}
