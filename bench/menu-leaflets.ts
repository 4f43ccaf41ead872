// The made-up busy colour leaflets (test/fixtures/menus/layouts-leaflets.ts) read as photos and as PDFs,
// each half apart: the tuning half menu by menu with the stage that lost each missed item, the held-back
// half as totals only, so nobody tunes on it.
//
// `npx tsx bench/menu-leaflets.ts` (a measuring aid, not part of `npm run bench`). MENU_LEAFLETS_HALF=tune|held|both
// (default both); MENU_VERBOSE=1 prints the tuning half's misses with the OCR lines nearest to them.
import { LEAFLETS, leafletPdf, leafletPhoto, leafletTruth } from '../test/fixtures/menus/layouts-leaflets';
import { benchMadeUpHalves } from './made-up-halves';

void benchMadeUpHalves({
  halfVariable: 'MENU_LEAFLETS_HALF',
  pages: () => LEAFLETS,
  truth: leafletTruth,
  pdf: leafletPdf,
  photo: leafletPhoto,
});
