// What a vendor types (or the scanner reads) for a menu item, checked and tidied: item names and
// prices in the store's currency → integer hundredths of its unit ("cents", whatever the currency). Pure
// functions; a bad value is a 400 naming its field.
import { badRequest, textError } from '../../http-errors';
import type { ScannedItem } from '../../menu-scan';
import { itemPriceLimit, MAX_ITEM_NAME_LENGTH } from '../../../src/api/contract/limits';
import { plainSingleLine } from '../plain-text';

export { MAX_ITEM_NAME_LENGTH };
/** Highest price in cents in the store's currency (99,999.99 dollars, 999,999,999.99 dong); the lowest is 1 cent. */
export function maxPriceCents(currency: string): number {
  return itemPriceLimit(currency) * 100 - 1;
}

/** An item name as stored: the scanner's and the forms' names tidied alike (see plainSingleLine). */
export function normalizeItemName(raw: string): string {
  return plainSingleLine(raw);
}

/** Two names that are the same item on a menu (case and spacing aside). */
export function sameNameKey(name: string): string {
  return normalizeItemName(name).toLowerCase();
}

/** The item name as stored, or 400 naming the field. */
export function parseItemName(raw: unknown): string {
  const name = typeof raw === 'string' ? normalizeItemName(raw) : '';
  if (name === '') throw badRequest('Item name is required.', [{ field: 'itemName', message: 'is required' }]);
  if ([...name].length > MAX_ITEM_NAME_LENGTH) {
    throw badRequest(`Item name must be at most ${MAX_ITEM_NAME_LENGTH} characters.`, [
      { field: 'itemName', message: `must be at most ${MAX_ITEM_NAME_LENGTH} characters` },
    ]);
  }
  return name;
}

/**
 * A price in the store's currency as the client sends it (number or numeric string) → integer cents; empty,
 * null or absent → null (an item without a price). More than 0 and less than the currency's itemPriceLimit, as
 * the forms check it; anything else is a 400 naming the field, in the page's language, with the limit written
 * in the currency.
 */
export function parsePriceCents(raw: unknown, currency: string): number | null {
  if (raw === undefined || raw === null) return null;
  let text: string;
  if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else if (typeof raw === 'string') text = raw.trim();
  else throw invalidPrice();
  if (text === '') return null;
  // String(0.1) is '0.1', String(1e21) is '1e+21' (refused): the decimal text is what we check.
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) throw invalidPrice();
  const [, whole, fraction = ''] = match;
  if (fraction.length > 2) throw invalidPrice();
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > maxPriceCents(currency)) {
    const max = itemPriceLimit(currency);
    throw textError(400, 'menuItemRefusals.priceOutOfRange', { max, currency }, [{ field: 'itemPrice', message: `must be more than 0 and less than ${max}` }]);
  }
  return cents;
}

/**
 * A stored price as menus show it: null for none, and for a stored 0, which no form or route accepts but
 * older rows hold (the row keeps its 0 until the vendor edits the item; "$0.00" on a menu reads as "free").
 */
export function shownPriceCents(priceCents: number | null): number | null {
  return priceCents === null || priceCents <= 0 ? null : priceCents;
}

function invalidPrice() {
  return textError(400, 'menuItemRefusals.priceInvalid', undefined, [{ field: 'itemPrice', message: 'must be a number more than 0 with at most 2 decimals' }]);
}

/**
 * Tidies the scanner's answer: names as a vendor would type them, prices within the store's limits or null;
 * null to skip the item.
 */
export function cleanScannedItem(item: ScannedItem, currency: string): { name: string; priceCents: number | null } | null {
  if (typeof item.name !== 'string') return null;
  const name = normalizeItemName(item.name);
  if (name === '' || [...name].length > MAX_ITEM_NAME_LENGTH) return null;
  const price = item.priceCents;
  // A price the forms would refuse (0, or the currency's limit and more) is read as none: the vendor adds it in the review.
  const priceCents = typeof price === 'number' && Number.isInteger(price) && price >= 1 && price <= maxPriceCents(currency) ? price : null;
  return { name, priceCents };
}
