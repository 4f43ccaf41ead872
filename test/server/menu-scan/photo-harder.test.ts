// The scanner end to end on made-up photos of real menus' kinds in harder forms: smaller text, more tilt
// with perspective, JPEG at 45, dim light, a dish's kinds priced under its title, additive codes and a
// sentence with a price, a euro sign set apart inside the price, riyals written with dots on a dark
// board, two columns with descriptions of two and three lines (one a pub's, light on dark), numbered
// combos priced in circles, and a bagel's flavours listed without prices.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { PHOTO_HARDER } from '../../fixtures/menus/photo-harder';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of made-up photos in harder forms', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(PHOTO_HARDER.map((c) => [c.name, c] as const))('reads %s: every item, each with its price', async (_name, photo) => {
    const found = await scanner.scan(await photo.render(), 'jpeg');
    const result = score(photo.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
