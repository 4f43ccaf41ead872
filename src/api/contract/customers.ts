// /api/customers/{vendorId}: the store's customer list in keyset pages, and the CSV exports
// of that list and of the activity log.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { CUSTOMER_CURSOR_MAX_LENGTH, CUSTOMER_PAGE_SIZE, CUSTOMER_SEARCH_MAX_LENGTH, CUSTOMER_SEARCH_RESULTS, MIN_VISITS_RANGE, REGULAR_MIN_VISITS } from './limits';
import { UtcOffset } from './activity';
import { Text } from './text';

export const CustomerListFilter = Type.Union([Type.Literal('all'), Type.Literal('regulars'), Type.Literal('lapsed')], { default: 'all' });
export type CustomerListFilter = Static<typeof CustomerListFilter>;
export const CustomerListSort = Type.Union(
  [Type.Literal('lastVisit'), Type.Literal('firstVisit'), Type.Literal('visits'), Type.Literal('stamps'), Type.Literal('rewardsGiven')],
  { default: 'lastVisit' },
);
export type CustomerListSort = Static<typeof CustomerListSort>;
export const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' });
export type SortOrder = Static<typeof SortOrder>;

const MinVisits = Type.Integer({
  minimum: MIN_VISITS_RANGE.min,
  maximum: MIN_VISITS_RANGE.max,
  default: REGULAR_MIN_VISITS,
  description: 'Regulars: at least this many visits in the last 30 days',
});
const ExportUtcOffset = UtcOffset({ description: "The vendor's offset from UTC in minutes" });
const DateParam = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, in the vendor\'s local calendar' });

/** GET /api/customers/{vendorId}?filter=&sort=&order=&limit=&after=&minVisits=: keyset pages. */
export const CustomerListQuery = Type.Object({
  filter: CustomerListFilter,
  sort: CustomerListSort,
  order: SortOrder,
  limit: Type.Integer({ minimum: CUSTOMER_PAGE_SIZE.min, maximum: CUSTOMER_PAGE_SIZE.max, default: CUSTOMER_PAGE_SIZE.default }),
  after: Type.Optional(Type.String({ minLength: 1, maxLength: CUSTOMER_CURSOR_MAX_LENGTH })),
  minVisits: MinVisits,
});
export type CustomerListQuery = Static<typeof CustomerListQuery>;

export const CustomerListItem = Type.Object({
  key: Type.String({ description: 'Opaque and stable per customer (not the id)' }),
  name: Type.String({ description: 'Display name, or an anonymous label' }),
  visits: Type.Integer(),
  stamps: Type.Integer({ description: 'On the card now' }),
  rewardsGiven: Type.Integer(),
  firstVisit: Type.Integer({ description: 'epoch ms' }),
  lastVisit: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
});
export type CustomerListItem = Static<typeof CustomerListItem>;

export const CustomerListResponse = Type.Object({
  items: Type.Array(CustomerListItem),
  /** Pass as `after` for the next page; null on the last page. */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type CustomerListResponse = Static<typeof CustomerListResponse>;

/** GET /api/customers/{vendorId}/export.csv */
export const CustomerExportQuery = Type.Object({ filter: CustomerListFilter, minVisits: MinVisits, utcOffset: ExportUtcOffset });
/** GET /api/activity/{vendorId}/export.csv: from and to are local dates, both included. */
export const ActivityExportQuery = Type.Object({ from: DateParam, to: DateParam, utcOffset: ExportUtcOffset });

/** Any: a CSV 200 body is a text/csv byte stream, which no JSON schema describes (and none serializes). */
export const CsvBody = Type.Any({ description: 'text/csv (RFC 4180, UTF-8 with BOM), streamed' });

/** GET /api/customers/{vendorId}/search?q=: the top bar's search for a customer of the store. */
export const CustomerSearchQuery = Type.Object({
  q: Text({ minLength: 1, maxLength: CUSTOMER_SEARCH_MAX_LENGTH, description: 'Part of a name or e-mail, or a customer number ("#27")' }),
});
export type CustomerSearchQuery = Static<typeof CustomerSearchQuery>;
export const CustomerSearchHit = Type.Object({
  key: Type.String({ description: 'Opaque and stable per customer, as in the customer list' }),
  name: Type.String({ description: 'Display name, or the label the store knows them by ("Customer #27")' }),
  email: Type.Union([Type.String(), Type.Null()]),
  visits: Type.Integer(),
  stamps: Type.Integer({ description: 'On the card now' }),
  lastVisit: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
});
export type CustomerSearchHit = Static<typeof CustomerSearchHit>;
export const CustomerSearchResponse = Type.Object({ customers: Type.Array(CustomerSearchHit, { maxItems: CUSTOMER_SEARCH_RESULTS }) });
export type CustomerSearchResponse = Static<typeof CustomerSearchResponse>;
