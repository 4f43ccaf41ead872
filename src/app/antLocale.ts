// antd's own texts (pagination, date pickers, empty tables) and dayjs's month names in the app's language,
// each a lazy chunk loaded with the language: English is antd's and dayjs's default and costs nothing.
import type { Locale as AntLocale } from 'antd/es/locale';
import type { Locale } from '../api/contract/locales';
import { PSEUDO_LOCALE, type PageLocale } from '../i18n/texts';

type Loader = () => Promise<AntLocale | undefined>;

async function withDayjs(name: string, load: () => Promise<unknown>): Promise<void> {
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), load()]);
  dayjs.locale(name);
}

/** The pseudo-language's antd texts: English accented and bracketed, so the text check sees they are antd's. */
async function pseudoAntLocale(): Promise<AntLocale> {
  const [{ default: english }, { pseudoTexts }, { default: dayjs }] = await Promise.all([import('antd/es/locale/en_US'), import('../i18n/pseudo'), import('dayjs')]);
  dayjs.locale('en');
  return pseudoTexts(english);
}

const LOADERS: Record<Locale, Loader> = {
  en: async () => {
    const { default: dayjs } = await import('dayjs');
    dayjs.locale('en');
    return undefined;
  },
  es: async () => (await Promise.all([import('antd/es/locale/es_ES'), withDayjs('es', () => import('dayjs/locale/es'))]))[0].default,
  fr: async () => (await Promise.all([import('antd/es/locale/fr_FR'), withDayjs('fr', () => import('dayjs/locale/fr'))]))[0].default,
  de: async () => (await Promise.all([import('antd/es/locale/de_DE'), withDayjs('de', () => import('dayjs/locale/de'))]))[0].default,
  ar: async () => (await Promise.all([import('antd/es/locale/ar_EG'), withDayjs('ar', () => import('dayjs/locale/ar'))]))[0].default,
};

let current: AntLocale | undefined;

/** Loads antd's and dayjs's texts of `locale` (before the app switches to it, so nothing shows half-translated). */
export async function loadAntLocale(locale: PageLocale): Promise<void> {
  current = locale === PSEUDO_LOCALE ? await pseudoAntLocale() : await LOADERS[locale]();
}

/** antd's texts of the language loaded last (undefined: antd's English). */
export function antLocale(): AntLocale | undefined {
  return current;
}
