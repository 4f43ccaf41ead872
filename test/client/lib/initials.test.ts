import { initials } from '../../../src/lib/initials';

test('an avatar shows the first letters of the first and last word of a name', () => {
  expect(initials('Emma Wilson')).toBe('EW');
  expect(initials('  sofia  maria rossi ')).toBe('SR');
  expect(initials('Noah')).toBe('N');
  expect(initials('')).toBe('?');
});

test('a numbered customer reads as letter and number, not a punctuation mark', () => {
  expect(initials('Customer #1')).toBe('C1');
  expect(initials('Cliente n.º 12')).toBe('C1');
  expect(initials('#')).toBe('?');
});

test('a lower-case ß stays one letter', () => {
  expect(initials('ßaft Bar')).toBe('ßB');
  expect(initials('Öl & Ähre')).toBe('ÖÄ');
});
