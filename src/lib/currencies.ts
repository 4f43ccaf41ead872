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
