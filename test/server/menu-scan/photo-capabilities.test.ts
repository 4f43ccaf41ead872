// The scanner end to end on made-up photos of what real menus need: light text on a dark card or
// panel, a page turned a quarter or half, a photo tilted 5–15° or taken at a slant, two columns with
// descriptions, options set smaller or indented under an item, prices in rupees, ringgit, euros with a
// decimal comma, lira or no currency at all.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { PHOTO_CASES } from '../../fixtures/menus/photo-cases';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of made-up photos', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(PHOTO_CASES.map((c) => [c.name, c] as const))('reads %s: every item, each with its price', async (_name, photo) => {
    const found = await scanner.scan(await photo.render(), 'jpeg');
    const result = score(photo.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
