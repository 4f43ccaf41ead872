// The made-up set of "any currency and layout" (test/fixtures/menus/layouts-any.ts: eleven conditions, each
// with one other, from seeds), end to end: every page as a PDF read without OCR gives every item with its
// price and nothing else; the photos of each half keep the F1 and the prices reached on them. A heavy suite
// (some 3 minutes on 2 cores).
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { parseMenuLines } from '../../../server/menu-scan/parser';
import { readPdf } from '../../../server/menu-scan/pdf-text';
import { anyLayoutPdf, anyLayoutPhoto, anyLayouts } from '../../fixtures/menus/layouts-any';
import { metrics, score, sum, type Score } from '../../fixtures/menus/score';

/**
 * Reached by `npx tsx bench/menu-any.ts`, minus a margin for OCR jitter. The photos' misses left are names
 * whose letters the recognizer lacks (`Svíčková`, `Karnıyarık`: beyond the scorer's 15%) and a sign read
 * as a letter on one line alone (`140t` for `140₺`).
 */
const MIN_PHOTO_F1 = 0.88;
const MIN_PHOTO_PRICES_RIGHT = 0.95;

jest.setTimeout(600_000);

const layouts = anyLayouts();

describe('made-up pages of any currency and layout', () => {
  it.each(layouts.map((layout) => [layout.name, layout] as const))('as a PDF, %s: every item with its price, nothing else', async (_name, layout) => {
    const pages = await readPdf(await anyLayoutPdf(layout), 30_000);
    const items = parseMenuLines((pages ?? []).flatMap((page) => page.menuLines));
    expect(items).toEqual(expect.arrayContaining(layout.expected));
    expect(items).toHaveLength(layout.expected.length);
  });

  describe('as photos', () => {
    let scanner: MenuScanner;
    beforeAll(() => {
      scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
    });
    afterAll(() => scanner.close());

    it.each(['tune', 'held'] as const)(`the %s half: F1 ≥ ${MIN_PHOTO_F1}, prices right ≥ ${MIN_PHOTO_PRICES_RIGHT} of matched items`, async (half) => {
      const pages = layouts.filter((layout) => layout.half === half);
      const scores: Score[] = [];
      for (const layout of pages) scores.push(score(layout.expected, await scanner.scan(await anyLayoutPhoto(layout), 'jpeg')));
      const overall = metrics(sum(scores));
      // Each page's misses and wrong prices show when it fails.
      const perPage = pages.map((layout, i) => `${layout.name}: missed ${scores[i]!.misses.join(', ') || '-'}; prices ${scores[i]!.wrongPrices.join(', ') || '-'}`);
      expect({ f1: overall.f1 >= MIN_PHOTO_F1, pricesRight: overall.priceAccuracy >= MIN_PHOTO_PRICES_RIGHT, overall, perPage }).toMatchObject({ f1: true, pricesRight: true });
    });
  });
});
