// The session token rule: decode the middle part; valid only with exp × 1000 later than now.
import { decodeToken, isTokenValid } from '../../../src/lib/token';
import { fakeToken } from '../support/tokens';

const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('decodeToken', () => {
  test('reads sub and exp from the middle part', () => {
    expect(decodeToken(fakeToken({ sub: 'v1', exp: NOW_S + 60 }))).toEqual({ sub: 'v1', exp: NOW_S + 60, role: 'owner' });
  });

  test("reads the signed-in person's role; a token naming none is the owner's", () => {
    expect(decodeToken(fakeToken({ sub: 'v1', exp: NOW_S + 60, role: 'staff' }))?.role).toBe('staff');
    expect(decodeToken(fakeToken({ sub: 'v1', exp: NOW_S + 60, role: 'manager' }))?.role).toBe('manager');
    expect(decodeToken(fakeToken({ sub: 'v1', exp: NOW_S + 60, role: 'admin' }))?.role).toBe('owner');
  });

  test('reads base64url characters (- and _) in the payload', () => {
    // 'ÿ?' encodes to base64 with '/' and '+', which base64url turns into '_' and '-'.
    const token = fakeToken({ sub: 'ÿ?>~', exp: NOW_S + 60 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeToken(token)?.sub).toBe('ÿ?>~');
  });

  test.each([
    ['nothing', null],
    ['an empty string', ''],
    ['two parts', 'aaa.bbb'],
    ['four parts', 'a.b.c.d'],
    ['a middle part that is not base64', 'x.%%%.y'],
    ['a middle part that is not JSON', `x.${Buffer.from('not json').toString('base64url')}.y`],
    ['a middle part that is a JSON string', `x.${Buffer.from('"v1"').toString('base64url')}.y`],
    ['claims without sub', fakeToken({ exp: NOW_S + 60 })],
  ])('a malformed token (%s) decodes to nothing', (_case, token) => {
    expect(decodeToken(token)).toBeNull();
  });

  test('a token without exp decodes, but without exp', () => {
    expect(decodeToken(fakeToken({ sub: 'v1' }))).toEqual({ sub: 'v1', role: 'owner' });
  });
});

describe('isTokenValid', () => {
  test('exp in the future (seconds × 1000 later than now): valid', () => {
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S + 1 }), NOW_MS)).toBe(true);
  });

  test('exp in the past: invalid', () => {
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S - 1 }), NOW_MS)).toBe(false);
  });

  test('exp exactly now: invalid (it must be later than now)', () => {
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S }), NOW_MS)).toBe(false);
  });

  test('exp is in seconds and is multiplied by 1000 before comparing with the clock in ms', () => {
    // Without × 1000 every exp (≈1.7e9) would be earlier than now in ms (≈1.7e12) and nobody could stay signed in.
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S + 1 }), NOW_MS)).toBe(true);
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S + 1 }), NOW_MS + 999)).toBe(true);
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: NOW_S + 1 }), NOW_MS + 1000)).toBe(false);
  });

  test('no exp: invalid', () => {
    expect(isTokenValid(fakeToken({ sub: 'v1' }), NOW_MS)).toBe(false);
  });

  test('an exp that is not a number: invalid', () => {
    expect(isTokenValid(fakeToken({ sub: 'v1', exp: String(NOW_S + 60) }), NOW_MS)).toBe(false);
  });

  test('malformed or missing token: invalid', () => {
    expect(isTokenValid('garbage', NOW_MS)).toBe(false);
    expect(isTokenValid(null, NOW_MS)).toBe(false);
  });
});
