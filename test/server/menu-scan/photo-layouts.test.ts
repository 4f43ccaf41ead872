// The scanner end to end on photos of the made-up menus laid out as text (test/fixtures/menus/layouts.ts,
// whose PDFs pdf-kinds.test.ts reads): a pub's two columns, currencies in letters before and after the
// price, two languages, a set-price lunch, numbered take-away dishes, a translation under each name, light
// letters on a dark board, dot leaders to a price column far right, and dishes' titles over descriptions
// in the items' size that end in the price; then, photographed in harder forms, the printed kinds of
// layouts-printed.ts (two languages side by side, a translation in italics under each name, a glass and a
// bottle, sizes under a header line, raised cents and slashes, whole prices with the currency in the header),
// and the ways of writing a line of layouts-parser.ts (ranges, market prices, codes, calories, weights and
// volumes beside names, prices alone under descriptions, combos, supplements and a cover charge).
import { LAYOUTS, layoutPhoto } from '../../fixtures/menus/layouts';
import { PARSER_LAYOUTS } from '../../fixtures/menus/layouts-parser';
import { PRINTED_LAYOUTS } from '../../fixtures/menus/layouts-printed';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos(
  'menu scan of photos of the made-up menus laid out as text',
  [...LAYOUTS, ...PRINTED_LAYOUTS, ...PARSER_LAYOUTS].map((layout) => ({ name: layout.name, expected: layout.expected, render: () => layoutPhoto(layout) })),
);
