// The nav bar's page buttons and the rule deciding which one is highlighted.
import { ROUTES } from '../../constants';
import type { AppPart } from '../session/roleAccess';
import { NAV_TEXT } from './texts';

export interface NavItem {
  key: 'dashboard' | 'rewards' | 'qrCode' | 'campaigns' | 'help';
  label: string;
  path: (vendorId: string) => string;
  /** A button shown but not usable. */
  disabled?: boolean;
  /** The part of the app the button opens: shown only to a role that may use it. */
  part: AppPart;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', get label() { return NAV_TEXT.dashboard; }, path: ROUTES.dashboard, part: 'dashboard' },
  { key: 'rewards', get label() { return NAV_TEXT.rewards; }, path: ROUTES.rewards, part: 'rewards' },
  { key: 'qrCode', get label() { return NAV_TEXT.qrCode; }, path: ROUTES.qrCode, part: 'qrCode' },
  { key: 'campaigns', get label() { return NAV_TEXT.campaigns; }, path: ROUTES.campaigns, part: 'campaigns' },
  { key: 'help', get label() { return NAV_TEXT.help; }, path: ROUTES.help, part: 'help' },
];

/** Where a button leads: its page for a signed-in vendor, /login when the token is missing or expired. */
export function navTarget(item: NavItem, vendorId: string | null): string {
  return vendorId === null ? ROUTES.login : item.path(vendorId);
}

/** Highlighted when the path equals or starts with the button's path; the dashboard also on '/'. */
export function isNavItemActive(item: NavItem, target: string, pathname: string): boolean {
  if (item.key === 'dashboard' && pathname === '/') return true;
  return target !== ROUTES.login && pathname.startsWith(target);
}
