// The dashboard's `initials` field: the same rule as the SPA's avatars (src/lib/initials.ts).
import { initialsOf } from '../../../server/services/activity';

test('the first letter or digit of the first and last word, skipping words without one', () => {
  expect(initialsOf('Ana Lima')).toBe('AL');
  expect(initialsOf('Customer #27')).toBe('C2');
  expect(initialsOf('Kaffeehaus – Nr. 1')).toBe('K1');
  expect(initialsOf('# –')).toBe('?');
  expect(initialsOf('ßaft Bar')).toBe('ßB');
});
