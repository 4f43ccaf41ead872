import { act, render, screen } from '@testing-library/react';
import { LOCALES, matchLocale } from '../../../src/api/contract/locales';
import { activate, loadMessages, switchLanguage, t } from '../../../src/i18n/texts';
import { TextsRoot } from '../../../src/i18n/TextsRoot';
import { preferredLocale, rememberLocale } from '../../../src/i18n/preferences';
import { loadCatalogueNow } from '../../setup/catalogue-chunks';
import { formatDay, formatNumber, formatPercent, formatTime } from '../../../src/lib/format';
import { formatMoney } from '../../../src/lib/money';
import { pageLanguage } from '../support/pageLanguage';

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

test('in every language, the profile menu\'s items open a page or dialog headed with the same words', () => {
  // A vendor who chose "Ajustes de la cuenta" must land on "Ajustes de la cuenta", not on another name for it.
  for (const locale of LOCALES) {
    const texts = loadCatalogueNow('app', locale);
    expect([locale, texts['team.account.heading']]).toEqual([locale, texts['nav.accountSettings']]);
    expect([locale, texts['storeSettings.title']]).toEqual([locale, texts['nav.storeSettings']]);
  }
});

test('in every language, the help and the first-day checklist call the Rewards page by its nav button\'s name', () => {
  // "Ve a Recompensas" sends a vendor looking for a button that reads "Premios".
  for (const locale of LOCALES) {
    const texts = loadCatalogueNow('app', locale);
    expect([locale, texts['firstDay.openRewards']]).toEqual([locale, texts['nav.rewards']]);
    // The compiled texts are ICU parts; the button's name is a plain part of each sentence.
    const button = JSON.stringify(texts['nav.rewards']).replace(/^\[?"|"\]?$/g, '');
    for (const id of ['help.faq.setup.answer', 'helpContent.guide.reward.p1', 'helpContent.tutorial.step3.text'] as const) {
      expect([locale, id, JSON.stringify(texts[id]).includes(button)]).toEqual([locale, id, true]);
    }
  }
});

describe('numbers in Arabic', () => {
  const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
  let back: () => void = () => undefined;
  afterEach(() => back());

  test('are Latin digits everywhere, even for a browser set to ar-EG (whose Intl writes ٠–٩): dates, times, counts, prices and plurals', () => {
    back = pageLanguage('ar', ['ar-EG', 'ar']);
    const at = Date.UTC(2026, 10, 22, 9, 5);
    const written = [formatNumber(1234), formatTime(at), formatDay(at), formatMoney(4.5, 'USD'), formatPercent(12), t('customer.toGo', { n: 7 })];
    expect(written.filter((text) => ARABIC_INDIC.test(text))).toEqual([]);
    expect(formatNumber(1234)).toBe('1,234');
    expect(t('customer.toGo', { n: 7 })).toContain('7');
  });

  test('a value put into a right-to-left sentence is isolated (as <bdi> would), a number stays a number for the plural', () => {
    back = pageLanguage('ar', ['ar']);
    expect(t('customer.stampsExpire', { date: '12 March' })).toContain('\u206812 March\u2069');
    expect(t('customer.toGo', { n: 2 })).toBe('بقي طابعان');
    back();
    back = () => undefined;
    expect(t('customer.stampsExpire', { date: '12 March' })).toBe("Your stamps expire on 12 March if you don't visit");
  });
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
