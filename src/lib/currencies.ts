// The currencies a store may choose, named in the viewer's language by the browser's Intl (no list of
// names shipped in the bundle). The server checks the choice against the same ISO 4217 list.
import { viewerLocale } from './money';

export interface CurrencyOption {
  /** ISO 4217 code, what the store saves ("EUR"). */
  code: string;
  /** "EUR — Euro": the code first, so typing either finds it. */
  label: string;
}

/** Every ISO 4217 currency in use that this browser knows, by code; `current` is kept even if it does not. */
export function currencyOptions(current: string, locale: string | undefined = viewerLocale()): CurrencyOption[] {
  const codes = new Set(Intl.supportedValuesOf('currency'));
  codes.add(current);
  const names = new Intl.DisplayNames(locale === undefined ? undefined : [locale], { type: 'currency', fallback: 'code' });
  return [...codes].sort().map((code) => {
    const name = names.of(code);
    return { code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}

// The currency of each region whose cafés price in a currency other than the US dollar, by its CLDR region
// code. Intl has no way to ask it (Intl.Locale's currencies are not in browsers yet). A region not listed
// leaves the choice to the server's default, dollars.
const EURO_REGIONS = ['AD', 'AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MC', 'ME', 'MT', 'NL', 'PT', 'SI', 'SK', 'SM', 'VA', 'XK'];
const REGION_CURRENCY: ReadonlyMap<string, string> = new Map([
  ...EURO_REGIONS.map((region): [string, string] => [region, 'EUR']),
  ['AE', 'AED'], ['AR', 'ARS'], ['AU', 'AUD'], ['BG', 'BGN'], ['BR', 'BRL'], ['CA', 'CAD'], ['CH', 'CHF'], ['CL', 'CLP'],
  ['CN', 'CNY'], ['CO', 'COP'], ['CZ', 'CZK'], ['DK', 'DKK'], ['EG', 'EGP'], ['GB', 'GBP'], ['GH', 'GHS'], ['HK', 'HKD'],
  ['HU', 'HUF'], ['ID', 'IDR'], ['IL', 'ILS'], ['IN', 'INR'], ['IS', 'ISK'], ['JO', 'JOD'], ['JP', 'JPY'], ['KE', 'KES'],
  ['KR', 'KRW'], ['KW', 'KWD'], ['LB', 'LBP'], ['LI', 'CHF'], ['MA', 'MAD'], ['MX', 'MXN'], ['MY', 'MYR'], ['NG', 'NGN'],
  ['NO', 'NOK'], ['NZ', 'NZD'], ['PE', 'PEN'], ['PH', 'PHP'], ['PK', 'PKR'], ['PL', 'PLN'], ['QA', 'QAR'], ['RO', 'RON'],
  ['RS', 'RSD'], ['SA', 'SAR'], ['SE', 'SEK'], ['SG', 'SGD'], ['TH', 'THB'], ['TN', 'TND'], ['TR', 'TRY'], ['TW', 'TWD'],
  ['UA', 'UAH'], ['US', 'USD'], ['UY', 'UYU'], ['VN', 'VND'], ['ZA', 'ZAR'],
]);

/**
 * The currency of the first of the browser's languages that names a region ("es-ES" → EUR, "en-GB" → GBP):
 * a new store's prices start in it rather than in dollars. Undefined when none names a listed region.
 */
export function currencyOfBrowserRegion(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string | undefined {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue; // not a language tag
    }
    if (region) return REGION_CURRENCY.get(region);
  }
  return undefined;
}
