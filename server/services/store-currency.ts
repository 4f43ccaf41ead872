// A store's currency: which codes a store may choose (the ISO 4217 currencies in use, as the runtime's
// Intl knows them) and reading the one a vendor sent.
import { DEFAULT_CURRENCY } from '../../src/api/contract/limits';
import { text } from '../infra/texts';

export { DEFAULT_CURRENCY };

// Intl's list holds the codes in use today (162 on Node 20), not withdrawn ones such as DEM or FRF,
// so a store cannot pick a currency no customer's phone can show by name.
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(code: string): boolean {
  return KNOWN_CURRENCIES.has(code);
}

/**
 * What the vendor sent as `currency`: absent → undefined (the store keeps its currency); otherwise an
 * ISO 4217 code in any letter case ("eur" is EUR), or a problem to answer in words, in `locale`.
 */
export function parseCurrency(raw: unknown, locale: string | null = null): { value: string | undefined } | { problem: string } {
  if (raw === undefined) return { value: undefined };
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return isCurrencyCode(code) ? { value: code } : { problem: text(locale, 'storeCurrency.invalid') };
}
