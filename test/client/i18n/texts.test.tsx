import { act, render, screen } from '@testing-library/react';
import { LOCALES, matchLocale } from '../../../src/api/contract/locales';
import { activate, loadMessages, switchLanguage, t } from '../../../src/i18n/texts';
import { TextsRoot } from '../../../src/i18n/TextsRoot';
import { preferredLocale, rememberLocale } from '../../../src/i18n/preferences';
import { loadCatalogueNow } from '../../setup/catalogue-chunks';

afterEach(() => {
  localStorage.clear();
  act(() => activate('en'));
});

test('a text reads in the page language and the page re-renders when the language changes', async () => {
  const Label = () => <p>{t('customer.language')}</p>;
  render(
    <TextsRoot>
      <Label />
    </TextsRoot>,
  );
  expect(screen.getByText('Language')).toBeInTheDocument();
  await act(() => switchLanguage('de', 'customer'));
  expect(screen.getByText('Sprache')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
});

test('Arabic turns the page right to left', async () => {
  await act(() => switchLanguage('ar', 'customer'));
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  await act(() => switchLanguage('en', 'customer'));
  expect(document.documentElement).toHaveAttribute('dir', 'ltr');
});

test('the pseudo-language brackets and accents every catalogue text', async () => {
  await act(() => switchLanguage('en-XA', 'customer'));
  expect(t('customer.language')).toBe('⟦Ļàñĝûàĝé⟧');
});

test('a phone set to es-ES, then English, opens in Spanish; a choice made on the switch wins next time', () => {
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'en']);
  expect(preferredLocale('customer')).toBe('es');
  rememberLocale('customer', 'fr');
  expect(preferredLocale('customer')).toBe('fr');
});

test('a language Stampwise does not speak falls to the next, then to English', () => {
  expect(matchLocale(['nl-NL', 'de-AT'])).toBe('de');
  expect(matchLocale(['nl-NL'])).toBe('en');
});

test('every language has the same texts as English', () => {
  for (const area of ['customer', 'app'] as const) {
    const english = Object.keys(loadCatalogueNow(area, 'en')).sort();
    for (const locale of LOCALES) {
      loadMessages(locale, loadCatalogueNow(area, locale));
      expect(Object.keys(loadCatalogueNow(area, locale)).sort()).toEqual(english);
    }
  }
});

test('French counts of stamps agree with the number: 0 and 1 stamp are singular, 2 and more plural', async () => {
  await act(() => switchLanguage('fr', 'app'));
  expect(t('dashboard.averageStamps', { collected: 1, total: 10 })).toBe('En moyenne, les clients ont 1 tampon sur 10.');
  expect(t('dashboard.averageStamps', { collected: 1.5, total: 10 })).toBe('En moyenne, les clients ont 1.5 tampon sur 10.');
  expect(t('dashboard.averageStamps', { collected: 7, total: 10 })).toBe('En moyenne, les clients ont 7 tampons sur 10.');
  expect(t('dashboard.stampsLabel', { filled: 1, total: 10 })).toBe('1 tampon sur 10');
  expect(t('rewards.previewCollected', { collected: 0, punches: 10 })).toBe('0 tampon sur 10');
  await act(() => switchLanguage('fr', 'customer'));
  expect(t('customer.progressLabel', { stamps: 1, required: 10 })).toBe('1 tampon sur 10');
  expect(t('customer.progressLabel', { stamps: 4, required: 10 })).toBe('4 tampons sur 10');
});
