// What every resource of the wire contract shares: the error body, the id schema and small scalars.
// Types are derived from the schemas (Static<>); the SPA imports them with `import type` only.
import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { ID_MAX_LENGTH } from './limits';
import { Text } from './text';

/** Every error response: `{ error }` with a human message; `details` on 400s say which field. */
export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { description: 'A human-readable message; `details` name the offending fields of a 400.' },
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
