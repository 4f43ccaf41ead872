// The made-up menus set in the typefaces real menus are printed in (test/fixtures/menus/layouts-fonts.ts:
// condensed display capitals, scripts, handwriting, chalk, a typewriter, a slab, an old-style serif, a
// Didone, hairline and fat display faces; capitals, letter-spacing, dark boards), end to end: every page as
// a PDF read without OCR gives every item with its price and nothing else; the photos of each half keep the
// F1 and the prices reached on them. The faces come from Debian packages (.ci/run installs them): a face
// that is not installed is left out with a message, and without any the suite is skipped. A heavy suite
// (some 2 minutes on 2 cores).
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { parseMenuLines } from '../../../server/menu-scan/parser';
import { readPdf } from '../../../server/menu-scan/pdf-text';
import { FACES, faceInstalled, fontLayoutPdf, fontLayoutPhoto, fontLayouts } from '../../fixtures/menus/layouts-fonts';
import { metrics, score, sum, type Score } from '../../fixtures/menus/score';

/**
 * Reached by `npx tsx bench/menu-fonts.ts`, minus a margin for OCR jitter. What the photos still lose is
 * the recognizer's: a fat script's capitals (Leckerli One) and handwritten `f` read as `p`, `l` or `q`.
 */
const MIN_PHOTO_F1 = 0.85;
const MIN_PHOTO_PRICES_RIGHT = 0.95;

jest.setTimeout(600_000);

const missing = FACES.filter((face) => !faceInstalled(face));
if (missing.length) console.warn(`Menus in display faces: not installed, left out: ${missing.map((face) => `${face.family} (apt-get install ${face.debian})`).join(', ')}`);
const layouts = fontLayouts();
const describeWithFaces = layouts.length > 0 ? describe : describe.skip;

describeWithFaces('made-up menus in display, script, handwriting and chalk faces', () => {
  // Names as the scorer matches them (a kerned pair pdf.js spaces, `BRUSC HETTA`, is still the item), prices exact.
  it.each(layouts.map((layout) => [layout.name, layout] as const))('as a PDF, %s: every item with its price, nothing else', async (_name, layout) => {
    const pages = await readPdf(await fontLayoutPdf(layout), 30_000);
    const result = score(layout.expected, parseMenuLines((pages ?? []).flatMap((page) => page.menuLines)));
    expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
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
      for (const layout of pages) scores.push(score(layout.expected, await scanner.scan(await fontLayoutPhoto(layout), 'jpeg')));
      const overall = metrics(sum(scores));
      // Each page's misses and wrong prices show when it fails.
      const perPage = pages.map((layout, i) => `${layout.name}: missed ${scores[i]!.misses.join(', ') || '-'}; prices ${scores[i]!.wrongPrices.join(', ') || '-'}`);
      expect({ f1: overall.f1 >= MIN_PHOTO_F1, pricesRight: overall.priceAccuracy >= MIN_PHOTO_PRICES_RIGHT, overall, perPage }).toMatchObject({ f1: true, pricesRight: true });
    });
  });
});
