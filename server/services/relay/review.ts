// The vendor's side of relay detection: the alerts for flagged codes with the stamps they
// granted, the owner-only void action (audited), and the store's own budget floors.
import type { RelayAlert, RelayAlertStamp, RelayFlagReason, StampBudgetSettings, VoidCodeResponse } from '../../../src/api/contract/relay';
import type { AppDeps } from '../../deps';
import { textError } from '../../http-errors';
import { customerDisplayNames, customerNumbersOfCards } from '../../repositories/activity';
import { bumpPrintableVersion } from '../../repositories/printable-qr';
import { recountCardVisits } from '../card-visits';
import { bumpStoreCounter } from '../../repositories/store-counters';
import { findStoreTimeZone } from '../../repositories/vendors';
import {
  findCodeUsage,
  insertAudit,
  listFlaggedCodes,
  markCodeVoided,
  paceAndFloors,
  removeStampsFromCard,
  setBudgetFloors,
  setVoidedStamps,
  stampsOfCode,
  voidStampEvents,
  lockCardsById,
  type CodeStampRow,
  type CodeUsageRow,
} from '../../repositories/relay';
import { customerLabel } from '../activity';
import { DEFAULT_LOCALE, type Locale } from '../../../src/api/contract/locales';
import { DAY_MS, PACE_DAYS, paceDay, paceDaysBefore, stampBudget } from './budget';
import { inTransaction } from '../../db/transactions';
import { budgetChangeActor, recordStoreSettingsActor } from '../../repositories/actors';
import { enqueueGoogleWalletUpdates } from '../google-wallet-updates';
import { applePassesChanged } from '../apple-pass-updates';
import { bonusCompanionsOf } from '../bonus-stamps';

/** Alerts shown: flags of the last week, newest first. */
export const ALERT_DAYS = 7;
export const MAX_ALERTS = 20;
/** Stamps listed (and voided) per code: far above any budget. */
export const MAX_STAMPS_PER_CODE = 500;

type Deps = Pick<AppDeps, 'db' | 'now' | 'config' | 'activityBus'>;

/** "14:02" in UTC (the server does not know the store's time zone; the page shows times in the browser's own). */
function clock(instant: number): string {
  return new Date(instant).toISOString().slice(11, 16);
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** 'Code from 14:02 used 17 times from 9 networks in 60 s — a photo may be going around'. */
export function alertMessage(usage: CodeUsageRow, reason: RelayFlagReason, timeOf: (instant: number) => string = clock): string {
  const uses = usage.granted + usage.refused;
  const what = usage.kind === 'printable' ? 'Flyer code' : `Code from ${timeOf(usage.first_at)}`;
  const networks = `${usage.networks} network${usage.networks === 1 ? '' : 's'}`;
  const span = seconds(usage.last_at - usage.first_at);
  if (reason === 'device') return `${what} was used by a phone that collected stamps at several stores within minutes — check these stamps`;
  return `${what} used ${uses} time${uses === 1 ? '' : 's'} from ${networks} in ${span} — a photo may be going around`;
}

/** Which of a code's stamps its void takes back: all of them, or for a device-only flag that device's stamps. */
function stampsToVoid(usage: CodeUsageRow, stamps: readonly CodeStampRow[], deviceStores: number): CodeStampRow[] {
  const open = stamps.filter((s) => s.voided_at === null);
  if (usage.flag_reason !== 'device') return open;
  return open.filter((s) => (s.device_stores ?? 0) >= deviceStores);
}

async function toAlert(deps: Deps, usage: CodeUsageRow, locale: Locale): Promise<RelayAlert> {
  const rows = await stampsOfCode(deps.db.kysely, usage.code_key, MAX_STAMPS_PER_CODE);
  const [names, numbers] = await Promise.all([
    customerDisplayNames(deps.db.kysely, rows.map((r) => r.customer_id)),
    customerNumbersOfCards(deps.db.kysely, rows.map((r) => r.card_id)),
  ]);
  const reason = (usage.flag_reason ?? 'networks') as RelayFlagReason;
  const stamps: RelayAlertStamp[] = rows.map((r) => ({
    id: r.id,
    customer: customerLabel(r.customer_id, names.get(r.customer_id), { customerNumber: numbers.get(r.card_id) }, locale),
    date: r.created_at,
    network: r.client_network,
    newDevice: r.new_device === 1,
    voided: r.voided_at !== null,
    claimedAfter: r.claimed_after === 1,
  }));
  return {
    code: usage.code_key,
    kind: usage.kind,
    reason,
    message: alertMessage(usage, reason),
    firstUsedAt: usage.first_at,
    lastUsedAt: usage.last_at,
    flaggedAt: usage.flagged_at ?? usage.first_at,
    granted: usage.granted,
    refused: usage.refused,
    networks: usage.networks,
    budget: usage.budget,
    voidedAt: usage.voided_at,
    voidedStamps: usage.voided_stamps,
    stamps,
  };
}

/** GET /api/qrcode/{vendorId}/alerts: the flagged codes of the last week, each with its stamps (customers named in `locale`). */
export async function listRelayAlerts(deps: Deps, vendorId: string, locale: Locale = DEFAULT_LOCALE): Promise<RelayAlert[]> {
  const codes = await listFlaggedCodes(deps.db.kysely, vendorId, deps.now() - ALERT_DAYS * DAY_MS, MAX_ALERTS);
  return Promise.all(codes.map((usage) => toAlert(deps, usage, locale)));
}

/**
 * POST /api/qrcode/{vendorId}/alerts/{code}/void: in one transaction the code's stamps are marked voided,
 * each card loses them (never below zero: a claim already made is kept, and reported), the code grants
 * nothing more, a flyer code is renewed (older flyers stop working), and the action is audited.
 */
export async function voidCode(deps: Deps, vendorId: string, codeKey: string, clientAddress: string | null): Promise<VoidCodeResponse> {
  const result = await inTransaction(deps.db.kysely, async (trx) => {
    // Dated inside the transaction, not when the request came in: a claim that got to the card first is
    // then dated before the void (SQLite runs write transactions one at a time; PostgreSQL re-reads the
    // clock below, once this void holds the cards), so "a claim already made is kept" reads from the dates.
    let now = deps.now();
    const usage = await findCodeUsage(trx, vendorId, codeKey);
    if (!usage || usage.flagged_at === null) throw textError(404, 'relayRefusals.noFlaggedCode');
    // Taken first: the code grants nothing more, and a second void (another tab) finds it taken.
    if (!(await markCodeVoided(trx, codeKey, now))) throw textError(409, 'relayRefusals.alreadyVoided');
    const stamps = await stampsOfCode(trx, codeKey, MAX_STAMPS_PER_CODE);
    const relayed = stampsToVoid(usage, stamps, deps.config.relay.deviceStores);
    // A relayed stamp's bonus (a bonus-stamps campaign's second stamp) goes with it, its cost back to the campaign.
    const chosen: Array<{ id: string; card_id: string; created_at: number }> = [...relayed, ...(await bonusCompanionsOf(trx, relayed.map((s) => s.id)))];
    // Before any stamp is marked: a second void of a stamp of the same card (another code, the same
    // millisecond) would otherwise work the card's figures out from a snapshot without this void's
    // stamps, leaving later visits one off. SQLite's write transactions already run one at a time.
    if (deps.db.dialect === 'postgres') {
      await lockCardsById(trx, chosen.map((s) => s.card_id));
      now = deps.now();
    }
    // Each stamp's card as it is now: a wallet merge that committed since the stamps were read has moved
    // them onto the recovered wallet's card, and that card is the one that loses them.
    const voided = await voidStampEvents(trx, chosen.map((s) => s.id), now);
    const cardOfVoided = new Map(voided.map((v) => [v.id, v.cardId]));
    const perCard = new Map<string, number>();
    const claimedAfterOn = new Set<string>();
    for (const stamp of chosen) {
      const cardId = cardOfVoided.get(stamp.id);
      if (cardId === undefined) continue;
      perCard.set(cardId, (perCard.get(cardId) ?? 0) + 1);
      // The dashboard's running counts stop counting it, in the slot it was counted in.
      await bumpStoreCounter(trx, vendorId, 'stamps', stamp.created_at, -1);
    }
    for (const stamp of relayed) {
      const cardId = cardOfVoided.get(stamp.id);
      if (cardId !== undefined && stamp.claimed_after === 1) claimedAfterOn.add(cardId);
    }
    let claimsKept = 0;
    // Cards that had fewer stamps left than were voided (a claim had spent them): kept at zero, and named
    // in the audit so the figures can be accounted for.
    const cardsHeldAtZero: string[] = [];
    // Cards in id order, as a wallet merge locks them: two voids sharing cards cannot deadlock on the cards.
    // (The histogram rows their commits change still can: inTransaction runs the one given up again.)
    const cardsInLockOrder = [...perCard].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [cardId, count] of cardsInLockOrder) {
      const claimKept = await removeStampsFromCard(trx, cardId, count, now);
      if (claimKept) cardsHeldAtZero.push(cardId);
      // A voided stamp is no visit: the card's visits (a day stops counting once no stamp of it is left),
      // its latest visits (the Customers page's regulars) and its stamps' visit numbers are worked out again.
      await recountCardVisits(trx, cardId);
      if (claimKept || claimedAfterOn.has(cardId)) claimsKept += 1;
    }
    await enqueueGoogleWalletUpdates(trx, now, cardsInLockOrder.map(([cardId]) => cardId));
    await applePassesChanged(trx, now, cardsInLockOrder.map(([cardId]) => cardId));
    await setVoidedStamps(trx, codeKey, cardOfVoided.size);
    const flyerRenewed = usage.kind === 'printable' ? (await bumpPrintableVersion(trx, vendorId, now)) !== undefined : false;
    const response: VoidCodeResponse = { voidedStamps: cardOfVoided.size, cards: perCard.size, claimsKept, flyerRenewed };
    await insertAudit(trx, { vendorId, action: 'void-code', codeKey, detail: { ...response, cardsHeldAtZero, reason: usage.flag_reason, granted: usage.granted, networks: usage.networks }, clientAddress }, now);
    return response;
  });
  announceAlert(deps, vendorId, codeKey);
  return result;
}

/** Tells the vendor's open pages that a code's alert appeared or changed (after the commit). */
export function announceAlert(deps: Pick<AppDeps, 'activityBus'>, vendorId: string, codeKey: string): void {
  deps.activityBus.publish({ type: 'relay-alert', vendorId, id: codeKey });
}

export async function getBudgetSettings(deps: Deps, vendorId: string): Promise<StampBudgetSettings> {
  const timeZone = await findStoreTimeZone(deps.db.kysely, vendorId);
  const today = paceDay(deps.now(), timeZone);
  const pace = await paceAndFloors(deps.db.kysely, vendorId, paceDaysBefore(today, PACE_DAYS, timeZone), today);
  return {
    codeBudgetFloor: pace.codeBudgetFloor,
    flyerBudgetFloor: pace.flyerBudgetFloor,
    changedBy: await budgetChangeActor(deps.db.kysely, vendorId),
    effectiveCodeBudget: stampBudget('dynamic', pace, pace, deps.config.relay),
    effectiveFlyerBudget: stampBudget('printable', pace, pace, deps.config.relay),
  };
}

/** PUT …/stamp-budget: the store's own floors (null: the server's default), audited. */
export async function updateBudgetSettings(
  deps: Deps,
  vendorId: string,
  floors: { codeBudgetFloor: number | null; flyerBudgetFloor: number | null },
  clientAddress: string | null,
  actor?: { personId: string | null; name: string },
): Promise<StampBudgetSettings> {
  const now = deps.now();
  await inTransaction(deps.db.kysely, async (trx) => {
    await setBudgetFloors(trx, vendorId, floors, now);
    await insertAudit(trx, { vendorId, action: 'set-budget-floors', codeKey: null, detail: floors, clientAddress, ...(actor ? { actor } : {}) }, now);
    if (actor) await recordStoreSettingsActor(trx, vendorId, actor);
  });
  return getBudgetSettings(deps, vendorId);
}
