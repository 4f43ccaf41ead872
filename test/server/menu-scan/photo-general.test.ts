// The scanner end to end on made-up photos of general kinds of real menus: currencies written as words
// or as signs the recognizer does not know, thousands as k, 12€50, the price before the name, a
// description on the name's line or under it in the items' type, a translation under each name, a
// busy three-column take-away sheet and a board seen from below, each badly photographed its own way.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { PHOTO_GENERAL } from '../../fixtures/menus/photo-general';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of made-up photos of general kinds of menus', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(PHOTO_GENERAL.map((c) => [c.name, c] as const))('reads %s: every item, each with its price', async (_name, photo) => {
    const found = await scanner.scan(await photo.render(), 'jpeg');
    const result = score(photo.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
