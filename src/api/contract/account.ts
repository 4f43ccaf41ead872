// Account Settings: a person's name, e-mail change, open sessions, and the owner deleting the store.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id } from './common';
import { Text } from './text';
import { EMAIL_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, REGISTRATION_TEXT_MAX_LENGTH } from './limits';

/** PUT /api/account/name */
export const ChangeNameRequest = Type.Object({ name: Text({ minLength: 1, maxLength: REGISTRATION_TEXT_MAX_LENGTH }) }, { additionalProperties: false });
export type ChangeNameRequest = Static<typeof ChangeNameRequest>;
export const ChangeNameResponse = Type.Object({ name: Type.String() });
export type ChangeNameResponse = Static<typeof ChangeNameResponse>;

/** POST /api/account/email-change: mails a confirmation link to the new address. */
export const EmailChangeRequest = Type.Object({ email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false });
export type EmailChangeRequest = Static<typeof EmailChangeRequest>;
export const EmailChangeResponse = Type.Object({ email: Type.String({ description: 'the address the link was mailed to' }), expiresAt: Type.Integer({ description: 'epoch ms' }) });
export type EmailChangeResponse = Static<typeof EmailChangeResponse>;

/** POST /api/account/confirm-email/:token: the new address is the account's from now on. */
export const EmailConfirmedResponse = Type.Object({ email: Type.String() });
export type EmailConfirmedResponse = Static<typeof EmailConfirmedResponse>;

/** One open session of the signed-in person. */
export const OpenSession = Type.Object({
  id: Type.String(),
  /** The browser and system read from the user agent ('' when unknown). */
  browser: Type.String(),
  system: Type.String(),
  signedInAt: Type.Integer({ description: 'epoch ms' }),
  lastSeenAt: Type.Integer({ description: 'epoch ms' }),
  /** The session this request was sent with. */
  current: Type.Boolean(),
});
export type OpenSession = Static<typeof OpenSession>;

/** GET /api/account/sessions */
export const OpenSessionsResponse = Type.Object({ sessions: Type.Array(OpenSession) });
export type OpenSessionsResponse = Static<typeof OpenSessionsResponse>;

export const SessionParams = Type.Object({ sessionId: Id });

export const StoreParams = Type.Object({ vendorId: Id });

/** POST /api/account/:vendorId/delete-store: the store's name typed as it is, and the owner's password. */
export const DeleteStoreRequest = Type.Object(
  {
    storeName: Type.String({ maxLength: REGISTRATION_TEXT_MAX_LENGTH }),
    password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type DeleteStoreRequest = Static<typeof DeleteStoreRequest>;
