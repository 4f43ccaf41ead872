// One scan of a store's QR code: check the token, the store and its reward, apply the fraud
// controls, and add exactly one stamp — atomically, on SQLite and PostgreSQL alike.
import { isDeviceCode, verifyDeviceCode } from './counter-devices';
import crypto from 'node:crypto';
import type { CustomerCard, CustomerReward, CustomerStore, RedemptionDto, ScanRefusal, ScanRefusalCode, ScanResponse } from '../../src/api/contract/customer';
import type { AppDeps } from '../deps';
import { textError } from '../http-errors';
import { addStampUnlessCoolingDown, cardOfScanContext, ensureCardId, findCardForStore, findScanContext, numberNewCard, storeOfScanContext, type StampedCard, type StoreRow } from '../repositories/cards';
import { findAttemptStamps, hasStampWithToken, insertStampEvent, isForeignKeyViolation, isUniqueViolation } from '../repositories/stamp-events';
import { writeScanFigures } from '../repositories/stamp-figures';
import { currentStoreDayStart } from './store-day';
import { bumpStoreCounter } from '../repositories/store-counters';
import { toCard, toReward, toStore } from './card-view';
import { scanMessages } from './scan-messages';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { cooldownMinutes } from './cooldown';
import { keepEngagedWindow } from './dashboard';
import { addToStorePace, announceAlert, CodeBudgetSpent, admitStamp, refuseOverBudget } from './relay';
import { createCustomer, credentialHashOf, customerForCredential, noCustomerError } from './customers';
import { checkAgainstStore } from './qr-verify';
import { inTransaction } from '../db/transactions';
import { findCustomerIdByCredentialHash, walletStillInUse } from '../repositories/customers';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { enqueueGoogleWalletUpdates } from './google-wallet-updates';
import { DEFAULT_REWARD_SETTINGS, stampsForScan } from './reward-settings';
import { expireCard } from '../repositories/stamp-expiries';
import { stampsExpireAt } from './stamp-expiry';
import { claimCard } from './claims';
import type { StoreRow as SettingsRow } from '../repositories/cards';
import type { RewardSettings } from '../../src/api/contract/rewards';
import { applePassesChanged } from './apple-pass-updates';
import { earnBonusStamps } from './bonus-stamps';

const MINUTE_MS = 60 * 1000;

export type RefusalStatus = 400 | 404 | 409 | 410;
export type ScanOutcome = { ok: true; response: ScanResponse } | { ok: false; status: RefusalStatus; refusal: ScanRefusal & { code: ScanRefusalCode } };

export interface ScanInput {
  token: string;
  /** The device credential sent with the scan, if any. */
  credential: string | undefined;
  /** Asked once before a new customer would be created (the per-address throttle); false refuses with 429. */
  mayCreateCustomer: () => Promise<boolean>;
  /** The client's address (its network prefix is one of the stamp's signals). */
  clientAddress?: string;
  /** The language of the customer's page: what the answer's sentences are written in (English when left out). */
  locale?: Locale;
  /**
   * The phone's key for this scan, the same on every retry of it: a retry of an attempt that stamped (its answer
   * lost on the way) is answered as that attempt was, and stamps nothing more. With it, a well-formed credential
   * that names no customer is one the phone made for its first scan: the new customer gets that credential.
   */
  attempt?: string;
}

const REFUSAL_STATUS: Record<ScanRefusalCode, RefusalStatus> = {
  malformed: 400,
  expired: 410,
  'unknown-store': 404,
  revoked: 410,
  'no-reward': 409,
  'reward-ended': 410,
  'already-collected': 409,
  cooldown: 409,
  'code-budget': 409,
};

function refuse(
  code: ScanRefusalCode,
  error: string,
  context: { store?: CustomerStore; reward?: CustomerReward | null; card?: CustomerCard } = {},
): ScanOutcome {
  const refusal: ScanRefusal & { code: ScanRefusalCode } = { error, code };
  if (context.store) refusal.store = context.store;
  if (context.reward) refusal.reward = context.reward;
  if (context.card) refusal.card = context.card;
  return { ok: false, status: REFUSAL_STATUS[code], refusal };
}

/** Thrown inside the stamping transaction to roll it back when the cooldown refuses the stamp. */
class CoolingDown extends Error {}

export async function scan(deps: Pick<AppDeps, 'db' | 'qrTokens' | 'config' | 'now' | 'activityBus' | 'secret'>, input: ScanInput): Promise<ScanOutcome> {
  const db = deps.db.kysely;
  const now = deps.now();
  const messages = scanMessages(input.locale ?? DEFAULT_LOCALE);

  // Signature and expiry first (no database); then one read for the store, its flyer version, the
  // customer the credential names and their card here (refusals are the cheap path).
  // A code a counter screen signed with its own key is checked against that device (one indexed read).
  const deviceCheck = isDeviceCode(input.token) ? await verifyDeviceCode(deps, input.token) : undefined;
  const verified = deviceCheck ?? deps.qrTokens.verify(input.token);
  const deviceId = deviceCheck?.ok ? deviceCheck.deviceId : null;
  const context = verified.ok ? await findScanContext(db, verified.token.vendorId, credentialHashOf(input.credential), now) : undefined;
  const check = verified.ok ? checkAgainstStore(verified.token, context?.printable_qr_version) : { ok: false as const, reason: verified.reason };
  if (!check.ok) {
    switch (check.reason) {
      case 'malformed': return refuse('malformed', messages.malformed);
      // A retry may come after the counter's code expired: the attempt it repeats still answers it.
      case 'expired': return (await replayExpiredCode(db, input, messages, now)) ?? refuse('expired', messages.expired);
      case 'unknown-vendor': return refuse('unknown-store', messages.unknownStore);
      case 'revoked': return refuse('revoked', messages.revoked);
    }
  }
  const { vendorId, kind, tokenId, issuedAt, count: codeCount = 1 } = check;

  const storeRow: StoreRow | undefined = context;
  if (!storeRow || !context) return refuse('unknown-store', messages.unknownStore);
  const store = toStore(storeRow);
  const knownCustomerId = context.known_customer_id ?? undefined;
  const currentCard = async (): Promise<CustomerCard | undefined> => {
    if (knownCustomerId === undefined) return undefined;
    const row = await findCardForStore(db, knownCustomerId, vendorId);
    return row ? toCard(row, now) : undefined;
  };
  // A returning customer's card as it is before this scan: shown with a refusal, and it tells whether
  // the cooldown refuses without opening a write transaction (refusals are the cheap path).
  const cardRowBefore = cardOfScanContext(context);
  const cardBefore = cardRowBefore ? toCard(cardRowBefore, now) : undefined;

  const reward = toReward(storeRow, now);
  if (!reward) return refuse('no-reward', messages.noReward(store.company), { store, card: cardBefore });
  if (reward.ended) return refuse('reward-ended', messages.rewardEnded(reward.expiry), { store, reward, card: cardBefore });

  const replay = (customerId: string | undefined): Promise<ScanOutcome | undefined> =>
    replayAttempt(db, messages, now, { customerId, attempt: input.attempt, vendorId, tokenId, store, reward });
  // The credential a phone made for its first scan (sent with the scan's attempt key, naming no customer yet).
  const phoneCredential = knownCustomerId === undefined && input.attempt !== undefined && credentialHashOf(input.credential) !== undefined ? input.credential : undefined;

  if (knownCustomerId === undefined && !(await input.mayCreateCustomer())) throw textError(429, 'scanMessages.newCustomerThrottled');

  const minutes = cooldownMinutes(deps, kind);
  // A cooldown of 0 refuses nothing, even a card whose last stamp is later than now (the clock was stepped
  // back): "stamped since now" would refuse every scan until the clock caught up.
  const coolingSince = minutes === 0 ? Number.MAX_SAFE_INTEGER : now - minutes * MINUTE_MS;
  if (knownCustomerId !== undefined && cardBefore?.lastStampAt != null && cardBefore.lastStampAt > coolingSince) {
    const replayed = await replay(knownCustomerId);
    if (replayed) return replayed;
    // The same answers the transaction below would give (its unique index, then its conditional
    // UPDATE), read without writing; the transaction still enforces both against concurrent scans.
    if (kind === 'dynamic' && (await hasStampWithToken(db, knownCustomerId, tokenId))) {
      return refuse('already-collected', messages.alreadyCollected, { store, reward, card: cardBefore });
    }
    return refuse('cooldown', messages.cooldown(minutes), { store, reward, card: cardBefore });
  }
  const settings = settingsOf(storeRow);
  // Per-item mode: the count the counter chose, within the store's max and the card size (a scan completes one card at most).
  const given = kind === 'dynamic' ? stampsForScan(settings, codeCount, reward.stamps) : 1;
  let stamped: { card: StampedCard; credential?: string; alertChanged: boolean; codeKey: string; customerId: string; bonus: number };
  // Stamps of one card in one millisecond are ordered by id: sorted ids put each bonus stamp after the
  // stamps it doubles ("stamp 3" is the bonus one), in the activity list and on the card's history.
  const eventIds = Array.from({ length: 2 * given }, () => crypto.randomUUID()).sort();
  const stampEventIds = eventIds.slice(0, given);
  const bonusEventIds: string[] = [];
  const bonusCampaignId = context.bonus_campaign_id;
  try {
    // One transaction: the customer (when new), the card, the event, the count. The event goes in
    // first so the unique index settles duplicate scans of one token; the count changes in a
    // conditional UPDATE that also enforces the cooldown. Any refusal rolls everything back.
    stamped = await inTransaction(db, async (trx) => {
      const created = knownCustomerId === undefined ? await createCustomer(deps, now, trx, phoneCredential) : undefined;
      const customerId = created?.customerId ?? (knownCustomerId as string);
      // A wallet deleted since the read above takes no stamp: its phone is signed out, as any later
      // request with the credential finds. Asked before the card, so the customer's row and then the
      // card's are taken in the order a wallet deletion takes them.
      if (created === undefined && !(await walletStillInUse(trx, customerId, deps.db.dialect))) throw noCustomerError();
      const { id: cardId, created: cardCreated } = await ensureCardId(trx, customerId, vendorId, crypto.randomUUID(), now);
      // Stamps past the store's expiry end before this visit's stamps are added (recorded as an expiry).
      if (cardRowBefore && cardRowBefore.id === cardId) {
        const expiresAt = stampsExpireAt(cardRowBefore.last_stamp_at, cardRowBefore.stamps, settings.expiryDays);
        if (expiresAt !== null && expiresAt <= now && cardRowBefore.last_stamp_at !== null) {
          await expireCard(trx, { id: cardId, customer_id: customerId, vendor_id: vendorId, stamps: cardRowBefore.stamps, last_stamp_at: cardRowBefore.last_stamp_at, required: reward.stamps }, now);
        }
      }
      // One event per stamp (the first carries the token: its unique index refuses a second scan of the code),
      // each with the card size it was given under; the relay budget counts every one of them.
      let relay: { codeKey: string; alertChanged: boolean } = { codeKey: '', alertChanged: false };
      let pacedStamps = 0;
      for (const [index, id] of stampEventIds.entries()) {
        await insertStampEvent(trx, { id, cardId, customerId, vendorId, tokenId: index === 0 ? tokenId : `${tokenId}#${index + 1}`, kind, cardRequired: reward.stamps, deviceId, scanAttempt: index === 0 ? input.attempt : null }, now);
        // the code's stamp budget and the relay signals (throws CodeBudgetSpent past the budget).
        // Before the card's UPDATE: the code's row is locked before the card's, in the order a void takes them.
        const admitted = await admitStamp(deps, {
          vendorId, kind, tokenId, codeIssuedAt: issuedAt, clientAddress: input.clientAddress, customerId, newDevice: index === 0 && created !== undefined, stampEventId: id, timeZone: context.store_time_zone,
        }, now, trx);
        relay = { codeKey: admitted.codeKey, alertChanged: relay.alertChanged || admitted.alertChanged };
        if (admitted.countsTowardPace) pacedStamps += 1;
      }
      // A running bonus-stamps campaign doubles the stamps (its budget spent here, after the code's row
      // and before the card's, so every stamp takes its locks in one order); the extra ones are marked as bonus.
      const earned = bonusCampaignId === null ? { stamps: 0, costCentsEach: 0 } : await earnBonusStamps(trx, { campaignId: bonusCampaignId, customerId, rewardPriceCents: context.reward_item_price_cents === null ? null : Number(context.reward_item_price_cents), punchesRequired: reward.stamps, given, now });
      const bonus = earned.stamps;
      bonusEventIds.length = 0;
      for (let index = 0; index < bonus; index += 1) {
        const id = eventIds[given + index];
        bonusEventIds.push(id);
        await insertStampEvent(trx, { id, cardId, customerId, vendorId, tokenId: `${tokenId}#bonus${index + 1}`, kind, cardRequired: reward.stamps, deviceId, bonusCampaignId, bonusCostCents: earned.costCentsEach }, now);
      }
      // The same UPDATE counts the visit (the card's first stamp of the store day) and records the card's
      // latest visit times, which the Customers page's visits and regulars filter read.
      const stampedCard = await addStampUnlessCoolingDown(trx, cardId, coolingSince, now, given + bonus, currentStoreDayStart(now, context.store_time_zone));
      if (!stampedCard) throw new CoolingDown();
      const { card } = stampedCard;
      await applePassesChanged(trx, now, [cardId]);
      // The visit number and card count the activity list shows for this scan's stamps (the card's
      // visits as its UPDATE left them; the count after each, in id order within the millisecond).
      await writeScanFigures(trx, cardId, now, stampedCard.visits);
      await enqueueGoogleWalletUpdates(trx, now, [cardId]);
      // The store's own rows last (its vendor row when numbering a new card, its pace, its counters): each
      // UPDATE holds its row until the commit and every scan at the store needs it, so each scan holds them
      // for its commit alone, and a burst of scans at one store is not one transaction at a time.
      if (cardCreated) await numberNewCard(trx, vendorId, cardId);
      for (let paced = 0; paced < pacedStamps; paced += 1) await addToStorePace(trx, { vendorId, kind, timeZone: context.store_time_zone }, now);
      await bumpStoreCounter(trx, vendorId, 'stamps', now, given + bonus);
      return { card, credential: created?.credential, customerId, bonus, ...relay };
    });
  } catch (error) {
    // The wallet the credential named was merged into another or deleted after the read above: the
    // credential is revoked, as any later request with it would find.
    if (knownCustomerId !== undefined && isForeignKeyViolation(error)) throw noCustomerError();
    if (isUniqueViolation(error)) {
      // A retry that raced its own first attempt (the phone's credential or the attempt key already taken by it).
      const replayed = await replay(knownCustomerId ?? (phoneCredential === undefined ? undefined : await customerForCredential(deps, phoneCredential)));
      if (replayed) return replayed;
      return refuse('already-collected', messages.alreadyCollected, { store, reward, card: await currentCard() });
    }
    if (error instanceof CoolingDown) return (await replay(knownCustomerId)) ?? refuse('cooldown', messages.cooldown(minutes), { store, reward, card: await currentCard() });
    if (error instanceof CodeBudgetSpent) {
      await refuseOverBudget(deps, error.codeKey);
      return refuse('code-budget', messages.codeBudget, { store, reward, card: await currentCard() });
    }
    throw error;
  }

  // The card as the stamp's UPDATE left it (not read again after the commit), with the store as read.
  const card = toCard({ ...storeOfScanContext(context), ...stamped.card }, now);
  // the vendor's live counter feed (after the commit: a rolled-back stamp is never announced).
  for (const id of [...stampEventIds, ...bonusEventIds]) deps.activityBus.publish({ type: 'stamp', vendorId, id });
  if (stamped.alertChanged) announceAlert(deps, vendorId, stamped.codeKey);
  // The dashboard's engaged counts move on with time (about once an hour per store). A failure
  // must not turn a committed stamp into an error: the next stamp tries again, and until then the
  // dashboard reads the lag itself.
  await keepEngagedWindow(deps, vendorId, now).catch(() => undefined);
  const redeemed = settings.autoRedeem && card.canClaim ? await autoRedeem(deps, stamped.customerId, card.id) : undefined;
  const response: ScanResponse = {
    message: redeemed ? messages.autoRedeemed(reward) : messages.stamped(card, reward, given + stamped.bonus),
    store, reward, card: redeemed?.card ?? card, stampedAt: now,
  };
  if (given + stamped.bonus > 1) response.stampsGiven = given + stamped.bonus;
  if (stamped.bonus > 0) response.bonusStamps = stamped.bonus;
  if (redeemed) response.redemption = redeemed.redemption;
  if (stamped.credential) response.credential = stamped.credential;
  return { ok: true, response };
}

/**
 * A retry of an attempt that stamped: the answer that attempt gave (its stamps, the card as it is now, `repeated`),
 * nothing stamped again. Only the customer the phone's credential names finds its attempts, and only for the same code.
 */
async function replayAttempt(
  db: Kysely<Database>,
  messages: ReturnType<typeof scanMessages>,
  now: number,
  scanOf: { customerId: string | undefined; attempt: string | undefined; vendorId: string; tokenId: string; store: CustomerStore; reward: CustomerReward },
): Promise<ScanOutcome | undefined> {
  const { customerId, attempt, vendorId, tokenId, store, reward } = scanOf;
  if (attempt === undefined || customerId === undefined) return undefined;
  const earlier = await findAttemptStamps(db, customerId, attempt);
  if (!earlier || earlier.vendorId !== vendorId || earlier.tokenId !== tokenId) return undefined;
  const row = await findCardForStore(db, customerId, vendorId);
  if (!row) return undefined;
  const card = toCard(row, now);
  const response: ScanResponse = { message: messages.stamped(card, reward, earlier.stamps), store, reward, card, stampedAt: earlier.createdAt, repeated: true };
  if (earlier.stamps > 1) response.stampsGiven = earlier.stamps;
  if (earlier.bonus > 0) response.bonusStamps = earlier.bonus;
  return { ok: true, response };
}

/** A retry of a counter code's scan that stamped, sent after the code expired (a counter code's id is the code itself). */
async function replayExpiredCode(db: Kysely<Database>, input: ScanInput, messages: ReturnType<typeof scanMessages>, now: number): Promise<ScanOutcome | undefined> {
  const credentialHash = credentialHashOf(input.credential);
  if (input.attempt === undefined || credentialHash === undefined) return undefined;
  const customerId = await findCustomerIdByCredentialHash(db, credentialHash);
  if (customerId === undefined) return undefined;
  const earlier = await findAttemptStamps(db, customerId, input.attempt);
  if (!earlier || earlier.tokenId !== input.token) return undefined;
  const context = await findScanContext(db, earlier.vendorId, credentialHash, now);
  const reward = context ? toReward(context, now) : null;
  if (!context || !reward) return undefined;
  return replayAttempt(db, messages, now, { customerId, attempt: input.attempt, vendorId: earlier.vendorId, tokenId: earlier.tokenId, store: toStore(context), reward });
}

/** The store's saved settings as the scan read them (the defaults when never saved). */
function settingsOf(row: SettingsRow): RewardSettings {
  if (row.settings_stamp_mode === null) return { ...DEFAULT_REWARD_SETTINGS };
  return {
    stampMode: row.settings_stamp_mode === 'per-item' ? 'per-item' : 'per-visit',
    maxPerTransaction: Number(row.settings_max_per_transaction ?? 1),
    autoRedeem: Number(row.settings_auto_redeem) === 1,
    expiryDays: row.settings_expiry_days === null ? null : Number(row.settings_expiry_days),
  };
}

/**
 * The store auto-redeems: the full card becomes a pending reward at once, as if the customer had pressed
 * Claim (the hand-over code shows to staff the same way). A claim that loses a race (another device
 * claimed the card meanwhile) leaves the stamp as it is.
 */
async function autoRedeem(deps: Pick<AppDeps, 'db' | 'now' | 'activityBus' | 'config'>, customerId: string, cardId: string): Promise<{ redemption: RedemptionDto; card: CustomerCard } | undefined> {
  try {
    return await claimCard(deps, customerId, cardId);
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 409) return undefined;
    throw error;
  }
}
