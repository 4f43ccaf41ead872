// The scanner end to end on made-up photos that stress the OCR stage as unseen phone photos do: a card filling
// a third of a 12-megapixel photo on a busy table, a page of small type filling one (read again larger), thin
// light type, text over a photograph, a shadow across the page, glare over part of a glossy card.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { PHOTO_STRESS } from '../../fixtures/menus/photo-stress';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of made-up photos that stress the OCR', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(PHOTO_STRESS.map((c) => [c.name, c] as const))('reads %s: every item, each with its price', async (_name, photo) => {
    const found = await scanner.scan(await photo.render(), 'jpeg');
    const result = score(photo.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
