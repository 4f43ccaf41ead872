// The people of a store and what each may do: roles, invitations, the team list.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id } from './common';

/** A person's role in their store, from the least to the most trusted. */
export const Role = Type.Union([Type.Literal('staff'), Type.Literal('manager'), Type.Literal('owner')]);
export type Role = Static<typeof Role>;

/** The roles an owner gives: a store has exactly one owner, the person who registered it. */
export const AssignableRole = Type.Union([Type.Literal('staff'), Type.Literal('manager')]);
export type AssignableRole = Static<typeof AssignableRole>;

export const TeamParams = Type.Object({ vendorId: Id });
export const PersonParams = Type.Object({ vendorId: Id, personId: Id });
