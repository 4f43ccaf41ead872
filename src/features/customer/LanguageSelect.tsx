// The customer pages' language switch: a native select (no antd on the phone), each language in its own name.
// The choice is kept on this phone and the page re-renders in it at once.
import { LOCALES, LOCALE_NAMES, isLocale } from '../../api/contract/locales';
import { chooseLanguage } from '../../i18n/startPage';
import { currentLocale } from '../../i18n/texts';
import { CUSTOMER_TEXT } from './texts';

export function LanguageSelect() {
  return (
    <select
      className="cw-language"
      aria-label={CUSTOMER_TEXT.language}
      value={currentLocale()}
      onChange={(event) => {
        if (isLocale(event.target.value)) void chooseLanguage('customer', event.target.value);
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
