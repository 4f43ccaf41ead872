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

  it('keeps prices whose currency is written in letters (Rs, RM, TL) beside their names, not in a column of their own', () => {
    const names = [line('Masala Chai', 60, 10, 140), line('Paneer Tikka', 60, 50, 150), line('Nasi Lemak', 60, 90, 130), line('Adana Kebap', 60, 130, 140)];
    const prices = [line('Rs 120', 540, 10, 80), line('Rs 260', 541, 50, 80), line('RM8.50', 538, 90, 82), line('TL45', 542, 130, 60)];
    expect(rowsFromLines([...names, ...prices])).toEqual(['Masala Chai    Rs 120', 'Paneer Tikka    Rs 260', 'Nasi Lemak    RM8.50', 'Adana Kebap    TL45']);
  });

  it('joins names to the prices set before them in a block of their own, not a column of names', () => {
    const prices = [line('12 Riyals', 60, 50, 110), line('8 Riyals', 61, 90, 100), line('22 Riyals', 59, 130, 110), line('18 Riyals', 60, 170, 110)];
    const names = [line('Arabic Coffee', 260, 51, 150), line('Karak Tea', 261, 91, 110), line('Saffron Latte', 259, 131, 150), line('Date Cake', 260, 171, 110)];
    expect(rowsFromLines([line('DARAJ CAFE', 60, 10, 130), ...prices, ...names])).toEqual([
      'DARAJ CAFE', '12 Riyals    Arabic Coffee', '8 Riyals    Karak Tea', '22 Riyals    Saffron Latte', '18 Riyals    Date Cake',
    ]);
  });

  it('finds a column whose names open with item numbers, but not one of quantities', () => {
    const left = [line('21 Chips', 40, 50, 90), line('22 Boiled Rice', 40, 90, 150), line('23 Egg Fried Rice', 40, 130, 180)];
    const right = [line('31 Chow Mein', 450, 50, 140), line('32 Pork Balls', 450, 90, 140), line('33 Wonton Soup', 450, 130, 160)];
    const prices = [line('2.50', 360, 50, 40), line('2.80', 360, 90, 40), line('3.20', 360, 130, 40), line('6.80', 770, 50, 40), line('5.20', 770, 90, 40), line('3.90', 770, 130, 40)];
    expect(rowsFromLines([...left, ...right, ...prices])).toEqual([
      '21 Chips    2.50', '22 Boiled Rice    2.80', '23 Egg Fried Rice    3.20', '31 Chow Mein    6.80', '32 Pork Balls    5.20', '33 Wonton Soup    3.90',
    ]);
    const names = [line('Sirloin', 40, 50, 90), line('Ribeye', 40, 90, 80), line('Fillet', 40, 130, 70)];
    const weights = [line('250 g', 450, 50, 60), line('300 g', 450, 90, 60), line('200 g', 450, 130, 60)];
    const steakPrices = [line('24.00', 700, 50, 50), line('27.00', 700, 90, 50), line('29.00', 700, 130, 50)];
    expect(rowsFromLines([...names, ...weights, ...steakPrices])).toEqual(['Sirloin    250 g    24.00', 'Ribeye    300 g    27.00', 'Fillet    200 g    29.00']);
  });

  it('keeps a description set on its item\'s own line on that line, between the name and the price', () => {
    const names = [line('Masala Dosa', 60, 50, 150), line('Idli Sambar', 60, 90, 140), line('Pav Bhaji', 60, 130, 110)];
    const notes = [line('crisp rice crepe, potato', 300, 52, 200), line('steamed cakes, lentil stew', 300, 92, 210), line('spiced mash, buttered rolls', 300, 132, 220)];
    const prices = [line('₹120/-', 700, 50, 60), line('₹80/-', 710, 90, 50), line('₹110/-', 700, 130, 60)];
    expect(rowsFromLines([...names, ...notes, ...prices])).toEqual([
      'Masala Dosa    crisp rice crepe, potato    ₹120/-', 'Idli Sambar    steamed cakes, lentil stew    ₹80/-', 'Pav Bhaji    spiced mash, buttered rolls    ₹110/-',
    ]);
  });

  it('keeps a name\'s translation set beside it on the name\'s row, between the name and the price', () => {
    const names = [line('Mercimek Corbasi', 60, 50, 170), line('Adana Kebap', 60, 90, 130), line('Tavuk Sis', 60, 130, 100)];
    const translations = [line('Lentil Soup', 400, 52, 120), line('Spicy Minced Lamb Kebab', 400, 92, 250), line('Chicken Skewers', 400, 132, 160)];
    const prices = [line('45 TL', 800, 50, 60), line('180 TL', 790, 90, 70), line('160 TL', 790, 130, 70)];
    expect(rowsFromLines([...names, ...translations, ...prices])).toEqual(['Mercimek Corbasi    Lentil Soup    45 TL', 'Adana Kebap    Spicy Minced Lamb Kebab    180 TL', 'Tavuk Sis    Chicken Skewers    160 TL']);
  });

  it('keeps one column where a few centred headings start at the same place, so names stay whole and meet their prices', () => {
    const headings = [line('Melts', 200, 10, 60), line('Deli', 205, 130, 50), line('Sides', 200, 250, 60)];
    const items = [
      line('Hungry Man Special', 20, 50, 230), line('Two Egg Omelette', 20, 90, 210), line('Cheese Melt', 20, 170, 120),
      line('Bagel with Breakfast Meat', 20, 210, 250), line('Chicken Club', 20, 290, 130),
    ];
    const prices = [line('11.39', 330, 50, 50), line('10.79', 330, 90, 50), line('7.19', 335, 170, 45), line('6.39', 335, 210, 45), line('13.19', 330, 290, 50)];
    expect(rowsFromLines([...headings, ...items, ...prices])).toEqual([
      'Melts', 'Hungry Man Special    11.39', 'Two Egg Omelette    10.79', 'Deli', 'Cheese Melt    7.19',
      'Bagel with Breakfast Meat    6.39', 'Sides', 'Chicken Club    13.19',
    ]);
  });

  it('follows the tilt of a photographed page, so a price far right of its name joins it and not the line above', () => {
    // Lines rise 3 px for every 100 px to the right; the prices stand 600 px right of the names.
    const tilted = (text: string, left: number, top: number, width: number): OcrLine => ({
      text, mean: 0.98, box: [[left, top], [left + width, top - 0.03 * width], [left + width, top + 30 - 0.03 * width], [left, top + 30]],
    });
    const rows = rowsFromLines([
      tilted('Kayakoruğu Otu', 200, 1000, 230), tilted('Rock Samphire', 200, 1040, 200), tilted('20,00 TL', 800, 1062, 110),
      tilted('Börülce', 200, 1080, 110), tilted('Black-eyed Peas', 200, 1120, 200), tilted('30,00 TL', 800, 1142, 110), tilted('Topik', 200, 1160, 80),
      tilted('20,00 TL', 800, 982, 110),
    ]);
    expect(rows).toEqual(['Kayakoruğu Otu    20,00 TL', 'Rock Samphire', 'Börülce    20,00 TL', 'Black-eyed Peas', 'Topik    30,00 TL']);
  });

  it('leaves out lines the recognizer is unsure of, splits camel-case joins', () => {
    const rows = rowsFromLines([line('BananaBread    3.50', 20, 10, 300), line('#%&x', 20, 50, 60, 20, MIN_LINE_CONFIDENCE - 0.1)]);
    expect(rows).toEqual(['Banana Bread    3.50']);
  });

  it('answers nothing for no lines', () => {
    expect(rowsFromLines([])).toEqual([]);
  });

  it('pairs names and prices on a page bent where a menu folder opens, its lines rising towards the spine by two rows', () => {
    // The detector's boxes on such a photo: names tilt down to the right, prices at the far right tilt up.
    const quad = (text: string, box: number[][]): OcrLine => ({ text, mean: 0.99, box });
    const lines = [
      quad('THE CORNER HOUSE', [[187, 338], [934, 374], [930, 446], [184, 410]]),
      quad('Blueberry Pancakes', [[211, 470], [680, 504], [676, 558], [207, 525]]),
      quad('$9.50', [[1245, 489], [1387, 476], [1391, 530], [1250, 542]]),
      quad('Eggs Benedict', [[219, 551], [565, 573], [562, 628], [216, 607]]),
      quad('$12.25', [[1224, 572], [1395, 557], [1399, 608], [1229, 623]]),
      quad('Breakfast Burrito', [[232, 632], [633, 659], [630, 708], [229, 681]]),
      quad('$10.75', [[1234, 653], [1404, 638], [1408, 687], [1238, 702]]),
      quad('French Toast', [[239, 708], [542, 732], [538, 786], [235, 762]]),
      quad('$8.90', [[1274, 728], [1416, 716], [1420, 767], [1279, 779]]),
      quad('Huevos Rancheros', [[250, 791], [691, 820], [687, 868], [247, 838]]),
      quad('$11.40', [[1254, 810], [1424, 796], [1428, 846], [1258, 860]]),
      quad('Biscuits and Gravy', [[261, 869], [702, 907], [698, 953], [257, 915]]),
      quad('$7.80', [[1294, 887], [1436, 874], [1441, 925], [1298, 938]]),
      quad('Cobb Salad', [[268, 939], [543, 964], [537, 1026], [262, 1001]]),
      quad('$13.20', [[1272, 969], [1445, 955], [1449, 1006], [1276, 1020]]),
    ];
    expect(rowsFromLines(lines).slice(-3)).toEqual(['Huevos Rancheros    $11.40', 'Biscuits and Gravy    $7.80', 'Cobb Salad    $13.20']);
  });

  it('pairs a price column far right of its names on a flat page whose short names tilt by a pixel or two', () => {
    // Small type: names of 60–120 px all starting at one x, their boxes' tilts a pixel of noise that
    // happens to grow with their width. Measured over a few tens of pixels, that is no bend across the page.
    const tiltedBy = (text: string, left: number, top: number, width: number, rise: number): OcrLine => ({
      text,
      mean: 0.98,
      box: [[left, top], [left + width, top + rise], [left + width, top + 20 + rise], [left, top + 20]],
    });
    const names = ['Chocolate Mousse', 'Lemon Tart', 'Cheese Plate', 'Apple Crumble', 'Espresso', 'Cappuccino', 'Hot Chocolate', 'Fresh Mint Tea'];
    const prices = ['7.25', '6.90', '11.50', '7.50', '2.80', '3.90', '4.20', '3.60'];
    const lines = names.flatMap((name, i) => {
      const wide = i % 2 === 0;
      return [tiltedBy(name, 850, 300 + i * 32, wide ? 120 : 60, wide ? 2 : -1), tiltedBy(prices[i]!, 1420, 300 + i * 32, 34, 0)];
    });
    expect(rowsFromLines(lines)).toEqual(names.map((name, i) => `${name}    ${prices[i]}`));
  });
});

describe('menuLinesFromOcr', () => {
  it('gives each row its place on the page as fractions of the page image, name and price together', () => {
    const rows = menuLinesFromOcr([line('Flat White', 100, 200, 300), line('4.20', 700, 202, 100)], { page: 0, width: 1000, height: 2000 });
    expect(rows).toEqual([
      {
        text: 'Flat White    4.20',
        region: { page: 0, x: 0.1, y: 0.1, width: expect.closeTo(0.7, 5) as number, height: expect.closeTo(0.011, 5) as number },
        letterHeight: expect.closeTo(0.02, 5) as number,
      },
    ]);
  });

  it('gives each row the height of its letters along its tilt, in fractions of the page width as its left edge is', () => {
    const tilted: OcrLine = { text: 'Oat Milk    .55', mean: 0.98, box: [[100, 200], [500, 240], [500, 252], [100, 212]] };
    const [row] = menuLinesFromOcr([tilted], { page: 0, width: 1000, height: 2000 });
    // The box spans 52 px from top to bottom, but its letters are 12 px high.
    expect(row?.letterHeight).toBeCloseTo(0.012, 5);
  });
});

describe('rowsFromLines: display type', () => {
  it('joins the words of a name set wide apart, boxed one by one, with a space; a price beside them stays apart', () => {
    const rows = rowsFromLines([line('Kroket', 20, 10, 120, 40), line('op', 170, 10, 40, 40), line('Brood', 240, 10, 110, 40), line('€ 22,80', 380, 10, 120, 40), line('Bitterballen', 20, 80, 230, 40), line('€ 8,40', 600, 80, 110, 40)]);
    expect(rows).toEqual(['Kroket op Brood    € 22,80', 'Bitterballen    € 8,40']);
  });

  it('keeps two names side by side as two parts where a column gap parts them', () => {
    expect(rowsFromLines([line('Mercimek Corbasi', 20, 10, 200, 20), line('Lentil Soup', 300, 10, 140, 20), line('45 TL', 600, 10, 60, 20)])).toEqual(['Mercimek Corbasi    Lentil Soup    45 TL']);
  });

  it('reads a word in capitals with a few capitals read as small letters as capitals, not as words run together', () => {
    expect(rowsFromLines([line('TIRAnIsU', 20, 10, 160), line('15,00', 300, 10, 60)])).toEqual(['TIRANISU    15,00']);
    expect(rowsFromLines([line('BananaBread', 20, 10, 160), line('3.20', 300, 10, 60)])).toEqual(['Banana Bread    3.20']);
  });
});
