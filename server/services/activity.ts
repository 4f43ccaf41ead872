// The vendor's activity: stamps given and rewards claimed, as the Reward Activity table, the dashboard's
// recent events and the live counter feed show them (rows of repositories/activity in, ActivityItem out).
import crypto from 'node:crypto';
import type { ActivityItem, ActivityPage, TodaysActivity } from '../../src/api/contract/activity';
import { ACTIVITY_CURSOR_PATTERN, ACTIVITY_SEEK_MAX_ROWS } from '../../src/api/contract/limits';
import type { AppDeps } from '../deps';
import { badRequest } from '../http-errors';
import {
  customerDisplayNames,
  countVoidedStamps,
  customerNumbersOfCards,
  findActivityRow,
  listActivityRows,
  listActivityWindow,
  type ActivityCursor,
  type ActivityRow,
  type ActivitySeek,
} from '../repositories/activity';
import { storeCounterTotal } from '../repositories/store-counters';
import { countExpiries } from '../repositories/stamp-expiries';
import { findStore } from '../repositories/cards';
import { claimStates } from '../repositories/handover';
import { stampDeviceNames } from '../repositories/counter-devices';
import type { ActivityNotice } from '../infra/activity-bus';
import { rewardLabel } from './card-view';
import { text } from '../infra/texts';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { calendarOfStore, storeDate } from './store-day';

/** A program needs 10 punches unless the vendor set another number. */
export const DEFAULT_STAMPS_REQUIRED = 10;

/**
 * 'Guest 4F2A': the fallback for a customer without a display name on a card made before stores numbered their
 * customers — four hex digits of a hash of the id, so the id itself (and thus their other stores) stays private.
 */
export function guestLabel(customerId: string, locale: Locale = DEFAULT_LOCALE): string {
  return text(locale, 'customerLabels.guest', { code: opaqueKey(customerId).slice(0, 4).toUpperCase() });
}

/** A stable key for a customer in lists sent to a vendor, which does not reveal the customer's id. */
export function opaqueKey(customerId: string): string {
  return crypto.createHash('sha256').update(`stampwise:customer:${customerId}`).digest('hex').slice(0, 16);
}

/** What the store knows of a customer beyond their id: their number there, and which visit an event was. */
export interface CustomerLabelFacts {
  /** The customer's per-store number (stamp_cards.customer_number), null for cards made before numbering. */
  customerNumber?: number | null;
  /** Which visit this event was (1 = first stamp at this store); omitted where it does not help. */
  visit?: number | null;
}

/**
 * THE one way a vendor sees a customer — feed, Reward Activity and dashboard alike: the name they
 * gave, else the friendly, still anonymous "Customer #27, 3rd visit" (or "Customer #27" without a visit),
 * else, for a card made before numbering, "Guest 4F2A" — in the language of the vendor's page.
 */
export function customerLabel(
  customerId: string,
  displayName: string | null | undefined,
  facts: CustomerLabelFacts = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const name = displayName?.trim();
  if (name) return name;
  const { customerNumber, visit } = facts;
  if (!customerNumber) return guestLabel(customerId, locale);
  // Digits as written ("1000th", never "1,000th"): the number names this customer, it is not an amount.
  if (!visit || visit <= 0) return text(locale, 'customerLabels.numbered', { number: String(customerNumber) });
  return text(locale, 'customerLabels.numberedVisit', { number: String(customerNumber), visit, visitDigits: String(visit) });
}

/**
 * Initials for an avatar: the first letter or digit of the first and last word ('Ana Lima' → 'AL',
 * 'Guest 4F2A' → 'G4', 'Customer #27' → 'C2'); words without a letter or digit ('#', '–') are skipped, and a
 * letter whose capital is two letters ('ß') stays as it is. The SPA's avatars follow the same rule, so a name
 * reads the same in every avatar.
 */
export function initialsOf(name: string): string {
  const leads = name
    .trim()
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((lead): lead is string => lead !== undefined);
  if (leads.length === 0) return '?';
  const upper = (lead: string) => (Array.from(lead.toUpperCase()).length === 1 ? lead.toUpperCase() : lead);
  return upper(leads[0]) + (leads.length > 1 ? upper(leads[leads.length - 1]) : '');
}

interface RewardNow {
  label: string;
  required: number;
}

async function currentReward(db: AppDeps['db']['kysely'], vendorId: string): Promise<RewardNow> {
  const store = await findStore(db, vendorId);
  return {
    // No store row only for a vendor deleted mid-request; card-view's own fallback word then.
    label: store ? rewardLabel(store) : 'Reward',
    required: store?.reward_stamps ?? DEFAULT_STAMPS_REQUIRED,
  };
}

/** Rows → items: customer labels, the card's count after each stamp, the reward each is for. */
export async function toActivityItems(
  deps: Pick<AppDeps, 'db'>,
  vendorId: string,
  rows: readonly ActivityRow[],
  db: AppDeps['db']['kysely'] = deps.db.kysely,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ActivityItem[]> {
  if (rows.length === 0) return [];
  // A stamp's visit number and the card's count after it come with its row (kept at write time).
  const [names, reward, claims, numbers, screens] = await Promise.all([
    customerDisplayNames(db, rows.map((r) => r.customer_id)),
    currentReward(db, vendorId),
    claimStates(db, rows.filter((r) => r.type === 'redemption').map((r) => r.id)),
    customerNumbersOfCards(db, rows.map((r) => r.card_id)),
    stampDeviceNames(db, rows.filter((r) => r.type === 'stamp').map((r) => r.id)),
  ]);
  return rows.map((row): ActivityItem => {
    // A stamp says which visit it was ("Customer #27, 3rd visit"); a claim names the customer only, and so
    // does a bonus stamp: it is the second stamp of a visit, not a visit.
    const customer = customerLabel(row.customer_id, names.get(row.customer_id), {
      customerNumber: numbers.get(row.card_id),
      visit: row.type === 'stamp' && !row.bonus_campaign_id ? row.card_visit : null,
    }, locale);
    if (row.type === 'redemption') {
      const claim = claims.get(row.id);
      return {
        id: row.id, type: 'redemption', customer, date: row.created_at, reward: row.reward_label ?? reward.label, required: row.stamps_required ?? reward.required,
        // The hand-over state (a claim row always has one; the fallback covers a row deleted meanwhile).
        status: claim?.status ?? 'given',
        code: claim?.status === 'pending' ? claim.code : null,
        givenAt: claim?.given_at ?? null,
        expiresAt: claim?.status === 'pending' ? claim.expires_at : null,
        ...(claim?.given_by ? { givenBy: claim.given_by } : {}),
        ...(claim?.given_on ? { givenOn: claim.given_on } : {}),
      };
    }
    // The card size as recorded with the event: "stamp 2 of 10" stays "of 10" after the size changes.
    const required = row.card_required ?? reward.required;
    if (row.type === 'expiry') return { id: row.id, type: 'expiry', customer, date: row.created_at, reward: reward.label, stamps: row.card_stamps_after ?? 0, required };
    const item: ActivityItem = { id: row.id, type: 'stamp', customer, date: row.created_at, reward: reward.label, stamps: row.card_stamps_after ?? 0, required };
    // a stamp the store voided stays in the list, marked; one staff removed says why, who and when.
    const screen = screens.get(row.id);
    if (screen !== undefined) item.collectedOn = screen;
    if (row.voided_at) item.voided = true;
    if (row.bonus_campaign_id) item.bonus = true;
    if (row.voided_at && row.void_reason) {
      item.removedReason = row.void_reason;
      if (row.voided_by) item.removedBy = row.voided_by;
      item.removedAt = row.voided_at;
    }
    return item;
  });
}

export const PAGE_TOO_FAR_MESSAGE =
  `This activity page lies too far from the newest and the oldest events to be read by number: step to it from a page near it (before= or after= with that page's cursor, and skip= of at most ${ACTIVITY_SEEK_MAX_ROWS} rows).`;
export const CURSOR_CONFLICT_MESSAGE = 'Ask for the rows before a cursor or after one, not both.';
export const SKIP_WITHOUT_CURSOR_MESSAGE = 'skip goes with before= or after=: without a cursor, ask for the page by number.';

/** `<created_at>_<id>` of a page's first or last row: where the newer (`?after=`) or older (`?before=`) pages start. */
export { ACTIVITY_CURSOR_PATTERN };

export function encodeActivityCursor(row: Pick<ActivityRow, 'created_at' | 'id'>): string {
  return `${row.created_at}_${row.id}`;
}

export function decodeActivityCursor(cursor: string, field: 'before' | 'after' = 'before'): ActivityCursor {
  const split = cursor.indexOf('_');
  const createdAt = Number(cursor.slice(0, split));
  if (split < 1 || !Number.isSafeInteger(createdAt)) {
    const which = field === 'before' ? 'nextCursor' : 'prevCursor';
    throw badRequest(`This activity cursor is not valid: use the ${which} of a page.`, [{ field, message: `must be a ${which}` }]);
  }
  return { createdAt, id: cursor.slice(split + 1) };
}

/**
 * Every row of the list: stamps (the running count leaves voided ones out, the list shows them, marked)
 * plus claims, from the store's running counts and a partial index of the few voided stamps.
 */
async function listTotal(db: AppDeps['db']['kysely'], vendorId: string): Promise<number> {
  const [stamps, claims, voided, expiries] = await Promise.all([
    storeCounterTotal(db, vendorId, 'stamps'),
    storeCounterTotal(db, vendorId, 'claims'),
    countVoidedStamps(db, vendorId),
    countExpiries(db, vendorId),
  ]);
  return stamps + claims + voided + expiries;
}

/** What GET /api/activity/{vendorId} was asked (the contract's ActivityQuery). */
export interface ActivityPageQuery {
  page: number;
  pageSize: number;
  before?: string;
  after?: string;
  skip?: number;
}

/** Where a page's rows are read from: a place an index reaches directly, and how many rows along. */
interface PageRead {
  seek: ActivitySeek;
  skip: number;
  limit: number;
}

/**
 * Page `page` by number (offset from the newest): read from the newest event when it is near it, else from
 * the oldest (so the last pages cost what the first do), else refused (400) rather than counted through.
 */
function readByNumber(page: number, pageSize: number, total: number): PageRead | 'empty' {
  const offset = (page - 1) * pageSize;
  if (offset <= ACTIVITY_SEEK_MAX_ROWS) return { seek: { toward: 'older' }, skip: offset, limit: pageSize };
  if (offset >= total) return 'empty';
  const limit = Math.min(pageSize, total - offset);
  const fromOldest = total - offset - limit;
  if (fromOldest <= ACTIVITY_SEEK_MAX_ROWS) return { seek: { toward: 'newer' }, skip: fromOldest, limit };
  throw badRequest(PAGE_TOO_FAR_MESSAGE, [{ field: 'page', message: 'is too far from both ends of the list: step to it with before= or after=' }]);
}

/** A page's rows, newest first, and whether older rows follow them. */
async function readPage(db: AppDeps['db']['kysely'], vendorId: string, query: ActivityPageQuery, skip: number, total: Promise<number>): Promise<{ rows: ActivityRow[]; hasMore: boolean }> {
  const { page, pageSize, before, after } = query;
  if (before !== undefined) {
    // One row more than shown tells whether older rows follow.
    const read = await listActivityWindow(db, vendorId, { toward: 'older', from: decodeActivityCursor(before, 'before') }, skip, pageSize + 1);
    return { rows: read.slice(0, pageSize), hasMore: read.length > pageSize };
  }
  if (after !== undefined) {
    // The rows right above the cursor row, which is older than all of them: older rows follow.
    const rows = await listActivityWindow(db, vendorId, { toward: 'newer', from: decodeActivityCursor(after, 'after') }, skip, pageSize);
    return { rows, hasMore: rows.length > 0 };
  }
  // Near the newest event the page is read at once; only a page counted from the oldest waits for the total.
  const offset = (page - 1) * pageSize;
  const read = readByNumber(page, pageSize, offset <= ACTIVITY_SEEK_MAX_ROWS ? 0 : await total);
  const rows = read === 'empty' ? [] : await listActivityWindow(db, vendorId, read.seek, read.skip, read.limit);
  return { rows, hasMore: offset + rows.length < (await total) };
}

/**
 * GET /api/activity/{vendorId}: one page, newest first (keyset paging, every page at about the
 * cost of the first). By `before` (a page's nextCursor: the older rows) or `after` (a page's prevCursor: the
 * newer rows), `skip` rows along — how the Reward Activity pager steps and jumps — or by page number when
 * the page lies within ACTIVITY_SEEK_MAX_ROWS of the newest or the oldest event.
 */
export async function getActivityPage(deps: Pick<AppDeps, 'db'>, vendorId: string, query: ActivityPageQuery, locale: Locale = DEFAULT_LOCALE): Promise<ActivityPage> {
  const { page, pageSize, before, after } = query;
  const skip = query.skip ?? 0;
  if (before !== undefined && after !== undefined) throw badRequest(CURSOR_CONFLICT_MESSAGE, [{ field: 'after', message: 'cannot go with before' }]);
  if (skip > 0 && before === undefined && after === undefined) throw badRequest(SKIP_WITHOUT_CURSOR_MESSAGE, [{ field: 'skip', message: 'needs before or after' }]);
  // Off the event loop on SQLite.
  const db = deps.db.reads;
  const totalRead = listTotal(db, vendorId);
  // Awaited below in every case; this keeps an early refusal (a bad cursor) from leaving it unhandled.
  totalRead.catch(() => undefined);
  const { rows, hasMore } = await readPage(db, vendorId, query, skip, totalRead);
  const total = await totalRead;

  const result: ActivityPage = { items: await toActivityItems(deps, vendorId, rows, db, locale), page, pageSize, total, totalIsCapped: false, hasMore };
  if (rows.length > 0) {
    if (hasMore) result.nextCursor = encodeActivityCursor(rows[rows.length - 1]);
    const firstPage = before === undefined && after === undefined && page === 1;
    if (!firstPage) result.prevCursor = encodeActivityCursor(rows[0]);
  }
  return result;
}

/** The newest `count` events (the dashboard's recent activity). */
export async function latestActivity(deps: Pick<AppDeps, 'db'>, vendorId: string, count: number, locale: Locale = DEFAULT_LOCALE): Promise<ActivityItem[]> {
  const rows = await listActivityRows(deps.db.reads, vendorId, count, 0);
  return toActivityItems(deps, vendorId, rows, deps.db.reads, locale);
}

/**
 * The newest `count` events of the store's day now (the counter feed when it opens): the day runs midnight
 * to midnight in the store's time zone, as every other per-day figure does, whatever clock the counter's
 * browser keeps; a store without a time zone counts the browser's `fallbackOffsetMinutes`.
 */
export async function todaysActivity(
  deps: Pick<AppDeps, 'db' | 'now'>,
  vendorId: string,
  count: number,
  fallbackOffsetMinutes: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<TodaysActivity> {
  const calendar = await calendarOfStore(deps.db.kysely, vendorId, fallbackOffsetMinutes);
  const today = calendar.dayOf(deps.now());
  const startOfDay = calendar.dayStart(today);
  const rows = (await listActivityRows(deps.db.reads, vendorId, count, 0)).filter((row) => Number(row.created_at) >= startOfDay);
  return { date: storeDate(today), items: await toActivityItems(deps, vendorId, rows, deps.db.reads, locale) };
}

/**
 * The feed line for a bus notice, read fresh from the database; undefined when the event is unknown here
 * (another schema or a rolled-back write) or belongs to another vendor than the notice claims.
 */
export async function activityItemFor(deps: Pick<AppDeps, 'db'>, notice: ActivityNotice, locale: Locale = DEFAULT_LOCALE): Promise<ActivityItem | undefined> {
  if (notice.type === 'relay-alert' || notice.type === 'sessions-ended') return undefined;
  const row = await findActivityRow(deps.db.kysely, notice.type, notice.id);
  if (!row || row.vendor_id !== notice.vendorId) return undefined;
  const [item] = await toActivityItems(deps, notice.vendorId, [row], deps.db.kysely, locale);
  return item;
}
