// Prices in the store's currency, shown in the viewer's locale by the browser's Intl ("3,50 €" to a
// French reader, "€3.50" to an Irish one, "$3.50" for a US-dollar store in English), and read back from
// what a vendor types in their own locale. Amounts are plain numbers in the currency's units, as on the wire.
import { DEFAULT_CURRENCY, itemPriceLimit } from '../api/contract/limits';
import { intlLocale } from '../i18n/texts';
import { isLocale } from '../api/contract/locales';

/**
 * The locale prices are written for: the page's language, with the region of the browser's or phone's own
 * tag when it speaks that language (fr-CA, en-IE).
 */
export function viewerLocale(): string {
  return intlLocale();
}

/**
 * The locale prices are written and read in: the viewer's, unless the browser's first language is one the
 * pages are not offered in. A Hanoi phone (vi-VN) reads an English page, but its prices as the café's own
 * tags write them ("65.000 ₫", not "₫65,000"); always with Latin digits, as the rest of the page.
 */
export function priceLocale(): string {
  const first = typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
  if (!first || isLocale(first.toLowerCase().split('-')[0])) return viewerLocale();
  try {
    return Intl.NumberFormat.supportedLocalesOf([first]).length > 0 && !first.includes('-u-') ? `${first}-u-nu-latn` : viewerLocale();
  } catch {
    // A malformed tag in the browser's list: the page's own locale then.
    return viewerLocale();
  }
}

const formats = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build and a menu shows dozens of prices: each is built once. */
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

// The narrow symbol is what a café's own price tags show ("$" for a Canadian or US store, not "CA$" or
// "US$"): the customers reading a store's prices are, nearly always, in that store.
const CURRENCY_STYLE = { style: 'currency', currencyDisplay: 'narrowSymbol' } as const;

function currencyFormat(storeCurrency: string, locale: string | undefined, wholeUnits: boolean): Intl.NumberFormat {
  // An answer kept from before stores had a currency (the customer pages' offline copy) has none: those
  // stores price in dollars.
  const currency = storeCurrency || DEFAULT_CURRENCY;
  if (wholeUnits) return numberFormat(locale, { ...CURRENCY_STYLE, currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const natural = numberFormat(locale, { ...CURRENCY_STYLE, currency });
  // Prices are kept to the cent: a currency written without decimals (JPY) still shows a stored ¥3.50 as
  // it is, never rounded to a price the vendor did not set.
  const { minimumFractionDigits = 0, maximumFractionDigits = 0 } = natural.resolvedOptions();
  if (maximumFractionDigits >= 2) return natural;
  return numberFormat(locale, { ...CURRENCY_STYLE, currency, minimumFractionDigits, maximumFractionDigits: 2 });
}

/** "3,50 €" for 3.5 EUR in fr-FR. `wholeUnits` leaves the decimals out (a budget slider's "50 €"). */
export function formatMoney(amount: number, currency: string, locale: string | undefined = priceLocale(), { wholeUnits = false } = {}): string {
  return currencyFormat(currency, locale, wholeUnits).format(amount);
}

/** A menu item's price, or '' when it has none (nothing is shown then). */
export function formatPrice(price: number | '' | null | undefined, currency: string, locale: string | undefined = priceLocale()): string {
  if (price === '' || price === null || price === undefined || !Number.isFinite(price)) return '';
  return formatMoney(price, currency, locale);
}

/** The currency's sign as the locale writes it, and on which side of the amount ("€" after it in French). */
export function currencyAffix(currency: string, locale: string | undefined = priceLocale()): { symbol: string; position: 'prefix' | 'suffix' } {
  const parts = currencyFormat(currency, locale, false).formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const firstDigit = parts.findIndex((part) => part.type === 'integer');
  return { symbol: at === -1 ? currency : parts[at].value, position: at !== -1 && at > firstDigit ? 'suffix' : 'prefix' };
}

/** Whether the currency is written without decimals (JPY, KRW, VND, IDR), as Intl knows it. */
export function isWholeUnitCurrency(currency: string): boolean {
  return numberFormat('en', { style: 'currency', currency: currency || DEFAULT_CURRENCY }).resolvedOptions().maximumFractionDigits === 0;
}

/**
 * How the locale writes an empty price ("0.00", "0,00"; "0" in a currency without decimals): the price
 * box's placeholder.
 */
export function pricePlaceholder(locale: string | undefined = priceLocale(), currency: string = DEFAULT_CURRENCY): string {
  const digits = isWholeUnitCurrency(currency) ? 0 : 2;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(0);
}

/** A price as the edit boxes first hold it: "3.50", and "65000" in a currency without decimals (a stored 3.5 yen stays "3.50"). */
export function priceBoxText(price: number | '', currency: string): string {
  if (price === '') return '';
  return isWholeUnitCurrency(currency) && Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/**
 * What the vendor typed into the price box: '' (no price) or a non-negative amount with at most two
 * decimals. The server applies the same rule to the number sent.
 */
export type ParsedPrice = { ok: true; price: number | '' } | { ok: false };

/**
 * A typed price the server keeps: none (''), or more than 0 and less than the currency's limit
 * (itemPriceLimit: 100,000 dollars or euros, 1,000,000,000 dong), as the server checks it.
 */
export function isPriceInRange(price: number | '', currency: string): boolean {
  return price === '' || (price > 0 && price < itemPriceLimit(currency || DEFAULT_CURRENCY));
}

/** The currency's price limit as the viewer's locale writes it, without decimals: "$100,000", "1.000.000.000 ₫". */
export function formatPriceLimit(currency: string, locale: string | undefined = priceLocale()): string {
  return formatMoney(itemPriceLimit(currency || DEFAULT_CURRENCY), currency, locale, { wholeUnits: true });
}

/**
 * Digits before the decimal mark that can still be a price: one more than the currency's limit has (7 in
 * dollars, 11 in dong), so a price just past the limit is refused with the limit and a longer number as
 * not a price at all.
 */
function maxIntegerDigits(currency: string): number {
  return String(itemPriceLimit(currency || DEFAULT_CURRENCY)).length + 1;
}
// Digits as Arabic and Persian keyboards type them, and the Arabic decimal and group marks.
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const ARABIC_DECIMAL = '\u066b';
const ARABIC_GROUP = '\u066c';
// Bidirectional marks some locales put around a formatted amount (a pasted "‏3,50 €").
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function separators(locale: string | undefined): { group: string; decimal: string } {
  const parts = numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1234.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** Every way the currency may be written next to a price: narrow and full symbol, and its code. */
function currencyMarks(currency: string, locale: string | undefined): string[] {
  const marks = new Set<string>([currency]);
  for (const currencyDisplay of ['narrowSymbol', 'symbol'] as const) {
    const part = numberFormat(locale, { style: 'currency', currency, currencyDisplay }).formatToParts(1).find((p) => p.type === 'currency');
    if (part) marks.add(part.value);
  }
  // Longest first, so "US$" goes before "$".
  return [...marks].sort((a, b) => b.length - a.length);
}

/**
 * Reads a price as a vendor writes it in their locale, with or without the store's currency sign:
 * "3.50", "3,50", "3,50 €", "€3.50", "EUR 3.50", "1 234,50" (fr), "1.234,50" (de), "1,234.50" (en).
 * A point or a comma followed by at most two digits is always the decimal mark (as before this read
 * the locale); the locale's group separator is accepted between groups of three digits, and in a currency
 * without decimals any of them ("65.000 ₫" typed on an English page).
 */
export function parsePriceInput(input: string, currency: string, locale: string | undefined = priceLocale()): ParsedPrice {
  let text = input
    .replace(DIRECTION_MARKS, '')
    .replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(ARABIC_DECIMAL, '.')
    .replace(new RegExp(ARABIC_GROUP, 'g'), ',')
    .trim();
  for (const mark of currencyMarks(currency, locale)) {
    const markPattern = new RegExp(`^${escapeRegExp(mark)}\\s*|\\s*${escapeRegExp(mark)}$`, 'i');
    if (markPattern.test(text)) {
      text = text.replace(markPattern, '');
      break;
    }
  }
  if (text === '') return { ok: true, price: '' };
  const maxDigits = maxIntegerDigits(currency);

  // In a currency without decimals, a point, comma, apostrophe or space before three digits groups
  // thousands whatever the page's language ("65.000" and "26,000" dong or won, "1.250.000"): no such
  // price has three decimals.
  if (isWholeUnitCurrency(currency)) {
    const thousands = /^(\d{1,3}(?:([.,'’\s])\d{3})(?:\2\d{3})*)(?:([.,])(\d{1,2}))?$/u.exec(text);
    if (thousands && thousands[3] !== thousands[2]) {
      const integer = thousands[1].replace(/\D/g, '');
      if (integer.length > maxDigits) return { ok: false };
      return { ok: true, price: Number(`${integer}.${thousands[4] ?? ''}`) };
    }
  }

  const plain = new RegExp(`^(\\d{1,${maxDigits}})?(?:[.,](\\d{0,2}))?$`).exec(text);
  if (plain && (plain[1] !== undefined || (plain[2] ?? '') !== '')) {
    return { ok: true, price: Number(`${plain[1] ?? '0'}.${plain[2] ?? ''}`) };
  }

  const { group, decimal } = separators(locale);
  // A space-like group separator (French writes U+202F) matches any space the vendor typed.
  const groupPattern = /^\s$/u.test(group) ? '\\s' : escapeRegExp(group);
  const grouped = new RegExp(`^(\\d{1,3}(?:${groupPattern}\\d{3})+)(?:${escapeRegExp(decimal)}(\\d{0,2}))?$`, 'u').exec(text);
  if (grouped) {
    const integer = grouped[1].replace(/\D/g, '');
    if (integer.length > maxDigits) return { ok: false };
    return { ok: true, price: Number(`${integer}.${grouped[2] ?? ''}`) };
  }
  return { ok: false };
}
