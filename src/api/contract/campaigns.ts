// /api/campaigns/{vendorId}: the store's campaigns as saved from the Campaigns form, and who they reach.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { CAMPAIGN_BUDGET_MIN, CAMPAIGN_BUDGET_WIRE_MAX, MAX_CAMPAIGN_DESCRIPTION_LENGTH, MAX_CAMPAIGN_ITEMS, MAX_CAMPAIGN_ITEM_LENGTH, MAX_CAMPAIGN_TITLE_LENGTH } from './limits';
import { Id } from './common';
import { MultilineText, Text } from './text';

export const CustomerFrequency = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('all')]);
export type CustomerFrequency = Static<typeof CustomerFrequency>;

export const PromotionType = Type.Union([Type.Literal('discount'), Type.Literal('bonus-stamps'), Type.Literal('exclusive-offer'), Type.Literal('limited-time')]);
export type PromotionType = Static<typeof PromotionType>;

export const NotificationFrequency = Type.Union([Type.Literal('once'), Type.Literal('daily'), Type.Literal('weekly')]);
export type NotificationFrequency = Static<typeof NotificationFrequency>;

/** The campaign object the form submits (and logs), field for field. */
export const CampaignInput = Type.Object({
  campaignTitle: Text({ minLength: 1, maxLength: MAX_CAMPAIGN_TITLE_LENGTH }),
  campaignDescription: MultilineText({ minLength: 1, maxLength: MAX_CAMPAIGN_DESCRIPTION_LENGTH }),
  targetAudience: CustomerFrequency,
  /** ISO 8601 instants. */
  startDateTime: Type.String({ format: 'date-time', maxLength: 40 }),
  endDateTime: Type.String({ format: 'date-time', maxLength: 40 }),
  promotionType: PromotionType,
  itemsToPromote: Type.Array(Text({ minLength: 1, maxLength: MAX_CAMPAIGN_ITEM_LENGTH }), { minItems: 1, maxItems: MAX_CAMPAIGN_ITEMS }),
  notificationFrequency: NotificationFrequency,
  abTesting: Type.Boolean(),
  budget: Type.Integer({ minimum: CAMPAIGN_BUDGET_MIN, maximum: CAMPAIGN_BUDGET_WIRE_MAX, description: "In the store's currency, at most campaignBudgetMax of it (200 dollars or euros, 2,000,000 dong)" }),
}, { additionalProperties: false });
export type CampaignInput = Static<typeof CampaignInput>;

export const CampaignStatus = Type.Union([Type.Literal('scheduled'), Type.Literal('active'), Type.Literal('paused'), Type.Literal('ended')]);
export type CampaignStatus = Static<typeof CampaignStatus>;

/** One row of the Active Campaigns table: the saved campaign, where it stands, and what it has sent. */
export const CampaignRow = Type.Object({
  ...CampaignInput.properties,
  id: Type.String(),
  status: CampaignStatus,
  /** Messages delivered so far, every channel together. */
  notifications: Type.Integer({ minimum: 0 }),
  /** Where the campaign's messages stand: sent, waiting (queued, held for the morning or retried), failed (given up after 24 hours). */
  delivery: Type.Object({
    sent: Type.Integer({ minimum: 0 }),
    waiting: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  }),
  createdAt: Type.Integer(),
  /** Bonus-stamps campaigns: the budget spent on bonus stamps so far and what is left, in the store's currency, and the stamps given. */
  budgetSpent: Type.Optional(Type.Number({ minimum: 0 })),
  budgetLeft: Type.Optional(Type.Number({ minimum: 0 })),
  bonusStamps: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type CampaignRow = Static<typeof CampaignRow>;

export const CampaignList = Type.Object({ campaigns: Type.Array(CampaignRow) });
export type CampaignList = Static<typeof CampaignList>;

export const CreatedCampaign = Type.Object({ id: Type.String() });
export type CreatedCampaign = Static<typeof CreatedCampaign>;

export const CampaignParams = Type.Object({ vendorId: Id, campaignId: Id });

/** Of one audience, how many customers each channel reaches (those who turned the store's messages off left out). */
export const ChannelReach = Type.Object({
  email: Type.Integer({ minimum: 0, description: 'A confirmed address and campaign e-mail asked for' }),
  pass: Type.Integer({ minimum: 0, description: 'The card in Apple or Google Wallet' }),
  push: Type.Integer({ minimum: 0, description: 'Web push accepted on the card page' }),
});
export type ChannelReach = Static<typeof ChannelReach>;

/** How many of the store's customers each customer frequency selects today, and how many each channel reaches. */
export const CampaignAudience = Type.Object({
  daily: Type.Integer({ minimum: 0, description: 'Visits on at least 10 different days in the last 30 (a visit: a store day with a stamp not removed, bonus stamps left out)' }),
  weekly: Type.Integer({ minimum: 0, description: 'Visits on at least 3 different days in the last 30' }),
  monthly: Type.Integer({ minimum: 0, description: 'A visit on at least 1 day in the last 30' }),
  all: Type.Integer({ minimum: 0, description: 'Every customer with a card at the store' }),
  reach: Type.Object({ daily: ChannelReach, weekly: ChannelReach, monthly: ChannelReach, all: ChannelReach }),
});
export type CampaignAudience = Static<typeof CampaignAudience>;

/** One day period of a campaign (24 hours from its start): customers of each half who came back that day. */
export const CampaignDay = Type.Object({
  /** Epoch ms the day starts at (the launch, for the launch day). */
  at: Type.Integer(),
  /** The day on the store's calendar (its time zone; UTC without one), YYYY-MM-DD. */
  date: Type.String({ description: 'YYYY-MM-DD' }),
  messaged: Type.Integer({ minimum: 0 }),
  /** A/B only: the held-out half's return visits. */
  heldOut: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type CampaignDay = Static<typeof CampaignDay>;

/** An estimate in visits per 100 customers (per day, for a before-and-after result) with its 95% interval. */
export const CampaignEffect = Type.Object({ estimate: Type.Number(), low: Type.Number(), high: Type.Number() });
export type CampaignEffect = Static<typeof CampaignEffect>;

/** GET /api/campaigns/{vendorId}/{id}/results: return visits per day since the start, and the result. */
export const CampaignResults = Type.Object({
  /** ab: messaged half against held-out half; before-after: the audience against its own previous 30 days. */
  mode: Type.Union([Type.Literal('ab'), Type.Literal('before-after')]),
  /** Customers in each half (before-after: the whole audience is `messaged`). */
  messaged: Type.Integer({ minimum: 0 }),
  heldOut: Type.Integer({ minimum: 0 }),
  days: Type.Array(CampaignDay),
  /** before-after: the audience's return visits per day over the 30 days before the start. */
  baselinePerDay: Type.Optional(Type.Number()),
  /** Absent: too early to tell (fewer customers than `minimumGroup` in a half, or no full day yet). */
  effect: Type.Optional(CampaignEffect),
  minimumGroup: Type.Integer(),
  /** Full day periods the result covers. */
  fullDays: Type.Integer({ minimum: 0 }),
});
export type CampaignResults = Static<typeof CampaignResults>;

/** The promotion types that are an offer to show (bonus stamps act on the stamp itself instead). */
export const OFFER_PROMOTION_TYPES = ['discount', 'exclusive-offer', 'limited-time'] as const;

/** A running discount, exclusive or limited-time offer, as the customer's card and the counter screen show it. */
export const CampaignOffer = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('discount'), Type.Literal('exclusive-offer'), Type.Literal('limited-time')]),
  title: Type.String(),
  description: Type.String(),
  items: Type.Array(Type.String()),
  /** ISO 8601 instant the offer ends. */
  endsAt: Type.String(),
});
export type CampaignOffer = Static<typeof CampaignOffer>;

/** GET /api/campaigns/{vendorId}/offers: the store's offers running now (the counter screen). */
export const CampaignOffers = Type.Object({ offers: Type.Array(CampaignOffer) });
export type CampaignOffers = Static<typeof CampaignOffers>;
