// Menu prices: reading what the vendor typed and showing a price with its dollar sign.
import { MENU_ITEMS } from '../../constants';

/**
 * What the vendor typed into the price box: '' (no price) or a non-negative amount with at most
 * two decimals ("4", "4.2", "4.20", ".5"). Anything else — letters, "1e3", "-1", "4.999" — is
 * not a valid price; the server applies the same rule.
 */
export type ParsedPrice = { ok: true; price: number | '' } | { ok: false };

const PRICE_PATTERN = /^(\d{1,7}(\.\d{0,2})?|\.\d{1,2})$/;

export function parsePriceInput(input: string): ParsedPrice {
  // "$0.60" (the sign typed although the box shows it) and "3,50" (a decimal comma) are prices too.
  const text = input.trim().replace(/^\$\s*/, '').replace(/^(\d*),(\d{1,2})$/, '$1.$2');
  if (text === '') return { ok: true, price: '' };
  if (!PRICE_PATTERN.test(text)) return { ok: false };
  return { ok: true, price: Number(text) };
}

/** "$4.20" for 4.2; '' when the item has no price (nothing is shown then). */
export function formatPrice(price: number | '' | null | undefined): string {
  if (price === '' || price === null || price === undefined || !Number.isFinite(price)) return '';
  return `${MENU_ITEMS.currencyPrefix}${price.toFixed(2)}`;
}
