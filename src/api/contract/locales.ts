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

/** Unicode's first-strong isolate and its end: what <bdi> does, for a value inside a sentence. */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * The placeholders a compiled message chooses by (`{kind, select, …}`, `{n, plural, …}`): their values are keys,
 * not text. A compiled message is a list of strings and placeholders, `[name]` or `[name, format, branches]`.
 */
function choosers(tokens: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens as unknown[]) {
    if (!Array.isArray(token) || token.length < 2 || typeof token[0] !== 'string') continue;
    into.add(token[0]);
    const branches: unknown = token[2];
    if (typeof branches === 'object' && branches !== null) for (const branch of Object.values(branches)) choosers(branch, into);
  }
  return into;
}

/**
 * In a right-to-left sentence each text put in (a price, a date, a name, an e-mail address, a code) is isolated,
 * so its own direction holds and it cannot pull the words or numbers beside it out of order ("$4.50",
 * "ana@example.com" or "09:05–10:00" inside Arabic). Numbers, and the values a select chooses by, stay as they
 * are. The SPA's texts and the server's sentences both go through here.
 */
export function isolateValues<V>(compiledMessage: unknown, values: Readonly<Record<string, V>>): Record<string, V | string> {
  const keys = choosers(compiledMessage);
  const out: Record<string, V | string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'string' && value !== '' && !keys.has(key) ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value;
  }
  return out;
}
