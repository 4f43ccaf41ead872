// Prices in the store's currency, shown in the viewer's locale, and read back as a vendor types them.
import { currencyAffix, formatMoney, formatPrice, formatPriceLimit, isPriceInRange, parsePriceInput, priceBoxText, pricePlaceholder } from '../../../src/lib/money';
import { CURRENCY_MAGNITUDE, itemPriceLimit } from '../../../src/api/contract/limits';
import { currencyOptions } from '../../../src/lib/currencies';
import { pageLanguage } from '../support/pageLanguage';

/** Intl separates "3,50" from "€" with a no-break space (U+00A0) and groups French thousands with U+202F. */
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney / formatPrice', () => {
  test.each([
    ['fr-FR', 'EUR', 3.5, '3,50 €'],
    ['en-IE', 'EUR', 3.5, '€3.50'],
    ['de-DE', 'EUR', 1234.5, '1.234,50 €'],
    ['es-ES', 'EUR', 4.2, '4,20 €'],
    ['en-GB', 'GBP', 2.8, '£2.80'],
    // A US-dollar store keeps the dollar-sign prefix for every English reader.
    ['en-US', 'USD', 3.5, '$3.50'],
    ['en-GB', 'USD', 4.2, '$4.20'],
    ['en-US', 'USD', 12, '$12.00'],
    ['en-US', 'USD', 0, '$0.00'],
    ['fr-CH', 'CHF', 6, '6.00 CHF'],
  ])('%s, %s: %d is %j', (locale, currency, amount, shown) => {
    expect(spaces(formatMoney(amount, currency, locale))).toBe(shown);
    expect(spaces(formatPrice(amount, currency, locale))).toBe(shown);
  });

  test('a currency without decimals shows whole prices bare, and a stored cent amount as it is, never rounded', () => {
    expect(formatMoney(350, 'JPY', 'ja-JP')).toBe('￥350');
    expect(formatMoney(3.5, 'JPY', 'en-US')).toBe('¥3.5');
  });

  test('whole units for a budget', () => {
    expect(spaces(formatMoney(50, 'EUR', 'fr-FR', { wholeUnits: true }))).toBe('50 €');
    expect(formatMoney(200, 'USD', 'en-US', { wholeUnits: true })).toBe('$200');
  });

  test('no price shows nothing', () => {
    expect(formatPrice('', 'USD', 'en-US')).toBe('');
    expect(formatPrice(null, 'EUR', 'fr-FR')).toBe('');
    expect(formatPrice(undefined, 'EUR', 'fr-FR')).toBe('');
  });

  test('a store answer kept from before stores had a currency shows dollars', () => {
    expect(formatPrice(4.2, '', 'en-US')).toBe('$4.20');
  });

  test("without a locale it follows the page's language, with the region the browser asks for", () => {
    const back = pageLanguage('fr', ['fr-FR', 'en']);
    try {
      expect(spaces(formatPrice(3.5, 'EUR'))).toBe('3,50 €');
    } finally {
      back();
    }
    // An English page for an Irish browser writes euros the Irish way; US dollars keep their sign in any English.
    const irish = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-IE']);
    try {
      expect(formatPrice(3.5, 'EUR')).toBe('€3.50');
      expect(formatPrice(3.5, 'USD')).toBe('$3.50');
    } finally {
      irish.mockRestore();
    }
  });
});

describe('currencyAffix / pricePlaceholder', () => {
  test('the sign sits where the locale writes it', () => {
    expect(currencyAffix('USD', 'en-US')).toEqual({ symbol: '$', position: 'prefix' });
    expect(currencyAffix('EUR', 'fr-FR')).toEqual({ symbol: '€', position: 'suffix' });
    expect(currencyAffix('EUR', 'en-IE')).toEqual({ symbol: '€', position: 'prefix' });
  });

  test('the empty price is written with the locale decimal mark', () => {
    expect(pricePlaceholder('en-US')).toBe('0.00');
    expect(pricePlaceholder('fr-FR')).toBe('0,00');
  });
});

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
    ['usd 4', 4],
    ['1,234.50', 1234.5],
  ])('a US-dollar store in en-US reads %j as %j', (input, price) => {
    expect(parsePriceInput(input, 'USD', 'en-US')).toEqual({ ok: true, price });
  });

  test.each([
    ['3,50', 3.5],
    ['3,50 €', 3.5],
    ['3,50\u00a0€', 3.5],
    ['€3.50', 3.5],
    ['€ 3,5', 3.5],
    ['EUR 3.50', 3.5],
    ['3.50', 3.5],
    ['1 234,50 €', 1234.5],
    ['1\u202f234,50', 1234.5],
    // Pasted from a formatted price, with its bidirectional mark.
    ['\u200f3,50 €', 3.5],
  ])('a euro store in fr-FR reads %j as %j', (input, price) => {
    expect(parsePriceInput(input, 'EUR', 'fr-FR')).toEqual({ ok: true, price });
  });

  test('German groups with a point, Arabic digits and decimal mark are read too', () => {
    expect(parsePriceInput('1.234,50 €', 'EUR', 'de-DE')).toEqual({ ok: true, price: 1234.5 });
    expect(parsePriceInput('٣٫٥٠', 'MAD', 'ar-MA')).toEqual({ ok: true, price: 3.5 });
  });

  test.each(['abc', '$$4', '4$$', '-1', '1e3', '4.999', '0x10', '4.2.1', 'Infinity', '£3.50', '3,50 $', '1,234'])(
    'a euro store in fr-FR refuses %j',
    (input) => {
      expect(parsePriceInput(input, 'EUR', 'fr-FR')).toEqual({ ok: false });
    },
  );

  test('more than seven digits before the decimal mark is not a price', () => {
    expect(parsePriceInput('12345678', 'USD', 'en-US')).toEqual({ ok: false });
    expect(parsePriceInput('12,345,678', 'USD', 'en-US')).toEqual({ ok: false });
  });
});

describe('currencyOptions', () => {
  test('every ISO 4217 currency in use, by code, named in the viewer language', () => {
    const english = currencyOptions('USD', 'en');
    expect(english.length).toBeGreaterThan(150);
    expect(english).toContainEqual({ code: 'EUR', label: 'EUR — Euro' });
    expect(english).toContainEqual({ code: 'MAD', label: 'MAD — Moroccan Dirham' });
    expect(english.map((option) => option.code)).toEqual([...english.map((option) => option.code)].sort());
    expect(currencyOptions('USD', 'fr')).toContainEqual({ code: 'USD', label: 'USD — dollar des États-Unis' });
  });
});

describe('a currency of small units', () => {
  test.each([
    ['65.000', 'VND', 'en-GB', 65000],
    ['65,000', 'VND', 'en-GB', 65000],
    ['65.000 ₫', 'VND', 'en-GB', 65000],
    ['₫1.250.000', 'VND', 'en-GB', 1250000],
    ['₩26,000', 'KRW', 'en-GB', 26000],
    ['Rp 150.000', 'IDR', 'en-GB', 150000],
    ['26 000', 'KRW', 'fr-FR', 26000],
    ['1.500', 'JPY', 'en-GB', 1500],
    ['65.000,50', 'VND', 'de-DE', 65000.5],
    ['3.50', 'JPY', 'en-GB', 3.5],
  ])('%p in %s (%s) is %p', (typed, currency, locale, price) => {
    expect(parsePriceInput(typed, currency, locale)).toEqual({ ok: true, price });
  });

  test('a currency with decimals still reads a point before three digits as no price in English', () => {
    expect(parsePriceInput('65.000', 'USD', 'en-GB')).toEqual({ ok: false });
    expect(parsePriceInput('65.000', 'EUR', 'de-DE')).toEqual({ ok: true, price: 65000 });
  });

  test('the limit scales with the currency, and is written in it', () => {
    expect([itemPriceLimit('USD'), itemPriceLimit('EUR'), itemPriceLimit('JPY'), itemPriceLimit('KRW'), itemPriceLimit('VND'), itemPriceLimit('idr')]).toEqual([100_000, 100_000, 10_000_000, 100_000_000, 1_000_000_000, 1_000_000_000]);
    expect(isPriceInRange(999_999_999.99, 'VND')).toBe(true);
    expect(isPriceInRange(1_000_000_000, 'VND')).toBe(false);
    expect(isPriceInRange(100_000, 'USD')).toBe(false);
    expect(formatPriceLimit('VND', 'en-GB')).toBe('₫1,000,000,000');
    expect(spaces(formatPriceLimit('VND', 'de-DE'))).toBe('1.000.000.000 ₫');
    expect(formatPriceLimit('USD', 'en-GB')).toBe('$100,000');
    expect(parsePriceInput('99999999999', 'VND', 'en-GB')).toEqual({ ok: true, price: 99_999_999_999 });
    expect(parsePriceInput('999999999999', 'VND', 'en-GB')).toEqual({ ok: false });
  });

  test('every currency named in the table is one a store can choose', () => {
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect(Object.keys(CURRENCY_MAGNITUDE).filter((code) => !known.has(code))).toEqual([]);
  });

  test('its prices and its empty box show no decimals; a stored fraction is kept', () => {
    expect(formatPrice(65000, 'VND', 'en-GB')).toBe('₫65,000');
    expect(spaces(formatPrice(65000, 'VND', 'vi-VN'))).toBe('65.000 ₫');
    expect(pricePlaceholder('en-GB', 'VND')).toBe('0');
    expect(pricePlaceholder('en-GB', 'USD')).toBe('0.00');
    expect(priceBoxText(65000, 'VND')).toBe('65000');
    expect(priceBoxText(3.5, 'JPY')).toBe('3.50');
    expect(priceBoxText(4.2, 'USD')).toBe('4.20');
  });
});

describe('priceLocale', () => {
  afterEach(() => jest.restoreAllMocks());

  test.each([
    [['vi-VN', 'en'], 'VND', 65000, '65.000 ₫'],
    [['id-ID'], 'IDR', 150000, 'Rp 150.000'],
    [['ko-KR'], 'KRW', 26000, '₩26,000'],
    [['en-US'], 'VND', 65000, '₫65,000'],
    [['fa-IR'], 'IRR', 1500000, '\u200eریال 1,500,000'],
  ])('a browser asking for %p writes %s %p as %p, in Latin digits', (languages, currency, amount, shown) => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    expect(spaces(formatPrice(amount, currency))).toBe(shown);
  });
});
