// The made-up busy colour leaflets, boards and pub menus (test/fixtures/menus/layouts-leaflets.ts: coloured
// panels beside white paper, prices in circles, stars and tags, numbers in boxes, dish photographs, combo
// boxes, address bands, a crease, a gloss), end to end: every page as a PDF read without OCR gives every item
// with its price and nothing else; the photos of each half keep the F1 and the prices reached on them. A
// heavy suite (some 2 minutes on 2 cores).
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { parseMenuLines } from '../../../server/menu-scan/parser';
import { readPdf } from '../../../server/menu-scan/pdf-text';
import { LEAFLETS, leafletPdf, leafletPhoto, leafletTruth } from '../../fixtures/menus/layouts-leaflets';
import { metrics, score, sum, type Score } from '../../fixtures/menus/score';

/** Reached by `npx tsx bench/menu-leaflets.ts`, minus a margin for OCR jitter. */
const MIN_PHOTO_F1 = 0.9;
const MIN_PHOTO_PRICES_RIGHT = 0.95;

jest.setTimeout(600_000);

describe('made-up busy colour leaflets', () => {
  it.each(LEAFLETS.map((leaflet) => [leaflet.name, leaflet] as const))('as a PDF, %s: every item with its price, nothing else', async (_name, leaflet) => {
    const pages = await readPdf(await leafletPdf(leaflet), 30_000);
    const items = parseMenuLines((pages ?? []).flatMap((page) => page.menuLines));
    const expected = leafletTruth(leaflet);
    expect(items).toEqual(expect.arrayContaining(expected));
    expect(items).toHaveLength(expected.length);
  });

  describe('as photos', () => {
    let scanner: MenuScanner;
    beforeAll(() => {
      scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
    });
    afterAll(() => scanner.close());

    it.each(['tune', 'held'] as const)(`the %s half: F1 ≥ ${MIN_PHOTO_F1}, prices right ≥ ${MIN_PHOTO_PRICES_RIGHT} of matched items`, async (half) => {
      const pages = LEAFLETS.filter((leaflet) => leaflet.half === half);
      const scores: Score[] = [];
      for (const leaflet of pages) scores.push(score(leafletTruth(leaflet), await scanner.scan(await leafletPhoto(leaflet), 'jpeg')));
      const overall = metrics(sum(scores));
      // Each page's misses and wrong prices show when it fails.
      const perPage = pages.map((leaflet, i) => `${leaflet.name}: missed ${scores[i]!.misses.join(', ') || '-'}; prices ${scores[i]!.wrongPrices.join(', ') || '-'}`);
      expect({ f1: overall.f1 >= MIN_PHOTO_F1, pricesRight: overall.priceAccuracy >= MIN_PHOTO_PRICES_RIGHT, overall, perPage }).toMatchObject({ f1: true, pricesRight: true });
    });
  });
});
