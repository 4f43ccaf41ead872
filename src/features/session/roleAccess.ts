// What the signed-in person's role may use, for hiding what the server would refuse anyway.
import { useAppSelector } from '../../app/hooks';
import { selectRole } from './sessionSlice';
import type { TokenRole } from '../../lib/token';

const RANK: Record<TokenRole, number> = { staff: 1, manager: 2, owner: 3 };

/** The least role each part of the app needs (the server's routes declare the same). */
export const MINIMUM_ROLE = {
  dashboard: 'staff',
  qrCode: 'staff',
  help: 'staff',
  rewards: 'manager',
  campaigns: 'manager',
  customers: 'manager',
  storeSettings: 'manager',
  flyerRenewal: 'manager',
  stampBudget: 'manager',
  relayReview: 'manager',
  team: 'owner',
  counterScreens: 'owner',
  deleteStore: 'owner',
} as const satisfies Record<string, TokenRole>;

export type AppPart = keyof typeof MINIMUM_ROLE;

/** The history state of the redirect from a page the role may not use: which part it was. */
export interface RoleRefusalState {
  refusedPart: AppPart;
}

export function roleAllows(role: TokenRole | null, part: AppPart): boolean {
  return role !== null && RANK[role] >= RANK[MINIMUM_ROLE[part]];
}

/** True when the signed-in person's role may use that part of the app. */
export function useRoleAllows(part: AppPart): boolean {
  const role = useAppSelector(selectRole);
  return roleAllows(role, part);
}
