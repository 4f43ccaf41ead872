// Every Customers page query of a seeded store: each filter, sort and direction, the first
// page and one half-way down the store, with the plan each database chose for it (EXPLAIN QUERY PLAN on
// SQLite, EXPLAIN on PostgreSQL) and whether any step reads the whole store. bench/customers.ts times
// the same pages over HTTP; `listPageQueries` names them.
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { CustomerListFilter, CustomerListSort, SortOrder } from '../src/api/contract/customers';
import { REGULAR_WINDOW_DAYS } from '../src/api/contract/limits';
import type { Database } from '../server/db/schema';
import type { Dialect } from '../server/db/migrations/dialect-types';
import { choosePlan, listCustomerRows, SORT_COLUMNS, type ListPosition, type ListQuery } from '../server/repositories/customer-list';

const DAY_MS = 24 * 60 * 60 * 1000;
const SORTS: CustomerListSort[] = ['lastVisit', 'firstVisit', 'visits', 'stamps', 'rewardsGiven'];
const ORDERS: SortOrder[] = ['desc', 'asc'];
/** Regulars of 1 (any visit), of 4 (the default), and of 12 (more than a card keeps: counted). */
export const FILTERS: { name: string; filter: CustomerListFilter; minVisits: number }[] = [
  { name: 'all', filter: 'all', minVisits: 4 },
  { name: 'lapsed', filter: 'lapsed', minVisits: 4 },
  { name: 'regulars ≥1', filter: 'regulars', minVisits: 1 },
  { name: 'regulars ≥4', filter: 'regulars', minVisits: 4 },
  { name: 'regulars ≥12', filter: 'regulars', minVisits: 12 },
];

export interface PageQuery {
  filter: (typeof FILTERS)[number];
  sort: CustomerListSort;
  order: SortOrder;
  /** Undefined for the first page; else the store's middle card in this order. */
  after?: ListPosition;
  /** ?filter=…&sort=…&order=…&minVisits=…[&after=…] */
  query: string;
}

/** The card half-way down the store's cards in this order (its value and id), for a deep page's cursor. */
async function middleOf(db: Kysely<Database>, vendorId: string, sort: CustomerListSort, order: SortOrder): Promise<ListPosition> {
  const column = SORT_COLUMNS[sort];
  const count = await db.selectFrom('stamp_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('stamp_cards as c')
    .select(['c.id', `${column} as value` as `c.visits as value`])
    .where('c.vendor_id', '=', vendorId)
    .where('c.last_stamp_at', 'is not', null)
    .orderBy(column, order)
    .orderBy('c.id', order)
    .offset(Math.floor(Number(count.n) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return { value: Number(row.value), id: row.id };
}

export function cursorOf(sort: CustomerListSort, order: SortOrder, position: ListPosition): string {
  return Buffer.from(JSON.stringify({ s: sort, o: order, v: position.value, i: position.id })).toString('base64url');
}

export async function listPageQueries(db: Kysely<Database>, vendorId: string): Promise<PageQuery[]> {
  const pages: PageQuery[] = [];
  for (const sort of SORTS) {
    for (const order of ORDERS) {
      const middle = await middleOf(db, vendorId, sort, order);
      for (const filter of FILTERS) {
        const base = `?filter=${filter.filter}&sort=${sort}&order=${order}&minVisits=${filter.minVisits}`;
        pages.push({ filter, sort, order, query: base });
        pages.push({ filter, sort, order, after: middle, query: `${base}&after=${cursorOf(sort, order, middle)}` });
      }
    }
  }
  return pages;
}

export interface PlanReport {
  page: PageQuery;
  plan: string;
  /** The steps of the plans that read a whole table (SQLite SCAN, PostgreSQL Seq Scan), if any. */
  fullScans: string[];
  lines: string[];
}

/** The SQL one page runs (the plan's capped count, then the page), recorded as it runs, and each plan. */
export async function explainPage(db: Kysely<Database>, dialect: Dialect, vendorId: string, page: PageQuery, now: number): Promise<PlanReport> {
  const seen: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      const compiled = db.getExecutor().compileQuery(args.node, args.queryId);
      seen.push(CompiledQuery.raw(compiled.sql, [...compiled.parameters]));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const recording = db.withPlugin(recorder);
  const q: ListQuery = {
    vendorId,
    filter: page.filter.filter,
    sort: page.sort,
    order: page.order,
    limit: 51,
    after: page.after,
    windowStart: now - REGULAR_WINDOW_DAYS * DAY_MS,
    regularMinVisits: page.filter.minVisits,
  };
  const plan = await choosePlan(recording, q);
  await listCustomerRows(recording, q, plan);
  const lines: string[] = [];
  for (const statement of seen) {
    const explain = dialect === 'postgres' ? `EXPLAIN ${statement.sql}` : `EXPLAIN QUERY PLAN ${statement.sql}`;
    const result = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(explain, [...statement.parameters]));
    lines.push(...result.rows.map((r) => (dialect === 'postgres' ? r['QUERY PLAN'] : r.detail)));
  }
  // SQLite's SCAN of a subquery (the capped count's `g`) reads at most its LIMIT; a table's SCAN reads it all.
  const fullScans = lines.filter((line) => (dialect === 'postgres' ? /Seq Scan/.test(line) : /^SCAN (?!g\b)/.test(line.trim())));
  return { page, plan, fullScans, lines };
}
