// The vendor's Customers page: rows of repositories/customer-list in, wire items out, with an
// opaque keyset cursor. Names go through the activity service's one label function, so a customer reads
// the same here, in the feed and in exports.
import type { CustomerListFilter, CustomerListItem, CustomerListResponse, CustomerListSort, SortOrder } from '../../src/api/contract/customers';
import { REGULAR_WINDOW_DAYS } from '../../src/api/contract/limits';
import type { AppDeps } from '../deps';
import { badRequest } from '../http-errors';
import { listCustomerRows, sortValue, type CustomerListRow, type ListPosition } from '../repositories/customer-list';
import { RECENT_VISITS_KEPT } from '../repositories/recent-visits';
import { calendarOfStore } from './store-day';
import { customerLabel, opaqueKey } from './activity';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';

const DAY_MS = 24 * 60 * 60 * 1000;
export const BAD_CURSOR_MESSAGE = 'This page link is not valid any more: start from the first page.';

export interface CustomerListOptions {
  filter: CustomerListFilter;
  sort: CustomerListSort;
  order: SortOrder;
  limit: number;
  after?: string;
  minVisits: number;
}

/** The cursor names the sort it belongs to, so a cursor of another sort order is refused, not misread. */
function encodeCursor(sort: CustomerListSort, order: SortOrder, position: ListPosition): string {
  return Buffer.from(JSON.stringify({ s: sort, o: order, v: position.value, i: position.id })).toString('base64url');
}

function decodeCursor(cursor: string, sort: CustomerListSort, order: SortOrder): ListPosition {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; o?: unknown; v?: unknown; i?: unknown };
    if (parsed.s === sort && parsed.o === order && typeof parsed.v === 'number' && Number.isFinite(parsed.v) && typeof parsed.i === 'string') {
      return { value: parsed.v, id: parsed.i };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(BAD_CURSOR_MESSAGE, [{ field: 'after', message: 'is not a cursor of this list' }]);
}

export function toCustomerListItem(row: CustomerListRow, locale: Locale = DEFAULT_LOCALE): CustomerListItem {
  return {
    key: opaqueKey(row.customer_id),
    name: customerLabel(row.customer_id, row.display_name, { customerNumber: row.customer_number }, locale),
    visits: row.visits,
    stamps: row.stamps,
    rewardsGiven: row.rewards_given,
    firstVisit: row.created_at,
    lastVisit: row.last_stamp_at,
  };
}

/** One page of rows, plus where the next starts (rows are read one beyond the page to know whether it exists). */
export async function customerRowsPage(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, options: Omit<CustomerListOptions, 'after'> & { after?: ListPosition }) {
  // Off the event loop on SQLite (the read worker): the regulars filter counts each recent card's visits.
  const now = deps.now();
  const windowStart = now - REGULAR_WINDOW_DAYS * DAY_MS;
  // Past the visits a card keeps, the filter counts the store days in the window itself.
  const storeOffsets = options.filter === 'regulars' && options.minVisits > RECENT_VISITS_KEPT ? (await calendarOfStore(deps.db.reads, vendorId)).offsets(windowStart, now + 1) : undefined;
  const rows = await listCustomerRows(deps.db.reads, {
    vendorId,
    filter: options.filter,
    sort: options.sort,
    order: options.order,
    limit: options.limit + 1,
    after: options.after,
    windowStart,
    regularMinVisits: options.minVisits,
    storeOffsets,
  });
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  const next = rows.length > options.limit && last ? { value: sortValue(last, options.sort), id: last.card_id } : null;
  return { rows: page, next };
}

export async function listCustomers(
  deps: Pick<AppDeps, 'db' | 'now'>,
  vendorId: string,
  options: CustomerListOptions,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CustomerListResponse> {
  const after = options.after ? decodeCursor(options.after, options.sort, options.order) : undefined;
  const { rows, next } = await customerRowsPage(deps, vendorId, { ...options, after });
  return { items: rows.map((row) => toCustomerListItem(row, locale)), next: next ? encodeCursor(options.sort, options.order, next) : null };
}
