// The vendor's activity: stamps given and rewards claimed, as the Reward Activity table, the dashboard's
// recent events and the live counter feed show them (rows of repositories/activity in, ActivityItem out).
import crypto from 'node:crypto';
import type { ActivityItem, ActivityPage } from '../../src/api/contract/activity';
import { ACTIVITY_CURSOR_PATTERN, ACTIVITY_MAX_ROWS } from '../../src/api/contract/limits';
import type { AppDeps } from '../deps';
import { badRequest } from '../http-errors';
import {
  customerDisplayNames,
  customerNumbersOfCards,
  findActivityRow,
  listActivityRows,
  listActivityRowsBefore,
  type ActivityCursor,
  type ActivityRow,
} from '../repositories/activity';
import { storeCounterTotal } from '../repositories/store-counters';
import { findStore } from '../repositories/cards';
import { claimStates } from '../repositories/handover';
import type { ActivityNotice } from './activity-bus';
import { rewardLabel } from './card-view';

/** SPEC.md §9: a program needs 10 punches unless the vendor set another number. */
export const DEFAULT_STAMPS_REQUIRED = 10;

/**
 * 'Guest 4F2A': the fallback for a customer without a display name on a card made before stores numbered their
 * customers — four hex digits of a hash of the id, so the id itself (and thus their other stores) stays private.
 */
export function guestLabel(customerId: string): string {
  return `Guest ${opaqueKey(customerId).slice(0, 4).toUpperCase()}`;
}

/** A stable key for a customer in lists sent to a vendor, which does not reveal the customer's id. */
export function opaqueKey(customerId: string): string {
  return crypto.createHash('sha256').update(`stampwise:customer:${customerId}`).digest('hex').slice(0, 16);
}

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
function ordinal(n: number): string {
  const lastTwo = n % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** What the store knows of a customer beyond their id: their number there, and which visit an event was. */
export interface CustomerLabelFacts {
  /** The customer's per-store number (stamp_cards.customer_number), null for cards made before numbering. */
  customerNumber?: number | null;
  /** Which visit this event was (1 = first stamp at this store); omitted where it does not help. */
  visit?: number | null;
}

/**
 * THE one way a vendor sees a customer (issue 16) — feed, Reward Activity and dashboard alike: the name they
 * gave, else the friendly, still anonymous "Customer #27, 3rd visit" (or "Customer #27" without a visit),
 * else, for a card made before numbering, "Guest 4F2A".
 */
export function customerLabel(customerId: string, displayName: string | null | undefined, facts: CustomerLabelFacts = {}): string {
  const name = displayName?.trim();
  if (name) return name;
  const { customerNumber, visit } = facts;
  if (!customerNumber) return guestLabel(customerId);
  const base = `Customer #${customerNumber}`;
  return visit && visit > 0 ? `${base}, ${ordinal(visit)} visit` : base;
}

/**
 * Initials for an avatar: the first letter or digit of the first and last word ('Ana Lima' → 'AL',
 * 'Guest 4F2A' → 'G4', 'Customer #27' → 'C2').
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const lead = (word: string) => [...word].find((char) => /[\p{L}\p{N}]/u.test(char)) ?? [...word][0] ?? '';
  const first = lead(words[0]);
  const last = words.length > 1 ? lead(words[words.length - 1]) : '';
  return (first + last).toUpperCase();
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
): Promise<ActivityItem[]> {
  if (rows.length === 0) return [];
  // A stamp's visit number and the card's count after it come with its row (kept at write time, issue 18).
  const [names, reward, claims, numbers] = await Promise.all([
    customerDisplayNames(db, rows.map((r) => r.customer_id)),
    currentReward(db, vendorId),
    claimStates(db, rows.filter((r) => r.type === 'redemption').map((r) => r.id)),
    customerNumbersOfCards(db, rows.map((r) => r.card_id)),
  ]);
  return rows.map((row): ActivityItem => {
    // A stamp says which visit it was ("Customer #27, 3rd visit"); a claim names the customer only.
    const customer = customerLabel(row.customer_id, names.get(row.customer_id), {
      customerNumber: numbers.get(row.card_id),
      visit: row.type === 'stamp' ? row.card_visit : null,
    });
    if (row.type === 'redemption') {
      const claim = claims.get(row.id);
      return {
        id: row.id, type: 'redemption', customer, date: row.created_at, reward: row.reward_label ?? reward.label, required: row.stamps_required ?? reward.required,
        // Issue 19: the hand-over state (a claim row always has one; the fallback covers a row deleted meanwhile).
        status: claim?.status ?? 'given',
        code: claim?.status === 'pending' ? claim.code : null,
        givenAt: claim?.given_at ?? null,
        expiresAt: claim?.status === 'pending' ? claim.expires_at : null,
      };
    }
    const item: ActivityItem = { id: row.id, type: 'stamp', customer, date: row.created_at, reward: reward.label, stamps: row.card_stamps_after ?? 0, required: reward.required };
    // Issue 17: a stamp the store voided stays in the list, marked.
    if (row.voided_at) item.voided = true;
    return item;
  });
}

export const PAGE_BEYOND_LIMIT_MESSAGE = `Activity pages reach back over the latest ${ACTIVITY_MAX_ROWS.toLocaleString('en-US')} events only: ask for an earlier page or a smaller page size.`;

/** `<created_at>_<id>` of a page's last row: where the next page (`?before=`) starts (the pattern is the contract's). */
export { ACTIVITY_CURSOR_PATTERN };

export function encodeActivityCursor(row: Pick<ActivityRow, 'created_at' | 'id'>): string {
  return `${row.created_at}_${row.id}`;
}

export function decodeActivityCursor(cursor: string): ActivityCursor {
  const split = cursor.indexOf('_');
  const createdAt = Number(cursor.slice(0, split));
  if (split < 1 || !Number.isSafeInteger(createdAt)) throw badRequest('This activity cursor is not valid: use the nextCursor of the previous page.', [{ field: 'before', message: 'must be a nextCursor' }]);
  return { createdAt, id: cursor.slice(split + 1) };
}

/** Stamps plus claims, counted up to ACTIVITY_MAX_ROWS, from the store's running counts (issue 18). */
async function countedTotal(db: AppDeps['db']['kysely'], vendorId: string): Promise<{ total: number; totalIsCapped: boolean }> {
  const [stamps, claims] = await Promise.all([storeCounterTotal(db, vendorId, 'stamps'), storeCounterTotal(db, vendorId, 'claims')]);
  const counted = stamps + claims;
  return { total: Math.min(counted, ACTIVITY_MAX_ROWS), totalIsCapped: counted > ACTIVITY_MAX_ROWS };
}

/**
 * GET /api/activity/{vendorId}: one page, newest first. By page number (400 when the page lies beyond the
 * latest ACTIVITY_MAX_ROWS events), or — for any depth at the cost of the first page — by `before`, the
 * previous page's `nextCursor` (keyset paging, issue 18).
 */
export async function getActivityPage(deps: Pick<AppDeps, 'db'>, vendorId: string, page: number, pageSize: number, before?: string): Promise<ActivityPage> {
  // Off the event loop on SQLite (issue 18).
  const db = deps.db.reads;
  if (before !== undefined) {
    const cursor = decodeActivityCursor(before);
    const [rows, counted] = await Promise.all([listActivityRowsBefore(db, vendorId, pageSize + 1, cursor), countedTotal(db, vendorId)]);
    const shown = rows.slice(0, pageSize);
    const hasMore = rows.length > pageSize;
    const result: ActivityPage = { items: await toActivityItems(deps, vendorId, shown, db), page, pageSize, ...counted, hasMore };
    if (hasMore) result.nextCursor = encodeActivityCursor(shown[shown.length - 1]);
    return result;
  }
  const offset = (page - 1) * pageSize;
  if (offset + pageSize > ACTIVITY_MAX_ROWS) {
    throw badRequest(PAGE_BEYOND_LIMIT_MESSAGE, [{ field: 'page', message: `page × pageSize must be at most ${ACTIVITY_MAX_ROWS}` }]);
  }
  const [rows, { total, totalIsCapped }] = await Promise.all([listActivityRows(db, vendorId, pageSize, offset), countedTotal(db, vendorId)]);
  const hasMore = offset + rows.length < total;
  const result: ActivityPage = { items: await toActivityItems(deps, vendorId, rows, db), page, pageSize, total, totalIsCapped, hasMore };
  // Past the numbered pages' reach the cursor still goes on.
  if ((hasMore || totalIsCapped) && rows.length === pageSize) result.nextCursor = encodeActivityCursor(rows[rows.length - 1]);
  return result;
}

/** The newest `count` events (the dashboard's recent activity). */
export async function latestActivity(deps: Pick<AppDeps, 'db'>, vendorId: string, count: number): Promise<ActivityItem[]> {
  const rows = await listActivityRows(deps.db.reads, vendorId, count, 0);
  return toActivityItems(deps, vendorId, rows, deps.db.reads);
}

/**
 * The feed line for a bus notice, read fresh from the database; undefined when the event is unknown here
 * (another schema or a rolled-back write) or belongs to another vendor than the notice claims.
 */
export async function activityItemFor(deps: Pick<AppDeps, 'db'>, notice: ActivityNotice): Promise<ActivityItem | undefined> {
  if (notice.type === 'relay-alert') return undefined;
  const row = await findActivityRow(deps.db.kysely, notice.type, notice.id);
  if (!row || row.vendor_id !== notice.vendorId) return undefined;
  const [item] = await toActivityItems(deps, notice.vendorId, [row]);
  return item;
}
