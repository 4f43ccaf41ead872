// Unit tests of the menu text parser: each case names the menu-writing habit or OCR mistake it handles.
import { parseMenuText } from '../../../server/menu-scan';
import { parseMenuLines } from '../../../server/menu-scan/parser';
import { groupIntoLines, type PdfTextItem } from '../../../server/menu-scan/pdf-text';

const one = (name: string, priceCents: number | null) => [{ name, priceCents }];

describe('parseMenuText', () => {
  describe("reads PaddleOCR's habits", () => {
    it.each([
      ['"f" for a pound sign', 'Banana Bread    f10', one('Banana Bread', 1000)],
      ['the tail of a leader stuck to the price', 'Fruit Salad    .13.30', one('Fruit Salad', 1330)],
      ['a price glued to the name', 'Avocado Toast8.30', one('Avocado Toast', 830)],
      ['a dash between the name and the price without its spaces', 'Pot of Tea–2.50', one('Pot of Tea', 250)],
      ['a whole price glued to the name', 'Carrot Cake4', one('Carrot Cake', 400)],
      ['a doubled decimal mark', 'Pot of Tea 2.,80', one('Pot of Tea', 280)],
      ['a decimal point read as a colon beside a sign', 'Burger Combo    $15:99', one('Burger Combo', 1599)],
      ['… and with the sign after it', 'Menu Kids    6:95 €', one('Menu Kids', 695)],
      ['full-width commas', 'Grilled Cheese ，5.50', one('Grilled Cheese', 550)],
      ['the end of a dash leader after the price', 'Club Sandwich    4.40-', one('Club Sandwich', 440)],
      ['the dots of a leader read inside a price', 'Porridge    $.1.1..30.', one('Porridge', 1130)],
      ['l read for a capital I', 'lced Tea    4.50', one('Iced Tea', 450)],
      ['a description run into the name', 'served warm with butter Cappuccino 8.50', one('Cappuccino', 850)],
      ['S/M/L prices: the first (small) one', 'Latte    S 3.50 / M 4.00 / L 4.50', one('Latte', 350)],
      ['S/M/L prices whose labels are glued to them', 'Lemonade -    S7,50/ M8,00 /L8.5', one('Lemonade', 750)],
      ['a dollar sign read as a lone "s"', 'Carrot Cake s4.00', one('Carrot Cake', 400)],
    ])('%s', (_habit, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });

  describe("reads a page's currency by its shape", () => {
    it.each([
      ['letters OCR read for Kč beside three prices, and one edit from them', 'Trdelnik    KC480\nBramboracka    Kc340\nSmazeny Syr    KC340\nSvickova    K760', [['Trdelnik', 48000], ['Bramboracka', 34000], ['Smazeny Syr', 34000], ['Svickova', 76000]]],
      ['₫ read as a d glued before grouped prices', 'Bun Bo Hue    d143.000\nBanh Xeo    d42.000\nCa Kho To    d36.000', [['Bun Bo Hue', 14300000], ['Banh Xeo', 4200000], ['Ca Kho To', 3600000]]],
      ['letters after the price', 'Soup    440 Kc\nStew    720 Kc\nPie    300 Kc', [['Soup', 44000], ['Stew', 72000], ['Pie', 30000]]],
      ['round thousands without groups or sign', 'Kimchi Jjigae  26000\nJapchae  23000\nGalbi Tang  27000', [['Kimchi Jjigae', 2600000], ['Japchae', 2300000], ['Galbi Tang', 2700000]]],
      ['a four-digit whole price among three-digit ones', 'Rogan Josh    850\nMalai Kofta    1050\nChole Bhature    640\nGulab Jamun    470', [['Rogan Josh', 85000], ['Malai Kofta', 105000], ['Chole Bhature', 64000], ['Gulab Jamun', 47000]]],
      ['thousands grouped by a space after a currency', 'Pav Bhaji    ₹ 1 400', [['Pav Bhaji', 140000]]],
      ['a space after the decimal mark beside a currency', 'Francesinha    16, 20R$', [['Francesinha', 1620]]],
      ['a glyph without a character beside a number', 'Malai Kofta    \u0000 1 050', [['Malai Kofta', 105000]]],
      ["a name's last word before a whole price, three times", 'Pad Thai Gai 12\nTom Yum Gai 14\nKhao Man Gai 11', [['Pad Thai Gai', 1200], ['Tom Yum Gai', 1400], ['Khao Man Gai', 1100]]],
      ['volumes, not a currency', 'Bier 0,5 l    4,50\nWein 0,2 l    5,00\nSaft 0,3 l    3,00', [['Bier', 450], ['Wein', 500], ['Saft', 300]]],
      ['thousands written as k, not a currency', 'Bac Xiu    35k\nTra Dao    39k\nBanh Mi    30k', [['Bac Xiu', 3500000], ['Tra Dao', 3900000], ['Banh Mi', 3000000]]],
    ] as const)('%s', (_habit, text, items) => {
      expect(parseMenuText(text)).toEqual(items.map(([name, priceCents]) => ({ name, priceCents })));
    });
  });

  describe('reads the common ways of writing a price', () => {
    it.each([
      ['dot leaders', 'Flat White ....... 4.20', one('Flat White', 420)],
      ['spaced dot leaders', 'Flat White . . . . . . 4.20', one('Flat White', 420)],
      ['middle-dot leaders', 'Flat White ······ 4.20', one('Flat White', 420)],
      ['an ellipsis character as leader', 'Flat White …… 4.20', one('Flat White', 420)],
      ['underscore leaders', 'Hot Chocolate __________ 3.80', one('Hot Chocolate', 380)],
      ['dash leaders', 'Hot Chocolate ---------- 3.80', one('Hot Chocolate', 380)],
      ['an em dash between name and price', 'Tea — 2.00', one('Tea', 200)],
      ['a wide gap instead of leaders', 'Cappuccino                 3.90', one('Cappuccino', 390)],
      ['a single space', 'Latte 4.50', one('Latte', 450)],
      ['a dollar sign', 'Croissant $3.25', one('Croissant', 325)],
      ['a whole-dollar price', 'Croissant $3', one('Croissant', 300)],
      ['a currency sign apart from the number', 'Espresso $ 2.80', one('Espresso', 280)],
      ['a euro sign after a comma decimal', 'Cappuccino 3,50 €', one('Cappuccino', 350)],
      ['a euro sign glued to the number', 'Croque Monsieur 7,90€', one('Croque Monsieur', 790)],
      ['a euro sign before the number', 'Tarte Tatin €5,50', one('Tarte Tatin', 550)],
      ['a pound sign and comma decimals', 'Cream Tea £6,50', one('Cream Tea', 650)],
      ['a pound sign and a whole number', 'Scone £3', one('Scone', 300)],
      ['one decimal digit (4.2 → 420)', 'Flat White 4.2', one('Flat White', 420)],
      ['a bare whole number at the end of the line', 'Eggs Benedict 14', one('Eggs Benedict', 1400)],
      ['a price in brackets', 'Muffin (3.00)', one('Muffin', 300)],
      ['a free item', 'Tap Water 0.00', one('Tap Water', 0)],
      ['cents written as a dash', 'Cappuccino 3,-', one('Cappuccino', 300)],
      ['a rupee price closed with a slash and dash', 'Paneer Tikka Rs.250/-', one('Paneer Tikka', 25000)],
      ['an Arabic riyal abbreviation after the number', 'Shawarma 15 ر.س', one('Shawarma', 1500)],
      ['reais glued to the number after a column gap', 'Coxinha de Frango    R$9,00', one('Coxinha de Frango', 900)],
      ['reais glued to the number after a single space', 'Coxinha R$9,00', one('Coxinha', 900)],
      ['US dollars glued to the number', 'Club Sandwich US$12.50', one('Club Sandwich', 1250)],
      ['yen written 円 apart from the number', 'Gyoza    480 円', one('Gyoza', 48000)],
      ['yuan written 元 apart from the number', 'Dumplings    28 元', one('Dumplings', 2800)],
    ])('%s', (_, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });

  describe('reads prices written before the name', () => {
    it('with decimals', () => {
      expect(parseMenuText('4.50 Latte')).toEqual(one('Latte', 450));
    });
    it('with a currency sign and a gap', () => {
      expect(parseMenuText('$12.50    Avocado Toast')).toEqual(one('Avocado Toast', 1250));
    });
    it('in two columns', () => {
      expect(parseMenuText('4.50 Latte      5.00 Mocha')).toEqual([
        { name: 'Latte', priceCents: 450 },
        { name: 'Mocha', priceCents: 500 },
      ]);
    });
    it('but not a leading count, which belongs to the name', () => {
      expect(parseMenuText('2 Eggs any style 8.50')).toEqual(one('2 Eggs any style', 850));
    });
  });

  describe('splits two-column lines into two items', () => {
    it('with a wide gap between the columns', () => {
      expect(parseMenuText('Latte 4.50        Mocha 5.00')).toEqual([
        { name: 'Latte', priceCents: 450 },
        { name: 'Mocha', priceCents: 500 },
      ]);
    });
    it('when OCR squeezed the gap to one space', () => {
      expect(parseMenuText('Latte 4.50 Mocha 5.00')).toEqual([
        { name: 'Latte', priceCents: 450 },
        { name: 'Mocha', priceCents: 500 },
      ]);
    });
    it('with right-aligned prices in both columns', () => {
      expect(parseMenuText('Americano        3.40    Earl Grey        3.20')).toEqual([
        { name: 'Americano', priceCents: 340 },
        { name: 'Earl Grey', priceCents: 320 },
      ]);
    });
    it('when the left column holds an unpriced line, keeping only the priced name', () => {
      expect(parseMenuText('rich espresso with steamed milk        Mocha 5.00')).toEqual(one('Mocha', 500));
      expect(parseMenuText('Oat, soy or almond milk        Mocha 5.00')).toEqual(one('Mocha', 500));
    });
    it('when the right column holds a heading', () => {
      expect(parseMenuText('Latte 4.50        PASTRIES')).toEqual(one('Latte', 450));
    });
  });

  describe('does not take headings and descriptions for items', () => {
    it.each([
      ['an upper-case heading', 'COFFEE'],
      ['a title-case heading', 'Pastries'],
      ['a heading with a note after a dash', 'Breakfast — served until 11am'],
      ['a heading with a time', 'Lunch served 11:30 – 15:00'],
      ['a time range', 'Lunch 12 – 3'],
      ['a description', 'rich espresso with steamed milk'],
      ['a description with a count', 'served with 2 eggs'],
      ['a description ending in a number after a stop word', 'Breakfast served until 11'],
      ['opening days', 'Open daily 7'],
      ['a year', 'Since 1999'],
      ['a sentence with a comma', 'Oat, soy or almond milk on request'],
      ['an empty line', '   '],
      ['OCR crumbs', '| _ — · \''],
    ])('%s', (_, line) => {
      expect(parseMenuText(line)).toEqual([]);
    });

    it('in a whole menu', () => {
      const menu = [
        'THE DAILY GRIND',
        'COFFEE',
        'Espresso .......................... 2.80',
        '  a double shot of our house blend',
        'Flat White ........................ 4.20',
        'Pastries',
        'Butter Croissant .................. 3.25',
        'Breakfast — served until 11am',
        '$12.50    Avocado Toast',
        'Gluten free bread available, ask our friendly staff',
      ].join('\n');
      expect(parseMenuText(menu)).toEqual([
        { name: 'Espresso', priceCents: 280 },
        { name: 'Flat White', priceCents: 420 },
        { name: 'Butter Croissant', priceCents: 325 },
        { name: 'Avocado Toast', priceCents: 1250 },
      ]);
    });

    it('keeps the name, not the description, when both precede the price on one line', () => {
      expect(parseMenuText('Burrito — eggs, chorizo and salsa 9.50')).toEqual(one('Burrito', 950));
    });

    it.each([
      ['written as a sentence', 'Steak Pie    Slow cooked beef in ale gravy    14.95', one('Steak Pie', 1495)],
      ['listing with commas', 'Bruschetta    Pane tostato, pomodoro, basilico    6', one('Bruschetta', 600)],
    ])('keeps the name, not a description opening with a capital set apart between it and the price (%s)', (_case, line, items) => {
      expect(parseMenuText(line)).toEqual(items);
    });

    it.each([
      ['written as a sentence', 'STEAK PIE Slow cooked beef in ale gravy with mash 14.95', one('STEAK PIE', 1495)],
      ['listing with commas', 'THE ROYAL Beef burger, cheddar, bacon 13', one('THE ROYAL', 1300)],
    ])('keeps a name set in capitals, not the description read with it on one line (%s)', (_case, line, items) => {
      expect(parseMenuText(line)).toEqual(items);
    });

    it.each([
      ['capitals before a name', 'BBQ Chicken Wings    8.50', one('BBQ Chicken Wings', 850)],
      ['capitals before a short description', 'BLT sandwich with fries and slaw    7', one('BLT sandwich with fries and slaw', 700)],
      ['a translation beside the name', 'Kartoffelsuppe    Potato soup    5.50', one('Potato soup', 550)],
      ['a dish named as a phrase beside a heading', 'Pasta    Spaghetti alla carbonara con guanciale    12', one('Spaghetti alla carbonara con guanciale', 1200)],
    ])('still takes the part nearest the price where it is no description (%s)', (_case, line, items) => {
      expect(parseMenuText(line)).toEqual(items);
    });
  });

  describe('repairs typical OCR noise', () => {
    it.each([
      ['S read for $', 'Tea S2.50', one('Tea', 250)],
      ['S read for $, apart from the number', 'Tea S 2.50', one('Tea', 250)],
      ['O read for 0', 'Espresso 2.O0', one('Espresso', 200)],
      ['o read for 0', 'Espresso 3.5o', one('Espresso', 350)],
      ['l read for 1', 'Scone 2.l5', one('Scone', 215)],
      ['a colon read for the decimal point after leaders', 'Cinnamon Scroll ............ 3:60', one('Cinnamon Scroll', 360)],
      ['vertical bars around the line', '| Flat White 4.20 |', one('Flat White', 420)],
      ['a stray quote before the name', "'Chai Latte 4.10", one('Chai Latte', 410)],
      ['stray quotes around the name', '"Chai Latte" 4.10', one('Chai Latte', 410)],
      ['a bullet before the name', '• Bagel 3.25', one('Bagel', 325)],
      ['a menu number before the name', '12. Pad Thai 13.50', one('Pad Thai', 1350)],
      ['dot leaders read as letters', 'Flat White ........ccvvvevveennees. 4.20', one('Flat White', 420)],
      ['dot leaders read as one long word', 'Cold Brew sacssasinssnsnssvnavra 3.88', one('Cold Brew', 388)],
      ['dot leaders read as dots mixed with letters', 'Fruit Salad ..csssesrsnivesnsie 5.98', one('Fruit Salad', 598)],
      ['a trailing period after the price', 'Latte 4.50.', one('Latte', 450)],
      ['a crumb of the photo edge before the name', 'j    Caffe Latte ......... 1.85', one('Caffe Latte', 185)],
    ])('%s', (_, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });

    it('collapses whitespace inside names and trims them', () => {
      expect(parseMenuText('   Iced  Long\u00a0 Black     4.50   ')).toEqual(one('Iced Long Black', 450));
    });

    it('restores a decimal point OCR dropped, judged against the other prices of the menu', () => {
      const menu = ['Flat White 4.20', 'Cappuccino 3.90', 'Latte 4.10', 'Piccolo ........ 350'].join('\n');
      expect(parseMenuText(menu)).toContainEqual({ name: 'Piccolo', priceCents: 350 });
    });

    it('keeps a whole-number price that fits the menu', () => {
      const menu = ['Eggs Benedict 14', 'Pancakes 12', 'Avocado Toast 13.50', 'Granola 9.50', 'Porridge 8.50'].join('\n');
      expect(parseMenuText(menu)).toContainEqual({ name: 'Eggs Benedict', priceCents: 1400 });
    });

    it('ignores two-letter crumbs with a number', () => {
      expect(parseMenuText('made fresh with local ingredients    EF 3')).toEqual([]);
    });
  });

  describe('rejects values that cannot be prices', () => {
    it('an absurd price', () => {
      expect(parseMenuText('Cake 99999.00')).toEqual([]);
    });
    it('a name longer than 120 characters', () => {
      expect(parseMenuText(`${'Very long name '.repeat(10)}4.50`)).toEqual([]);
    });
    it('a price with no name', () => {
      expect(parseMenuText('4.50')).toEqual([]);
      expect(parseMenuText('$ 4.50 ...... 3.00')).toEqual([]);
    });
    it('sizes and units', () => {
      expect(parseMenuText('Latte 12oz')).toEqual([]);
    });
    it('a quantity with decimals and its unit inside a name, leaving the price at its end', () => {
      expect(parseMenuText('Hauswein rot 0,25 l Glas - 4,80 €')).toEqual(one('Hauswein rot 0,25 l Glas', 480));
    });
  });

  describe('keeps a name a reader would list', () => {
    it('a name that starts in lower case, where dropping the lower-case words would leave too little', () => {
      expect(parseMenuText('Portion Salami    1,50 €    gekochtes Ei    1,00 €')).toEqual([
        { name: 'Portion Salami', priceCents: 150 },
        { name: 'gekochtes Ei', priceCents: 100 },
      ]);
    });
    it('a name that starts with one lower-case word (OCR lost its capital, as for a Turkish İ)', () => {
      expect(parseMenuText('isli Uskumru    35,00 TL')).toEqual(one('isli Uskumru', 3500));
    });
    it('a name wrapped onto the next line, where the first line ends in a joining word', () => {
      expect(parseMenuText('Cappellacci con Capesante e    16,00\nGamberi\nTagliolini alla Bottarga    15,00')).toEqual([
        { name: 'Cappellacci con Capesante e Gamberi', priceCents: 1600 },
        { name: 'Tagliolini alla Bottarga', priceCents: 1500 },
      ]);
    });
    describe('a dish\'s title over its description in the items\' size, the price ending the description', () => {
      it.each([
        ['opening with a capital', 'Steak Pie\nSlow-cooked beef in ale gravy    13.95\nFish Pie\nSmoked haddock, salmon and prawns    14.50', [['Steak Pie', 1395], ['Fish Pie', 1450]]],
        ['over two lines, the last a name\'s shape', 'Octopus\nChargrilled with chorizo, crushed potatoes\nSmoked paprika and lemon    16\nPulpo a la Gallega\nCon cachelos, aceite de oliva\nPimentón de la Vera    18', [['Octopus', 1600], ['Pulpo a la Gallega', 1800]]],
        ['in lower case, its last line short', 'Steak Pie\nslow-cooked beef in ale gravy, with mash\nand seasonal greens    13.95\nFish Pie\nsmoked haddock and prawns    14.50', [['Steak Pie', 1395], ['Fish Pie', 1450]]],
        ['titles in capitals, a note closing the page', 'CALAMARES\nFritos con alioli casero y limón    11,00 €\nPULPO\nCon cachelos y pimentón de la Vera    18,00 €\nPlease tell us about any allergies', [['CALAMARES', 1100], ['PULPO', 1800]]],
      ])('%s', (_case, text, expected) => {
        expect(parseMenuText(text)).toEqual(expected.map(([name, priceCents]) => ({ name, priceCents })));
      });

      it('but not a section\'s heading over items written as sentences', () => {
        expect(parseMenuText('Starters\nChicken liver pâté, toast    7.50\nSoup of the day, bread    6.00\nMains\nFish and chips, mushy peas    14.00\nPie of the day, mash    13.00')).toEqual([
          { name: 'Chicken liver pâté, toast', priceCents: 750 },
          { name: 'Soup of the day, bread', priceCents: 600 },
          { name: 'Fish and chips, mushy peas', priceCents: 1400 },
          { name: 'Pie of the day, mash', priceCents: 1300 },
        ]);
      });

      it('nor the translations under items written as sentences', () => {
        expect(parseMenuText('Drinks\nPlum lemon cold brew with honey    5.50\nCa Phe Man Chanh\nPeach orange tea with lemongrass    5.00\nTra Dao Cam Sa\nCoconut coffee with condensed milk    5.50\nCa Phe Dua')).toEqual([
          { name: 'Plum lemon cold brew with honey', priceCents: 550 },
          { name: 'Peach orange tea with lemongrass', priceCents: 500 },
          { name: 'Coconut coffee with condensed milk', priceCents: 550 },
        ]);
      });

      // A pub's two columns as OCR reads them: each price right after its name, a description of two or three lines
      // under it. A description's first line ending in a comma is no title, and a priced name with a
      // description under it is an item, not the last line of the description over it.
      const PUB_COLUMN = [
        'Fish and Chips f14.50', 'Beer-battered haddock,', 'mushy peas, tartare sauce',
        'Steakand Ale Pief15.95', 'Slow-cooked beef in ale', 'shortcrust pastry, mash', 'and seasonai greens',
        'Ploughmans Lunch f1l.00', 'Cheddar, pickle, apple,', 'crusty bread and butter',
        'LION', 'Sausage and Mash 13.25', 'Pork sausages, onion gravy,', 'buttery mash',
        'Chicken Caesar 12.50', 'Cos lettuce, anchovies,', 'croutons. parmesan,', 'house dressing',
        'Sticky Toffee Pudding f7.25', 'Toffeesauceand', 'Vanilla ice cream',
      ];
      const PUB_ITEMS = [
        ['Fish and Chips', 1450], ['Steakand Ale Pie', 1595], ['Ploughmans Lunch', 1100],
        ['Sausage and Mash', 1325], ['Chicken Caesar', 1250], ['Sticky Toffee Pudding', 725],
      ];
      it.each([
        ['as read', PUB_COLUMN],
        ['the comma after the first description lost', PUB_COLUMN.map((line) => line.replace('haddock,', 'haddock'))],
        ['no description under the third name', PUB_COLUMN.filter((line) => !/^(?:Cheddar|crusty)/u.test(line))],
      ])('nor lines of descriptions under items priced right after the name (%s)', (_case, lines) => {
        expect(parseMenuText(lines.join('\n'))).toEqual(PUB_ITEMS.map(([name, priceCents]) => ({ name, priceCents })));
      });

      it('nor a translation over a numbered item', () => {
        const lines = [
          { text: 'Ca Phe Chanh Vang', letterHeight: 0.017 }, { text: '1. Plum lemon cold brew    55.000', letterHeight: 0.02 },
          { text: 'Tra Dao Cam Sa', letterHeight: 0.017 }, { text: '2. Peach orange lemongrass tea    55.000', letterHeight: 0.02 },
        ];
        expect(parseMenuLines(lines).map((item) => item.name)).toEqual(['Plum lemon cold brew', 'Peach orange lemongrass tea']);
      });
    });

    it('a name wrapped before its price after an article', () => {
      expect(parseMenuText('Chuletón de Buey a la\nParrilla    24,00 €\nSolomillo al Whisky    19,50 €')).toEqual([
        { name: 'Chuletón de Buey a la Parrilla', priceCents: 2400 },
        { name: 'Solomillo al Whisky', priceCents: 1950 },
      ]);
    });

    it('a name wrapped before its price, the first line ending in a joining word', () => {
      expect(parseMenuText('Grilled Halloumi and\nRoasted Vegetable Salad    14.00\nFish and Chips    15.00')).toEqual([
        { name: 'Grilled Halloumi and Roasted Vegetable Salad', priceCents: 1400 },
        { name: 'Fish and Chips', priceCents: 1500 },
      ]);
    });
    it('the names under a heading priced for each of them, until a heading over items priced on their own', () => {
      expect(parseMenuText('Pizza – all 12.00\nMargherita\nFunghi\nSides\nGarlic Bread    4.50')).toEqual([
        { name: 'Margherita', priceCents: 1200 },
        { name: 'Funghi', priceCents: 1200 },
        { name: 'Garlic Bread', priceCents: 450 },
      ]);
      expect(parseMenuText('Crêpes, chacune 6 €\nNature\nChocolat')).toEqual([
        { name: 'Nature', priceCents: 600 },
        { name: 'Chocolat', priceCents: 600 },
      ]);
    });
    it('an item whose name ends in such a word, with items priced on their own under it', () => {
      expect(parseMenuText('Coffee for all    3.00\nTea    2.00')).toEqual([
        { name: 'Coffee for all', priceCents: 300 },
        { name: 'Tea', priceCents: 200 },
      ]);
    });
    it('the first price of a group of sizes written with slashes, signs and all', () => {
      expect(parseMenuText('Sparkling Water    S $10.00 / M $10.50 / L $11')).toEqual(one('Sparkling Water', 1000));
      expect(parseMenuText('Latte    S £4 / M £4.50 / L £5')).toEqual(one('Latte', 400));
      expect(parseMenuText('Flat White    8oz $3.50 / 12oz $4.20')).toEqual(one('Flat White', 350));
    });
    it('not a note in brackets that a price under it was read with', () => {
      expect(parseMenuText('Flasche Weißwein    18,50 €\n(Malagousia, Roditis)\n18,50 €')).toEqual(one('Flasche Weißwein', 1850));
    });
    it('not an ingredient list whose spaces OCR lost, taken for a leader', () => {
      expect(parseMenuText('Shrimp Fresh Spring Roll    2.50\nNoodle,scallions, thai basil cucumber,carrots,')).toEqual(one('Shrimp Fresh Spring Roll', 250));
    });
  });

  describe('keeps an unpriced line only when it is clearly an item', () => {
    it('leaders that lead to no price', () => {
      expect(parseMenuText('Muffin ...........')).toEqual(one('Muffin', null));
    });
    it('market price', () => {
      expect(parseMenuText('Oysters    Market Price')).toEqual(one('Oysters', null));
      expect(parseMenuText('Percebes    S/M')).toEqual(one('Percebes', null));
      expect(parseMenuText('Branzino    s.q.')).toEqual(one('Branzino', null));
      expect(parseMenuText('Catch of the Day ...... MP')).toEqual(one('Catch of the Day', null));
    });
    it('but not a name on its own, which may be a heading', () => {
      expect(parseMenuText('Muffin')).toEqual([]);
    });
  });

  it('leaves an item with a glass and a bottle price for the vendor, the bottle price in whole units', () => {
    expect(parseMenuText('Prosecco    7.90    24\nCamel Valley    45')).toEqual(one('Camel Valley', 4500));
  });

  describe('uses the first price of an item with several sizes', () => {
    it('prices separated by a slash', () => {
      expect(parseMenuText('Flat White 3.80 / 4.20')).toEqual(one('Flat White', 380));
    });
  });

  describe('reads add-ons, surcharges and sizes under an item as part of it, not as items', () => {
    const menu = (...lines: string[]): string => lines.join('\n');
    it.each([
      ['a line opened by a plus sign', menu('Bagel    4.50', '+ Cream cheese    1.00', '+Smoked salmon    3.00')],
      ['a price with a plus sign', menu('Bagel    4.50', 'Cream cheese    +1.00', '+0.80    Jam')],
      ['"add …"', menu('Bagel    4.50', 'add avocado    2.00', "Add'l toppings    .50", 'Add-on bacon    1.80')],
      ['"extra …"', menu('Bagel    4.50', 'Extra shot    0.60', 'extra cheese 1,00 €')],
      ['the same in other languages', menu('Bagel    4.50', 'Supplément chantilly    0,50 €', 'zzgl. Sahne    0,80 €', 'Aggiunta mozzarella    1,50', 'Ekstra peynir    10,00 TL')],
      ['a size on a line of its own', menu('Bagel    4.50', 'Large    5.50', '½ dozen    12.00', 'Half dozen    12.00', 'Pot for two    4.25', 'Glas    4,80 €')],
      ['sizes in columns', menu('Bagel    4.50', 'Small 2.50    Large 3.50')],
    ])('%s', (_case, text) => {
      expect(parseMenuText(text)).toEqual(one('Bagel', 450));
    });

    it.each([
      ['an amount without its whole part, far below the menu\'s prices written as whole units', menu('Latte    2.95', 'Mocha    3.25', 'Oat Milk    .55', 'Flavoured syrups available    .50', 'Bagel    4.50'), [['Latte', 295], ['Mocha', 325], ['Bagel', 450]]],
      ['a row of prices each labelled by a size', menu('Bagel    4.50', 'Double Shot    rg 1.99    quad 3.99'), [['Bagel', 450]]],
      ['a weight whose fraction OCR read as a letter', menu('Bagel    4.50', 'YIb    4.25'), [['Bagel', 450]]],
    ])('%s', (_case, text, expected) => {
      expect(parseMenuText(text)).toEqual(expected.map(([name, priceCents]) => ({ name, priceCents })));
    });

    it('but reads the last dot of a leader before a whole price as the leader, not as cents', () => {
      expect(parseMenuText(menu('Soup ........ .10', 'Salad ....... .12', 'Stew    9.50', 'Pie    8.50', 'Roast    11.00'))).toEqual([
        { name: 'Soup', priceCents: 1000 },
        { name: 'Salad', priceCents: 1200 },
        { name: 'Stew', priceCents: 950 },
        { name: 'Pie', priceCents: 850 },
        { name: 'Roast', priceCents: 1100 },
      ]);
    });

    it('beside an item in the next column', () => {
      expect(parseMenuText('Croissant    1,20 €    +Bacon    3,00 €')).toEqual(one('Croissant', 120));
    });

    it('but keeps items whose names only start like a size or an add-on word', () => {
      expect(parseMenuText(menu('Double Espresso    3.20', 'Large Breakfast    12.50', 'Addison Salad    9.00', 'Pot of Tea    2.80', 'Extravaganza Pizza    14.00'))).toEqual([
        { name: 'Double Espresso', priceCents: 320 },
        { name: 'Large Breakfast', priceCents: 1250 },
        { name: 'Addison Salad', priceCents: 900 },
        { name: 'Pot of Tea', priceCents: 280 },
        { name: 'Extravaganza Pizza', priceCents: 1400 },
      ]);
    });

    it('but reads a plus sign among numbered items as the number OCR misread', () => {
      expect(parseMenuText(menu('3. Jasmine Tea    55.000', 'Trà Lài', '+Lotus Tea    55.000', 'Trà Sen', '5. Yuzu Tea    55.000'))).toEqual([
        { name: 'Jasmine Tea', priceCents: 5_500_000 },
        { name: 'Lotus Tea', priceCents: 5_500_000 },
        { name: 'Yuzu Tea', priceCents: 5_500_000 },
      ]);
    });
  });

  describe('reads a number inside a name and a sentence with a price for what they are', () => {
    it('an amount of nothing before the price is part of the name (alcohol-free), not a second price', () => {
      expect(parseMenuText('Biefstuk 0.0 | 25.5\nHeineken 0,0    3,50 €')).toEqual([
        { name: 'Biefstuk 0.0', priceCents: 2550 },
        { name: 'Heineken 0,0', priceCents: 350 },
      ]);
    });

    it.each([
      ['German', 'Beides ist auch als 0,25 l Glas möglich - 4,80 €'],
      ['English', 'Gluten free bread is also available    1.50'],
      ['French', 'Le menu est aussi disponible à emporter    2,00 €'],
    ])('a sentence (%s) is a note, not an item', (_language, line) => {
      expect(parseMenuText(`Flasche Rotwein    18,50 €\n${line}`)).toEqual(one('Flasche Rotwein', 1850));
    });
  });

  describe('removes duplicates within one scan', () => {
    it('case-insensitively, keeping the first', () => {
      expect(parseMenuText('Latte 4.50\nLATTE 4.60\nlatte 4.70')).toEqual(one('Latte', 450));
    });
    it('across the columns of a line', () => {
      expect(parseMenuText('Latte 4.50    Latte 4.50')).toEqual(one('Latte', 450));
    });
  });

  it('reads Windows and old Mac line endings', () => {
    expect(parseMenuText('Latte 4.50\r\nMocha 5.00\rTea 3.00')).toHaveLength(3);
  });
});

describe('groupIntoLines (PDF text runs → parser lines)', () => {
  const run = (str: string, x: number, y: number, width = str.length * 6, size = 12): PdfTextItem => ({ str, x, y, width, size });

  it('joins a name and its right-aligned price drawn as separate runs', () => {
    const lines = groupIntoLines([run('4.20', 450, 100.4), run('Flat White', 50, 100)]);
    expect(lines).toEqual(['Flat White    4.20']);
    expect(parseMenuText(lines.join('\n'))).toEqual(one('Flat White', 420));
  });

  it('orders lines top to bottom and keeps two columns on one line', () => {
    const lines = groupIntoLines([
      run('Mocha', 320, 130), run('5.00', 480, 130), run('Latte', 50, 130), run('4.50', 230, 130),
      run('COFFEE', 50, 100, 60, 16),
    ]);
    expect(lines).toEqual(['COFFEE', 'Latte    4.50    Mocha    5.00']);
  });

  it('joins a price set a little above its name, between the name and a note under it', () => {
    const lines = groupIntoLines([
      run('Flasche Rotwein', 64, 748, 100, 15), run('(Merlot, Xinomavro)', 64, 762, 100, 10), run('18', 517, 737.4, 19, 16), run(',50 €', 536, 737.4, 30, 16),
    ]);
    expect(lines).toEqual(['Flasche Rotwein    18,50 €', '(Merlot, Xinomavro)']);
  });

  it('glues runs that touch and puts one space between words', () => {
    expect(groupIntoLines([run('Flat', 50, 100, 24), run('White', 76, 100, 30), run('s', 106, 100, 6)])).toEqual(['Flat Whites']);
  });
});

describe("a store's own currency, as the store's locale writes its prices", () => {
  // What a menu printed from a shop's till or word processor shows: Intl's own writing, spaces made plain.
  const written = (amount: number, locale: string, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .format(amount)
      .replace(/[\u200e\u200f\u061c]/g, '')
      .replace(/\s/g, ' ');

  it.each([
    ['fr-FR', 'EUR'], ['de-DE', 'EUR'], ['es-ES', 'EUR'], ['en-IE', 'EUR'], ['en-GB', 'GBP'], ['en-US', 'USD'], ['fr-CA', 'CAD'],
    ['de-CH', 'CHF'], ['ar-MA', 'MAD'], ['fr-MA', 'MAD'], ['sv-SE', 'SEK'], ['pl-PL', 'PLN'], ['hu-HU', 'HUF'], ['ro-RO', 'RON'],
    ['pt-BR', 'BRL'], ['tr-TR', 'TRY'], ['ja-JP', 'JPY'], ['en-IN', 'INR'], ['en-NG', 'NGN'], ['en-KE', 'KES'], ['es-PE', 'PEN'],
    ['uk-UA', 'UAH'], ['ka-GE', 'GEL'], ['kk-KZ', 'KZT'], ['bg-BG', 'BGN'], ['fr-SN', 'XOF'], ['es-CO', 'COP'], ['vi-VN', 'VND'],
  ])('%s, %s: the sign where the locale puts it and its decimal mark', (locale, currency) => {
    const menu = `Flat white ${written(3.5, locale, currency)}\nCroissant ${written(2.8, locale, currency)}`;
    expect(parseMenuText(menu)).toEqual([
      { name: 'Flat white', priceCents: 350 },
      { name: 'Croissant', priceCents: 280 },
    ]);
  });
});
