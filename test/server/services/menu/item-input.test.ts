import { cleanScannedItem, parseItemName } from '../../../../server/services/menu/item-input';
import { SINGLE_LINE_PATTERN } from '../../../../src/api/contract/text';

describe('a scanned item name as the forms will take it', () => {
  it('drops bidi embeddings, overrides and isolates a PDF text layer carries, so the name can be edited later', () => {
    const scanned = cleanScannedItem({ name: '\u202bشاي\u202c \u2066Chai\u2069', priceCents: 350 }, 'USD');
    expect(scanned).toEqual({ name: 'شاي Chai', priceCents: 350 });
    expect(new RegExp(SINGLE_LINE_PATTERN, 'u').test(scanned?.name ?? '')).toBe(true);
  });

  it('turns line and paragraph separators into spaces and keeps direction marks', () => {
    expect(cleanScannedItem({ name: 'Flat\u2028white\u200f', priceCents: null }, 'USD')).toEqual({ name: 'Flat white\u200f', priceCents: null });
  });

  it('still refuses a typed name that is only controls', () => {
    expect(() => parseItemName('\u202e\u2069')).toThrow('Item name is required.');
  });
});
