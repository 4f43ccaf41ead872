// The scanner end to end on made-up photos of kinds of real menus: light text on a dark board, a black
// or mid-tone coloured panel or a banner, currencies in letters the recognizer lacks or with thousands
// (zł, ¥, Rs., RM), the price right after the name with a description under it, two columns of two-line
// descriptions in the items' type, a busy take-away leaflet, cards held in a hand (one at a slant), and
// a chalkboard on a wall seen from below.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { PHOTO_KINDS } from '../../fixtures/menus/photo-kinds';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of made-up photos of dark panels, other currencies, leaflets, held cards and boards', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(PHOTO_KINDS.map((c) => [c.name, c] as const))('reads %s: every item, each with its price', async (_name, photo) => {
    const found = await scanner.scan(await photo.render(), 'jpeg');
    const result = score(photo.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
