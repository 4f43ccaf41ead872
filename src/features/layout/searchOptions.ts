// What the top bar's search offers for the text typed: the store's customers (from the server), its menu
// items and the app's pages, in three groups. Pure, so the matching is tested without a browser.
import type { CustomerSearchHit } from '../../api/contract/customers';
import type { MenuItemDto } from '../../api/contract/vendor';
import { ROUTES } from '../../constants';
import { NAV_TEXT } from './texts';

/** Where choosing a result goes. */
export type SearchTarget =
  | { kind: 'customer'; key: string; name: string }
  | { kind: 'menu-item'; name: string }
  | { kind: 'page'; path: string };

export interface SearchResult {
  /** Unique among the results (the AutoComplete's option value). */
  value: string;
  label: string;
  detail?: string;
  target: SearchTarget;
}

export interface SearchGroup {
  key: 'customers' | 'menu' | 'pages';
  title: string;
  results: SearchResult[];
}

const MENU_RESULTS = 5;

/** The pages a vendor can go to, with the words they are found by. */
export function searchablePages(vendorId: string): { title: string; path: string; words: string }[] {
  return [
    { title: NAV_TEXT.dashboard, path: ROUTES.dashboard(vendorId), words: 'home figures redemptions' },
    { title: NAV_TEXT.rewards, path: ROUTES.rewards(vendorId), words: 'punch card reward setup stamps required' },
    { title: NAV_TEXT.qrCode, path: ROUTES.qrCode(vendorId), words: 'code counter hand over flyer print scan' },
    { title: 'Customers', path: ROUTES.customers(vendorId), words: 'regulars lapsed export csv list' },
    { title: NAV_TEXT.help, path: ROUTES.help(vendorId), words: 'questions support' },
    { title: 'User Guide', path: ROUTES.helpGuide(vendorId), words: 'manual how to help' },
    { title: 'FAQ', path: ROUTES.helpFaq(vendorId), words: 'questions answers lost phone cooldown relay alert help' },
    { title: 'Tutorial', path: ROUTES.helpTutorial(vendorId), words: 'walkthrough screenshots getting started help' },
  ];
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export function searchGroups(text: string, vendorId: string, customers: readonly CustomerSearchHit[], items: readonly MenuItemDto[]): SearchGroup[] {
  const needle = normalize(text);
  if (!needle) return [];
  const groups: SearchGroup[] = [
    {
      key: 'customers',
      title: NAV_TEXT.searchGroups.customers,
      results: customers.map((customer) => ({
        value: `customer:${customer.key}`,
        label: customer.name,
        detail: customer.email ?? NAV_TEXT.searchCustomerDetail(customer.visits, customer.stamps),
        target: { kind: 'customer', key: customer.key, name: customer.name },
      })),
    },
    {
      key: 'menu',
      title: NAV_TEXT.searchGroups.menu,
      results: items
        .filter((item) => normalize(item.name).includes(needle))
        .slice(0, MENU_RESULTS)
        .map((item) => ({ value: `menu:${item._id}`, label: item.name, detail: NAV_TEXT.searchMenuDetail, target: { kind: 'menu-item', name: item.name } })),
    },
    {
      key: 'pages',
      title: NAV_TEXT.searchGroups.pages,
      results: searchablePages(vendorId)
        .filter((page) => normalize(`${page.title} ${page.words}`).includes(needle))
        .map((page) => ({ value: `page:${page.path}`, label: page.title, target: { kind: 'page', path: page.path } })),
    },
  ];
  return groups.filter((group) => group.results.length > 0);
}

/** The Customers page opened on one customer: the search text comes along, so the page can show them. */
export function customerPath(vendorId: string, key: string, text: string): string {
  return `${ROUTES.customers(vendorId)}?${new URLSearchParams({ customer: key, q: text.trim() }).toString()}`;
}
