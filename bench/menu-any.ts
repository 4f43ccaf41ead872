// The made-up "any currency and layout" set (test/fixtures/menus/layouts-any.ts) read as photos and as PDFs,
// each half apart: the tuning half menu by menu with the stage that lost each missed item, the held-back
// half as totals only, so nobody tunes on it.
//
// `npx tsx bench/menu-any.ts` (a measuring aid, not part of `npm run bench`). MENU_ANY_HALF=tune|held|both
// (default both); MENU_VERBOSE=1 prints the tuning half's misses with the OCR lines nearest to them.
import { anyLayoutPdf, anyLayoutPhoto, anyLayouts } from '../test/fixtures/menus/layouts-any';
import { benchMadeUpHalves } from './made-up-halves';

void benchMadeUpHalves({
  halfVariable: 'MENU_ANY_HALF',
  pages: () => anyLayouts(),
  truth: (layout) => layout.expected,
  pdf: anyLayoutPdf,
  photo: anyLayoutPhoto,
});
