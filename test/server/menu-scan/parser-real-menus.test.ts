// Unit tests of the parser rules that real menus (photos and scans from cafés, not rendered pages)
// need: each case names the way of writing a menu line it handles.
import { parseMenuLines, parseMenuText } from '../../../server/menu-scan/parser';

const one = (name: string, priceCents: number | null) => [{ name, priceCents }];

describe('parseMenuText on real menus', () => {
  describe('reads a price with any currency sign or code, before or after it, or none', () => {
    it.each([
      ['Turkish lira after a whole price', 'Fava    20 TL', one('Fava', 2000)],
      ['"TL." glued to the price', 'Levrek Marine    35.00TL.', one('Levrek Marine', 3500)],
      ['rupees before the price', 'Masala Dosa    Rs. 120', one('Masala Dosa', 12000)],
      ['ringgit glued before the price', 'Nasi Lemak    RM8.50', one('Nasi Lemak', 850)],
      ['a currency code after a whole price', 'Club Sandwich    12 CHF', one('Club Sandwich', 1200)],
      ['a dong sign after the price', 'Ca Phe Sua Da    29.000₫', one('Ca Phe Sua Da', 2_900_000)],
      ['OCR reading € as E after a whole price', 'Croissant    2 E', one('Croissant', 200)],
      ['OCR reading € as ∈ after a whole price', 'Laugenstange    1 ∈', one('Laugenstange', 100)],
      ['OCR reading € as "C," before the price', 'Gnocchetti alle ortiche    C,13,00', one('Gnocchetti alle ortiche', 1300)],
      ['OCR reading € as "C." apart from the price', 'Tagliolini alla Bottarga    C. 15,00', one('Tagliolini alla Bottarga', 1500)],
      ['OCR reading £ as "f" in a price right after the name', 'Beef Burger f13.50', one('Beef Burger', 1350)],
      ['a Chinese character OCR read after a whole price', 'COLD BREW    5號', one('COLD BREW', 500)],
      ['a currency written as a word after the price', 'Pad Thai Goong    120 Baht', one('Pad Thai Goong', 12_000)],
      ['a currency word glued to the price', 'Tom Yum Soup    150Baht', one('Tom Yum Soup', 15_000)],
      ['riyals as a word, the price before the name', '12 Riyals    Arabic Coffee', one('Arabic Coffee', 1200)],
      ['lira as a word', 'Mercimek Corbasi    45 lira', one('Mercimek Corbasi', 4500)],
      ['a sign OCR read as a Chinese character before the price (₺, ₹)', 'Adana Kebap    七240', one('Adana Kebap', 24_000)],
      ['a code before the price with thousands (dong)', 'Banh Mi Thit    VND35.000', one('Banh Mi Thit', 3_500_000)],
      ['Swiss francs as "SFr."', 'Bratwurst    SFr. 12.00', one('Bratwurst', 1200)],
      ['a code before a whole price whose cents are a dash', 'Bratwurst    CHF 12.-', one('Bratwurst', 1200)],
      ['a dash for the cents with the currency after it', 'Smørrebrød    95,- kr', one('Smørrebrød', 9500)],
      ['OCR reading £ (or €) as E before the price', '13. Chips    E2.50', one('Chips', 250)],
      ["OCR reading zł as zt after a whole price", 'Kompot    6 zt', one('Kompot', 600)],
      ["OCR reading zł as z glued to the decimals", 'Kompot    6,00z', one('Kompot', 600)],
      ["OCR reading zł as z1 glued to the decimals", 'Kompot    6,00z1', one('Kompot', 600)],
      ['OCR reading € as c glued to the decimals', 'Quiche Lorraine    10.90c', one('Quiche Lorraine', 1090)],
      ['yen before thousands grouped by a comma', 'Tonkotsu Ramen    ¥1,150', one('Tonkotsu Ramen', 115_000)],
      ['rupees right after the name, thousands grouped', 'Fish Ambul Thiyal Rs. 1,200', one('Fish Ambul Thiyal', 120_000)],
    ])('%s', (_habit, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });

  describe('reads the number formats of other countries', () => {
    it.each([
      ['thousands with a dot (Vietnamese dong)', 'Plum Lemon Cold brew    55.000', one('Plum Lemon Cold brew', 5_500_000)],
      ['thousands with a comma and decimals', 'Tasting Menu    1,250.00', one('Tasting Menu', 125_000)],
      ['thousands with a dot and a decimal comma', 'Menu Degustazione    1.250,50 €', one('Menu Degustazione', 125_050)],
      ['a German "-,60"', 'Brötchen    -,60 €', one('Brötchen', 60)],
      ['thousands written as k (dong)', 'Ca Phe Trung    45k', one('Ca Phe Trung', 4_500_000)],
      ['thousands written as rb, the rupiah before them', 'Nasi Goreng    Rp25rb', one('Nasi Goreng', 2_500_000)],
      ['a code before thousands written as K', 'Nasi Goreng    IDR 25K', one('Nasi Goreng', 2_500_000)],
      ['the euro sign in place of the decimal comma', 'Croque Madame    12€50', one('Croque Madame', 1250)],
      ['that euro sign read as C', "Soupe a l'Oignon    8C50", one("Soupe a l'Oignon", 850)],
      ['thousands grouped by a space, a currency after them', 'Gulyas    1 250 Ft', one('Gulyas', 125_000)],
      ['thousands grouped by a space, no currency', 'Pho Bo    45 000', one('Pho Bo', 4_500_000)],
      ['a Swedish whole price "145:-"', 'Köttbullar    145:-', one('Köttbullar', 14_500)],
      ['a Swedish whole price after kronor', 'Kanelbulle    kr 45:-', one('Kanelbulle', 4500)],
    ])('%s', (_habit, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });

  describe('reads prices whose decimal sign OCR lost', () => {
    it('divides the long prices of a menu of 12€50 and 16€ whose € OCR did not read, and leaves a menu of rupees as it is', () => {
      const euros = parseMenuText('Soupe a l\'Oignon    850\nCroque Madame    1250\nMoules Marinieres    16\nCreme Caramel    720\nCafe Gourmand    9');
      expect(euros.map((i) => i.priceCents)).toEqual([850, 1250, 1600, 720, 900]);
      const rupees = parseMenuText('Chai    90\nCoffee    60\nBiryani    240\nThali    350');
      expect(rupees.map((i) => i.priceCents)).toEqual([9000, 6000, 24_000, 35_000]);
    });

    it('gives a three-digit price its point back on a café page whose other prices have cents', () => {
      const cafe = parseMenuText('Jasmine Green    4.20\nEarl Grey    3.80\nRooibos Vanilla    450\nChamomile    3.60\nMatcha Latte    5.40');
      expect(cafe.map((i) => i.priceCents)).toEqual([420, 380, 450, 360, 540]);
    });

    it('does so where thin light type lost most of the page\'s points, two prices with cents left', () => {
      const tea = parseMenuText('Jasmine Green    4.20\nEarl Grey    3.80\nRooibos Vanilla    450\nChamomile    360\nMatcha Latte    540\nChai Latte    490');
      expect(tea.map((i) => i.priceCents)).toEqual([420, 380, 450, 360, 540, 490]);
    });

    it('leaves pages of whole three-digit prices as they are: rupees, yen, forint', () => {
      expect(parseMenuText('Masala Chai    240\nSamosa    180\nPaneer Tikka    450').map((i) => i.priceCents)).toEqual([24_000, 18_000, 45_000]);
      expect(parseMenuText('Ramen    ¥980\nGyoza    ¥450\nAsahi    ¥600').map((i) => i.priceCents)).toEqual([98_000, 45_000, 60_000]);
      expect(parseMenuText('Gulyásleves    990 Ft\nLángos    650 Ft\nPalacsinta    450 Ft').map((i) => i.priceCents)).toEqual([99_000, 65_000, 45_000]);
    });

    it('leaves whole prices beside one price with cents, an extra on a page of rupees', () => {
      expect(parseMenuText('Masala Dosa    240\nThali    350\nRaita    0.50').map((i) => i.priceCents)).toEqual([24_000, 35_000, 50]);
    });
  });

  describe('reads a k that OCR left of kr as crowns', () => {
    it('where the page\'s other prices are in crowns', () => {
      const fika = parseMenuText('Kanelbulle    35 kr\nKardemummabulle    38k\nPrinsesstårta    65:-\nKaffe med påtår    32 kr');
      expect(fika.map((i) => i.priceCents)).toEqual([3500, 3800, 6500, 3200]);
      expect(parseMenuText('Prinsesstårta    65:-\nKardemummabulle    38k').map((i) => i.priceCents)).toEqual([6500, 3800]);
    });

    it('where the k price stands far out of the page\'s range', () => {
      expect(parseMenuText('Kanelbulle    35\nKardemummabulle    38k\nRäkmacka    145').map((i) => i.priceCents)).toEqual([3500, 3800, 14_500]);
    });

    it('keeps thousands on a page priced in thousands', () => {
      expect(parseMenuText('Ca Phe Trung    45k\nTra Da    15.000\nBanh Mi    25k').map((i) => i.priceCents)).toEqual([4_500_000, 1_500_000, 2_500_000]);
      expect(parseMenuText('Pho Bo    45k\nBun Cha    50k').map((i) => i.priceCents)).toEqual([4_500_000, 5_000_000]);
    });
  });

  describe('leaves allergen codes, dietary marks, calories, counts and volumes out of the name', () => {
    it.each([
      ['additive codes after the name', 'Currywurst mit Pommes 3,4,9    8,90', one('Currywurst mit Pommes', 890)],
      ['allergen letters set apart', 'Schnitzel Wiener Art    A,C,G    12,50', one('Schnitzel Wiener Art', 1250)],
      ['codes as superscripts', 'Currywurst mit Pommes ³⁴    8,90', one('Currywurst mit Pommes', 890)],
      ['dietary marks', 'Caesar Salad V GF    9.50', one('Caesar Salad', 950)],
      ['dietary marks run together and calories on the name\'s line', 'Mushroom Risotto VGF 610kcal    11.95', one('Mushroom Risotto', 1195)],
      ['dietary marks and calories glued, set apart', 'Avocado Toast    V410kcal    8.50', one('Avocado Toast', 850)],
      ['calories in a column of their own', 'Latte    190 kcal    3.50', one('Latte', 350)],
      ['allergen letters whose commas OCR lost, set apart', 'Schnitzel Wiener Art    A,CG    12,50', one('Schnitzel Wiener Art', 1250)],
      ['two allergen letters without a comma', 'Frikadelle im Brötchen    AG    4,50', one('Frikadelle im Brötchen', 450)],
      ['additive codes whose commas OCR lost, set apart (no second price)', 'Currywurst mit Pommes    349    8,90', one('Currywurst mit Pommes', 890)],
      ['calories whose l OCR misread', 'Flat White    120 kcaf    3.20', one('Flat White', 320)],
      ['nothing from a name whose capital I OCR read as l, a description beside it', 'ldli Sambar    steamed cakes,lentil stew    180/-', one('Idli Sambar', 18_000)],
      ['nothing from a name in capitals alone', 'HAM    4.50', one('HAM', 450)],
      ['a count of pieces', 'Chicken Wings 6 Stk.    C,F    7,90', one('Chicken Wings', 790)],
      ['a volume in lt', 'Water 1,5 lt    3,00', one('Water', 300)],
      ['a volume whose l OCR read as 1', 'Pils 0,5 1    4,20', one('Pils', 420)],
      ['but not an amount of nothing (alcohol-free)', 'Heineken 0,0    3,50 €', one('Heineken 0,0', 350)],
    ])('%s', (_habit, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });

  it('drops a take-away\'s item numbers written without a dot, glued or apart, but keeps counts and scoops', () => {
    const numbered = parseMenuText('21 Chips    2.50\n22 Boiled Rice    2.80\n25Prawn Toast    4.60\n31 Chow Mein    6.80');
    expect(numbered.map((i) => i.name)).toEqual(['Chips', 'Boiled Rice', 'Prawn Toast', 'Chow Mein']);
    const counts = parseMenuText('2 Rühreier    2,00\n2 Spiegeleier    2,00\n3 Scheiben Bacon    1,50\n1 Kugel    1,50\n2 Kugeln    2,80\n3 Kugeln    4,00');
    expect(counts.map((i) => i.name)).toEqual(['2 Rühreier', '2 Spiegeleier', '3 Scheiben Bacon', '1 Kugel', '2 Kugeln', '3 Kugeln']);
  });

  it('does not take words whose spaces OCR lost for a leader (which made the line an unpriced item)', () => {
    expect(parseMenuText('Iskender Kebap    ¤380\nDonerover breadwithyoghurt andbutter')).toEqual(one('Iskender Kebap', 38_000));
  });

  describe('keeps what is not an item or not part of a name out', () => {
    it('takes the price alone on the line under a name for that name, not for a priced item above it', () => {
      expect(parseMenuText('2. Matcha Nestle\n55.000\n3. Mango Matcha\n55.000\nFlat White    3.20\n4.00')).toEqual([
        { name: 'Matcha Nestle', priceCents: 5_500_000 },
        { name: 'Mango Matcha', priceCents: 5_500_000 },
        { name: 'Flat White', priceCents: 320 },
      ]);
    });

    it('leaves out an item with several prices in a row (sizes), as a reader cannot pick one', () => {
      expect(parseMenuText('Drip Coffee    1.99    2.59    2.99\nBagel    3.29')).toEqual(one('Bagel', 329));
    });

    it.each([
      ['a delivery threshold', 'FREE DELIVERY on orders over £15'],
      ['a threshold cut off by a column gap', 'orders over    f15'],
      ['a minimum order', 'Min. order £10 for delivery'],
      ['a minimum order with its words glued', 'Min.order    £10'],
      ['a German threshold', 'Lieferung ab 15 €'],
    ])('reads the terms of an offer or of delivery as a note: %s', (_habit, line) => {
      expect(parseMenuText(line)).toEqual([]);
    });

    it('keeps dishes whose names only look like terms', () => {
      expect(parseMenuText('Mini Burger    4.00\nMinestrone    5.50\nLeftover Pie    £5')).toEqual([
        { name: 'Mini Burger', priceCents: 400 },
        { name: 'Minestrone', priceCents: 550 },
        { name: 'Leftover Pie', priceCents: 500 },
      ]);
    });

    it('takes a description whose spaces OCR lost (commas read as dots) for no leader, so it makes no item', () => {
      expect(parseMenuText('Caesar Salad    9.75\ncos lettuce.anchovies,croutons\nBeef Burger f13.50\nTwo smashed patties,cheddar.pickles,')).toEqual([
        { name: 'Caesar Salad', priceCents: 975 },
        { name: 'Beef Burger', priceCents: 1350 },
      ]);
    });

    it('gives the price closing such a description to the name above it', () => {
      expect(parseMenuText('Ploughmans Lunch\ncheddar.pickle,crusty bread    11.00')).toEqual(one('Ploughmans Lunch', 1100));
    });

    it('reads allergen codes in brackets as no price', () => {
      expect(parseMenuText('-Klassik (0.1)\nOmelette Mediterran (1.)')).toEqual([]);
    });

    it('drops notes and sizes in brackets from the name', () => {
      expect(parseMenuText('Portion Salami (3 Scheiben)    1,50 €\nRisotto Vellutato (min 2 persone cad.)    12.00')).toEqual([
        { name: 'Portion Salami', priceCents: 150 },
        { name: 'Risotto Vellutato', priceCents: 1200 },
      ]);
    });

    it('keeps a size in the name where it tells two items apart', () => {
      expect(parseMenuText('Cola (0,33 l)    2,50 €\nCola (1 l)    5,90 €')).toEqual([
        { name: 'Cola', priceCents: 250 },
        { name: 'Cola (1 l)', priceCents: 590 },
      ]);
    });

    it.each([
      ['a volume glued to the name', 'Peroni Beer330ML    3.95', one('Peroni Beer', 395)],
      ["OCR's o for 0 in a volume", 'Doombar Amber Ale5oo ML    5.25', one('Doombar Amber Ale', 525)],
      ['a weight after the name', 'Biefstuk 150g    19.50', one('Biefstuk', 1950)],
      ['numbering glued to the name', '6.Honey Lemon Cold brew    55.000', one('Honey Lemon Cold brew', 5_500_000)],
      ["a number mark read as a Chinese character", '士: Avocado Yogurt    55.000', one('Avocado Yogurt', 5_500_000)],
    ])('drops %s', (_habit, line, expected) => {
      expect(parseMenuText(line)).toEqual(expected);
    });
  });
});

describe('parseMenuText on a menu in two languages side by side', () => {
  it('names each item by its first name, the translation beside it left out, where three or more lines read so', () => {
    const menu = ['Mercimek Corbasi    Lentil Soup    45 TL', 'Adana Kebap    Spicy Minced Lamb Kebab    180 TL', 'Tavuk Sis    Chicken Skewers    160 TL', 'Ayran    25 TL'].join('\n');
    expect(parseMenuText(menu)).toEqual([...one('Mercimek Corbasi', 4500), ...one('Adana Kebap', 18000), ...one('Tavuk Sis', 16000), ...one('Ayran', 2500)]);
  });

  it('also where the price stands right after the translation, and where OCR lost the name\'s capital', () => {
    const menu = ['Croquetas de Jamon    Ham Croquettes 7,00 €', 'Gambas al Ajillo    Garlic Prawns 12,50 €', 'izgara Kofte    Grilled Meatballs 14,00 €'].join('\n');
    expect(parseMenuText(menu)).toEqual([...one('Croquetas de Jamon', 700), ...one('Gambas al Ajillo', 1250), ...one('izgara Kofte', 1400)]);
  });

  it('but not a description beside the name, nor one line whose other part is another column\'s', () => {
    expect(parseMenuText('Masala Dosa    crisp rice crepe, potato    ₹120\nIdli Sambar    steamed cakes, lentil stew    ₹80\nPav Bhaji    spiced mash, rolls    ₹110')).toEqual([
      ...one('Masala Dosa', 12000), ...one('Idli Sambar', 8000), ...one('Pav Bhaji', 11000),
    ]);
    expect(parseMenuText('Soup of the day    Mocha    5.00\nLatte    4.50\nFlat White    4.20')).toEqual([...one('Mocha', 500), ...one('Latte', 450), ...one('Flat White', 420)]);
  });
});

describe('parseMenuText on prices OCR reads apart, with codes or with a number in the name', () => {
  it.each([
    ['a euro sign set apart where the decimal point goes', 'Croissant    2 € 50', one('Croissant', 250)],
    ['… read as E', 'Pain au Chocolat 12 E 50', one('Pain au Chocolat', 1250)],
    ['a currency code written with dots after the price', 'Kabsa Lamb    45 S.R.', one('Kabsa Lamb', 4500)],
    ['… before it', 'Nasi Lemak    R.M. 12', one('Nasi Lemak', 1200)],
    ['a slash for the decimal point', 'Fish Pie    12/95', one('Fish Pie', 1295)],
    ['additive codes set apart that read as a decimal number', 'Frikadelle    2,3    4,50', one('Frikadelle', 450)],
    ['a decimal number inside the name', 'Menü 1.5    12.90', one('Menü 1.5', 1290)],
  ])('reads %s', (_habit, line, expected) => {
    expect(parseMenuText(line)).toEqual(expected);
  });

  it('reads cents raised in smaller type, read one space apart, where two or more prices are written so', () => {
    expect(parseMenuText('Classic Cheeseburger    12 95\nPatty Melt    1175\nBuffalo Wings    10 25')).toEqual([...one('Classic Cheeseburger', 1295), ...one('Patty Melt', 1175), ...one('Buffalo Wings', 1025)]);
    expect(parseMenuText('Pizza Margherita    12 95\nPizza Funghi    13.50')).toEqual(one('Pizza Funghi', 1350));
  });

  it('gives a point back to a 12€50 read as 1250 after a single space where the other prices have cents, but takes no year for a price', () => {
    expect(parseMenuText('Quiche    8,90\nSoupe    6,50\nSalade    9,80\nCroque Monsieur 1250\nEst. 1985')).toEqual([
      ...one('Quiche', 890), ...one('Soupe', 650), ...one('Salade', 980), ...one('Croque Monsieur', 1250),
    ]);
  });

  it.each([
    ['a whole price followed by another', 'Espresso 10 € 12 €'],
    ['a fraction', 'Pizza 1/2    9.00'],
    ['a time range before a word', 'Brunch 10/12 Uhr'],
    ['a date after a word', 'Valid until 31/12'],
    ['a date after a name', 'Christmas Menu 24/12'],
    ['two prices in one format', 'Wine    4,50    9,00'],
  ])('does not join or drop numbers in %s', (_habit, line) => {
    expect(parseMenuText(`Toast    3,00\n${line}`)).toEqual(line === 'Pizza 1/2    9.00' ? [...one('Toast', 300), ...one('Pizza 1/2', 900)] : one('Toast', 300));
  });

  it('reads the f glued to a name as the £ OCR read it for where the menu\'s other prices show £ read as f, and keeps it elsewhere', () => {
    expect(parseMenuText('Fish and Chips f14.50\nSteak and Ale Pief15.95\nPloughmans Lunch f11.00')).toEqual([
      ...one('Fish and Chips', 1450), ...one('Steak and Ale Pie', 1595), ...one('Ploughmans Lunch', 1100),
    ]);
    expect(parseMenuText('Roast Beef12.50\nSalad    8.00')).toEqual([...one('Roast Beef', 1250), ...one('Salad', 800)]);
  });

  it('takes no row of prices OCR ran together for an item', () => {
    expect(parseMenuText('Glazed    1.89    9.99    18.99\nCake    1.69    910.99199\nMuffins    2.99')).toEqual(one('Muffins', 299));
  });

  it.each([
    ['German', 'Wir servieren dazu Brot - 2,00 €'],
    ['English', 'We bake our own bread    3.50'],
    ['French', 'Nous servons du pain    2,00 €'],
  ])('takes a sentence in the first person (%s) for a note, and keeps a name with the same words', (_language, line) => {
    expect(parseMenuText(`Gyros Teller    14,50 €\n${line}\nWe Are Burger    9,00 €`)).toEqual([...one('Gyros Teller', 1450), ...one('We Are Burger', 900)]);
  });
});

describe('parseMenuText on names with their description and price under them', () => {
  it('gives the price that closes a description to the name above it, takes no description for an item, and keeps a name in lower case', () => {
    const menu = [
      'MAINS',
      'Fish and Chips',
      'beer-battered haddock, mushy peas    14.50',
      'Ploughmans Lunch',
      'cheddar, pickle,',
      'crusty bread and chutney    11.00',
      'Caesar Salad    9.75',
      'cos lettuce, anchovies, croutons',
      'Extras',
      'gekochtes Ei    1,20',
    ].join('\n');
    expect(parseMenuText(menu)).toEqual([...one('Fish and Chips', 1450), ...one('Ploughmans Lunch', 1100), ...one('Caesar Salad', 975), ...one('gekochtes Ei', 120)]);
  });
});

describe('parseMenuLines', () => {
  const region = (y: number) => ({ page: 0, x: 0.1, y, width: 0.5, height: 0.02 });

  it("gives each item the region of the line it was read from", () => {
    expect(parseMenuLines([{ text: 'Soup of the day', region: region(0.1) }, { text: 'Flat White    3.20', region: region(0.2) }])).toEqual([
      { name: 'Flat White', priceCents: 320, region: region(0.2) },
    ]);
  });

  it('covers both lines when the price stands under the name', () => {
    expect(parseMenuLines([{ text: 'Mango Matcha', region: region(0.1) }, { text: '55.000', region: { page: 0, x: 0.5, y: 0.13, width: 0.2, height: 0.02 } }])).toEqual([
      { name: 'Mango Matcha', priceCents: 5_500_000, region: { page: 0, x: 0.1, y: 0.1, width: 0.6, height: expect.closeTo(0.05, 5) as number } },
    ]);
  });
});

describe('parseMenuText on the ways of writing a line that make no item or no single price', () => {
  it.each([
    ['a range with a currency: several prices, left for the vendor', 'Catch of the Day    $22–28', []],
    ['a range with cents', 'Seafood Platter    48.50 – 64.50', []],
    ['a range with the sign after it', 'Grillteller    12-15 €', []],
    ['a range with the sign set apart before it', 'Antipasti    € 9 – 14', []],
    ['opening hours are no range (nor a price)', 'Happy Hour 17.00 - 19.00', []],
    ['a combo\'s terms closing on "for"', 'Any 2 Kuih for    RM 5', []],
    ['a combo\'s terms in German', '3 Donuts für 5 €', []],
    ['a cover charge (Italian)', 'Coperto    2,50', []],
    ['a cover charge (Spanish)', 'Servicio de pan    1,20 €', []],
    ['a cover charge (German)', 'Gedeck    2,00', []],
    ['a Spanish supplement', 'Suplemento de queso    1,50 €', []],
    ['a Spanish portion alone', 'Media ración    6,50 €', []],
    ['a tapa and a ración priced side by side', 'Gambas al Ajillo    Tapa 6,00 €    Ración 14,00 €', []],
    ['two volumes each with its price', 'Pils    0,3l 3,50    0,5l 4,90', []],
    ['a portion whose ó OCR read as 6, priced beside another', 'Gambas al Ajillo    Tapa 6,00    Raci6n 14,00', []],
    ['a cover charge whose space OCR lost', 'Servicio depan    1,50', []],
    ['a fee', 'Delivery fee    2.50', []],
    ['a bottle deposit', 'Pfand    0,25 €', []],
    ['a time closing on "until"', 'Breakfast served until 11.30', []],
    ['a time closing on "from"', 'Lunch from 12.00', []],
    ['a date closing on "until"', 'Valid until 31.12.', []],
    ['days of the week with a time', 'Brunch    Sat & Sun 10.00', []],
    ['a street and its number', 'Hauptstraße 12', []],
    ['a street opened by its word', 'Calle Mayor 23', []],
    ['a Polish street opened by its abbreviation', 'ul. Floriańska 21', []],
    ['a page number', 'Seite 2', []],
    ['an upgrade of the item above', 'Make it a meal    3.50', []],
    ['a swap of its side', 'Swap to sweet potato fries    1.50', []],
    ['an alternative opened by "oder"', 'oder mit Salat    3,00', []],
    ['an add-on named inside the line', 'Each additional topping    1.50', []],
    ['a price per person', 'Pro Person    25,00', []],
    ['a half portion in French', 'Demi-portion    6,00', []],
  ])('%s', (_habit, line, expected) => {
    expect(parseMenuText(line)).toEqual(expected);
  });

  it.each([
    ['a volume glued to the name\'s line', 'Radler 0,3l    3,40 €', one('Radler', 340)],
    ['a count of pieces in Spanish', 'Croquetas Caseras 6 uds.    8,50 €', one('Croquetas Caseras', 850)],
    ['a volume as a fraction', 'Agua mineral 1/2 l    2,00 €', one('Agua mineral', 200)],
  ])('%s', (_habit, line, expected) => {
    expect(parseMenuText(line)).toEqual(expected);
  });

  it('reads a glass with one decimal beside a bottle as two prices where a glass price falls', () => {
    expect(parseMenuText(['Hauswein rot    4,5    9,00', 'Rosé    6,5    24,00', 'Pils    3,80'].join('\n'))).toEqual(one('Pils', 380));
    // Rising alone, such a number is still additive codes.
    expect(parseMenuText(['Frikadelle    2,3    4,50', 'Currywurst    3,4    5,90'].join('\n'))).toEqual([...one('Frikadelle', 450), ...one('Currywurst', 590)]);
  });

  it('gives a price alone under a name and its description to the name', () => {
    const menu = ['A1 Nasi Lemak Special', 'with fried chicken, sambal and egg', 'RM 12.90', 'A2 Roti Canai', 'with dhal and curry', 'RM 4.50', 'A3 Mee Goreng', 'spicy noodles', 'RM 9.90'];
    expect(parseMenuText(menu.join('\n'))).toEqual([...one('Nasi Lemak Special', 1290), ...one('Roti Canai', 450), ...one('Mee Goreng', 990)]);
  });
});

describe('parseMenuLines on a PDF\'s text layer', () => {
  const place = (x: number, y: number) => ({ page: 0, x, y, width: 0.5, height: 0.02 });

  it('tells an option set smaller under its item by the type size and place, and gives the items no region', () => {
    const lines = [
      { text: 'Entrecot de Ternera    21,00 €', letterHeight: 0.028, place: place(0.07, 0.1) },
      { text: 'Salsa de queso azul    1,80 €', letterHeight: 0.02, place: place(0.1, 0.13) },
      { text: 'Huevos Rotos    11,50 €', letterHeight: 0.028, place: place(0.07, 0.16) },
    ];
    expect(parseMenuLines(lines)).toEqual([...one('Entrecot de Ternera', 2100), ...one('Huevos Rotos', 1150)]);
  });
});
