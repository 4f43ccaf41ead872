// The customer's say over campaign messages: per store (the card page's switch) and for e-mail (the profile form).
import { Type, type Static } from '@sinclair/typebox';

/** GET/PUT /api/customer/cards/{cardId}/campaign-messages: whether the store's campaign messages reach this customer. */
export const CampaignMessagesSetting = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type CampaignMessagesSetting = Static<typeof CampaignMessagesSetting>;

/** GET/PUT /api/customer/me/campaign-mail: whether stores may send the customer campaign e-mail (off until ticked). */
export const CampaignMailSetting = Type.Object({ optIn: Type.Boolean() }, { additionalProperties: false });
export type CampaignMailSetting = Static<typeof CampaignMailSetting>;

/** /api/unsubscribe/{token}: the signed token of a campaign mail's unsubscribe link. */
export const UnsubscribeParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type UnsubscribeParams = Static<typeof UnsubscribeParams>;
