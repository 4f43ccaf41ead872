// The made-up menus set in display, script, handwriting and chalk faces (test/fixtures/menus/layouts-fonts.ts)
// read as photos and as PDFs, each half apart: the tuning half page by page with the stage that lost each
// missed item, the held-back half as totals only (and per face's F1 with MENU_FONTS_SHOW_HELD=1, for a report
// after a round), so nobody tunes on it. Faces not installed are named and left out.
//
// `npx tsx bench/menu-fonts.ts` (a measuring aid, not part of `npm run bench`). MENU_FONTS_HALF=tune|held|both
// (default both); MENU_VERBOSE=1 prints the tuning half's misses with the OCR lines nearest to them.
import { FACES, faceInstalled, fontLayoutPdf, fontLayoutPhoto, fontLayouts } from '../test/fixtures/menus/layouts-fonts';
import { metrics } from '../test/fixtures/menus/score';
import { benchMadeUpHalves } from './made-up-halves';

const missing = FACES.filter((face) => !faceInstalled(face));
if (missing.length) console.log(`faces not installed, left out: ${missing.map((f) => `${f.family} (${f.debian})`).join(', ')}`);

const f3 = (n: number): string => n.toFixed(3);

void benchMadeUpHalves({
  halfVariable: 'MENU_FONTS_HALF',
  pages: () => fontLayouts(),
  truth: (layout) => layout.expected,
  pdf: fontLayoutPdf,
  photo: fontLayoutPhoto,
  nameWidth: 110,
  pageSummary: (layout, photo, pdf) =>
    `  ${layout.face.family.padEnd(18)} photo F1 ${f3(metrics(photo).f1)} prices ${f3(metrics(photo).priceAccuracy)}  PDF F1 ${f3(metrics(pdf).f1)}`,
  showHeldSummary: process.env.MENU_FONTS_SHOW_HELD === '1',
});
