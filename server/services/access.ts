// Who may use a route: every route declares one access level, and this decides whether a principal
// (a signed-in person of a store, or a paired counter device) meets it.
import type { Role } from '../../src/api/contract/team';

/**
 * - `public`: anyone; no credential is read (sign-in, registration, health, images).
 * - `customer`: a customer's own device credential, checked by the route itself; no vendor session.
 * - `signed-in`: any person signed in to a store, whatever their role (their own session and account).
 * - `staff` / `manager` / `owner`: a person of the store in the path with at least that role.
 * - `counter`: a person with at least the staff role, or a paired counter device of the store.
 * - `device`: a paired counter device only.
 */
export const ACCESS_LEVELS = ['public', 'customer', 'signed-in', 'staff', 'manager', 'owner', 'counter', 'device'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** A signed-in person: `vendorId` is the store (the session token's `sub`). */
export interface PersonPrincipal {
  kind: 'person';
  vendorId: string;
  personId: string;
  role: Role;
}

/** A paired counter screen of a store (it signs in with a device token, never a password). */
export interface DevicePrincipal {
  kind: 'device';
  vendorId: string;
  deviceId: string;
}

export type Principal = PersonPrincipal | DevicePrincipal;

const ROLE_RANK: Record<Role, number> = { staff: 1, manager: 2, owner: 3 };

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/** True when the access level needs no vendor principal at all. */
export function isOpenAccess(access: Access): boolean {
  return access === 'public' || access === 'customer';
}

/** Whether a principal (already known to belong to the store in question) meets the access level. */
export function permits(principal: Principal, access: Access): boolean {
  switch (access) {
    case 'public':
    case 'customer':
      return true;
    case 'device':
      return principal.kind === 'device';
    case 'counter':
      return principal.kind === 'device' || roleAtLeast(principal.role, 'staff');
    case 'signed-in':
      return principal.kind === 'person';
    case 'staff':
    case 'manager':
    case 'owner':
      return principal.kind === 'person' && roleAtLeast(principal.role, access);
  }
}

export function isAccessLevel(value: unknown): value is Access {
  return typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);
}
