import { localeOfAcceptLanguage, text } from '../../../server/infra/texts';

test('a server text reads in the recipient language, English when the language is unknown', () => {
  expect(text('fr', 'mail.greeting')).toBe('Bonjour');
  expect(text('ar', 'mail.greeting')).toBe('مرحبًا');
  expect(text('nl', 'mail.greeting')).toBe('Hello');
  expect(text(null, 'mail.greeting')).toBe('Hello');
});

test('Accept-Language picks the most wanted language Stampwise speaks', () => {
  expect(localeOfAcceptLanguage('nl-NL,nl;q=0.9,de;q=0.8,en;q=0.5')).toBe('de');
  expect(localeOfAcceptLanguage('en;q=0.2, es-MX')).toBe('es');
  expect(localeOfAcceptLanguage(undefined)).toBe('en');
});
