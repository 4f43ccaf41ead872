// The registration form's own checks: they must accept what the server accepts and stop what it refuses.
import { isEmailAddress, isWebAddress, textRule } from '../../../../src/features/register/registrationRules';

describe('isEmailAddress', () => {
  test.each(['jane@corner.cafe', 'JANE.DOE+loyalty@Corner-Cafe.co.uk', ' jane@corner.cafe ', 'j@xn--caf-dma.example'])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });
  test.each(['jane', 'jane@', '@corner.cafe', 'jane@corner', 'jane doe@corner.cafe', 'jane@corner..cafe', '"jane"@corner.cafe', 'jane@[127.0.0.1]'])(
    'refuses %s',
    (email) => {
      expect(isEmailAddress(email)).toBe(false);
    },
  );
});

describe('isWebAddress', () => {
  test.each(['', 'corner.cafe', 'https://corner.cafe', 'http://www.corner.cafe/menu?x=1', 'Corner.Cafe'])('accepts "%s"', (site) => {
    expect(isWebAddress(site)).toBe(true);
  });
  test.each(['corner', 'ftp://corner.cafe', 'https://user:pw@corner.cafe', 'corner cafe.com', 'javascript://corner.cafe', `https://${'a'.repeat(300)}.com`])(
    'refuses "%s"',
    (site) => {
      expect(isWebAddress(site)).toBe(false);
    },
  );
});

describe('textRule', () => {
  const rule = textRule((text) => text === 'ok', 'Not ok');
  test('passes empty values (required is a separate rule) and accepted text', async () => {
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(rule.validator(null, undefined)).resolves.toBeUndefined();
    await expect(rule.validator(null, 'ok')).resolves.toBeUndefined();
  });
  test('rejects other text with the message', async () => {
    await expect(rule.validator(null, 'nope')).rejects.toThrow('Not ok');
  });
});
