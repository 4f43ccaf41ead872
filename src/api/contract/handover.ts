// /api/handover/{vendorId}: the counter's side of a claim — the claims waiting, and confirming
// one as handed over by its button or by the code on the customer's screen.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { HANDOVER_CODE_FIELD_MAX_LENGTH } from './limits';
import { ActivityItem } from './activity';
import { Id } from './common';
import { Text } from './text';

/** The vendor screen a hand-over was confirmed on (by its button or by the typed code). */
export const HandoverScreen = Type.Union([Type.Literal('feed'), Type.Literal('counter')], { description: 'The screen the hand-over was confirmed on' });
export type HandoverScreen = Static<typeof HandoverScreen>;

export const ClaimHandoverParams = Type.Object({ vendorId: Id, claimId: Id });

/** POST /api/handover/{vendorId}/claims/{id} */
export const HandoverRequest = Type.Object({ screen: HandoverScreen }, { additionalProperties: false });
export type HandoverRequest = Static<typeof HandoverRequest>;
/** POST /api/handover/{vendorId}/code: case, spaces and dashes in the code do not matter. */
export const HandoverByCodeRequest = Type.Object(
  { code: Text({ minLength: 1, maxLength: HANDOVER_CODE_FIELD_MAX_LENGTH }), screen: HandoverScreen },
  { additionalProperties: false },
);
export type HandoverByCodeRequest = Static<typeof HandoverByCodeRequest>;

/** Both confirmations answer the claim as it is now (given). */
export const HandoverResponse = Type.Object({ item: ActivityItem });
export type HandoverResponse = Static<typeof HandoverResponse>;

/** GET /api/handover/{vendorId}/pending: the claims waiting at the counter, oldest first. */
export const PendingClaimsResponse = Type.Object({ items: Type.Array(ActivityItem) });
export type PendingClaimsResponse = Static<typeof PendingClaimsResponse>;
