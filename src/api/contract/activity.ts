// /api/activity/{vendorId} (the Reward Activity list and the live counter feed) and
// /api/dashboard/{vendorId} (the dashboard's figures): the vendor's own figures.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { REMOVE_REASON_MAX_LENGTH, ACTIVITY_CURSOR_MAX_LENGTH, ACTIVITY_CURSOR_PATTERN, ACTIVITY_MAX_PAGE, ACTIVITY_PAGE_SIZE, ACTIVITY_SEEK_MAX_ROWS, STREAM_TICKET_MAX_LENGTH, UTC_OFFSET_MINUTES } from './limits';
import { ClaimStatus, Id } from './common';
import { Text } from './text';

/** expiry: a card's stamps ended, its last visit being older than the store's expiry in days. */
export const ActivityType = Type.Union([Type.Literal('stamp'), Type.Literal('redemption'), Type.Literal('expiry')]);
export type ActivityType = Static<typeof ActivityType>;

/** One stamp given or reward claimed at the vendor's store. */
export const ActivityItem = Type.Object({
  /** The stamp event's or redemption's id. */
  id: Type.String(),
  type: ActivityType,
  customer: Type.String({ description: "Display name, or an anonymous label such as 'Guest 4F2A'" }),
  date: Type.Integer({ description: 'epoch milliseconds' }),
  /** What the card is for ("Flat White"): the reward's label now (stamps) or as claimed (redemptions). */
  reward: Type.String({ description: 'What the card is for, e.g. "Flat White"' }),
  stamps: Type.Optional(Type.Integer({ description: 'Stamps: the card count right after this stamp; expiries: the stamps that ended' })),
  voided: Type.Optional(Type.Boolean({ description: 'Stamps only: the store voided this stamp' })),
  bonus: Type.Optional(Type.Boolean({ description: 'Stamps only: the extra stamp a bonus-stamps campaign gave with a visit' })),
  removedReason: Type.Optional(Type.String({ description: 'Stamps removed by staff: why' })),
  removedBy: Type.Optional(Type.String({ description: 'Stamps removed by staff: the account that removed it' })),
  removedAt: Type.Optional(Type.Integer({ description: 'Stamps removed by staff: epoch milliseconds' })),
  /** Stamps a full card needs (for a redemption, as it was when claimed). */
  required: Type.Optional(Type.Integer({ description: 'Stamps a full card needs' })),
  // A claim's hand-over.
  status: Type.Optional(ClaimStatus('Redemptions: the hand-over state')),
  code: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "Pending redemptions: the code on the customer's screen" })),
  givenAt: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'epoch milliseconds of the hand-over' })),
  expiresAt: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Pending redemptions: epoch milliseconds it expires at' })),
  // Who did what.
  collectedOn: Type.Optional(Type.String({ description: "Stamps: the counter screen whose code was scanned (e.g. 'Till 1')" })),
  givenBy: Type.Optional(Type.String({ description: 'Handed-over redemptions: the person who confirmed it' })),
  givenOn: Type.Optional(Type.String({ description: 'Handed-over redemptions: the counter screen it was confirmed on' })),
});
export type ActivityItem = Static<typeof ActivityItem>;

const ActivityCursor = (description: string) =>
  Type.Optional(Type.String({ pattern: ACTIVITY_CURSOR_PATTERN, maxLength: ACTIVITY_CURSOR_MAX_LENGTH, description }));

/**
 * GET /api/activity/{vendorId}?page=&pageSize=[&before=|&after=][&skip=]: newest first. Every page is read
 * from a place the indexes reach directly: the newest event, the oldest, or a cursor.
 */
export const ActivityQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: ACTIVITY_MAX_PAGE, default: 1 }),
  pageSize: Type.Integer({ minimum: ACTIVITY_PAGE_SIZE.min, maximum: ACTIVITY_PAGE_SIZE.max, default: ACTIVITY_PAGE_SIZE.default }),
  before: ActivityCursor('nextCursor of a page: the rows older than its last one (page is then only echoed)'),
  after: ActivityCursor('prevCursor of a page: the rows newer than its first one (page is then only echoed)'),
  skip: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: ACTIVITY_SEEK_MAX_ROWS,
    description: 'With before or after: rows passed over first (a page a few pages away from the cursor)',
  })),
});

export const ActivityPage = Type.Object({
  items: Type.Array(ActivityItem),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** Every event in the list (stamps, voided ones included, and claims). */
  total: Type.Integer(),
  /** Always false now that every event is reachable by keyset paging; kept for API clients that read it. */
  totalIsCapped: Type.Boolean(),
  hasMore: Type.Boolean(),
  /** When there is more: pass as `?before=` for the older pages (keyset paging, any depth). */
  nextCursor: Type.Optional(Type.String()),
  /** Past the first page: pass as `?after=` for the newer pages. */
  prevCursor: Type.Optional(Type.String()),
});
export type ActivityPage = Static<typeof ActivityPage>;

/** The vendor's offset from UTC, so days and weeks follow their calendar. */
export const UtcOffset = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: UTC_OFFSET_MINUTES.min, maximum: UTC_OFFSET_MINUTES.max, default: 0, ...options });

/** GET /api/activity/{vendorId}/today?pageSize=&utcOffset= (the counter feed's lines when it opens) */
export const TodaysActivityQuery = Type.Object({
  pageSize: Type.Integer({ minimum: ACTIVITY_PAGE_SIZE.min, maximum: ACTIVITY_PAGE_SIZE.max, default: ACTIVITY_PAGE_SIZE.default }),
  utcOffset: UtcOffset({ description: "The browser's offset from UTC in minutes: the store's day for a store without a time zone" }),
});

export const TodaysActivity = Type.Object({
  /** The store's day now, YYYY-MM-DD: midnight to midnight in its time zone. */
  date: Type.String({ description: "The store's day now (its time zone), YYYY-MM-DD" }),
  /** The newest events of that day, newest first, at most pageSize. */
  items: Type.Array(ActivityItem),
});
export type TodaysActivity = Static<typeof TodaysActivity>;

/** GET /api/dashboard/{vendorId}?utcOffset= */
export const DashboardQuery = Type.Object({ utcOffset: UtcOffset() });

export const DashboardCount = Type.Object({
  /** The first day of the bucket in the vendor's time zone, YYYY-MM-DD. */
  date: Type.String({ description: 'First local day of the bucket, YYYY-MM-DD' }),
  count: Type.Integer(),
});
export type DashboardCount = Static<typeof DashboardCount>;

export const EngagedCustomer = Type.Object({
  /** A stable, opaque key for lists (not the customer's id). */
  key: Type.String(),
  name: Type.String(),
  initials: Type.String(),
  /** Stamps collected in the last 90 days. */
  stamps: Type.Integer(),
});
export type EngagedCustomerDto = Static<typeof EngagedCustomer>;

export const ClaimCounts = Type.Object(
  { pending: Type.Integer(), given: Type.Integer(), expired: Type.Integer() },
  { description: 'Claims waiting at the counter, handed over, and expired unconfirmed' },
);
export type ClaimCounts = Static<typeof ClaimCounts>;

/** GET /api/dashboard/{vendorId}?utcOffset=: every figure of the dashboard. */
export const DashboardResponse = Type.Object({
  /** false until the first stamp: the dashboard then shows its sample figures. */
  hasActivity: Type.Boolean(),
  /** Average stamps on active cards (≥ 1 stamp, used in the last 90 days), counted up to `required`; one decimal. */
  stampCard: Type.Object({ averageStamps: Type.Number(), required: Type.Integer(), activeCards: Type.Integer() }),
  totalRedemptions: Type.Integer(),
  /** The last 8 weeks (7-day windows ending today), oldest first. */
  redemptionsPerWeek: Type.Array(DashboardCount),
  /** The 4 latest stamps and claims, newest first. */
  recent: Type.Array(ActivityItem),
  /** The 4 customers with the most stamps in the last 90 days. */
  engagedCustomers: Type.Array(EngagedCustomer),
  /** Claims per day over the last 30 days, oldest first. */
  redemptionActivity: Type.Array(DashboardCount),
  /** What the vendor owes: full cards not yet claimed, and cards one stamp short of full. */
  outstanding: Type.Object({ fullCards: Type.Integer(), nearlyFull: Type.Integer() }),
  /** Claims waiting at the counter, handed over, and expired unconfirmed (all time). */
  claims: Type.Optional(ClaimCounts),
  /** The store's campaigns running now (started, not paused, not ended), soonest to end first. */
  activeCampaigns: Type.Optional(Type.Object({
    count: Type.Integer({ minimum: 0 }),
    /** Messages the running campaigns have delivered. */
    customersReached: Type.Integer({ minimum: 0 }),
    campaigns: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), end: Type.String({ description: 'ISO 8601 instant the campaign ends' }) })),
  })),
});
export type DashboardResponse = Static<typeof DashboardResponse>;

/** POST /api/activity/{vendorId}/stamps/{stampId}/remove: staff take back a mistaken stamp, saying why. */
export const RemoveStampParams = Type.Object({ vendorId: Id, stampId: Id });
// A reason of spaces only is refused by the service, which trims it (the schema's one pattern is the text rule).
export const RemoveStampRequest = Type.Object({ reason: Text({ minLength: 1, maxLength: REMOVE_REASON_MAX_LENGTH }) }, { additionalProperties: false });
export type RemoveStampRequest = Static<typeof RemoveStampRequest>;

/** POST /api/activity/{vendorId}/stream-ticket: a short-lived ticket for the live feed's URL (EventSource sends no headers). */
export const StreamTicketResponse = Type.Object({
  ticket: Type.String(),
  /** Epoch ms. */
  expiresAt: Type.Integer(),
  /** The stream's path, with the ticket, ready for `new EventSource(url)`. */
  url: Type.String(),
});
export type StreamTicketResponse = Static<typeof StreamTicketResponse>;

/** GET /api/activity/{vendorId}/stream?ticket= */
export const StreamQuery = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: STREAM_TICKET_MAX_LENGTH }) });
