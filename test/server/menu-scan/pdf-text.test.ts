// A PDF's text layer as the parser gets it: runs grouped into lines (columns, turned pages, text off the
// page), a made-up PDF menu read end to end without OCR (pdf-kinds.test.ts reads all of them), and a scan.
import sharp from 'sharp';
import { parseMenuText } from '../../../server/menu-scan/parser';
import { groupIntoLines, readPdf, type PdfTextItem } from '../../../server/menu-scan/pdf-text';
import { PDF_KINDS } from '../../fixtures/menus/pdf-kinds';
import { pdfOf } from '../../fixtures/menus/pdf-document';

const run = (str: string, x: number, y: number, width = str.length * 6, size = 12, angle = 0): PdfTextItem => ({ str, x, y, width, size, angle });

/** One priced row per entry: a name at `left`, its price right-aligned at `left + 200`. */
const rows = (entries: [string, string][], left: number, top: number, step: number): PdfTextItem[] =>
  entries.flatMap(([name, price], i) => [run(name, left, top + i * step), run(price, left + 200 - price.length * 6, top + i * step)]);

describe('groupIntoLines: letter-spaced type', () => {
  it('reads a run set letter-spaced as the words the file draws, not letter by letter', () => {
    const items = [
      { ...run('W I E N E R S C H N I T Z E L', 40, 100, 220), words: 'WIENER SCHNITZEL' },
      run('15,20', 300, 100),
      { ...run('K a i s e r s c h m a r r n', 40, 120, 200), words: 'Kaiserschmarrn' },
      run('17,50', 300, 120),
      { ...run('T o r t i l l a', 40, 140, 60), words: 'Tortilla' },
      { ...run('d e', 110, 140, 14), words: 'de' },
      { ...run('P a t a t a s', 134, 140, 60), words: 'Patatas' },
      run('6,20', 300, 140),
    ];
    expect(groupIntoLines(items)).toEqual(['WIENER SCHNITZEL    15,20', 'Kaiserschmarrn    17,50', 'Tortilla de Patatas    6,20']);
  });

  it('keeps runs that are not letter-spaced as pdf.js spaced them (words placed apart without a space glyph)', () => {
    expect(groupIntoLines([{ ...run('Flat White', 40, 100), words: 'FlatWhite' }, run('3.90', 200, 100), { ...run('S M L', 40, 120), words: 'S M L' }])).toEqual(['Flat White    3.90', 'S M L']);
  });
});

describe('groupIntoLines: columns', () => {
  it('reads a column of items after the one left of it, though their rows do not line up', () => {
    const left = rows([['Espresso', '2.80'], ['Macchiato', '3.10'], ['Flat White', '3.90'], ['Mocha', '4.40']], 40, 100, 20);
    const right = rows([['Iced Latte', '4.50'], ['Cold Brew', '4.20'], ['Lemonade', '3.50']], 300, 108, 29);
    expect(groupIntoLines([...right, ...left])).toEqual([
      'Espresso    2.80', 'Macchiato    3.10', 'Flat White    3.90', 'Mocha    4.40',
      'Iced Latte    4.50', 'Cold Brew    4.20', 'Lemonade    3.50',
    ]);
  });

  it('keeps a description under its name in its own column', () => {
    const items = [
      ...rows([['Espresso', '2.80'], ['Macchiato', '3.10'], ['Mocha', '4.40']], 40, 100, 30),
      run('Iced Latte', 300, 100), run('4.50', 476, 100), run('double shot over ice', 300, 112, 100, 9),
      run('Cold Brew', 300, 130), run('4.20', 476, 130), run('steeped for a day', 300, 142, 90, 9),
      run('Lemonade', 300, 160), run('3.50', 476, 160),
    ];
    const lines = groupIntoLines(items);
    expect(lines.slice(3)).toEqual(['Iced Latte    4.50', 'double shot over ice', 'Cold Brew    4.20', 'steeped for a day', 'Lemonade    3.50']);
  });

  it('does not take a block of prices left of their names for a column of its own', () => {
    const items = ['Arabic Coffee', 'Karak Tea', 'Mint Tea', 'Saffron Milk'].flatMap((name, i) => [run(`${12 + i} Riyals`, 40, 100 + i * 20), run(name, 200, 100 + i * 20)]);
    expect(groupIntoLines(items)).toEqual(['12 Riyals    Arabic Coffee', '13 Riyals    Karak Tea', '14 Riyals    Mint Tea', '15 Riyals    Saffron Milk']);
  });

  it('does not take descriptions set on their names\' lines for a column', () => {
    const items = [['Masala Dosa', 'Crisp rice crepe, potato'], ['Idli Sambar', 'Steamed rice cakes, lentils'], ['Vada Pav', 'Spiced potato fritter, bun']].flatMap(([name, text], i) => [
      run(name!, 40, 100 + i * 20), run(text!, 160, 100 + i * 20), run(`₹${120 + i * 10}`, 400, 100 + i * 20),
    ]);
    expect(groupIntoLines(items)).toEqual([
      'Masala Dosa    Crisp rice crepe, potato    ₹120',
      'Idli Sambar    Steamed rice cakes, lentils    ₹130',
      'Vada Pav    Spiced potato fritter, bun    ₹140',
    ]);
  });
});

describe('groupIntoLines: what a reader sees', () => {
  it('reads a page turned on its side along its text', () => {
    // Written down the page (a quarter turn clockwise): x across the lines, y along them.
    const items = [run('Pad Thai', 500, 60, 48, 12, Math.PI / 2), run('12.90', 500, 400, 30, 12, Math.PI / 2), run('Green Curry', 476, 60, 66, 12, Math.PI / 2), run('13.90', 476, 400, 30, 12, Math.PI / 2)];
    expect(groupIntoLines(items)).toEqual(['Pad Thai    12.90', 'Green Curry    13.90']);
  });

  it('leaves out a word written up the margin across the menu\'s lines', () => {
    const items = [...rows([['Flat White', '4.20'], ['Cappuccino', '4.50']], 50, 100, 20), run('ESTABLISHED 1998', 20, 400, 96, 8, -Math.PI / 2)];
    expect(groupIntoLines(items)).toEqual(['Flat White    4.20', 'Cappuccino    4.50']);
  });

  it('leaves out letters in the shade of what lies under them, and keeps white ones on a dark band', () => {
    const items = [
      { ...run('Latte', 50, 100), ink: 0, backdrop: 1 }, { ...run('4.50', 300, 100), ink: 0, backdrop: 1 },
      { ...run('Best Coffee 1.00', 50, 130), ink: 1, backdrop: 1 },
      { ...run('Soup of the Day', 50, 160), ink: 1, backdrop: 0.1 }, { ...run('6.50', 300, 160), ink: 1, backdrop: 0.1 },
      { ...run('Dark Roast 2.00', 50, 190), ink: 0.05, backdrop: 0.1 },
    ];
    expect(groupIntoLines(items)).toEqual(['Latte    4.50', 'Soup of the Day    6.50']);
  });

  it('leaves out text off the page box', () => {
    const items = [run('Latte', 50, 100), run('4.50', 300, 100), run('Old Latte 3.90', -400, 100), run('Draft Soup 5.50', 50, 900)];
    expect(groupIntoLines(items, { width: 595, height: 842 })).toEqual(['Latte    4.50']);
  });
});

// Every kind is read in the heavy suite (pdf-kinds.test.ts); one of them here keeps the path in the quick suite.
const TWO_PAGES = PDF_KINDS.find((kind) => kind.name === 'a two-page menu');

describe('made-up PDFs of the kinds real menus show', () => {
  it('a two-page menu: every item with its price, nothing else', async () => {
    const kind = TWO_PAGES!;
    const pages = await readPdf(await kind.render(), 30_000);
    expect(pages).toHaveLength(2);
    const items = parseMenuText(pages!.flatMap((page) => page.lines).join('\n'));
    expect(items).toEqual(expect.arrayContaining(kind.expected));
    expect(items).toHaveLength(kind.expected.length);
  });

  it('hands a scanned page\'s picture back for OCR (the photo path) and finds no item in its text', async () => {
    const scan = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } }).jpeg().toBuffer();
    const pdf = await pdfOf((doc) => {
      doc.image(scan, 30, 30, { width: 535 });
      doc.font('Helvetica').fontSize(7).text('Scanned with PocketScan', 30, 820);
    });
    const pages = await readPdf(pdf, 30_000);
    expect(pages).toHaveLength(1);
    expect(pages![0]!.images).toHaveLength(1);
    expect(parseMenuText(pages![0]!.lines.join('\n'))).toEqual([]);
  });
});
