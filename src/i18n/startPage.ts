// Opens a page in its reader's language: loads the texts (and whatever else the page needs per language) before
// the first render, so no page ever shows a text id. A failed download still renders the page, in English.
import { DEFAULT_LOCALE, type Locale } from '../api/contract/locales';
import type { TextArea } from './catalogue';
import { preferredLocale, rememberLocale } from './preferences';
import { switchLanguage, type PageLocale } from './texts';

/** What else a page loads per language (antd's texts); the pseudo-language gets its own. */
export type ExtraLoader = (locale: PageLocale) => Promise<void>;

async function load(area: TextArea, locale: PageLocale, extra: ExtraLoader | undefined): Promise<void> {
  await Promise.all([switchLanguage(locale, area), extra?.(locale)]);
}

export async function startInPreferredLanguage(area: TextArea, extra?: ExtraLoader): Promise<void> {
  const locale = preferredLocale(area);
  try {
    await load(area, locale, extra);
  } catch {
    await load(area, DEFAULT_LOCALE, extra).catch(() => undefined);
  }
}

/** The language switch: loads, switches the page, and remembers the choice in this browser. */
export async function chooseLanguage(area: TextArea, locale: Locale, extra?: ExtraLoader): Promise<void> {
  await load(area, locale, extra);
  rememberLocale(area, locale);
}

