// The scanner end to end on photos of the made-up menus laid out as text (test/fixtures/menus/layouts.ts,
// whose PDFs pdf-text.test.ts reads): a pub's two columns, currencies in letters before and after the
// price, two languages, a set-price lunch, numbered take-away dishes, a translation under each name, light
// letters on a dark board, dot leaders to a price column far right, and dishes' titles over descriptions
// in the items' size that end in the price.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { LAYOUTS, layoutPhoto } from '../../fixtures/menus/layouts';
import { metrics, score } from '../../fixtures/menus/score';

jest.setTimeout(180_000);

describe('menu scan of photos of the made-up menus laid out as text', () => {
  let scanner: MenuScanner;
  beforeAll(() => {
    scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
  });
  afterAll(() => scanner.close());

  it.each(LAYOUTS.map((layout) => [layout.name, layout] as const))('reads %s: every item, each with its price', async (_name, layout) => {
    const found = await scanner.scan(await layoutPhoto(layout), 'jpeg');
    const result = score(layout.expected, found);
    // The lists show what was missed or taken for an item when it fails.
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
    expect(metrics(result).f1).toBe(1);
  });
});
