// Each person's language: what the app opens in after they sign in anywhere, and what their mails are written in.
import type { AppDeps } from '../deps';
import { findPersonLocale, savePersonLocale } from '../repositories/person-locale';
import { isLocale, type Locale } from '../../src/api/contract/locales';
import { unauthorized } from '../http-errors';

/** The person's chosen language, or null when they never chose (the app then follows the browser). */
export async function personLocale(deps: Pick<AppDeps, 'db'>, personId: string): Promise<Locale | null> {
  const saved = await findPersonLocale(deps.db.kysely, personId);
  return isLocale(saved) ? saved : null;
}

/**
 * The language of a mail to a person: their own choice, else the language of the page the mail was asked from
 * (a person who never chose reads the language they were using).
 */
export async function mailLocaleOf(deps: Pick<AppDeps, 'db'>, personId: string, pageLocale: Locale): Promise<Locale> {
  return (await personLocale(deps, personId)) ?? pageLocale;
}

export async function choosePersonLocale(deps: Pick<AppDeps, 'db'>, vendorId: string, personId: string, locale: Locale): Promise<void> {
  if (!(await savePersonLocale(deps.db.kysely, vendorId, personId, locale))) throw unauthorized();
}
