// /api/qrcode/{vendorId}/alerts and /stamp-budget: codes flagged as relayed, voiding their
// stamps, and the store's stamp-budget floors.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { STAMP_BUDGET_FLOOR } from './limits';
import { Text } from './text';

export const RelayFlagReason = Type.Union([Type.Literal('networks'), Type.Literal('budget'), Type.Literal('device')]);
export type RelayFlagReason = Static<typeof RelayFlagReason>;

/** One stamp a flagged code granted, as the vendor reviews it. */
export const RelayAlertStamp = Type.Object({
  id: Type.String(),
  customer: Type.String(),
  /** Epoch ms. */
  date: Type.Integer(),
  /** The client network prefix the scan came from ('203.0.113.0/24'). */
  network: Type.Union([Type.String(), Type.Null()]),
  newDevice: Type.Boolean(),
  voided: Type.Boolean(),
  /** The card had a reward claimed after this stamp: a void does not reverse that claim. */
  claimedAfter: Type.Boolean({ description: 'The card had a reward claimed after this stamp (a void does not reverse it)' }),
});
export type RelayAlertStamp = Static<typeof RelayAlertStamp>;

/** A code flagged as probably relayed (a photo going around), with what it granted. */
export const RelayAlert = Type.Object({
  /** Opaque id of the code (used in the void request). */
  code: Type.String(),
  kind: Type.Union([Type.Literal('dynamic'), Type.Literal('printable')]),
  reason: RelayFlagReason,
  /** 'Code from 14:02 used 17 times from 9 networks in 60 s — a photo may be going around' (server's clock, UTC). */
  message: Type.String(),
  firstUsedAt: Type.Integer(),
  /** The code's latest scan (granted or refused). */
  lastUsedAt: Type.Integer(),
  flaggedAt: Type.Integer(),
  /** Scans that got a stamp, scans the budget refused, distinct networks, the budget. */
  granted: Type.Integer(),
  refused: Type.Integer(),
  networks: Type.Integer(),
  budget: Type.Integer(),
  voidedAt: Type.Union([Type.Integer(), Type.Null()]),
  voidedStamps: Type.Union([Type.Integer(), Type.Null()]),
  stamps: Type.Array(RelayAlertStamp),
});
export type RelayAlert = Static<typeof RelayAlert>;

export const RelayAlertsResponse = Type.Object({ alerts: Type.Array(RelayAlert) });
export type RelayAlertsResponse = Static<typeof RelayAlertsResponse>;

export const VoidCodeRequest = Type.Object({ code: Text({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type VoidCodeRequest = Static<typeof VoidCodeRequest>;

/** POST /api/qrcode/{vendorId}/alerts/void: what voiding did. */
export const VoidCodeResponse = Type.Object({
  voidedStamps: Type.Integer(),
  cards: Type.Integer(),
  /** Cards whose claim made since is kept (shown, not reversed). */
  claimsKept: Type.Integer(),
  flyerRenewed: Type.Boolean(),
});
export type VoidCodeResponse = Static<typeof VoidCodeResponse>;

const Floor = Type.Union([Type.Integer({ minimum: STAMP_BUDGET_FLOOR.min, maximum: STAMP_BUDGET_FLOOR.max }), Type.Null()]);

/** GET/PUT /api/qrcode/{vendorId}/stamp-budget: the store's own floors (null follows the server's default). */
export const StampBudgetSettings = Type.Object({
  codeBudgetFloor: Floor,
  flyerBudgetFloor: Floor,
  /** What is in force now: the budget a new counter code gets, and the flyer's daily budget. */
  effectiveCodeBudget: Type.Integer(),
  effectiveFlyerBudget: Type.Integer(),
  /** Who last set the floors ("Maria", "Till 1"); null when nobody was recorded. */
  changedBy: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type StampBudgetSettings = Static<typeof StampBudgetSettings>;

export const StampBudgetFloors = Type.Object({ codeBudgetFloor: Floor, flyerBudgetFloor: Floor }, { additionalProperties: false });
export type StampBudgetFloors = Static<typeof StampBudgetFloors>;
