// /api/rewards/{vendorId}: the vendor's punch-card reward and the first-day checklist.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ID_MAX_LENGTH, MAX_EXPIRY_DAYS, MAX_ITEM_CUSTOM_LENGTH, MAX_STAMPS, MAX_STAMPS_PER_SCAN, MIN_STAMPS } from './limits';
import { NullableText } from './text';

/** The reward as read and as saved (the same shape both ways). */
export const RewardSetup = Type.Object({
  stamps: Type.Integer({ minimum: MIN_STAMPS, maximum: MAX_STAMPS, description: 'Punches required for the reward' }),
  /** A menu item's id, or null. */
  item: NullableText({ maxLength: ID_MAX_LENGTH }),
  itemCustom: NullableText({ maxLength: MAX_ITEM_CUSTOM_LENGTH }),
  /** YYYY-MM-DD */
  expiry: Type.String({ maxLength: 10, description: 'Calendar date YYYY-MM-DD' }),
}, { additionalProperties: false });
export type RewardSetup = Static<typeof RewardSetup>;

/** How many of the store's cards hold each number of stamps (cards with stamps only): what a new card size would do to them. */
export const CardsByStamps = Type.Array(Type.Object({ stamps: Type.Integer(), cards: Type.Integer() }));
export type CardsByStamps = Static<typeof CardsByStamps>;

export const RewardResponse = Type.Object({
  reward: RewardSetup,
  items: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })),
  cardsByStamps: Type.Optional(CardsByStamps),
});
export type RewardResponse = Static<typeof RewardResponse>;

export const SaveRewardResponse = Type.Object({ reward: RewardSetup });
export type SaveRewardResponse = Static<typeof SaveRewardResponse>;

/** GET /api/rewards/{vendorId}/first-day: the first-day checklist of a new store. */
export const FirstDayStatus = Type.Object({
  /** A reward is saved (false: the store still shows the default reward). */
  rewardSaved: Type.Boolean(),
  /** Saved and not past its expiry date: customers can collect stamps. */
  rewardUsable: Type.Boolean({ description: 'Saved and its expiry date not passed' }),
  /** The saved reward's expiry date (YYYY-MM-DD), or null when none is saved. */
  rewardExpiry: Type.Union([Type.String(), Type.Null()]),
  /** The flyer was exported or printed at least once (POST /api/qrcode/flyer-printed). */
  flyerPrinted: Type.Boolean(),
  /** A customer collected a stamp at this store. */
  firstStamp: Type.Boolean(),
});
export type FirstDayStatus = Static<typeof FirstDayStatus>;

export const StampMode = Type.Union([Type.Literal('per-visit'), Type.Literal('per-item')]);
export type StampMode = Static<typeof StampMode>;

/** GET/PUT /api/rewards/{vendorId}/settings: how the store's stamp card behaves, saved per store. */
export const RewardSettings = Type.Object({
  /** per-item: the counter chooses how many stamps the next code gives (1 … maxPerTransaction). */
  stampMode: StampMode,
  maxPerTransaction: Type.Integer({ minimum: 1, maximum: MAX_STAMPS_PER_SCAN, description: 'Stamps one scan may give in per-item mode' }),
  /** A full card becomes a pending reward by itself. */
  autoRedeem: Type.Boolean(),
  /** Stamps end this many days after the card's last visit; null: never. */
  expiryDays: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_EXPIRY_DAYS }), Type.Null()]),
}, { additionalProperties: false });
export type RewardSettings = Static<typeof RewardSettings>;

/** GET /api/rewards/:vendorId/settings: the settings, and who last saved them ("Maria"; null when nobody was recorded). */
export const RewardSettingsView = Type.Object({ ...RewardSettings.properties, changedBy: Type.Optional(Type.Union([Type.String(), Type.Null()])) });
export type RewardSettingsView = Static<typeof RewardSettingsView>;

/** GET /api/rewards/:vendorId/counter-settings: what counter mode needs to offer a stamp quantity, and nothing more. */
export const CounterStampSettings = Type.Object({ stampMode: StampMode, maxPerTransaction: Type.Integer({ minimum: 1, maximum: MAX_STAMPS_PER_SCAN }) });
export type CounterStampSettings = Static<typeof CounterStampSettings>;
