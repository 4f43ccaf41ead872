// The printable flyer in each of the five languages: every sentence of it is the language's own (the store's
// name, its offer and address are the store's words).
import { render } from '@testing-library/react';
import { LOCALES, type Locale } from '../../../../src/api/contract/locales';
import { Flyer } from '../../../../src/features/qr/Flyer';
import { pageLanguage } from '../../support/pageLanguage';

const STORE = { url: 'HTTP://STAMPWISE.TEST/S/PTOKEN', company: 'Bean There Café', logo: '/api/images/abc', address: '12 Harbour Street' };

/** The flyer's words in `locale`: its visible text and the labels a screen reader reads. */
function flyerWords(locale: Locale): string[] {
  const back = pageLanguage(locale, [locale]);
  try {
    const { container, unmount } = render(<Flyer {...STORE} offer="⟪offer⟫" variant="print" />);
    const texts = [...container.querySelectorAll('h2, p, span, div')]
      .flatMap((node) => [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent ?? ''))
      .concat([...container.querySelectorAll('[alt], [aria-label]')].map((node) => node.getAttribute('alt') ?? node.getAttribute('aria-label') ?? ''))
      .map((text) => text.replace(STORE.company, '').replace(STORE.address, '').replace('⟪offer⟫', '').trim())
      .filter((text) => /\p{L}{3}/u.test(text) && text !== 'Stampwise');
    unmount();
    return texts;
  } finally {
    back();
  }
}

const english = flyerWords('en');

test('the flyer says something of its own in English (heading, call to action, where, logo and QR labels)', () => {
  expect(english.length).toBeGreaterThanOrEqual(4);
});

test.each(LOCALES.filter((locale) => locale !== 'en'))('the %s flyer keeps no English sentence of the English flyer', (locale) => {
  const words = flyerWords(locale);
  expect(words).toHaveLength(english.length);
  for (const sentence of english) expect(words).not.toContain(sentence);
});
