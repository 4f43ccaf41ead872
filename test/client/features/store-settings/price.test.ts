// Reading the price box and showing prices with the dollar sign.
import { formatPrice, parsePriceInput } from '../../../../src/features/store-settings/price';

describe('parsePriceInput', () => {
  test.each([
    ['', ''],
    ['   ', ''],
    ['4', 4],
    ['4.2', 4.2],
    [' 4.20 ', 4.2],
    ['.5', 0.5],
    ['0', 0],
    // The dollar sign typed anyway, and a decimal comma.
    ['$0.60', 0.6],
    ['$ 4', 4],
    ['3,50', 3.5],
    ['4,2', 4.2],
  ])('accepts %j as %j', (input, price) => {
    expect(parsePriceInput(input)).toEqual({ ok: true, price });
  });

  test.each(['abc', '1,234', '$$4', '4$', '-1', '1e3', '4.999', '0x10', '4.2.1', 'Infinity'])('refuses %j', (input) => {
    expect(parsePriceInput(input)).toEqual({ ok: false });
  });
});

describe('formatPrice', () => {
  test('two decimals after a dollar sign', () => {
    expect(formatPrice(4.2)).toBe('$4.20');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(12)).toBe('$12.00');
  });
  test('no price shows nothing', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice(null)).toBe('');
  });
});
