// Rows rebuilt from OCR line boxes (layout.ts): columns, rows, gaps, and noise left out.
import { menuLinesFromOcr, rowsFromLines, MIN_LINE_CONFIDENCE } from '../../../server/menu-scan/layout';
import type { OcrLine } from '../../../server/menu-scan/paddle';

/** A box from left/top, width and height, clockwise from the top left as the detector answers. */
function line(text: string, left: number, top: number, width: number, height = 20, mean = 0.98): OcrLine {
  return { text, mean, box: [[left, top], [left + width, top], [left + width, top + height], [left, top + height]] };
}

describe('rowsFromLines', () => {
  it('joins a name and the price at the right of the same row with a gap, top to bottom', () => {
    const rows = rowsFromLines([line('4.20', 400, 52, 40), line('Flat White', 20, 50, 110), line('COFFEE', 20, 10, 80), line('Espresso', 20, 90, 90), line('$2.80', 395, 91, 45)]);
    expect(rows).toEqual(['COFFEE', 'Flat White    4.20', 'Espresso    $2.80']);
  });

  it('reads a two-column menu column by column, so a description beside an item stays apart', () => {
    const left = [line('Latte', 20, 10, 60), line('Mocha', 20, 50, 60), line('Tea', 20, 90, 40), line('served warm', 30, 130, 120)];
    const right = [line('Scone', 400, 10, 60), line('Muffin', 400, 50, 70), line('Brownie', 400, 90, 80), line('Flapjack', 400, 130, 90)];
    const prices = [line('4.50', 300, 10, 40), line('5.00', 300, 50, 40), line('3.00', 300, 90, 40), line('3.20', 680, 10, 40), line('3.60', 680, 50, 40), line('3.90', 680, 90, 40), line('2.90', 680, 130, 40)];
    expect(rowsFromLines([...left, ...right, ...prices])).toEqual([
      'Latte    4.50', 'Mocha    5.00', 'Tea    3.00', 'served warm',
      'Scone    3.20', 'Muffin    3.60', 'Brownie    3.90', 'Flapjack    2.90',
    ]);
  });

  it('leaves out lines the recognizer is unsure of, splits camel-case joins', () => {
    const rows = rowsFromLines([line('BananaBread    3.50', 20, 10, 300), line('#%&x', 20, 50, 60, 20, MIN_LINE_CONFIDENCE - 0.1)]);
    expect(rows).toEqual(['Banana Bread    3.50']);
  });

  it('answers nothing for no lines', () => {
    expect(rowsFromLines([])).toEqual([]);
  });
});

describe('menuLinesFromOcr', () => {
  it('gives each row its place on the page as fractions of the page image, name and price together', () => {
    const rows = menuLinesFromOcr([line('Flat White', 100, 200, 300), line('4.20', 700, 202, 100)], { page: 0, width: 1000, height: 2000 });
    expect(rows).toEqual([{ text: 'Flat White    4.20', region: { page: 0, x: 0.1, y: 0.1, width: expect.closeTo(0.7, 5) as number, height: expect.closeTo(0.011, 5) as number } }]);
  });
});
