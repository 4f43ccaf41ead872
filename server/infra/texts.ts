// The server's user-facing texts (mails, refusals the app shows) from the same catalogues as the SPA, in the
// reader's language: text(locale, 'mail.verify.subject', { store }). Messages are ICU, a language's compiled when first used.
import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, isLocale, isRightToLeft, isolateValues, matchLocale, type Locale } from '../../src/api/contract/locales';
import { compileCatalogue, readSourceCatalogue } from './catalogue-files';
import type accessRefusals from '../../src/i18n/messages/en/server/accessRefusals.json';
import type accountMail from '../../src/i18n/messages/en/server/accountMail.json';
import type applePass from '../../src/i18n/messages/en/server/applePass.json';
import type campaignMail from '../../src/i18n/messages/en/server/campaignMail.json';
import type claimRefusals from '../../src/i18n/messages/en/server/claimRefusals.json';
import type commonRefusals from '../../src/i18n/messages/en/server/commonRefusals.json';
import type counterRefusals from '../../src/i18n/messages/en/server/counterRefusals.json';
import type customerLabels from '../../src/i18n/messages/en/server/customerLabels.json';
import type applePassFields from '../../src/i18n/messages/en/server/applePassFields.json';
import type customerMail from '../../src/i18n/messages/en/server/customerMail.json';
import type googleWalletPass from '../../src/i18n/messages/en/server/googleWalletPass.json';
import type handoverRefusals from '../../src/i18n/messages/en/server/handoverRefusals.json';
import type passwordRules from '../../src/i18n/messages/en/server/passwordRules.json';
import type relayRefusals from '../../src/i18n/messages/en/server/relayRefusals.json';
import type scanMessages from '../../src/i18n/messages/en/server/scanMessages.json';
import type menuItemRefusals from '../../src/i18n/messages/en/server/menuItemRefusals.json';
import type storeCurrency from '../../src/i18n/messages/en/server/storeCurrency.json';
import type storeTimeZone from '../../src/i18n/messages/en/server/storeTimeZone.json';
import type teamMail from '../../src/i18n/messages/en/server/teamMail.json';
import type formRefusals from '../../src/i18n/messages/en/server/formRefusals.json';
import type teamRefusals from '../../src/i18n/messages/en/server/teamRefusals.json';
import type vendorMail from '../../src/i18n/messages/en/server/vendorMail.json';

/** The ids of the server's texts: the keys of the English files under src/i18n/messages/en/server/. */
export type ServerMessageId =
  | keyof typeof accessRefusals
  | keyof typeof accountMail
  | keyof typeof applePass
  | keyof typeof campaignMail
  | keyof typeof claimRefusals
  | keyof typeof commonRefusals
  | keyof typeof counterRefusals
  | keyof typeof customerLabels
  | keyof typeof applePassFields
  | keyof typeof customerMail
  | keyof typeof googleWalletPass
  | keyof typeof handoverRefusals
  | keyof typeof passwordRules
  | keyof typeof relayRefusals
  | keyof typeof scanMessages
  | keyof typeof menuItemRefusals
  | keyof typeof storeCurrency
  | keyof typeof storeTimeZone
  | keyof typeof teamMail
  | keyof typeof formRefusals
  | keyof typeof teamRefusals
  | keyof typeof vendorMail;
export type ServerTextValues = Readonly<Record<string, string | number | Date>>;

/**
 * The catalogues beside the sources (server/infra → ../../src) or beside the build (dist/server/infra → ../../../src).
 * A folder counts only with every language in it: the server build emits the English files it imports for their
 * types into dist/src/i18n/messages/en, and reading that partial copy showed customers the message ids instead of
 * their language's sentences.
 */
export function messagesDir(fromDir: string = __dirname): string {
  const candidates = [path.resolve(fromDir, '../../src/i18n/messages'), path.resolve(fromDir, '../../../src/i18n/messages')];
  const found = candidates.find((dir) => LOCALES.every((language) => fs.existsSync(path.join(dir, language))));
  if (!found) throw new Error(`The text catalogues are missing (looked in ${candidates.join(', ')})`);
  return found;
}

// Each language is compiled when it is first asked for: most processes (and most test files) only ever answer
// in one or two of them, and compiling every catalogue of every language was a tenth of a second of CPU.
const translators = new Map<Locale, I18n>();

function translator(locale: Locale): I18n {
  const known = translators.get(locale);
  if (known) return known;
  const dir = messagesDir();
  const catalogue = compileCatalogue({
    ...readSourceCatalogue(dir, locale, 'customer'),
    ...readSourceCatalogue(dir, locale, 'app'),
    ...readSourceCatalogue(dir, locale, 'server'),
  });
  const compiled = setupI18n({ locale, messages: { [locale]: catalogue } });
  translators.set(locale, compiled);
  return compiled;
}

/**
 * `{amount, number, price}` in a message: an amount in the currency named by the values' `currency`, written
 * as the reader's language writes it with the currency's narrow sign and no decimals ("₫1,000,000,000").
 */
function priceFormats(values: ServerTextValues): { price: Intl.NumberFormatOptions } | undefined {
  const currency = values.currency;
  if (typeof currency !== 'string') return undefined;
  return { price: { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 } };
}

/** The text of `id` in `locale` (English for an unknown or missing language); values isolated in a right-to-left one. */
export function text(locale: Locale | string | null | undefined, id: ServerMessageId, values?: ServerTextValues): string {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const translate = translator(language);
  if (values === undefined) return translate._(id);
  const put = isRightToLeft(language) ? isolateValues(translate.messages[id], values) : (values as Record<string, unknown>);
  const formats = priceFormats(values);
  return formats ? translate._(id, put, { formats }) : translate._(id, put);
}

/** The tags of an Accept-Language header, most wanted first (q-values honoured). */
function rankedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of an HTTP request by its Accept-Language header (q-values honoured), for replies without an account. */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  return matchLocale(rankedTags(header));
}

/**
 * The locale a request's numbers are written in: its language's first tag with a region when the header names
 * one (`es-MX`: a Mexican spreadsheet reads `1,250.50`, a Spanish one `1.250,50`), else the language itself.
 */
export function formatLocaleOfAcceptLanguage(header: string | undefined): string {
  const locale = localeOfAcceptLanguage(header);
  const regional = rankedTags(header ?? '').find((tag) => tag.toLowerCase().split(/[-_]/)[0] === locale && tag.includes('-'));
  if (!regional) return locale;
  try {
    return Intl.getCanonicalLocales(regional)[0] ?? locale;
  } catch {
    // RangeError: not a well-formed tag; the language alone still says how its numbers are written.
    return locale;
  }
}
