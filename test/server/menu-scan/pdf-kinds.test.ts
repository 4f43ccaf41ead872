// The made-up PDF menus (test/fixtures/menus/pdf-kinds.ts, and the layouts of test/fixtures/menus/layouts.ts,
// layouts-printed.ts and layouts-parser.ts drawn as PDFs), each read end to end without OCR: every item with its price and nothing else. A heavy suite: drawing
// and reading all of them is some 10 CPU-s, while pdf-text.test.ts keeps one of them in the quick suite.
import { parseMenuLines } from '../../../server/menu-scan/parser';
import { readPdf } from '../../../server/menu-scan/pdf-text';
import { PDF_KINDS } from '../../fixtures/menus/pdf-kinds';
import { LAYOUTS, layoutPdf } from '../../fixtures/menus/layouts';
import { PARSER_LAYOUTS } from '../../fixtures/menus/layouts-parser';
import { PRINTED_LAYOUTS } from '../../fixtures/menus/layouts-printed';

describe('made-up PDFs of the kinds real menus show', () => {
  it.each(PDF_KINDS.map((kind) => [kind.name, kind] as const))('%s: every item with its price, nothing else', async (_name, kind) => {
    const pages = await readPdf(await kind.render(), 30_000);
    expect(pages).not.toBeNull();
    const items = parseMenuLines(pages!.flatMap((page) => page.menuLines));
    expect(items).toEqual(expect.arrayContaining(kind.expected));
    expect(items).toHaveLength(kind.expected.length);
  });

  it.each([...LAYOUTS, ...PRINTED_LAYOUTS, ...PARSER_LAYOUTS].map((layout) => [layout.name, layout] as const))('laid out as a PDF, %s: every item with its price, nothing else', async (_name, layout) => {
    const pages = await readPdf(await layoutPdf(layout), 30_000);
    expect(pages).not.toBeNull();
    const items = parseMenuLines(pages!.flatMap((page) => page.menuLines));
    expect(items).toEqual(expect.arrayContaining(layout.expected));
    expect(items).toHaveLength(layout.expected.length);
  });
});
