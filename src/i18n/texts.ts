// The SPA's one way to a user-facing text: t('area.key', { values }). Messages are ICU (plurals, selects,
// placeholders) compiled at build time; Lingui's core (2.4 KiB gzip) puts the values in. The active language
// is the page's: switching it loads that language's catalogue first, then re-renders the page (TextsRoot).
import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isRightToLeft, isolateValues, type Locale } from '../api/contract/locales';
import type { CompiledCatalogue, MessageId, TextArea } from './catalogue';
import { loadCatalogue } from './catalogue-chunks';

/** The pseudo-language of the text check: English with accents and brackets, so untranslated text stands out. */
export const PSEUDO_LOCALE = 'en-XA';
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

export type TextValue = string | number | Date;
export type TextValues = Readonly<Record<string, TextValue>>;

/** The text of `id` in the page's language, with `values` in its placeholders. */
export function t(id: MessageId, values?: TextValues): string {
  const put = values && isRightToLeft(currentLocale()) ? isolateValues(i18n.messages[id], values) : values;
  return i18n._(id, put as Record<string, unknown> | undefined);
}

/**
 * Arabic is written with Latin digits (0–9) throughout: the server's sentences, codes, prices typed by the
 * vendor and the texts' plural numbers all use them, and Intl would otherwise write Arabic-Indic digits
 * (٠–٩) for a browser set to ar-EG or ar-SA, mixing the two systems on one screen.
 */
const LATIN_DIGITS = '-u-nu-latn';

function withLatinDigits(tag: string): string {
  return tag.toLowerCase().split('-')[0] === 'ar' && !tag.includes('-u-') ? `${tag}${LATIN_DIGITS}` : tag;
}

/** The page's language (a real one: the pseudo-language counts as English for formats and mails). */
export function currentLocale(): Locale {
  return i18n.locale === PSEUDO_LOCALE || !i18n.locale ? DEFAULT_LOCALE : (i18n.locale as Locale);
}

/**
 * The locale tag Intl formats dates, numbers and prices with: the browser's own tag when it is the page's language
 * (fr-CA, en-IE keep their region), else the language; English without a region reads day-month (en-GB).
 */
export function intlLocale(): string {
  const locale = currentLocale();
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const sameLanguage = browser.find((tag) => tag.toLowerCase().split('-')[0] === locale && tag.includes('-'));
  if (sameLanguage && sameLanguage !== 'en-US') return withLatinDigits(sameLanguage);
  return locale === 'en' ? 'en-GB' : withLatinDigits(locale);
}

export function pageLocale(): PageLocale {
  return (i18n.locale || DEFAULT_LOCALE) as PageLocale;
}

/** Calls `listener` whenever the page's language changes; returns the unsubscribe. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}

const loaded = new Set<string>();

/**
 * Loads `locale`'s texts of `area` (a lazy chunk), then makes it the page's language: <html lang dir>,
 * and every TextsRoot re-renders. Loading again is free.
 */
export async function switchLanguage(locale: PageLocale, area: TextArea): Promise<void> {
  const key = `${area}:${locale}`;
  if (!loaded.has(key)) {
    const catalogue = locale === PSEUDO_LOCALE ? await loadPseudo(area) : await loadCatalogue(area, locale);
    i18n.load(locale, catalogue);
    loaded.add(key);
  }
  activate(locale);
}

/** Makes already loaded texts the page's language (tests load English synchronously, then call this). */
export function activate(locale: PageLocale): void {
  const real = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = isRightToLeft(real) ? 'rtl' : 'ltr';
  }
  // The texts' own numbers (a plural's #) are written as intlLocale writes them: Latin digits in Arabic too.
  if (i18n.locale !== locale) i18n.activate(locale, [withLatinDigits(locale)]);
}

/** Puts compiled messages in the catalogue directly (tests; the webpack build always goes through switchLanguage). */
export function loadMessages(locale: PageLocale, catalogue: CompiledCatalogue): void {
  i18n.load(locale, catalogue);
}

async function loadPseudo(area: TextArea): Promise<CompiledCatalogue> {
  const [{ pseudoCatalogue }, english] = await Promise.all([import('./pseudo'), loadCatalogue(area, DEFAULT_LOCALE)]);
  return pseudoCatalogue(english);
}

export function isPageRightToLeft(): boolean {
  return isRightToLeft(currentLocale());
}
