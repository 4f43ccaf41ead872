// The languages Stampwise speaks, shared by the SPA (which texts to load, which way the page reads) and the
// server (which language a mail goes out in). Plain constants and one matcher: the browser loads this at run time.

export const LOCALES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of a reader whose preferences Stampwise does not speak. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Languages written right to left: the page mirrors for them. */
export const RIGHT_TO_LEFT_LOCALES: readonly Locale[] = ['ar'];

/** Each language in its own name (the language switch lists them so; names are not translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the reader's languages (BCP 47 tags, most wanted first) Stampwise speaks: `de-AT` is German. */
export function matchLocale(preferences: readonly string[], fallback: Locale = DEFAULT_LOCALE): Locale {
  for (const tag of preferences) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return fallback;
}

export function isRightToLeft(locale: Locale): boolean {
  return RIGHT_TO_LEFT_LOCALES.includes(locale);
}
