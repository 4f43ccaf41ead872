// The people of a store and what each may do: roles, invitations, the team list.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id } from './common';
import { Text } from './text';
import { PersonLocale } from './person-locale';
import { EMAIL_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, REGISTRATION_TEXT_MAX_LENGTH } from './limits';

/** A person's role in their store, from the least to the most trusted. */
export const Role = Type.Union([Type.Literal('staff'), Type.Literal('manager'), Type.Literal('owner')]);
export type Role = Static<typeof Role>;

/** The roles an owner gives: a store has exactly one owner, the person who registered it. */
export const AssignableRole = Type.Union([Type.Literal('staff'), Type.Literal('manager')]);
export type AssignableRole = Static<typeof AssignableRole>;

export const TeamParams = Type.Object({ vendorId: Id });
export const PersonParams = Type.Object({ vendorId: Id, personId: Id });

/** One person of the team (the owner first). */
export const TeamPerson = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String(), role: Role });
export type TeamPerson = Static<typeof TeamPerson>;

/** An invitation not accepted yet. */
export const OpenInvitation = Type.Object({ email: Type.String(), role: AssignableRole, expiresAt: Type.Integer({ description: 'epoch ms' }) });
export type OpenInvitation = Static<typeof OpenInvitation>;

/** GET /api/team/:vendorId */
export const TeamResponse = Type.Object({ people: Type.Array(TeamPerson), invitations: Type.Array(OpenInvitation) });
export type TeamResponse = Static<typeof TeamResponse>;

/** POST /api/team/:vendorId/invitations: mails a one-time link, valid 7 days. */
export const InvitationRequest = Type.Object(
  { email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }), role: AssignableRole },
  { additionalProperties: false },
);
export type InvitationRequest = Static<typeof InvitationRequest>;
export const InvitationResponse = OpenInvitation;
export type InvitationResponse = OpenInvitation;

/** DELETE /api/team/:vendorId/invitations/:email: the invited address, URL-encoded. */
export const InvitationParams = Type.Object({ vendorId: Id, email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) });
export type InvitationParams = Static<typeof InvitationParams>;

/** PUT /api/team/:vendorId/people/:personId/role */
export const ChangeRoleRequest = Type.Object({ role: Role }, { additionalProperties: false });
export type ChangeRoleRequest = Static<typeof ChangeRoleRequest>;

/** GET /api/auth/invitation/:token: what the accept page shows. */
export const InvitationInfo = Type.Object({ email: Type.String(), role: AssignableRole, storeName: Type.String() });
export type InvitationInfo = Static<typeof InvitationInfo>;

/** POST /api/auth/accept-invitation/:token: the invitee's name and password (the registration rules). */
export const AcceptInvitationRequest = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: REGISTRATION_TEXT_MAX_LENGTH }),
    // The real rule (8–128 characters, not common) is checked in the handler, to answer it in words.
    password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type AcceptInvitationRequest = Static<typeof AcceptInvitationRequest>;
export const AcceptInvitationResponse = Type.Object({ token: Type.String(), vendorId: Type.String() });
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponse>;

/** GET /api/auth/me: who is signed in, for the app to show what their role may use. */
export const MeResponse = Type.Object({
  vendorId: Type.String(),
  personId: Type.String(),
  role: Role,
  name: Type.String(),
  email: Type.String(),
  locale: PersonLocale,
});
export type MeResponse = Static<typeof MeResponse>;
