// Puts the page in another language for a test (its catalogue loaded at once), as a language switch would.
import { act } from '@testing-library/react';
import type { Locale } from '../../../src/api/contract/locales';
import { activate, loadMessages } from '../../../src/i18n/texts';
import { loadCatalogueNow } from '../../setup/catalogue-chunks';

/** The page in `locale`, the browser asking for `browserTags` first; call the returned function to go back to English. */
export function pageLanguage(locale: Locale, browserTags: string[]): () => void {
  loadMessages(locale, { ...loadCatalogueNow('customer', locale), ...loadCatalogueNow('app', locale) });
  const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(browserTags);
  activate(locale);
  return () => {
    // Inside act: a page still on screen re-renders in English, as after a language switch, before the test ends.
    act(() => activate('en'));
    languages.mockRestore();
  };
}
