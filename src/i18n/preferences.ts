// Which language a page opens in: the reader's own choice made with the language switch (kept in this
// browser), else the first of the browser's languages Stampwise speaks, else English.
import { isLocale, matchLocale } from '../api/contract/locales';
import type { TextArea } from './catalogue';
import { PSEUDO_LOCALE, type PageLocale } from './texts';

const STORAGE_KEYS: Record<TextArea, string> = { customer: 'stampwise.customerLanguage', app: 'stampwise.language' };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the browser's languages still decide
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function preferredLocale(area: TextArea): PageLocale {
  const chosen = storage()?.getItem(STORAGE_KEYS[area]);
  if (chosen === PSEUDO_LOCALE || isLocale(chosen)) return chosen;
  const languages = browserLanguages();
  if (languages[0] === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return matchLocale(languages);
}

/** Keeps the reader's choice for their next visit in this browser. */
export function rememberLocale(area: TextArea, locale: PageLocale): void {
  try {
    storage()?.setItem(STORAGE_KEYS[area], locale);
  } catch {
    // storage full or blocked: the choice lasts this visit only
  }
}
