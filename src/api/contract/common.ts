// What every resource of the wire contract shares: the error body, the id schema and small scalars.
// Types are derived from the schemas (Static<>); the SPA imports them with `import type` only.
import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { ID_MAX_LENGTH } from './limits';
import { Text } from './text';

/**
 * Why a 401 refused a session token the server once issued, so the app can tell the owner why they were signed
 * out: it expired, Logout ended it (here or on another device), the password was changed or reset since, or the
 * account is gone.
 */
export const SessionEndReason = Type.Union([
  Type.Literal('expired'),
  Type.Literal('signed-out'),
  Type.Literal('password-changed'),
  Type.Literal('account-closed'),
]);
export type SessionEndReason = Static<typeof SessionEndReason>;

/** Every error response: `{ error }` with a human message; `details` on 400s say which field. */
export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    reason: Type.Optional(Type.Union([SessionEndReason, Type.Literal('mail-unavailable'), Type.Literal('database-unavailable')])),
  },
  {
    description:
      'A human-readable message; `details` name the offending fields of a 400; `reason` says why a 401 refused a session token, ' +
      'or what a 503 could not reach (`mail-unavailable`, `database-unavailable`).',
  },
);
export type ApiError = Static<typeof ErrorBody>;

/**
 * Every id a client sends (path parameters and body fields): 1–ID_MAX_LENGTH characters. Ids reach
 * SQL, so the text rule keeps a NUL (which PostgreSQL refuses with an error) out of them too.
 */
export const Id = Text({ minLength: 1, maxLength: ID_MAX_LENGTH });

/** `/:vendorId` routes. */
export const VendorParams = Type.Object({ vendorId: Id });

/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

/** A point in time on the wire: epoch milliseconds. */
export const EpochMs = (description?: string) => Type.Integer(description ? { description } : {});

/** A redemption's hand-over state. */
export const ClaimStatus = (description?: string) =>
  Type.Union([Type.Literal('pending'), Type.Literal('given'), Type.Literal('expired')], description ? { description } : {});
export type ClaimStatus = Static<ReturnType<typeof ClaimStatus>>;

/** `{ ok: true }`: the answer of a call whose only news is that it worked. */
export const Ok = Type.Object({ ok: Type.Literal(true) });

/** `{ message }`: an accepted request that mails something (the same answer whoever asked). */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
