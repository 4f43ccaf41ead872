// /api/rewards/{vendorId}: the vendor's punch-card reward and the first-day checklist.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ID_MAX_LENGTH, MAX_ITEM_CUSTOM_LENGTH, MAX_STAMPS, MIN_STAMPS } from './limits';
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

export const RewardResponse = Type.Object({ reward: RewardSetup, items: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })) });
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
